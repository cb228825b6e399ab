from __future__ import annotations

from engines.core import Rng
from engines.deckbuilding import Market, cycle_limit, reshuffle_until


def key(card: str) -> str:
    return card.split("#")[0]


def market(deck: list[str], shown: list[str]) -> Market:
    return Market(deck=deck, slots=[[c] for c in shown], stack=False)


def test_cycle_limit_counts_the_turns_that_show_every_card_once() -> None:
    assert cycle_limit(market([f"x#{i}" for i in range(10)], ["a#1", "b#1"])) == 6  # 12 cards, 2 slots
    assert cycle_limit(market([f"x#{i}" for i in range(3)], ["a#1", "b#1"])) == 3
    assert cycle_limit(Market(deck=[], slots=[[], []], stack=False)) == 0


def test_a_market_that_already_fits_is_left_alone() -> None:
    m = market(["x#1", "x#2"], ["a#1", "b#1"])
    done, ok = reshuffle_until(m, Rng(1), key, lambda mk: True, 5)
    assert (done, ok) == (0, True)
    assert m.slots == [["a#1"], ["b#1"]] and m.deck == ["x#1", "x#2"]


def test_reshuffles_until_the_wanted_card_shows_and_keeps_every_card() -> None:
    deck = [f"x#{i}" for i in range(20)] + ["want#1"]
    m = market(deck, ["a#1", "b#1"])
    before = sorted([*m.deck, *(c for s in m.slots for c in s)])

    def shows_it(mk: Market) -> bool:
        return "want#1" in mk.showing()

    done, ok = reshuffle_until(m, Rng(7), key, shows_it, 1000)
    assert ok and done >= 1 and shows_it(m)
    assert sorted([*m.deck, *(c for s in m.slots for c in s)]) == before


def test_gives_up_after_the_limit() -> None:
    m = market([f"x#{i}" for i in range(6)], ["a#1", "b#1"])
    done, ok = reshuffle_until(m, Rng(3), key, lambda mk: False, 4)
    assert (done, ok) == (4, False)
    assert all(m.slots)
