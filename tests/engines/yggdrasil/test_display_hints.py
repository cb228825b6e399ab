"""What the bot needs to word a move or an event without the state: legal actions carry display hints (the
card's kind, its number in hand, an invasion's strength) that are not part of the move, and events name the
kind of every card they show, only where that card is public (or in a private event for its owner)."""

from __future__ import annotations

from typing import Any

from engines.core import Rng
from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Discard, Invade, Place, SkipEffect, SwapAction, YggState

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


def _check_events(after: YggState, events: list[Any]) -> set[str]:
    for ev in events:
        p = ev.params
        for id_key, kind_key in CARD_KEYS.items():
            if id_key not in p or ev.kind == "swapped":
                continue
            ids = p[id_key] if isinstance(p[id_key], list) else [p[id_key]]
            kinds = p[kind_key] if isinstance(p[kind_key], list) else [p[kind_key]]
            assert kinds == [after.kinds[c] for c in ids], ev
            audience = None if ev.public else ev.visible_to[0]
            hidden = ENGINE.hidden_cards(after, audience)
            assert not set(ids) & hidden, f"{ev.kind} names the kind of a card its audience cannot see"
        if ev.kind == "swapped":
            assert p["kinds"] == [after.kinds[c] for c in p["cards"]]
    return {ev.kind for ev in events}


def test_events_name_the_kind_of_every_card_they_show_and_only_of_visible_cards() -> None:
    seen: set[str] = set()
    for seed in range(15):
        state = ENGINE.new_game(["p1", "p2"], {"columns": 4, "rows": 5}, seed)
        rng = Rng.from_seed(seed)
        ai = ENGINE.ai()
        while ENGINE.to_move(state):
            seat = ENGINE.to_move(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            for action in legal:
                if isinstance(action, SwapAction):
                    assert action.first_kind and action.second_kind
                if isinstance(action, SkipEffect):
                    assert action.effect in ("extra_placement", "swap")
            step = ENGINE.apply(state, seat, ai.choose(state, seat, rng))
            seen |= _check_events(step.state, step.events)
            state = step.state
    assert {"placed", "effect", "invaded", "destroyed", "drew", "discarded"} <= seen
