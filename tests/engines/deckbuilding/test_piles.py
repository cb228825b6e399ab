from __future__ import annotations

from engines.core import Rng
from engines.deckbuilding import Piles, draw, draw_one, end_turn_cleanup, owned


def test_draw_takes_from_the_top_and_does_not_touch_the_discard_while_the_deck_lasts() -> None:
    p = Piles(deck=["a", "b", "c"], discard=["x", "y"])
    assert draw(p, 2, Rng(1)) == ["c", "b"]
    assert p.deck == ["a"] and p.discard == ["x", "y"] and p.hand == ["c", "b"]


def test_discard_is_shuffled_in_only_when_a_draw_finds_the_deck_empty() -> None:
    p = Piles(deck=["a"], discard=["x", "y", "z"])
    drawn = draw(p, 3, Rng(7))
    assert drawn[0] == "a"
    assert set(drawn[1:]) <= {"x", "y", "z"} and len(drawn) == 3
    assert p.discard == [] and len(p.deck) == 1


def test_draw_stops_when_nothing_is_left() -> None:
    p = Piles(deck=["a"], discard=[])
    assert draw(p, 5, Rng(1)) == ["a"]
    assert draw_one(p, Rng(1)) is None


def test_reshuffle_is_deterministic_for_a_given_rng_state() -> None:
    a = Piles(discard=[str(i) for i in range(20)])
    b = Piles(discard=[str(i) for i in range(20)])
    assert draw(a, 5, Rng(99)) == draw(b, 5, Rng(99))


def test_end_turn_cleanup_moves_play_and_hand_to_discard() -> None:
    p = Piles(deck=["d"], hand=["h1", "h2"], play=["p1"], discard=["x"])
    moved = end_turn_cleanup(p)
    assert moved == ["p1", "h1", "h2"]
    assert p.discard == ["x", "p1", "h1", "h2"] and not p.hand and not p.play
    assert sorted(owned(p)) == sorted(["d", "x", "p1", "h1", "h2"])


def test_copy_piles_is_independent() -> None:
    p = Piles(deck=["a"], hand=["b"])
    q = p.copy_piles()
    q.deck.append("z")
    q.hand.clear()
    assert p.deck == ["a"] and p.hand == ["b"]
    assert q == Piles(deck=["a", "z"])


def test_draw_noting_reshuffle_counts_the_discarded_cards_that_became_the_deck() -> None:
    from engines.deckbuilding import draw_noting_reshuffle

    p = Piles(deck=["a#1"], discard=["b#1", "c#1", "d#1"])
    drawn, reshuffled = draw_noting_reshuffle(p, 3, Rng(5))
    assert drawn[0] == "a#1" and len(drawn) == 3 and reshuffled == 3
    assert sorted([*p.hand, *p.deck]) == ["a#1", "b#1", "c#1", "d#1"] and p.discard == []
    q = Piles(deck=["a#1", "b#1"])
    assert draw_noting_reshuffle(q, 1, Rng(5)) == (["b#1"], 0)
    assert draw_noting_reshuffle(Piles(), 2, Rng(5)) == ([], 0)
