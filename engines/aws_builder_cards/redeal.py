"""What a seat cannot see in AWS Builder Cards, dealt afresh (``Engine.redeal``). The free and the paid deck
are each shuffled alone (their cards differ); the seat's own deck is shuffled; another player's hand and deck
are pooled, since what that player owns is public (every acquisition and retirement is), except hand cards
shown as retire proof, which stay; the mission deck and the other players' secret missions are one pool."""

from __future__ import annotations

from engines.aws_builder_cards.models import ABState
from engines.core import Rng, Seat
from engines.core.redeal import reshuffle, shuffled


def redeal_hidden(state: ABState, seat: Seat, rng: Rng) -> None:
    free = state.free.copy_market()
    free.deck = shuffled(free.deck, rng)
    paid = state.paid.copy_market()
    paid.deck = shuffled(paid.deck, rng)
    state.free, state.paid = free, paid
    proof = set(state.now.proof)
    piles = dict(state.piles)
    for p in state.players:
        own = piles[p].copy_piles()
        if p == seat:
            own.deck = shuffled(own.deck, rng)
        else:
            secret = [c for c in own.hand if c not in proof]
            new_secret, own.deck = reshuffle([secret, own.deck], rng)
            refill = iter(new_secret)
            own.hand = [c if c in proof else next(refill) for c in own.hand]
        piles[p] = own
    state.piles = piles
    others = [p for p in state.players if p != seat and p in state.mission_hand]
    dealt = reshuffle([state.mission_deck, *(state.mission_hand[p] for p in others)], rng)
    state.mission_deck = dealt[0]
    missions = dict(state.mission_hand)
    for p, cards in zip(others, dealt[1:], strict=True):
        missions[p] = cards
    state.mission_hand = missions
