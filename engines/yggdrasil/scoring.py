"""Score (YG-11): one point per own card on the field (the root included) plus its fruits."""

from __future__ import annotations

from engines.yggdrasil.cards import FRUIT
from engines.yggdrasil.models import YggState


def score(state: YggState, si: int) -> tuple[int, int]:
    """(cards, fruits) of seat index ``si``."""
    cards = fruit = 0
    for cell, owner in enumerate(state.owner):
        if owner == si:
            cid = state.board[cell]
            assert cid is not None
            cards += 1
            fruit += FRUIT[state.kinds[cid]]
    return cards, fruit


def total(state: YggState, si: int) -> int:
    cards, fruit = score(state, si)
    return cards + fruit
