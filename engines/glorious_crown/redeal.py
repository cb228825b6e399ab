"""What a seat cannot see in Glorious Crown, dealt afresh (``Engine.redeal``): the other hands and the blind
(GC-2) are one pool, cut back to the same hand sizes. The 7 trade's offered cards (GC-12) are hidden from all
but the giver: when the seat is not the giver they are re-chosen from the giver's new hand."""

from __future__ import annotations

from engines.core import Rng, Seat
from engines.core.redeal import reshuffle
from engines.glorious_crown.cards import canonical
from engines.glorious_crown.models import GCState


def redeal_hidden(state: GCState, seat: Seat, rng: Rng) -> None:
    others = [p for p in state.players if p != seat]
    dealt = reshuffle([state.blind, *(state.hands[p] for p in others)], rng)
    state.blind = dealt[0]
    hands = dict(state.hands)
    for p, cards in zip(others, dealt[1:], strict=True):
        hands[p] = canonical(cards)
    state.hands = hands
    pending = state.pending
    if pending is not None and pending.given and pending.other is not None and pending.other != seat:
        offered = rng.sample(hands[pending.other], len(pending.given))
        state.pending = pending.model_copy(update={"given": tuple(canonical(offered))})
