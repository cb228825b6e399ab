"""Deck-building machinery shared by the two AWS games: a player's piles, drawing with reshuffle, a market
of slots fed by a deck (optionally stacking identical cards), and a credit pool.

Everything here is a small pydantic model plus pure functions that take an ``engines.core.Rng``; the game
packages keep their own rules (what a card does, when a turn ends) and only borrow the bookkeeping.
"""

from engines.deckbuilding.credits import CreditPool, NotEnoughCredits
from engines.deckbuilding.draft import snake_order
from engines.deckbuilding.fastcopy import shallow_copy
from engines.deckbuilding.market import (
    Market,
    cycle_limit,
    refill,
    reshuffle_market,
    reshuffle_until,
    take_from_slot,
    take_top,
)
from engines.deckbuilding.piles import (
    Piles,
    draw,
    draw_noting_reshuffle,
    draw_one,
    end_turn_cleanup,
    owned,
    remove_from,
)

__all__ = [
    "CreditPool",
    "Market",
    "NotEnoughCredits",
    "Piles",
    "cycle_limit",
    "draw",
    "draw_noting_reshuffle",
    "draw_one",
    "end_turn_cleanup",
    "owned",
    "refill",
    "remove_from",
    "reshuffle_market",
    "reshuffle_until",
    "shallow_copy",
    "snake_order",
    "take_from_slot",
    "take_top",
]
