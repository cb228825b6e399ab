"""The coach's part of a hand (``bot.table.coach``, issue 27): only a member's own move in a coached game,
"thinking…" until the suggestion is ready and then filled in by the hand's own edit, a newer hand replacing
the fill-in of an older one. The suggestions run where the bot runs analyses (``bot.analysis.pool``; threads
here, no pool started)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.games import manifest
from bot.presenters.payload import Payload
from bot.store import GameRecord, SeatInfo
from bot.table.coach import Coach
from i18n import t
from tests.bot.presenters.conftest import record, seats, state_of

GAME = "glorious-crown"


def coached_turn() -> tuple[GameRecord, Any, int]:
    """A coached game of three members, and the member to move."""
    rec = record(coach=True, seats=[*seats(ai=False), SeatInfo(seat="p3", user_id=303, name="Carol")])
    state = state_of(rec)
    mover = manifest(GAME).engine.to_move(state)[0]
    return rec, state, rec.seat_info(mover).user_id or 0


async def test_thinking_then_filled_in_by_the_hand_s_own_edit() -> None:
    rec, state, user = coached_turn()
    coach = Coach(samples=2)
    shown = coach.under_hand(Payload(content="Your move"), rec, state, user, "en")
    assert shown.content == f"Your move\n{t('en', 'coach.thinking')}"
    edits: list[str] = []

    async def edit(text: str) -> None:
        edits.append(text)

    coach.follow(rec.id, user, edit)
    for _ in range(400):
        if edits:
            break
        await asyncio.sleep(0.05)
    assert len(edits) == 1 and edits[0].startswith("Your move\n💡 Coach: **")
    assert t("en", "coach.thinking") not in edits[0]
    # Ready now: the next hand shows it at once, with nothing to fill in.
    again = coach.under_hand(Payload(content="Your move"), rec, state, user, "en")
    assert again.content == edits[0]
    assert len(coach.asked) == 1
    coach.stop()


async def test_a_newer_hand_replaces_the_older_fill_in() -> None:
    rec, state, user = coached_turn()
    coach = Coach(samples=2)
    older: list[str] = []
    newer: list[str] = []

    async def edit_older(text: str) -> None:
        older.append(text)

    async def edit_newer(text: str) -> None:
        newer.append(text)

    coach.under_hand(Payload(content="first"), rec, state, user, "en")
    coach.follow(rec.id, user, edit_older)
    coach.under_hand(Payload(content="second"), rec, state, user, "en")
    coach.follow(rec.id, user, edit_newer)
    for _ in range(400):
        if newer:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.1)
    assert older == [] and len(newer) == 1 and newer[0].startswith("second\n💡")
    coach.stop()


async def test_no_coach_for_an_ai_seat_another_s_turn_or_a_game_without_it() -> None:
    rec, state, user = coached_turn()
    coach = Coach(samples=2)
    engine = manifest(GAME).engine
    waiting = next(s for s in rec.seats if s.seat not in engine.to_move(state) and not s.is_ai)
    plain = Payload(content="Waiting")
    assert waiting.user_id is not None
    assert coach.under_hand(plain, rec, state, waiting.user_id, "en") is plain
    off = record(coach=False, seats=rec.seats)
    assert coach.under_hand(plain, off, state_of(off), user, "en") is plain
    coach.prepare(off, state_of(off))
    ai = record(
        coach=True, seats=[s.model_copy(update={"user_id": None, "ai_level": "normal"}) for s in off.seats]
    )
    coach.prepare(ai, state_of(ai))
    assert coach.asked == []
