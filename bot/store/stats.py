"""What finished games leave behind, as ``/game stats`` reads it: one seat of one finished game with who sat
there. The queries are the store's methods (``finished_results`` and the others, ``bot.store.reads``); this
is the record they return and how a row becomes one.

Only games whose status is ``finished`` count: an aborted or abandoned game never wrote results, and the
join on the game's status keeps it that way even if one had.
"""

from __future__ import annotations

import json

from pydantic import BaseModel

from bot.store.models import SeatInfo
from bot.store.rows import Row


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
    #: The game was played with the coach on (``coach=on``): stats mark it.
    coached: bool = False

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


def result_entry(row: Row) -> ResultEntry:
    """A row of ``results`` joined with its game's ``seats_json``."""
    seats = {s.seat: s for s in (SeatInfo.model_validate(x) for x in json.loads(row["seats_json"]))}
    seated = seats.get(row["seat"])
    return ResultEntry(
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
        coached=bool(row["coach"]),
    )
