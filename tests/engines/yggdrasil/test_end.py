"""YG-10 (both end conditions) and YG-11 (scoring)."""

from __future__ import annotations

from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Discard, Place

from .conftest import build

FULL_3X3 = {
    # p1's root on B1 points N (B2, taken by p2), E (C1, left open) and W (A1).
    "A1": ("p1", "cherry-cluster"),
    # p2's root on B3 points S (B2), E and W on the table; every branch end is met.
    "B2": ("p2", "star-fruit"),  # printed S = north on the table: joins p2's root
    "A3": ("p2", "plum-cluster"),  # printed W = east on the table
    "C3": ("p2", "cherry-cluster"),  # printed E = west on the table
}


def test_yg_10_game_ends_when_no_empty_cell_can_take_a_card_for_either_player() -> None:
    state = build(
        FULL_3X3, cols=3, rows=3, hands={"p1": ["plum-cluster", "golden-apple"], "p2": ["star-fruit"]}
    )
    assert ENGINE.view(state, None).growth_cells == {"p1": ["C1"], "p2": []}
    step = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C1"))
    assert ENGINE.to_move(step.state) == []
    outcome = ENGINE.outcome(step.state)
    assert outcome is not None and outcome.reason == "no_room"
    assert step.events[-1].kind == "game_over"


def test_yg_10_game_goes_on_while_one_tree_can_still_grow() -> None:
    state = build(
        FULL_3X3, cols=3, rows=3, hands={"p1": ["golden-apple", "plum-cluster"], "p2": ["star-fruit"]}
    )
    # p1 cannot use the golden apple anywhere but holds the plum: p1 must place, nothing ends.
    assert ENGINE.outcome(state) is None
    assert all(isinstance(a, Place) for a in ENGINE.legal_actions(state, "p1"))


def test_yg_10_game_ends_when_both_could_not_place_on_their_last_two_turns() -> None:
    hands = {"p1": ["golden-apple", "eagle-perch"], "p2": ["golden-apple", "eagle-perch"]}
    state = build(hands=hands)  # north-only cards fit nowhere next to a lone root
    for seat in ["p1", "p2", "p1"]:
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0]).state
        assert ENGINE.outcome(state) is None
    state = ENGINE.apply(state, "p2", ENGINE.legal_actions(state, "p2")[0]).state
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.reason == "both_stuck"


def test_yg_10_a_placement_resets_the_could_not_place_count() -> None:
    state = build(hands={"p1": ["golden-apple", "star-fruit"], "p2": ["golden-apple", "eagle-perch"]})
    state.stuck = {"p1": 1, "p2": 1}
    state = ENGINE.apply(state, "p1", Place(card="p1:h1", cell="C2")).state
    assert state.stuck["p1"] == 0
    state = ENGINE.apply(state, "p2", Discard(card="p2:h0")).state
    assert ENGINE.outcome(state) is None, "p2 is stuck twice but p1 placed last turn"


def test_yg_10_empty_hand_and_deck_cannot_place_and_the_turn_passes_by_itself() -> None:
    state = build(hands={"p1": ["star-fruit", "fruit-garland"], "p2": []})
    step = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2"))
    state = step.state
    assert [e.kind for e in step.events if e.seat == "p2"] == ["turn", "could_not_place"]
    assert ENGINE.to_move(state) == ["p1"] and state.stuck["p2"] == 1


def test_yg_11_score_is_cards_plus_fruit_and_the_higher_total_wins() -> None:
    field = {"C2": ("p1", "star-fruit"), "B1": ("p1", "fruit-garland"), "C6": ("p2", "vine-ladder")}
    state = build(field, hands={"p1": ["golden-apple"], "p2": ["golden-apple"]})
    view = ENGINE.view(state, None)
    # p1: root (1 fruit) + star fruit (3) + garland (2) = 3 cards + 6 fruit; p2: root (1) + ladder (1).
    assert view.scores["p1"].model_dump() == {"cards": 3, "fruit": 6, "total": 9}
    assert view.scores["p2"].model_dump() == {"cards": 2, "fruit": 2, "total": 4}
    state.phase = "over"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == ["p1"] and outcome.scores == {"p1": 9.0, "p2": 4.0}


def test_yg_11_equal_totals_are_a_draw() -> None:
    state = build({"C2": ("p1", "vine-ladder"), "C6": ("p2", "vine-ladder")})
    state.phase = "over"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == [] and outcome.ranking == [["p1", "p2"]]
