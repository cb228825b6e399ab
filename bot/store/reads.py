"""Every read of the store, in SQL both backends run (``?`` marks its parameters; PostgreSQL's backend
numbers them). A backend gives ``_rows`` (a read of committed data only) and the one expression that differs,
``_FEED_STALE`` (a flag of the JSON feed column)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.shards import Shards
from bot.store import rows
from bot.store.errors import GameNotFound
from bot.store.models import (
    ActionRecord,
    GameRecord,
    GuildSettings,
    MemberSettings,
    OutboxEntry,
    ResultRow,
    TimerRow,
)
from bot.store.rows import Row
from bot.store.stats import ResultEntry, result_entry

LIVE = "status IN ('lobby', 'running')"


def shard_clause(shards: Shards | None, column: str = "guild_id") -> tuple[str, list[int]]:
    """`` AND <the guild is one of these shards'>`` and its parameters (nothing for every shard).
    Discord's rule: a guild is shard ``(guild_id >> 22) % shard_count``."""
    if shards is None or shards.everything or shards.ids is None or shards.count is None:
        return "", []
    marks = ", ".join("?" for _ in shards.ids)
    return f" AND (({column} >> 22) % ?) IN ({marks})", [shards.count, *shards.ids]


class StoreReads:
    #: the condition "the game's feed says its picture or its summary card was left behind its words"
    _FEED_STALE: ClassVar[str]

    async def _rows(self, sql: str, params: Sequence[object]) -> list[Row]:
        raise NotImplementedError

    async def _fetch(self, sql: str, params: Sequence[object]) -> list[GameRecord]:
        return [rows.game_record(r) for r in await self._rows(sql, params)]

    async def schema_version(self) -> int:
        found = await self._rows("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations", ())
        return int(found[0]["v"]) if found else 0

    # -- games ------------------------------------------------------------------------------------------
    async def get_game(self, game_pk: int) -> GameRecord:
        found = await self._fetch("SELECT * FROM games WHERE id = ?", (game_pk,))
        if not found:
            raise GameNotFound(game_pk)
        return found[0]

    async def live_game_in(self, channel_id: int) -> GameRecord | None:
        found = await self._fetch(f"SELECT * FROM games WHERE channel_id = ? AND {LIVE}", (channel_id,))
        return found[0] if found else None

    async def live_games_opened_from(self, parent_channel_id: int) -> list[GameRecord]:
        """Live games whose summary card is in this channel (their thread is elsewhere)."""
        return await self._fetch(
            f"SELECT * FROM games WHERE parent_channel_id = ? AND {LIVE} ORDER BY id", (parent_channel_id,)
        )

    async def live_games(self, guild_id: int | None = None, shards: Shards | None = None) -> list[GameRecord]:
        """Live games of one server, or of every server (of ``shards`` only, when given)."""
        if guild_id is not None:
            return await self._fetch(
                f"SELECT * FROM games WHERE guild_id = ? AND {LIVE} ORDER BY id", (guild_id,)
            )
        where, params = shard_clause(shards)
        return await self._fetch(f"SELECT * FROM games WHERE {LIVE}{where} ORDER BY id", params)

    async def rematches_of(self, game_pk: int) -> list[GameRecord]:
        """The lobbies (and games) opened as rematches of a game, newest first."""
        return await self._fetch("SELECT * FROM games WHERE rematch_of = ? ORDER BY id DESC", (game_pk,))

    async def actions(self, game_pk: int) -> list[ActionRecord]:
        found = await self._rows(
            "SELECT seq, seat, user_id, action_json, created_at, decided_by, seats_json"
            " FROM actions WHERE game_pk = ? ORDER BY seq",
            (game_pk,),
        )
        return [rows.action_record(r) for r in found]

    async def results(self, game_pk: int) -> list[ResultRow]:
        found = await self._rows(
            "SELECT seat, user_id, place, score, winner FROM results WHERE game_pk = ? ORDER BY place, seat",
            (game_pk,),
        )
        return [rows.result_row(r) for r in found]

    # -- settings ---------------------------------------------------------------------------------------
    async def guild_locale(self, guild_id: int) -> str | None:
        found = await self._rows("SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return found[0]["locale"] if found else None

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings besides the locale (``/game settings``)."""
        found = await self._rows("SELECT settings_json FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return GuildSettings.model_validate(rows.loads_object(found[0]["settings_json"] if found else None))

    async def member_settings(self, user_id: int) -> MemberSettings:
        found = await self._rows("SELECT dm, locale FROM member_settings WHERE user_id = ?", (user_id,))
        if not found:
            return MemberSettings(user_id=user_id)
        return MemberSettings(user_id=user_id, dm=bool(found[0]["dm"]), locale=found[0]["locale"])

    # -- the outbox -------------------------------------------------------------------------------------
    async def pending(self, game_pk: int) -> list[OutboxEntry]:
        """What is still to publish for a game, oldest first."""
        found = await self._rows(
            "SELECT * FROM outbox WHERE game_pk = ? AND done_at IS NULL ORDER BY id", (game_pk,)
        )
        return [rows.outbox_entry(r) for r in found]

    async def games_with_pending(self, shards: Shards | None = None) -> list[int]:
        """Games with unpublished outbox entries, or whose table picture or summary card was left behind
        its words (a crash inside a burst, or an edit Discord refused): the outbox takes them up at start."""
        where, params = shard_clause(shards, "g.guild_id")
        found = await self._rows(
            "SELECT o.game_pk AS pk FROM outbox o JOIN games g ON g.id = o.game_pk"
            f" WHERE o.done_at IS NULL{where}"
            " UNION SELECT g.id AS pk FROM games g WHERE g.status IN ('running', 'finished', 'aborted')"
            f" AND ({self._FEED_STALE}){where}"
            " ORDER BY 1",
            [*params, *params],
        )
        return [int(r["pk"]) for r in found]

    # -- turn clocks and their timers ---------------------------------------------------------------------
    async def due_timers(self, now: float, limit: int = 100, shards: Shards | None = None) -> list[TimerRow]:
        """Pending timers due by ``now``, soonest first."""
        where, params = shard_clause(shards, "g.guild_id")
        found = await self._rows(
            "SELECT t.* FROM timers t JOIN games g ON g.id = t.game_pk"
            f" WHERE t.done_at IS NULL AND t.due_at <= ?{where} ORDER BY t.due_at, t.id LIMIT ?",
            (now, *params, limit),
        )
        return [rows.timer_row(r) for r in found]

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """When the soonest pending timer can be claimed: its due time, or when a claim on it runs out."""
        where, params = shard_clause(shards, "g.guild_id")
        found = await self._rows(
            "SELECT MIN(CASE WHEN t.lease_until > t.due_at THEN t.lease_until ELSE t.due_at END) AS due"
            " FROM timers t JOIN games g ON g.id = t.game_pk"
            f" WHERE t.done_at IS NULL{where}",
            params,
        )
        return float(found[0]["due"]) if found and found[0]["due"] is not None else None

    async def timers(self, game_pk: int) -> list[TimerRow]:
        """Every timer of a game, pending or done, in the order they were made."""
        found = await self._rows("SELECT * FROM timers WHERE game_pk = ? ORDER BY id", (game_pk,))
        return [rows.timer_row(r) for r in found]

    # -- what finished games leave behind (``/game stats``, ``/game history``, ``/game replay``) -----------
    async def finished_results(self, guild_id: int, game_id: str | None = None) -> list[ResultEntry]:
        """Every result of the server's finished games (of one game when ``game_id`` is given), oldest
        first."""
        sql = (
            "SELECT r.game_pk, r.game_id, r.seat, r.user_id, r.place, r.score, r.winner, r.finished_at,"
            " g.seats_json, g.coach FROM results r JOIN games g ON g.id = r.game_pk"
            " WHERE r.guild_id = ? AND g.status = 'finished'"
        )
        params: list[object] = [guild_id]
        if game_id is not None:
            sql += " AND r.game_id = ?"
            params.append(game_id)
        sql += " ORDER BY r.finished_at, r.game_pk, r.seat"
        return [result_entry(r) for r in await self._rows(sql, params)]

    async def final_states(self, game_pks: Sequence[int]) -> dict[int, str]:
        """The final state of each of these finished games (what a cooperative game's team record is kept
        by, e.g. its scenario, is in its outcome)."""
        if not game_pks:
            return {}
        marks = ", ".join("?" for _ in game_pks)
        found = await self._rows(
            f"SELECT id, state_json FROM games WHERE id IN ({marks}) AND status = 'finished'", list(game_pks)
        )
        return {r["id"]: r["state_json"] for r in found if r["state_json"] is not None}

    async def latest_game_in(self, channel_id: int) -> GameRecord | None:
        """The newest game played in this channel or thread, or opened from this channel, whatever its
        status."""
        found = await self._fetch(
            "SELECT * FROM games WHERE channel_id = ? OR parent_channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id, channel_id),
        )
        return found[0] if found else None

    async def recent_games(self, guild_id: int, limit: int = 25) -> list[GameRecord]:
        """The server's games that were dealt (running, finished or aborted after the start), newest
        first."""
        return await self._fetch(
            "SELECT * FROM games WHERE guild_id = ? AND state_json IS NOT NULL ORDER BY id DESC LIMIT ?",
            (guild_id, limit),
        )
