"""What the bot needs to word a move or an event without the state: legal actions carry display hints (the
card's kind, its number in hand, an invasion's strength) that are not part of the move, and events name the
kind of every card they show, only where that card is public (or in a private event for its owner)."""

from __future__ import annotations

from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Discard, Invade, Place

from .conftest import build

CARD_KEYS = {"card": "kind", "target_card": "target_kind", "cards": "kinds"}


def test_hints_are_not_part_of_the_move() -> None:
    hinted = Place(card="p1:h0", cell="C2", kind="spear-salamander", slot=1)
    plain = Place(card="p1:h0", cell="C2")
    assert hinted == plain and hash(hinted) == hash(plain) and hinted.key() == plain.key()
    assert hinted.model_dump() == {"type": "place", "card": "p1:h0", "cell": "C2"}
    assert ENGINE.parse_action(hinted.model_dump()) == hinted
    assert hinted != Place(card="p1:h0", cell="C3") and hinted != Discard(card="p1:h0")
    assert Invade(target="C3", attack=7, defence=4) == Invade(target="C3")


def test_legal_placements_and_discards_name_the_card_and_its_number_in_hand() -> None:
    state = build(hands={"p1": ["star-fruit", "spear-salamander"], "p2": ["star-fruit"]})
    places = [a for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Place)]
    assert places
    for action in places:
        assert action.kind == state.kinds[action.card]
        assert action.slot == state.hands["p1"].index(action.card) + 1
    # A golden apple (one branch, N) joins nothing next to a lone root: the hand must discard (YG-6).
    stuck = build(hands={"p1": ["star-fruit", "golden-apple", "eagle-perch"], "p2": []})
    stuck.hands["p1"] = ["p1:h1", "p1:h2"]
    assert [(a.card, a.kind, a.slot) for a in ENGINE.legal_actions(stuck, "p1")] == [
        ("p1:h1", "golden-apple", 1),
        ("p1:h2", "eagle-perch", 2),
    ]


def test_an_invasion_carries_the_numbers_the_public_view_shows() -> None:
    field = {"C3": ("p2", "moss-bear"), "B3": ("p1", "bough-lynx")}
    state = build(field, hands={"p1": ["spear-salamander"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    pending = ENGINE.view(state, None).pending
    assert pending is not None
    invasions = [a for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Invade)]
    assert [(a.target, a.target_kind, a.attack, a.defence) for a in invasions] == [
        (o.target, state.kinds[o.target_card], o.attack, o.defence) for o in pending.invasions
    ]
