"""The coach's reasons for Glorious Crown moves (``Engine.explain``) on hand-built positions."""

from __future__ import annotations

from engines.core import Explanation
from engines.glorious_crown.models import Discard, Pass, Play

from .conftest import E, make_state


def test_a_low_play_keeps_the_strongest_card_for_later() -> None:
    state = make_state({"p1": ["C4", "S9", "H12"], "p2": ["C3", "D4"], "p3": ["H3", "C5"]})
    assert E.explain(state, "p1", Play(cards=["C4"])) == Explanation(
        code="keeps", params={"cards": ["C4"], "kept_card": "H12"}
    )


def test_in_a_revolution_the_low_card_is_the_one_kept() -> None:
    state = make_state({"p1": ["C4", "S9", "H12"], "p2": ["C3", "D4"], "p3": ["H3", "C5"]}, revolution=True)
    found = E.explain(state, "p1", Play(cards=["H12"]))
    assert found is not None and found.params["kept_card"] == "C4"  # GC-6: reversed strength


def test_an_eight_clears_and_a_last_legal_card_goes_out() -> None:
    state = make_state({"p1": ["H8", "S9"], "p2": ["C3", "D4"], "p3": ["H3", "C5"]})
    assert E.explain(state, "p1", Play(cards=["H8"])) == Explanation(code="eight", params={"cards": ["H8"]})
    last = make_state({"p1": ["S9"], "p2": ["C3", "D4"], "p3": ["H3", "C5"]})
    assert E.explain(last, "p1", Play(cards=["S9"])) == Explanation(code="go_out", params={"cards": ["S9"]})
    # GC-20: going out with an 8 is a foul, no reason to recommend it
    foul = make_state({"p1": ["H8"], "p2": ["C3", "D4"], "p3": ["H3", "C5"]})
    assert E.explain(foul, "p1", Play(cards=["H8"])) is None


def test_the_spade_three_counters_a_lone_joker() -> None:
    state = make_state({"p1": ["S3", "C9"], "p2": ["C4", "D4"], "p3": ["H3", "C5"]}, top=("p3", ["JK1"]))
    assert E.explain(state, "p1", Play(cards=["S3"])) == Explanation(code="counter", params={"card": "S3"})


def test_a_quad_starts_a_revolution_and_a_pass_keeps_cards() -> None:
    state = make_state({"p1": ["C5", "D5", "H5", "S5", "C13", "D4"], "p2": ["C3", "D3"], "p3": ["H3", "C6"]})
    found = E.explain(state, "p1", Play(cards=["C5", "D5", "H5", "S5"]))
    # after the flip the 4 is the strongest card left (GC-8)
    assert found == Explanation(
        code="revolution", params={"cards": ["C5", "D5", "H5", "S5"], "kept_card": "D4"}
    )
    beaten = make_state({"p1": ["C4", "H12"], "p2": ["C3", "D4"], "p3": ["H3", "C5"]}, top=("p3", ["C9"]))
    assert E.explain(beaten, "p1", Pass()) == Explanation(code="pass_keeps", params={"kept_card": "H12"})


def test_a_ten_discard_counts_the_cards_left() -> None:
    state = make_state({"p1": ["C4", "H12", "S6"], "p2": ["C3", "D4"], "p3": ["H3", "C5"]})
    assert E.explain(state, "p1", Discard(card="C4")) == Explanation(
        code="discard", params={"card": "C4", "n": 2}
    )
