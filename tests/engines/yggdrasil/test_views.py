"""What the public and each seat may see."""

from __future__ import annotations

from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Place

from .conftest import build


def test_public_view_shows_the_field_and_counts_but_no_hand() -> None:
    state = ENGINE.new_game(["p1", "p2"], None, 8)
    view = ENGINE.view(state, None)
    assert view.hand is None and view.hand_counts == {"p1": 5, "p2": 5}
    assert view.deck_counts == {"p1": 15, "p2": 15}
    dumped = view.model_dump_json()
    for card in state.hands["p1"] + state.hands["p2"] + state.decks["p1"]:
        assert f'"{card}"' not in dumped
    assert view.current == "p1" and view.pending is not None and view.pending.kind == "place"
    assert view.coordinates.startswith("A1=bottom-left")


def test_seat_view_lists_each_hand_card_with_its_legal_cells() -> None:
    state = build(hands={"p1": ["star-fruit", "golden-apple", "fruit-garland"]})
    view = ENGINE.view(state, "p1")
    assert view.hand is not None
    legal = {h.id: h.legal_cells for h in view.hand}
    assert legal == {"p1:h0": ["C2"], "p1:h1": [], "p1:h2": ["B1", "D1"]}
    assert ENGINE.view(state, "p2").hand == []


def test_public_view_marks_growth_cells_without_looking_at_hands() -> None:
    state = build()
    view = ENGINE.view(state, None)
    assert view.growth_cells == {"p1": ["B1", "D1", "C2"], "p2": ["C6", "B7", "D7"]}


def test_public_view_tracks_the_last_placed_card() -> None:
    state = build(hands={"p1": ["star-fruit"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    view = ENGINE.view(state, None)
    assert view.last_placed == ["C2"]
    placed = next(c for c in view.cells if c.cell == "C2")
    assert placed.owner == "p1" and placed.face.fruit == 3 and placed.joined == "S"
