"""A stored review made ready to show: its key moments with the moves worded as the game's hand words them
(``GameUI.action_label`` with the seat's own view then), the player's hand picture at each, and the course
picture. Only engine operations (replay, ``view``, ``legal_actions``) and the game's words: no rules here.

``Position`` is one key moment's position as the seat saw it, which "Try it again" also starts from.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import manifest, ui_for
from bot.games.base import LabelContext
from bot.presenters.review import KeyMoment, ReviewFacts
from bot.review.jobs import course_picture
from bot.store import ActionRecord, GameRecord
from bot.store.review_models import StoredReview
from bot.table import pictures
from engines.core import Action, View
from engines.core.analysis import INACCURACY, DecisionReview, SeatReview
from i18n import t

#: Key moments a review shows: the costliest decisions (issue 27: "their three costliest decisions").
KEY_MOMENTS = 3
#: A decision is a key moment only if it gave up this much (an inaccuracy's loss): a few points less is
#: within the noise of the rollouts, and "better: 27 %" beside "you played: 27 %" teaches nothing.
KEY_LOSS = INACCURACY


@dataclass(frozen=True)
class Position:
    """The position before the log's action ``index``, as ``seat`` saw it."""

    index: int
    seat: str
    state: Any
    view: View

    def legal(self, game_id: str) -> list[Action]:
        """The seat's legal moves there, in the analysis' canonical order (by key), so a position's list is
        the same every time it is built (a select's values are places in it)."""
        engine = manifest(game_id).engine
        found: list[Action] = engine.legal_actions(self.state, self.seat)
        return sorted(found, key=lambda a: a.key())


def positions(
    rec: GameRecord, actions: Sequence[ActionRecord], seat: str, indices: Sequence[int]
) -> dict[int, Position]:
    """The positions before the given log indices, replayed from the start (pure CPU: run off the loop)."""
    engine = manifest(rec.game_id).engine
    wanted = set(indices)
    found: dict[int, Position] = {}
    state = engine.new_game([s.seat for s in rec.seats], rec.options, rec.seed)
    for index, row in enumerate(actions):
        if not wanted - set(found):
            break
        if index in wanted:
            found[index] = Position(index, seat, state, engine.view(state, seat))
        state = engine.apply(state, row.seat, engine.parse_action(row.action)).state
    return found


def key_decisions(review: SeatReview) -> list[DecisionReview]:
    """The review's key moments: its costliest decisions, costliest first, that gave up ``KEY_LOSS``."""
    return [d for d in review.costliest(KEY_MOMENTS) if d.loss >= KEY_LOSS]


def word(rec: GameRecord, position: Position, action: dict[str, Any] | Action, lang: str) -> str:
    """A move as the seat's hand offered it then."""
    engine = manifest(rec.game_id).engine
    parsed = action if isinstance(action, Action) else engine.parse_action(action)
    ctx = LabelContext(position.view, rec.names())
    return ui_for(rec.game_id).action_label(parsed, lang, ctx=ctx)


def facts(
    rec: GameRecord, review: SeatReview, found: dict[int, Position], player: str, lang: str
) -> ReviewFacts:
    moments = []
    for d in key_decisions(review):
        position = found[d.index]
        better = d.best if d.best is not None and d.best != d.played else None
        moments.append(
            KeyMoment(
                index=d.index,
                grade=d.grade,
                played=word(rec, position, d.played, lang),
                better=word(rec, position, better, lang) if better is not None else None,
                played_value=d.played_value,
                best_value=d.best_value,
            )
        )
    return ReviewFacts(
        game=ui_for(rec.game_id).game_name(lang),
        number=rec.id,
        player=player,
        accuracy=review.accuracy,
        grades={str(g): n for g, n in review.grades.items()},
        moments=moments,
        cooperative=manifest(rec.game_id).engine.cooperative,
    )


@dataclass(frozen=True)
class Shown:
    """A review ready for a message: its facts and pictures (course; hands by moment index)."""

    review: SeatReview
    facts: ReviewFacts
    course: bytes | None
    hands: dict[int, bytes]


async def shown(
    rec: GameRecord,
    actions: Sequence[ActionRecord],
    stored: StoredReview,
    player: str,
    lang: str,
    *,
    hands: bool,
) -> Shown:
    """The stored review worded in ``lang``, with its pictures drawn off the loop (``hands``: the player's
    hand at each key moment too; a shared review shows none)."""
    review = SeatReview.model_validate_json(stored.review_json)
    keys = key_decisions(review)
    found = await asyncio.to_thread(positions, rec, actions, stored.seat, [d.index for d in keys])
    told = await asyncio.to_thread(facts, rec, review, found, player, lang)
    names = rec.names()
    course = await pictures.render_other(
        course_picture, stored.course_json, [d.index for d in keys], names, lang, stored.seat
    )
    drawn: dict[int, bytes] = {}
    if hands:
        for d in keys:
            data = await pictures.render_bytes(
                rec.game_id, "hand", found[d.index].view, lang, names, rec.ai_seats()
            )
            if data is not None:
                drawn[d.index] = data
    return Shown(review, told, course, drawn)


def player_name(rec: GameRecord, seat: str, lang: str) -> str:
    info = rec.seat_info(seat)
    return info.name or t(lang, "history.ai_unknown")
