"""YG-5: where a card may go, in every edge case the rule page lists."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Place

from .conftest import build, legal_cells


def place(state, seat: str, card: str, cell: str):  # type: ignore[no-untyped-def]
    return ENGINE.apply(state, seat, Place(card=card, cell=cell)).state


def problem(state, seat: str, kind: str, cell: str) -> str | None:  # type: ignore[no-untyped-def]
    from engines.yggdrasil.board import board_of

    return ENGINE.placement_problem(state, ["p1", "p2"].index(seat), kind, board_of(state).index[cell])


def test_yg_5_a_no_branch_may_point_off_the_field() -> None:
    state = build(hands={"p1": ["world-heart", "fruit-garland"]})
    # B1 joins the root's west branch, but a four-way card would point south off the field.
    assert problem(state, "p1", "world-heart", "B1") == "branch_off_field"
    assert problem(state, "p1", "fruit-garland", "B1") is None
    with pytest.raises(IllegalAction) as err:
        place(state, "p1", "p1:h0", "B1")
    assert err.value.code == "branch_off_field"


def test_yg_5_b_a_card_must_connect_to_an_own_card_at_least_once() -> None:
    state = build(hands={"p1": ["golden-apple", "star-fruit"]})
    # C2 is above the root: only a card with a south branch meets the root's north branch.
    assert problem(state, "p1", "star-fruit", "C2") is None
    assert problem(state, "p1", "golden-apple", "C2") == "not_connected"
    # A cell next to nothing of ours is never legal, even if the card's branches fit.
    assert problem(state, "p1", "star-fruit", "C4") == "not_connected"
    assert legal_cells(state, "p1", "p1:h1") == {"C2"}
    assert legal_cells(state, "p1", "p1:h0") == set()


def test_yg_5_b_an_opponent_branch_is_no_connection() -> None:
    state = build({"C4": ("p2", "world-heart")}, hands={"p1": ["world-heart"]})
    assert problem(state, "p1", "world-heart", "C3") == "not_connected"


def test_yg_5_c_own_neighbour_pointing_in_must_be_met() -> None:
    # B2 (ours, four-way) points south into B1; the root points west into B1. A card on B1 must meet both.
    state = build({"B2": ("p1", "world-heart")}, hands={"p1": ["fruit-garland", "ember-hawk"]})
    assert problem(state, "p1", "fruit-garland", "B1") == "branch_mismatch"  # E joins, N is missing
    assert problem(state, "p1", "ember-hawk", "B1") is None  # N and E: both met
    assert "B1" in legal_cells(state, "p1", "p1:h1") and "B1" not in legal_cells(state, "p1", "p1:h0")


def test_yg_5_c_own_bare_edge_must_not_be_hit_by_a_branch() -> None:
    # B2 (ours, north branch only) shows a bare south edge to B1: a card on B1 may not point north.
    state = build({"B2": ("p1", "golden-apple")}, hands={"p1": ["canopy-squirrel", "cherry-cluster"]})
    assert problem(state, "p1", "canopy-squirrel", "B1") == "branch_mismatch"  # NEW: N hits a bare edge
    assert problem(state, "p1", "cherry-cluster", "B1") is None  # E only


def test_yg_5_d_branches_may_point_at_empty_cells_and_opponent_cards() -> None:
    # C3 belongs to p2 and has no branch towards C2; our card on C2 may still point north at it.
    state = build({"C3": ("p2", "fruit-garland")}, hands={"p1": ["vine-ladder", "world-heart"]})
    assert problem(state, "p1", "vine-ladder", "C2") is None
    assert problem(state, "p1", "world-heart", "C2") is None  # E and W point at empty cells


def test_yg_5_d_opponent_branches_into_a_cell_never_block() -> None:
    # p2's four-way card on C3 points south into C2; our star fruit (south only) ignores it.
    state = build({"C3": ("p2", "world-heart")}, hands={"p1": ["star-fruit"]})
    assert problem(state, "p1", "star-fruit", "C2") is None


def test_yg_5_a_taken_cell_is_refused() -> None:
    state = build({"C2": ("p2", "world-heart")}, hands={"p1": ["star-fruit"]})
    assert problem(state, "p1", "star-fruit", "C2") == "cell_taken"
    assert legal_cells(state, "p1", "p1:h0") == set()


def test_yg_5_player_2_places_with_turned_cards() -> None:
    # Printed south (towards its owner) is north on the table for player 2: star fruit hangs below p2's root.
    state = build(hands={"p2": ["star-fruit", "golden-apple"]}, current="p2")
    assert legal_cells(state, "p2", "p2:h0") == {"C6"}
    assert legal_cells(state, "p2", "p2:h1") == set()
    after = place(state, "p2", "p2:h0", "C6")
    placed = next(c for c in ENGINE.view(after, None).cells if c.cell == "C6")
    assert placed.face.branches == "S" and placed.branches == "N" and placed.joined == "N"


def test_yg_5_placing_moves_the_card_from_hand_to_field() -> None:
    state = build(hands={"p1": ["star-fruit", "golden-apple"]}, decks={"p2": ["star-fruit"]})
    after = place(state, "p1", "p1:h0", "C2")
    assert after.board[7] == "p1:h0" and after.hands["p1"] == ["p1:h1"]
    with pytest.raises(IllegalAction) as err:
        place(state, "p1", "p2:d0", "C2")
    assert err.value.code == "card_not_in_hand"
    with pytest.raises(IllegalAction) as err:
        place(state, "p1", "p1:h0", "Z9")
    assert err.value.code == "bad_cell"
