"""Every write of the store, the same on both backends: each method is one transaction of the backend's
(``bot.store.transactions`` for SQLite, run in its writer process; ``bot.store.postgres.transactions``),
named by ``op`` and given the same plain arguments. A backend gives ``_write``."""

from __future__ import annotations

from collections.abc import Mapping

from bot.shards import Shards
from bot.store import rows
from bot.store.errors import ChannelBusy, ConstraintViolation, TimerDone
from bot.store.models import (
    ClockWrite,
    GameRecord,
    GuildSettingsChange,
    OutboxEntry,
    OutboxItem,
    ResultRow,
    SeatInfo,
    Status,
    TimerRow,
)
from bot.store.nights import NightStore
from bot.store.reads import StoreReads
from bot.store.reviews import ReviewStore
from bot.store.transactions import Action, Plain


class StoreWrites(NightStore, ReviewStore, StoreReads):
    async def _write(
        self, op: str, *, durable: bool = True, read_back: int | None = None, **kwargs: Plain
    ) -> tuple[Plain, GameRecord | None]:
        """One write transaction, whole: its result, and the game ``read_back`` as committed.
        ``durable=False`` is for the publishing bookkeeping only (which message shows the game, which outbox
        entry is out): its commit may skip waiting for the disk, so a power cut may lose it and a table
        message is posted once more; never a move."""
        raise NotImplementedError

    # -- writing ----------------------------------------------------------------------------------
    async def change_guild_settings(self, guild_id: int, change: GuildSettingsChange) -> None:
        """Apply one settings change, read and written in one transaction so two admins changing different
        settings at once both keep their change."""
        await self._write("change_guild_settings", guild_id=guild_id, change=change.as_plain())

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
        options: Mapping[str, object],
        seats: list[SeatInfo],
        parent_channel_id: int | None = None,
        clock: int = 0,
        rematch_of: int | None = None,
        coach: bool = False,
    ) -> GameRecord:
        row = rows.new_game_row(
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            host_id=host_id,
            seed=seed,
            options=options,
            seats=seats,
            parent_channel_id=parent_channel_id,
            clock=clock,
            rematch_of=rematch_of,
            coach=coach,
        )
        try:
            game_pk, _ = await self._write("create_game", row=row)
        except ConstraintViolation as exc:
            # The one live game per channel (a unique index: SQLite names its column, PostgreSQL the index).
            if "games.channel_id" in str(exc) or "games_one_live_per_channel" in str(exc):
                raise ChannelBusy(channel_id) from exc
            raise
        assert isinstance(game_pk, int)
        return await self.get_game(game_pk)

    async def update(
        self,
        game_pk: int,
        expected_version: int,
        *,
        publish: OutboxItem | None = None,
        clock: ClockWrite | None = None,
        fire: int | None = None,
        **fields: object,
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
        fields: Mapping[str, object],
        *,
        action: Action | None = None,
        results: list[ResultRow] | None = None,
        fire: int | None = None,
        clock: ClockWrite | None = None,
        publish: OutboxItem | None = None,
    ) -> GameRecord:
        """``transactions.change_game``: the game as committed, read back by the writer."""
        _, rec = await self._write(
            "change_game",
            read_back=game_pk,
            game_pk=game_pk,
            expected_version=expected_version,
            assign=rows.assignments(fields),
            action=action,
            results=rows.results(results),
            fire=fire,
            clock=rows.clock(clock),
            publish=rows.publish(publish),
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
        feed: Mapping[str, object] | None = None,
    ) -> None:
        """Bookkeeping of which Discord messages show the game (and ``feed``, the table feed that posted
        one, in the same transaction). Not versioned on purpose: a new table message must not invalidate
        the controls players already hold for the same state."""
        columns = rows.message_columns(lobby_message_id, table_message_id, summary_message_id, feed)
        await self._write("set_message_ids", durable=False, game_pk=game_pk, columns=columns)

    async def record_action(
        self,
        game_pk: int,
        expected_version: int,
        *,
        seat: str,
        user_id: int | None,
        action: Mapping[str, object],
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
        fields: dict[str, object] = {"state_json": state_json}
        if status is not None:
            fields["status"] = status
        return await self._change(
            game_pk,
            expected_version,
            fields,
            action=rows.action(seat, user_id, action, decided_by, seats),
            results=results,
            clock=clock,
            publish=publish,
        )

    async def finish(
        self, game_pk: int, expected_version: int, status: Status, results: list[ResultRow]
    ) -> GameRecord:
        return await self._change(game_pk, expected_version, {"status": status}, results=results)

    # -- the outbox -------------------------------------------------------------------------------
    async def published(self, entry_id: int, game_pk: int, feed: Mapping[str, object]) -> None:
        """One entry published, with the feed bookkeeping it left, together: a restart neither repeats
        nor forgets it. The entry's state is dropped (it was kept only for the entry's picture)."""
        await self._write(
            "published", durable=False, entry_id=entry_id, game_pk=game_pk, feed_json=rows.dumps(dict(feed))
        )

    async def set_feed(self, game_pk: int, feed: Mapping[str, object]) -> None:
        """Feed bookkeeping on its own (a message posted before the entry is done), so a retry after a
        failure edits that message instead of posting it twice."""
        await self._write("set_feed", durable=False, game_pk=game_pk, feed_json=rows.dumps(dict(feed)))

    async def publish_failed(self, entry_id: int, error: str) -> int:
        """Count a failed attempt; returns the attempts so far (the publisher's backoff)."""
        attempts, _ = await self._write("publish_failed", durable=False, entry_id=entry_id, error=error)
        assert isinstance(attempts, int)
        return attempts

    # -- turn clocks and their timers (bot.table.clock, bot.table.scheduler) ------------------------------
    async def set_clock(self, game_pk: int, write: ClockWrite) -> None:
        """The clocks on their own: a game whose turns were never tracked (started before clocks, or
        reconciled at start-up)."""
        await self._write("set_clock", game_pk=game_pk, clock=rows.clock(write))

    async def fire_timer(self, timer_id: int, game_pk: int, publish: OutboxItem | None = None) -> bool:
        """A timer that changes nothing of the game (a reminder, or one skipped): marked done with what it
        tells players, queued at the game's current version (a reminder must not make open hands stale).
        ``False``: it was done already, nothing is queued."""
        try:
            await self._write("fire_timer", timer_id=timer_id, game_pk=game_pk, publish=rows.publish(publish))
        except TimerDone:
            return False
        return True

    # -- leases: work two processes could both see is claimed first (``bot.store.lease_transactions``) ------
    async def claim_timers(
        self, owner: str, now: float, lease: float, limit: int = 100, shards: Shards | None = None
    ) -> list[TimerRow]:
        """The timers due by ``now`` that no other process holds (of ``shards`` only, when given), soonest
        first, leased to ``owner`` for ``lease`` seconds; marking one done (firing it) ends its lease."""
        every = shards is None or shards.everything or shards.ids is None
        found, _ = await self._write(
            "claim_timers",
            durable=False,
            owner=owner,
            now=now,
            until=now + lease,
            limit=limit,
            shard_count=None if every or shards is None else shards.count,
            shard_ids=[] if every or shards is None or shards.ids is None else list(shards.ids),
        )
        ids = _ids(found)
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        claimed = await self._rows(f"SELECT * FROM timers WHERE id IN ({marks}) ORDER BY due_at, id", ids)
        return [rows.timer_row(r) for r in claimed]

    async def claim_outbox(self, game_pk: int, owner: str, now: float, lease: float) -> list[OutboxEntry]:
        """A game's pending entries, oldest first, leased to ``owner`` for ``lease`` seconds as a whole (they
        are published in order); none while another process's lease on them runs. Publishing an entry
        (``published``) ends its lease."""
        found, _ = await self._write(
            "claim_outbox", durable=False, game_pk=game_pk, owner=owner, now=now, until=now + lease
        )
        ids = _ids(found)
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        claimed = await self._rows(f"SELECT * FROM outbox WHERE id IN ({marks}) ORDER BY id", ids)
        return [rows.outbox_entry(r) for r in claimed if r["done_at"] is None]

    async def release_outbox(self, game_pk: int, owner: str) -> None:
        """Give up ``owner``'s leases on a game's pending entries (a failed publish waits for its retry)."""
        await self._write("release_outbox", durable=False, game_pk=game_pk, owner=owner)

    # -- members' own settings -------------------------------------------------------------------------
    async def set_member_dm(self, user_id: int, dm: bool, locale: str | None) -> None:
        await self._write("set_member_dm", user_id=user_id, dm=dm, locale=locale)


def _ids(found: object) -> list[int]:
    assert isinstance(found, list)
    return [int(i) for i in found]
