"""Whose turn, clearing the field, going out and the end of the game (GC-10, GC-13, GC-17, GC-19, GC-20;
GN-4 for a called game).

Each helper changes the state it is handed and appends the events it causes.
"""

from __future__ import annotations

from typing import Literal

from engines.core import Event, Seat
from engines.glorious_crown import called
from engines.glorious_crown.events import Cleared, FinalStanding, GameOver, Skipped, WentOut
from engines.glorious_crown.models import ClearRecord, GCState
from engines.glorious_crown.scoring import play_points, standings


def next_holder(state: GCState, seat: Seat) -> Seat | None:
    """The next seat after ``seat`` in turn order that still holds cards."""
    players = state.players
    i = players.index(seat)
    n = len(players)
    for step in range(1, n):
        p = players[(i + step) % n]
        if state.hands[p]:
            return p
    return None


def lead_from(state: GCState, seat: Seat) -> None:
    """After a clear the last player leads, or the next holder if they have gone out (GC-10)."""
    if state.hands[seat]:
        state.current = seat
    else:
        nxt = next_holder(state, seat)
        if nxt is not None:
            state.current = nxt


def clear_field(state: GCState, events: list[Event], cause: Literal["passes", "eight", "counter"]) -> None:
    """GC-17: the last player scores the top play in the effective state at the moment of clearing."""
    top = state.top
    assert top is not None
    pts = play_points(top.cards, state.effective_revolution)
    state.points[top.seat] += pts
    state.discard.extend(state.field)
    state.field = []
    state.top = None
    state.lock = None
    state.eleven_back = False
    state.passed = []
    state.last_clear = ClearRecord(seat=top.seat, points=pts, cause=cause, cards=top.cards)
    events.append(Cleared(seat=top.seat, points=pts, cause=cause, cards=list(top.cards)))
    lead_from(state, top.seat)
    if called.ends_at_clear(state):  # GN-4: a called game's hand ends at this clear
        end_game(state, events, None)


def advance(state: GCState, after: Seat, events: list[Event], skip: bool = False) -> None:
    """Hand the turn on from ``after``. Reaching the last player again means everyone else passed (or was
    skipped by a 5): the field is cleared (GC-10, GC-11). A 5's skip lands on the next seat that could act."""
    top = state.top
    if top is None:
        lead_from(state, after)  # only after an immediate clear; kept total for safety
        return
    players = state.players
    n = len(players)
    i = players.index(after)
    sits_out = set() if state.options.once_passed_may_replay else set(state.passed)
    for step in range(1, n + 1):
        p = players[(i + step) % n]
        if p == top.seat:
            clear_field(state, events, "passes")
            return
        if not state.hands[p] or p in sits_out:
            continue
        if skip:
            skip = False
            events.append(Skipped(seat=p))
            continue
        state.current = p
        return
    raise AssertionError("turn order lost the last player")  # pragma: no cover


def go_out(
    state: GCState, seat: Seat, events: list[Event], foul: bool, how: Literal["play", "discard"]
) -> None:
    """GC-19/GC-20: record a player leaving the hand."""
    if foul:
        state.fouls.append(seat)
        events.append(WentOut(seat=seat, foul=True, how=how))
    else:
        state.finished.append(seat)
        events.append(WentOut(seat=seat, foul=False, how=how, place=len(state.finished)))


def check_over(state: GCState, events: list[Event]) -> bool:
    """GC-19: the game ends when one player alone holds cards; the field left on the table is not scored."""
    holders = [p for p in state.players if state.hands[p]]
    if len(holders) > 1:
        return False
    end_game(state, events, holders[0] if holders else None)
    return True


def end_game(state: GCState, events: list[Event], last_seat: Seat | None) -> None:
    """The hand, and with it the game, is over (GC-19, or GN-4 for a called game: ``last_seat`` is then
    ``None``, several players still holding cards)."""
    state.over = True
    state.pending = None
    by_call = called.ended_by_call(state)
    # The final tally rides on the event (public: points and places only, never a card) so the table
    # message can word field points, bonus and illegal finishes without reading the state.
    final = [
        FinalStanding(
            seat=r.seat,
            place=r.place,
            finish=r.finish_place,
            field_points=r.field_points,
            bonus=r.bonus,
            total=r.total,
            foul=r.foul,
            held=len(state.hands[r.seat]) if by_call and state.hands[r.seat] else None,
        )
        for r in standings(state)
    ]
    events.append(GameOver(last_seat=last_seat, standings=final, called=by_call))
