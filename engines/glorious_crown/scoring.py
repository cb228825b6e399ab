"""Points (GC-17, GC-18), illegal finishes (GC-20), bonus and the final ranking (GC-19, GC-21)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engines.core import Outcome, Seat, group_ranking
from engines.glorious_crown import called
from engines.glorious_crown.cards import FOUL, POINTS, RANK
from engines.glorious_crown.models import Discard, GCState, Play


def play_points(cards: tuple[str, ...] | list[str], revolution: bool) -> int:
    """GC-17: per play, never summed; with mixed values (a Joker) the lowest counts."""
    col = 1 if revolution else 0
    return min(POINTS[RANK[c]][col] for c in cards)


def is_foul_finish(cards: tuple[str, ...] | list[str], revolution: bool) -> bool:
    """GC-20: going out with a Joker or an 8, a 15 in the normal or a 3 in the revolution effective state
    (the state the play was made in)."""
    for c in cards:
        when = FOUL[RANK[c]]
        if when == "always" or (when == "normal" and not revolution) or (when == "revolution" and revolution):
            return True
    return False


def fouls_out(action: object, hand: Sequence[str], revolution: bool) -> bool:
    """GC-20 before the move: whether ``action``, by a seat holding ``hand`` in the ``revolution``
    effective state, goes out with an illegal finish (a play of every card left that holds a foul card,
    or a 10's discard of the last card), so a player can be warned before choosing it."""
    if isinstance(action, Play):
        return sorted(action.cards) == sorted(hand) and is_foul_finish(action.cards, revolution)
    if isinstance(action, Discard):
        return list(hand) == [action.card]
    return False


class Standing(BaseModel):
    seat: Seat
    place: int  # 1.. by total points, ties share (GC-21)
    finish_place: int  # 1..N order of going out after fouls are moved down (GC-19, GC-20)
    field_points: int
    bonus: int
    total: int
    foul: bool


def finish_order(state: GCState) -> list[Seat]:
    """Legal finishers in order, then whoever still holds cards, then fouls, a later foul above an earlier
    one (GC-20)."""
    holders = [
        p for p in state.players if state.hands[p] and p not in state.finished and p not in state.fouls
    ]
    return [*state.finished, *holders, *reversed(state.fouls)]


def finish_places(state: GCState) -> list[tuple[Seat, int, int]]:
    """``(seat, finishing place, bonus)`` best first: GC-19/GC-20, or GN-4 for a hand ended by a call."""
    if called.ended_by_call(state):
        return called.places(state)
    n = len(state.players)
    return [(s, i + 1, 0 if s in state.fouls else n - i) for i, s in enumerate(finish_order(state))]


def standings(state: GCState) -> list[Standing]:
    rows = []
    for seat, finish, bonus in finish_places(state):
        pts = state.points.get(seat, 0)
        rows.append((seat, finish, pts, bonus, pts + bonus, seat in state.fouls))
    totals = sorted((r[4] for r in rows), reverse=True)
    return [
        Standing(
            seat=s, place=totals.index(t) + 1, finish_place=fp, field_points=pts, bonus=b, total=t, foul=f
        )
        for s, fp, pts, b, t, f in sorted(rows, key=lambda r: (-r[4], r[1]))
    ]


def outcome(state: GCState) -> Outcome:
    rows = standings(state)
    ranking = group_ranking((r.seat, r.total) for r in rows)
    return Outcome(
        scores={r.seat: float(r.total) for r in rows},
        ranking=ranking,
        winners=list(ranking[0]),
        reason="called" if called.ended_by_call(state) else "last_holder",
        details={
            "standings": [r.model_dump() for r in rows],
            "finish_order": [s for s, _, _ in finish_places(state)],
        },
    )
