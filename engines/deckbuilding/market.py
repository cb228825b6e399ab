"""A market: face-up slots fed from a face-down deck.

With ``stack=True`` (AWS Builder Cards 2nd edition) a card identical to one already showing joins that
slot's stack instead of taking a new slot, so the slots always show different cards while the deck lasts.
With ``stack=False`` (1st edition) each slot holds one card.
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

from pydantic import BaseModel, ConfigDict, Field

from engines.core.rng import Rng
from engines.deckbuilding.fastcopy import shallow_copy

KeyOf = Callable[[str], str]


class Market(BaseModel):
    """``slots[i]`` is a stack of identical card ids (empty list = empty slot); ``deck`` top = last."""

    model_config = ConfigDict(extra="forbid")

    deck: list[str] = Field(default_factory=list)
    slots: list[list[str]] = Field(default_factory=list)
    stack: bool = True

    def copy_market(self) -> Market:
        return shallow_copy(self, deck=list(self.deck), slots=[list(s) for s in self.slots])

    def showing(self) -> list[str]:
        """The ids on top of each non-empty slot."""
        return [s[-1] for s in self.slots if s]


def refill(market: Market, key_of: KeyOf) -> list[str]:
    """Turn up cards until every slot is filled or the deck is empty; identical cards stack.
    Returns the cards turned up, in order."""
    turned: list[str] = []
    deck = market.deck
    if not market.stack:  # each card takes the first empty slot, in slot order
        for slot in market.slots:
            if not deck:
                break
            if not slot:
                card = deck.pop()
                turned.append(card)
                slot.append(card)
        return turned
    while deck and any(not s for s in market.slots):
        card = deck.pop()
        turned.append(card)
        key = key_of(card)
        same = next((s for s in market.slots if s and key_of(s[0]) == key), None)
        if same is not None:
            same.append(card)
            continue
        next(s for s in market.slots if not s).append(card)
    return turned


def take_from_slot(market: Market, slot: int, key_of: KeyOf) -> tuple[str, list[str]]:
    """Take the top card of a slot and refill at once. Returns (card, cards turned up)."""
    stack = market.slots[slot]
    if not stack:
        raise IndexError(slot)
    card = stack.pop()
    return card, refill(market, key_of)


def take_top(market: Market) -> str:
    """Take the deck's top card blind (it never touches a slot)."""
    if not market.deck:
        raise IndexError("empty deck")
    return market.deck.pop()


def reshuffle_market(market: Market, rng: Rng, key_of: KeyOf) -> list[str]:
    """Every slot card goes back into the deck, the deck is shuffled, and the slots are refilled."""
    for stack in market.slots:
        market.deck.extend(stack)
        stack.clear()
    rng.shuffle(market.deck)
    return refill(market, key_of)


def cycle_limit(market: Market) -> int:
    """How many reshuffles turn up as many cards as the market holds (deck + slots): "the deck has been
    cycled once". At least 1 while the market holds a card."""
    total = len(market.deck) + sum(len(s) for s in market.slots)
    per_turn = max(1, len(market.slots))
    return ceil(total / per_turn) if total else 0


def reshuffle_until(
    market: Market,
    rng: Rng,
    key_of: KeyOf,
    ok: Callable[[Market], bool],
    max_reshuffles: int,
) -> tuple[int, bool]:
    """Reshuffle (``reshuffle_market``) until ``ok(market)`` holds, at most ``max_reshuffles`` times.
    Returns (reshuffles done, whether ``ok`` holds at the end). Checks ``ok`` before the first reshuffle:
    a market that is already fine is left alone."""
    done = 0
    while not ok(market):
        if done >= max_reshuffles:
            return done, False
        reshuffle_market(market, rng, key_of)
        done += 1
    return done, True
