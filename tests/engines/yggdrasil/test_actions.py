"""Actions are their data and nothing else (no display hints): a move parsed from JSON equals the legal move
it names, and what a label needs (the card, its number in hand, an invasion's strength) is in the chooser's
view instead."""

from __future__ import annotations

from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Discard, Invade, Place, SkipEffect, SwapAction

from .conftest import build


def test_actions_hold_only_their_data() -> None:
    assert set(Place.model_fields) == {"type", "card", "cell"}
    assert set(Discard.model_fields) == {"type", "card"}
    assert set(SwapAction.model_fields) == {"type", "first", "second"}
    assert set(SkipEffect.model_fields) == {"type"}
    assert set(Invade.model_fields) == {"type", "target"}
    place = Place(card="p1:h0", cell="C2")
    assert place.model_dump() == {"type": "place", "card": "p1:h0", "cell": "C2"}
    assert ENGINE.parse_action(place.model_dump()) == place and hash(place) == hash(
        Place(card="p1:h0", cell="C2")
    )
    assert place != Place(card="p1:h0", cell="C3") and place != Discard(card="p1:h0")


def test_legal_moves_parse_back_to_themselves() -> None:
    state = build(hands={"p1": ["star-fruit", "spear-salamander"], "p2": ["star-fruit"]})
    for action in ENGINE.legal_actions(state, "p1"):
        assert ENGINE.parse_action(action.model_dump_json()) == action


def test_the_seat_view_numbers_the_hand_as_the_legal_moves_name_it() -> None:
    state = build(hands={"p1": ["star-fruit", "spear-salamander"], "p2": ["star-fruit"]})
    view = ENGINE.view(state, "p1")
    assert view.hand is not None
    assert [(h.id, h.face.kind) for h in view.hand] == [
        ("p1:h0", "star-fruit"),
        ("p1:h1", "spear-salamander"),
    ]
    places = {(a.card, a.cell) for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Place)}
    assert places == {(h.id, c) for h in view.hand for c in h.legal_cells}


def test_the_view_holds_the_numbers_of_every_invasion_offered() -> None:
    field = {"C3": ("p2", "moss-bear"), "B3": ("p1", "bough-lynx")}
    state = build(field, hands={"p1": ["spear-salamander"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    view = ENGINE.view(state, "p1")
    assert view.pending is not None and view.pending.kind == "invade"
    invasions = [a.target for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Invade)]
    assert invasions == [o.target for o in view.pending.invasions] == ["C3"]
    (option,) = view.pending.invasions
    assert (option.attack, option.defence, option.wins) == (7, 4, True)
    assert next(c.face.kind for c in view.cells if c.cell == "C3") == "moss-bear"


def test_skip_is_one_move_and_the_view_says_which_effect_it_declines() -> None:
    state = build(hands={"p1": ["vine-ladder", "star-fruit"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    assert SkipEffect() in ENGINE.legal_actions(state, "p1")
    pending = ENGINE.view(state, "p1").pending
    assert pending is not None and pending.kind == "extra_placement"
