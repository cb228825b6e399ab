from __future__ import annotations

import pytest

from engines.core import Rng
from engines.deckbuilding import Market, refill, reshuffle_market, take_from_slot, take_top


def key(card: str) -> str:
    return card.split("#")[0]


def test_refill_stacks_identical_cards_so_slots_show_different_cards() -> None:
    # deck top is the last element: ec2#1 is turned first
    m = Market(deck=["vpc#1", "s3#1", "ec2#2", "lambda#1", "ec2#1"], slots=[[], [], []], stack=True)
    turned = refill(m, key)
    assert turned == ["ec2#1", "lambda#1", "ec2#2", "s3#1"]
    assert m.slots == [["ec2#1", "ec2#2"], ["lambda#1"], ["s3#1"]]
    assert m.deck == ["vpc#1"]


def test_without_stacking_each_slot_holds_one_card() -> None:
    m = Market(deck=["ec2#2", "ec2#1"], slots=[[], []], stack=False)
    refill(m, key)
    assert m.slots == [["ec2#1"], ["ec2#2"]]


def test_taking_from_a_stack_leaves_the_rest_and_an_emptied_slot_refills_at_once() -> None:
    m = Market(deck=["vpc#1"], slots=[["ec2#1", "ec2#2"], ["s3#1"]], stack=True)
    card, turned = take_from_slot(m, 0, key)
    assert card == "ec2#2" and turned == [] and m.slots[0] == ["ec2#1"]
    card, turned = take_from_slot(m, 1, key)
    assert card == "s3#1" and turned == ["vpc#1"] and m.slots[1] == ["vpc#1"]
    with pytest.raises(IndexError):
        take_from_slot(Market(slots=[[]]), 0, key)


def test_take_top_is_blind_and_leaves_the_slots() -> None:
    m = Market(deck=["a#1", "b#1"], slots=[["c#1"]])
    assert take_top(m) == "b#1"
    assert m.slots == [["c#1"]]
    with pytest.raises(IndexError):
        take_top(Market())


def test_reshuffle_returns_slot_cards_to_the_deck_and_refills() -> None:
    m = Market(deck=[f"x{i}#1" for i in range(6)], slots=[["a#1"], ["b#1", "b#2"]], stack=True)
    before = sorted([*m.deck, *[c for s in m.slots for c in s]])
    reshuffle_market(m, Rng(3), key)
    after = sorted([*m.deck, *[c for s in m.slots for c in s]])
    assert before == after
    assert all(m.slots)


def test_copy_market_is_independent() -> None:
    m = Market(deck=["a#1"], slots=[["b#1"]])
    c = m.copy_market()
    c.slots[0].append("b#2")
    c.deck.clear()
    assert m.slots == [["b#1"]] and m.deck == ["a#1"]
