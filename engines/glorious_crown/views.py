"""Public and per-seat views. The public view never names a card in a hand, the blind or a pending 7-trade."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Seat
from engines.glorious_crown.cards import ORDER, RANK
from engines.glorious_crown.models import (
    GCState,
    GCView,
    HandCard,
    PendingView,
    SeatView,
    StandingView,
    TopView,
)
from engines.glorious_crown.plays import legal_plays
from engines.glorious_crown.scoring import standings


def strength_key(revolution: bool) -> Callable[[str], tuple[int, int]]:
    """Sort key: weakest first in the effective state, Jokers strongest, suits S H D C within a rank."""

    def key(card: str) -> tuple[int, int]:
        r = RANK[card]
        if r == 0:
            return (99, ORDER[card])
        return ((18 - r) if revolution else r, ORDER[card])

    return key


def sort_by_strength(cards: list[str], revolution: bool) -> list[str]:
    return sorted(cards, key=strength_key(revolution))


def playable_cards(state: GCState, seat: Seat) -> set[str]:
    """Cards that are part of some legal play for ``seat`` on the current field (whoever's turn it is), or
    that the seat may choose in its pending decision."""
    hand = state.hands[seat]
    if state.over or not hand:
        return set()
    pending = state.pending
    if pending is not None:
        return set(hand) if pending.seat == seat else set()
    if seat in state.passed and not state.options.once_passed_may_replay:
        return set()
    if state.top is not None and state.top.seat == seat:
        return set()
    found: set[str] = set()
    for group in legal_plays(hand, state.top, state.lock, state.effective_revolution):
        found.update(group)
    return found


def build(state: GCState, seat: Seat | None, to_move: list[Seat]) -> GCView:
    places = {p: i + 1 for i, p in enumerate(state.finished)}
    rev = state.effective_revolution
    seats = [
        SeatView(
            seat=p,
            hand_count=len(state.hands[p]),
            points=state.points[p],
            place=places.get(p),
            foul=p in state.fouls,
            passed=p in state.passed,
            out=not state.hands[p] and (p in places or p in state.fouls),
            is_turn=p in to_move,
        )
        for p in state.players
    ]
    pending = state.pending
    pending_view = None
    if pending is not None:
        pending_view = PendingView(
            kind=pending.kind,
            seat=pending.seat,
            other=pending.other,
            count=pending.count,
            given=list(pending.given)
            if seat is not None and seat == pending.other and pending.given
            else None,
        )
    hand = None
    if seat is not None:
        playable = playable_cards(state, seat)
        hand = [HandCard(id=c, playable=c in playable) for c in sort_by_strength(state.hands[seat], rev)]
    final = None
    blind = None
    if state.over:
        final = [
            StandingView(
                seat=s.seat,
                place=s.place,
                field_points=s.field_points,
                bonus=s.bonus,
                total=s.total,
                finish=places.get(s.seat),
                foul=s.foul,
                hand=sort_by_strength(state.hands[s.seat], rev),
            )
            for s in standings(state)
        ]
        if state.options.show_blind_at_end:
            blind = list(state.blind)
    top = state.top
    return GCView(
        game=state.game,
        seat=seat,
        players=list(state.players),
        to_move=to_move,
        finished=state.over,
        top=TopView(seat=top.seat, cards=list(top.cards), rank=top.rank, jokers_only=top.rank == 0)
        if top is not None
        else None,
        field_count=len(state.field),
        lock=list(state.lock) if state.lock is not None else None,
        revolution=state.revolution,
        eleven_back=state.eleven_back,
        effective_revolution=rev,
        seats=seats,
        turn=None if state.over else state.current,
        pending=pending_view,
        discard=list(state.discard),
        blind_count=len(state.blind),
        blind=blind,
        last_clear=state.last_clear,
        hand=hand,
        standings=final,
    )
