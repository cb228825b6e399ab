"""The store's game nights (issue 26): reads in SQL both backends run, writes as one transaction each
(``bot.store.transactions`` "game nights", ``bot.store.postgres.night_transactions``). A part of both
backends (a base of ``StoreWrites``); the night service (``bot.night``) is its one user."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.shards import Shards
from bot.store.errors import StoreError
from bot.store.models import GameRecord
from bot.store.night_models import NightRecord, NightStatus, NightTable, Reflection, SignUp
from bot.store.reads import shard_clause
from bot.store.rows import Row, dumps
from bot.store.transactions import Plain

#: The night fields ``change_night`` may change (each its own column).
NIGHT_UPDATABLE = frozenset(
    {
        "status",
        "current_set",
        "signup_message_id",
        "event_id",
        "deadline_at",
        "starts_at",
        "host_id",
        "paused_left",
    }
)


class NightNotFound(StoreError):
    def __init__(self, night_pk: int) -> None:
        super().__init__(f"night {night_pk} not found")
        self.night_pk = night_pk


def night_record(row: Row) -> NightRecord:
    return NightRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        game_id=row["game_id"],
        sets=row["sets"],
        minutes=row["minutes"],
        table_size=row["table_size"],
        ai_fill=bool(row["ai_fill"]),
        coach=bool(row["coach"]),
        starts_at=row["starts_at"],
        status=NightStatus(row["status"]),
        current_set=row["current_set"],
        seed=row["seed"],
        signup_message_id=row["signup_message_id"],
        event_id=row["event_id"],
        deadline_at=row["deadline_at"],
        paused_left=row["paused_left"],
        version=row["version"],
    )


def _plain(value: object) -> Plain:
    return value.value if isinstance(value, NightStatus) else value


class NightStore:
    """Nights, their sign-ups, their tables and what members wrote; a backend gives ``_rows``/``_write``."""

    async def _rows(self, sql: str, params: Sequence[object]) -> list[Row]:
        raise NotImplementedError

    async def _write(
        self, op: str, *, durable: bool = True, read_back: int | None = None, **kwargs: Plain
    ) -> tuple[Plain, GameRecord | None]:
        raise NotImplementedError

    # -- reads ----------------------------------------------------------------------------------------
    async def get_night(self, night_pk: int) -> NightRecord:
        found = await self._rows("SELECT * FROM nights WHERE id = ?", (night_pk,))
        if not found:
            raise NightNotFound(night_pk)
        return night_record(found[0])

    async def live_night_in(self, channel_id: int) -> NightRecord | None:
        found = await self._rows(
            "SELECT * FROM nights WHERE channel_id = ? AND status <> 'ended' ORDER BY id DESC", (channel_id,)
        )
        return night_record(found[0]) if found else None

    async def live_nights(self, shards: Shards | None = None) -> list[NightRecord]:
        """Nights not ended (of the servers of ``shards`` only, when given)."""
        where, params = shard_clause(shards)
        found = await self._rows(f"SELECT * FROM nights WHERE status <> 'ended'{where} ORDER BY id", params)
        return [night_record(r) for r in found]

    async def due_nights(self, now: float, shards: Shards | None = None) -> list[NightRecord]:
        """Nights whose running set's deadline has come (the night's timer, fired by ``bot.night``), of the
        servers of ``shards`` only when given: a night is its server's, so its shard's process calls it."""
        where, params = shard_clause(shards)
        found = await self._rows(
            "SELECT * FROM nights WHERE deadline_at IS NOT NULL AND deadline_at <= ?"
            f"{where} ORDER BY deadline_at",
            (now, *params),
        )
        return [night_record(r) for r in found]

    async def signups(self, night_pk: int) -> list[SignUp]:
        """Everyone who signed up, in the order they (last) joined; those who left too (``left_at``)."""
        found = await self._rows(
            "SELECT * FROM night_signups WHERE night_pk = ? ORDER BY joined_at, user_id", (night_pk,)
        )
        return [
            SignUp(user_id=r["user_id"], name=r["name"], joined_at=r["joined_at"], left_at=r["left_at"])
            for r in found
        ]

    async def night_tables(self, night_pk: int, set_no: int | None = None) -> list[NightTable]:
        sql = "SELECT * FROM night_tables WHERE night_pk = ?"
        params: list[object] = [night_pk]
        if set_no is not None:
            sql += " AND set_no = ?"
            params.append(set_no)
        found = await self._rows(sql + " ORDER BY set_no, table_no", params)
        return [
            NightTable(
                set_no=r["set_no"],
                table_no=r["table_no"],
                game_pk=r["game_pk"],
                members=json.loads(r["members_json"]),
            )
            for r in found
        ]

    async def night_of_game(self, game_pk: int) -> int | None:
        found = await self._rows("SELECT night_pk FROM night_tables WHERE game_pk = ?", (game_pk,))
        return int(found[0]["night_pk"]) if found else None

    async def reflections(self, night_pk: int) -> list[Reflection]:
        found = await self._rows(
            "SELECT * FROM night_reflections WHERE night_pk = ? ORDER BY set_no, user_id", (night_pk,)
        )
        return [Reflection(set_no=r["set_no"], user_id=r["user_id"], text=r["text"]) for r in found]

    # -- writes -----------------------------------------------------------------------------------------
    async def create_night(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_id: str,
        sets: int,
        minutes: int,
        seed: int,
        table_size: int | None = None,
        ai_fill: bool = True,
        starts_at: float | None = None,
        coach: bool = True,
    ) -> NightRecord:
        row: dict[str, Plain] = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "host_id": host_id,
            "game_id": game_id,
            "sets": sets,
            "minutes": minutes,
            "seed": seed,
            "table_size": table_size,
            "ai_fill": int(ai_fill),
            "coach": int(coach),
            "starts_at": starts_at,
        }
        night_pk, _ = await self._write("night_insert", table="nights", row=row)
        assert isinstance(night_pk, int)
        return await self.get_night(night_pk)

    async def change_night(self, night_pk: int, expected_version: int, **fields: object) -> NightRecord:
        """Change a night's fields if nobody changed it since ``expected_version`` (else ``StaleVersion``)."""
        unknown = set(fields) - NIGHT_UPDATABLE
        if unknown:
            raise ValueError(f"not a night field: {sorted(unknown)}")
        assign = [(column, _plain(value)) for column, value in fields.items()]
        await self._write("change_night", night_pk=night_pk, expected_version=expected_version, assign=assign)
        return await self.get_night(night_pk)

    async def sign_up(self, night_pk: int, user_id: int, name: str, at: float) -> bool:
        """``False``: the member was signed up already (nothing changes)."""
        added, _ = await self._write("night_signup", night_pk=night_pk, user_id=user_id, name=name, at=at)
        return bool(added)

    async def leave_night(self, night_pk: int, user_id: int, at: float) -> bool:
        """``False``: the member was not signed up."""
        left, _ = await self._write("night_leave", night_pk=night_pk, user_id=user_id, at=at)
        return bool(left)

    async def add_night_table(
        self, night_pk: int, set_no: int, table_no: int, game_pk: int, members: Sequence[int | None]
    ) -> None:
        row: dict[str, Plain] = {
            "night_pk": night_pk,
            "set_no": set_no,
            "table_no": table_no,
            "game_pk": game_pk,
            "members_json": dumps(list(members)),
        }
        await self._write("night_insert", table="night_tables", row=row)

    async def write_reflection(self, night_pk: int, set_no: int, user_id: int, text: str) -> None:
        """What a member learned in a set; written again, the new text replaces the old."""
        row: dict[str, Plain] = {"night_pk": night_pk, "set_no": set_no, "user_id": user_id, "text": text}
        await self._write(
            "night_insert", table="night_reflections", row=row, upsert=("night_pk", "set_no", "user_id")
        )
