"""What a seat cannot see in Project Chaos, dealt afresh (``Engine.redeal``): the other hands, the deck and
the cards a short deck set aside (PC-6) are one pool, cut back to the same sizes."""

from __future__ import annotations

from engines.core import Rng, Seat
from engines.core.redeal import reshuffle
from engines.project_chaos.models import PCState


def redeal_hidden(state: PCState, seat: Seat, rng: Rng) -> None:
    others = [p for p in state.players if p != seat]
    dealt = reshuffle([state.deck, state.set_aside, *(state.hands[p] for p in others)], rng)
    state.deck, state.set_aside = dealt[0], dealt[1]
    hands = dict(state.hands)
    for p, cards in zip(others, dealt[2:], strict=True):
        hands[p] = cards
    state.hands = hands
