"""What a seat cannot see in Yggdrasil, dealt afresh (``Engine.redeal``): every deck is face down, the seat's
own included; another player's hand and deck come from that player's own deck list (public, ``decks_used``),
so they are pooled per player and cut back to the same sizes."""

from __future__ import annotations

from engines.core import Rng, Seat
from engines.core.redeal import reshuffle, shuffled
from engines.yggdrasil.models import YggState


def redeal_hidden(state: YggState, seat: Seat, rng: Rng) -> None:
    hands = dict(state.hands)
    decks = dict(state.decks)
    for p in state.players:
        if p == seat:
            decks[p] = shuffled(state.decks[p], rng)
        else:
            hands[p], decks[p] = reshuffle([state.hands[p], state.decks[p]], rng)
    state.hands = hands
    state.decks = decks
