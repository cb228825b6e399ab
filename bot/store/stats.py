"""Reading what finished games leave behind: results for ``/game stats`` and the games ``/game history``
and ``/game replay`` look up. Functions over a :class:`SqliteStore` (read-only, so they need none of its
transactions) rather than more methods on it: the store's interface stays narrow.

Only games whose status is ``finished`` count: an aborted or abandoned game never wrote results, and the
join on the game's status keeps it that way even if one had.
"""

from __future__ import annotations

import json

from pydantic import BaseModel

from bot.store.models import GameRecord, SeatInfo
from bot.store.sqlite import SqliteStore


class ResultEntry(BaseModel):
    """One seat of one finished game, with who sat there (the name and AI level as seated)."""

    game_pk: int
    game_id: str
    seat: str
    user_id: int | None
    name: str
    ai_level: str | None
    place: int
    score: float
    winner: bool
    finished_at: str
    #: The member whose seat the AI was playing when the game ended (they left, ran ``/game auto`` or their
    #: turns ran out): such a seat counts for nobody (``bot.records.stats``).
    held_for: int | None = None

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


async def finished_results(
    store: SqliteStore, guild_id: int, game_id: str | None = None
) -> list[ResultEntry]:
    """Every result of the server's finished games (of one game when ``game_id`` is given), oldest first."""
    sql = (
        "SELECT r.game_pk, r.game_id, r.seat, r.user_id, r.place, r.score, r.winner, r.finished_at,"
        " g.seats_json FROM results r JOIN games g ON g.id = r.game_pk"
        " WHERE r.guild_id = ? AND g.status = 'finished'"
    )
    params: list[object] = [guild_id]
    if game_id is not None:
        sql += " AND r.game_id = ?"
        params.append(game_id)
    sql += " ORDER BY r.finished_at, r.game_pk, r.seat"
    entries = []
    for row in await store._rows(sql, params):
        seats = {s.seat: s for s in (SeatInfo.model_validate(x) for x in json.loads(row["seats_json"]))}
        seated = seats.get(row["seat"])
        entries.append(
            ResultEntry(
                game_pk=row["game_pk"],
                game_id=row["game_id"],
                seat=row["seat"],
                user_id=row["user_id"],
                name=seated.name if seated else row["seat"],
                ai_level=(seated.ai_level or "normal") if row["user_id"] is None and seated else None,
                place=row["place"],
                score=row["score"],
                winner=bool(row["winner"]),
                finished_at=row["finished_at"],
                held_for=seated.left_by if seated and row["user_id"] is None else None,
            )
        )
    return entries


async def final_states(store: SqliteStore, game_pks: list[int]) -> dict[int, str]:
    """The final state of each of these finished games (what a cooperative game's team record is kept by,
    e.g. its scenario, is in its outcome)."""
    if not game_pks:
        return {}
    marks = ", ".join("?" for _ in game_pks)
    rows = await store._rows(
        f"SELECT id, state_json FROM games WHERE id IN ({marks}) AND status = 'finished'", game_pks
    )
    return {r["id"]: r["state_json"] for r in rows if r["state_json"] is not None}


async def latest_game_in(store: SqliteStore, channel_id: int) -> GameRecord | None:
    """The newest game played in this channel or thread, or opened from this channel, whatever its status."""
    rows = await store._fetch(
        "SELECT * FROM games WHERE channel_id = ? OR parent_channel_id = ? ORDER BY id DESC LIMIT 1",
        (channel_id, channel_id),
    )
    return rows[0] if rows else None


async def recent_games(store: SqliteStore, guild_id: int, limit: int = 25) -> list[GameRecord]:
    """The server's games that were dealt (running, finished or aborted after the start), newest first."""
    return await store._fetch(
        "SELECT * FROM games WHERE guild_id = ? AND state_json IS NOT NULL ORDER BY id DESC LIMIT ?",
        (guild_id, limit),
    )
