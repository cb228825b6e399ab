"""The SQLite store: one file, WAL, numbered migrations, every write one transaction.

Writes run in a process of their own (``bot.store.writer``, ``bot.store.transactions``), each transaction
whole; reads have their own connection in the bot (aiosqlite).
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

import aiosqlite

from bot.store.errors import ChannelBusy, GameNotFound, StaleVersion, StoreError, TimerDone
from bot.store.messages import message_of
from bot.store.models import (
    ActionRecord,
    ClockWrite,
    GameRecord,
    MemberSettings,
    OutboxEntry,
    OutboxItem,
    ResultRow,
    SeatInfo,
    Status,
    TimerRow,
)
from bot.store.transactions import Publish, Result
from bot.store.writer import WriterProcess

__all__ = ["SqliteStore", "StaleVersion", "StoreError", "TimerDone", "migrations"]

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_UPDATABLE = {
    "status",
    "options",
    "seats",
    "fixed_order",
    "state_json",
    "lobby_message_id",
    "table_message_id",
    "host_id",
    "parent_channel_id",
    "summary_message_id",
    "end_reason",
    # The game's turn clock in seconds (column ``clock``; ``update``'s own ``clock`` is the clocks' state).
    "clock_seconds",
}


def migrations() -> list[tuple[int, str, str]]:
    """``(number, name, sql)`` of every bundled migration, in order."""
    found = []
    for entry in resources.files("bot.store.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 0001.. without gaps, found {numbers}")
    return found


def _publish(item: OutboxItem | None) -> Publish | None:
    if item is None:
        return None
    return (item.kind, item.seat, json.dumps(item.payload, separators=(",", ":")), item.state_json)


def _clock(write: ClockWrite | None) -> dict[str, Any] | None:
    if write is None:
        return None
    return {
        "state_json": json.dumps(write.state, separators=(",", ":")),
        "cancel_all": write.cancel_all,
        "cancel": list(write.cancel),
        "timers": [(t.seat, t.kind, t.due_at, t.version) for t in write.timers],
    }


def _results(results: list[ResultRow] | None) -> list[Result]:
    return [(r.seat, r.user_id, r.place, r.score, int(r.winner)) for r in results or ()]


class SqliteStore:
    """Writes go to the writer process, in the order they were asked; a write that changes a game returns
    the game as committed, read back by the writer. Reads go through their own connection (aiosqlite): in
    WAL mode a reader sees the last commit and never a transaction in progress, and it never queues behind
    the writer. The database is a file: the writer and the reader are two connections to it (a game must
    survive a restart anyway)."""

    #: the bench's hook: called after each write with the seconds from BEGIN done to COMMIT done
    on_commit: ClassVar[Callable[[float], None] | None] = None

    def __init__(self, writer: WriterProcess, reader: aiosqlite.Connection, path: str) -> None:
        self._writer = writer
        self._reader = reader
        self.path = path

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        path = str(path)
        if path == ":memory:" or path.startswith("file:"):
            raise ValueError(f"the store needs a database file, not {path!r}")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = WriterProcess(path, migrations())
        try:  # a migration that fails, or a reader that cannot open, leaves no process behind
            await writer.start()
            reader = await aiosqlite.connect(path, isolation_level=None)
            reader.row_factory = aiosqlite.Row
            await reader.execute("PRAGMA busy_timeout=5000")
            await reader.execute("PRAGMA query_only=ON")
        except BaseException:
            await writer.close()
            raise
        return cls(writer, reader, path)

    async def close(self) -> None:
        await self._reader.close()
        await self._writer.close()

    async def schema_version(self) -> int:
        rows = await self._rows("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", ())
        return int(rows[0][0]) if rows else 0

    async def _write(
        self, op: str, *, durable: bool = True, read_back: int | None = None, **kwargs: Any
    ) -> tuple[Any, GameRecord | None]:
        """One write transaction of ``bot.store.transactions`` (``op`` names it), whole, in the writer
        process; its result, and the game ``read_back`` as committed. ``durable=False`` is for the publishing
        bookkeeping (which message shows the game, which outbox entry is out): its commit skips the fsync
        (WAL, synchronous=NORMAL), so it survives a crash or restart of the bot but a power cut may lose it,
        and then a table message is posted once more; never a move."""
        result, seconds, row = await self._writer.call(op, kwargs, durable=durable, read_back=read_back)
        hook = type(self).on_commit  # read from the class: a plain function, not bound to the store
        if hook is not None and seconds is not None:
            hook(seconds)
        if read_back is None:
            return result, None
        if row is None:
            raise GameNotFound(read_back)
        return result, self._record(row)

    async def _pragma(self, name: str, value: str | None = None) -> str:
        """A setting of the writer's connection, set first when ``value`` is given (the store bench)."""
        result, _, _ = await self._writer.call("pragma", {"name": name, "value": value})
        return str(result)

    # -- reading ----------------------------------------------------------------------------------
    @staticmethod
    def _record(row: Any) -> GameRecord:
        return GameRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game_id=row["game_id"],
            status=Status(row["status"]),
            host_id=row["host_id"],
            options=json.loads(row["options_json"]),
            seed=row["seed"],
            seats=[SeatInfo.model_validate(s) for s in json.loads(row["seats_json"])],
            fixed_order=bool(row["fixed_order"]),
            state_json=row["state_json"],
            version=row["version"],
            lobby_message_id=row["lobby_message_id"],
            table_message_id=row["table_message_id"],
            parent_channel_id=row["parent_channel_id"],
            summary_message_id=row["summary_message_id"],
            feed=json.loads(row["feed_json"] or "{}"),
            end_reason=row["end_reason"],
            clock=row["clock"],
            clock_state=json.loads(row["clock_json"] or "{}"),
            rematch_of=row["rematch_of"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
        )

    async def _rows(self, sql: str, params: Iterable[Any]) -> list[Any]:
        """A read of committed data only (a game is never seen marked finished before its results are in).
        One call on the reader's thread, statement run to its end: reads never interleave on that
        connection, so none runs inside another's open statement and its older snapshot."""
        return list(await self._reader.execute_fetchall(sql, tuple(params)))

    async def _fetch(self, sql: str, params: Iterable[Any]) -> list[GameRecord]:
        return [self._record(r) for r in await self._rows(sql, params)]

    async def get_game(self, game_pk: int) -> GameRecord:
        rows = await self._fetch("SELECT * FROM games WHERE id = ?", (game_pk,))
        if not rows:
            raise GameNotFound(game_pk)
        return rows[0]

    async def live_game_in(self, channel_id: int) -> GameRecord | None:
        rows = await self._fetch(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')", (channel_id,)
        )
        return rows[0] if rows else None

    async def live_games_opened_from(self, parent_channel_id: int) -> list[GameRecord]:
        """Live games whose summary card is in this channel (their thread is elsewhere)."""
        return await self._fetch(
            "SELECT * FROM games WHERE parent_channel_id = ? AND status IN ('lobby', 'running') ORDER BY id",
            (parent_channel_id,),
        )

    async def live_games(self, guild_id: int | None = None) -> list[GameRecord]:
        if guild_id is None:
            return await self._fetch(
                "SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY id", ()
            )
        return await self._fetch(
            "SELECT * FROM games WHERE guild_id = ? AND status IN ('lobby', 'running') ORDER BY id",
            (guild_id,),
        )

    async def actions(self, game_pk: int) -> list[ActionRecord]:
        rows = await self._rows(
            "SELECT seq, seat, user_id, action_json, created_at, decided_by, seats_json"
            " FROM actions WHERE game_pk = ? ORDER BY seq",
            (game_pk,),
        )
        return [
            ActionRecord(
                seq=r["seq"],
                seat=r["seat"],
                user_id=r["user_id"],
                action=json.loads(r["action_json"]),
                created_at=r["created_at"],
                decided_by=r["decided_by"],
                seats=None if r["seats_json"] is None else json.loads(r["seats_json"]),
            )
            for r in rows
        ]

    async def results(self, game_pk: int) -> list[ResultRow]:
        rows = await self._rows(
            "SELECT seat, user_id, place, score, winner FROM results WHERE game_pk = ? ORDER BY place, seat",
            (game_pk,),
        )
        return [
            ResultRow(
                seat=r["seat"],
                user_id=r["user_id"],
                place=r["place"],
                score=r["score"],
                winner=bool(r["winner"]),
            )
            for r in rows
        ]

    async def guild_locale(self, guild_id: int) -> str | None:
        rows = await self._rows("SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return rows[0]["locale"] if rows else None

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The server's settings besides the locale (``/game settings``): plain JSON values by name."""
        rows = await self._rows("SELECT settings_json FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return dict(json.loads(rows[0]["settings_json"] or "{}")) if rows else {}

    # -- writing ----------------------------------------------------------------------------------
    async def set_guild_setting(self, guild_id: int, name: str, value: Any) -> None:
        """Set one setting (``None`` removes it), read and written in one transaction so two admins
        changing different settings at once both keep their change."""
        await self._write("set_guild_setting", guild_id=guild_id, name=name, value=value)

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        await self._write("set_guild_locale", guild_id=guild_id, locale=locale)

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_id: str,
        host_id: int,
        seed: int,
        options: Mapping[str, Any],
        seats: list[SeatInfo],
        parent_channel_id: int | None = None,
        clock: int = 0,
        rematch_of: int | None = None,
    ) -> GameRecord:
        row = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "game_id": game_id,
            "host_id": host_id,
            "options_json": json.dumps(dict(options)),
            "seed": seed,
            "seats_json": json.dumps([s.model_dump() for s in seats]),
            "parent_channel_id": parent_channel_id,
            "clock": clock,
            "rematch_of": rematch_of,
        }
        try:
            game_pk, _ = await self._write("create_game", row=row)
        except sqlite3.IntegrityError as exc:  # the one live game per channel (a unique index)
            raise ChannelBusy(channel_id) from exc
        return await self.get_game(int(game_pk))

    @staticmethod
    def _assignments(fields: Mapping[str, Any]) -> tuple[str, list[Any]]:
        unknown = set(fields) - _UPDATABLE
        if unknown:
            raise ValueError(f"not updatable: {sorted(unknown)}")
        parts, values = [], []
        for key, value in fields.items():
            column = {"options": "options_json", "seats": "seats_json", "clock_seconds": "clock"}.get(
                key, key
            )
            if key == "options":
                value = json.dumps(dict(value))
            elif key == "seats":
                value = json.dumps([s.model_dump() for s in value])
            elif key == "status":
                value = Status(value).value
            elif key == "fixed_order":
                value = int(bool(value))
            parts.append(f"{column} = ?")
            values.append(value)
        return ", ".join(parts), values

    async def update(
        self,
        game_pk: int,
        expected_version: int,
        *,
        publish: OutboxItem | None = None,
        clock: ClockWrite | None = None,
        fire: int | None = None,
        **fields: Any,
    ) -> GameRecord:
        """Change lobby or life-cycle fields if nobody changed the game since ``expected_version``;
        ``publish``: what players must be told of it, queued in the same transaction; ``clock``: the turn
        clocks after the change; ``fire``: the timer whose effect this change is, marked done with it (one
        already done raises ``TimerDone`` and nothing is written)."""
        return await self._change(game_pk, expected_version, fields, fire=fire, clock=clock, publish=publish)

    async def _change(
        self,
        game_pk: int,
        expected_version: int,
        fields: Mapping[str, Any],
        *,
        action: tuple[str, int | None, Mapping[str, Any], str | None, list[SeatInfo] | None] | None = None,
        results: list[ResultRow] | None = None,
        fire: int | None = None,
        clock: ClockWrite | None = None,
        publish: OutboxItem | None = None,
    ) -> GameRecord:
        """``transactions.change_game``: the game as committed, read back by the writer."""
        seat_action = None
        if action is not None:
            seat, user_id, move, decided_by, holders = action
            held = None
            if holders is not None:
                held = json.dumps([h.model_dump(mode="json", exclude_defaults=True) for h in holders])
            seat_action = (seat, user_id, json.dumps(dict(move), separators=(",", ":")), decided_by, held)
        _, rec = await self._write(
            "change_game",
            read_back=game_pk,
            game_pk=game_pk,
            expected_version=expected_version,
            assign=self._assignments(fields),
            action=seat_action,
            results=_results(results),
            fire=fire,
            clock=_clock(clock),
            publish=_publish(publish),
        )
        assert rec is not None
        return rec

    async def set_message_ids(
        self,
        game_pk: int,
        *,
        lobby_message_id: int | None = None,
        table_message_id: int | None = None,
        summary_message_id: int | None = None,
        feed: Mapping[str, Any] | None = None,
    ) -> None:
        """Bookkeeping of which Discord messages show the game (and ``feed``, the table feed that posted
        one, in the same transaction). Not versioned on purpose: a new table message must not invalidate
        the controls players already hold for the same state."""
        columns: dict[str, Any] = {}
        if feed is not None:
            columns["feed_json"] = json.dumps(dict(feed))
        for column, value in (
            ("lobby_message_id", lobby_message_id),
            ("table_message_id", table_message_id),
            ("summary_message_id", summary_message_id),
        ):
            if value is not None:
                columns[column] = value
        await self._write("set_message_ids", durable=False, game_pk=game_pk, columns=columns)

    async def record_action(
        self,
        game_pk: int,
        expected_version: int,
        *,
        seat: str,
        user_id: int | None,
        action: Mapping[str, Any],
        state_json: str,
        status: Status | None = None,
        results: list[ResultRow] | None = None,
        publish: OutboxItem | None = None,
        clock: ClockWrite | None = None,
        decided_by: str | None = None,
        seats: list[SeatInfo] | None = None,
    ) -> GameRecord:
        """The new state, its log entry, what to publish (and the results when the game ended, and the turn
        clocks) in one transaction: a crash leaves either all of it or none. ``decided_by`` and ``seats``
        (who held every seat) go into the log entry with the move (see migration 0004)."""
        fields: dict[str, Any] = {"state_json": state_json}
        if status is not None:
            fields["status"] = status
        return await self._change(
            game_pk,
            expected_version,
            fields,
            action=(seat, user_id, action, decided_by, seats),
            results=results,
            clock=clock,
            publish=publish,
        )

    # -- the outbox -------------------------------------------------------------------------------
    async def pending(self, game_pk: int) -> list[OutboxEntry]:
        """What is still to publish for a game, oldest first."""
        rows = await self._rows(
            "SELECT * FROM outbox WHERE game_pk = ? AND done_at IS NULL ORDER BY id", (game_pk,)
        )
        return [
            OutboxEntry(
                id=r["id"],
                game_pk=r["game_pk"],
                version=r["version"],
                message=message_of(r["kind"], json.loads(r["payload_json"])),
                seat=r["seat"],
                state_json=r["state_json"],
                attempts=r["attempts"],
                last_error=r["last_error"],
            )
            for r in rows
        ]

    async def games_with_pending(self) -> list[int]:
        """Games with unpublished outbox entries, or whose table picture or summary card was left behind
        its words (a crash inside a burst, or an edit Discord refused): the outbox takes them up at start."""
        rows = await self._rows(
            "SELECT game_pk FROM outbox WHERE done_at IS NULL"
            " UNION SELECT id FROM games WHERE status IN ('running', 'finished', 'aborted')"
            " AND (json_extract(feed_json, '$.picture_stale') = 1"
            " OR json_extract(feed_json, '$.card_stale') = 1)"
            " ORDER BY 1",
            (),
        )
        return [int(r[0]) for r in rows]

    async def published(self, entry_id: int, game_pk: int, feed: Mapping[str, Any]) -> None:
        """One entry published, with the feed bookkeeping it left, together: a restart neither repeats
        nor forgets it. The entry's state is dropped (it was kept only for the entry's picture)."""
        await self._write(
            "published", durable=False, entry_id=entry_id, game_pk=game_pk, feed_json=json.dumps(dict(feed))
        )

    async def set_feed(self, game_pk: int, feed: Mapping[str, Any]) -> None:
        """Feed bookkeeping on its own (a message posted before the entry is done), so a retry after a
        failure edits that message instead of posting it twice."""
        await self._write("set_feed", durable=False, game_pk=game_pk, feed_json=json.dumps(dict(feed)))

    async def publish_failed(self, entry_id: int, error: str) -> int:
        """Count a failed attempt; returns the attempts so far (the publisher's backoff)."""
        attempts, _ = await self._write("publish_failed", durable=False, entry_id=entry_id, error=error)
        return int(attempts)

    async def finish(
        self, game_pk: int, expected_version: int, status: Status, results: list[ResultRow]
    ) -> GameRecord:
        return await self._change(game_pk, expected_version, {"status": status}, results=results)

    # -- turn clocks and their timers (bot.table.clock, bot.table.scheduler) ------------------------------
    async def set_clock(self, game_pk: int, write: ClockWrite) -> None:
        """The clocks on their own: a game whose turns were never tracked (started before clocks, or
        reconciled at start-up)."""
        await self._write("set_clock", game_pk=game_pk, clock=_clock(write))

    async def fire_timer(self, timer_id: int, game_pk: int, publish: OutboxItem | None = None) -> bool:
        """A timer that changes nothing of the game (a reminder, or one skipped): marked done with what it
        tells players, queued at the game's current version (a reminder must not make open hands stale).
        ``False``: it was done already, nothing is queued."""
        try:
            await self._write("fire_timer", timer_id=timer_id, game_pk=game_pk, publish=_publish(publish))
        except TimerDone:
            return False
        return True

    @staticmethod
    def _timer(row: Any) -> TimerRow:
        return TimerRow(
            id=row["id"],
            game_pk=row["game_pk"],
            seat=row["seat"],
            kind=row["kind"],
            due_at=row["due_at"],
            version=row["version"],
            done_at=row["done_at"],
            outcome=row["outcome"],
        )

    async def due_timers(self, now: float, limit: int = 100) -> list[TimerRow]:
        """Pending timers due by ``now``, soonest first."""
        rows = await self._rows(
            "SELECT * FROM timers WHERE done_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?",
            (now, limit),
        )
        return [self._timer(r) for r in rows]

    async def next_due(self) -> float | None:
        rows = await self._rows("SELECT MIN(due_at) FROM timers WHERE done_at IS NULL", ())
        return float(rows[0][0]) if rows and rows[0][0] is not None else None

    async def timers(self, game_pk: int) -> list[TimerRow]:
        """Every timer of a game, pending or done, in the order they were made."""
        rows = await self._rows("SELECT * FROM timers WHERE game_pk = ? ORDER BY id", (game_pk,))
        return [self._timer(r) for r in rows]

    # -- members' own settings -------------------------------------------------------------------------
    async def member_settings(self, user_id: int) -> MemberSettings:
        rows = await self._rows("SELECT dm, locale FROM member_settings WHERE user_id = ?", (user_id,))
        if not rows:
            return MemberSettings(user_id=user_id)
        return MemberSettings(user_id=user_id, dm=bool(rows[0]["dm"]), locale=rows[0]["locale"])

    async def set_member_dm(self, user_id: int, dm: bool, locale: str | None) -> None:
        await self._write("set_member_dm", user_id=user_id, dm=dm, locale=locale)

    # -- rematches -------------------------------------------------------------------------------------
    async def rematches_of(self, game_pk: int) -> list[GameRecord]:
        """The lobbies (and games) opened as rematches of a game, newest first."""
        return await self._fetch("SELECT * FROM games WHERE rematch_of = ? ORDER BY id DESC", (game_pk,))
