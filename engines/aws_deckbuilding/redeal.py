"""What a seat cannot see in AWS Deckbuilding, dealt afresh (``Engine.redeal``). The marketplace deck is
shuffled; the seat's own deck is shuffled; another player's hand and deck are pooled (what that player owns is
public: the draft, every purchase and retirement), except a hand revealed for its owner's turn (AD-9)."""

from __future__ import annotations

from engines.aws_deckbuilding.models import ADState
from engines.core import Rng, Seat
from engines.core.redeal import reshuffle, shuffled


def redeal_hidden(state: ADState, seat: Seat, rng: Rng) -> None:
    market = state.market.copy_market()
    market.deck = shuffled(market.deck, rng)
    state.market = market
    revealed = state.now.seat if state.now is not None and state.phase != "draft" else None
    piles = dict(state.piles)
    for p in state.players:
        own = piles[p].copy_piles()
        if p in (seat, revealed):
            own.deck = shuffled(own.deck, rng)
        else:
            own.hand, own.deck = reshuffle([own.hand, own.deck], rng)
        piles[p] = own
    state.piles = piles
