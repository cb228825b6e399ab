"""Events are typed records (one class per kind, no ``params``): every card they show comes with its kind, and
only where that card is public (or in a private event for its owner)."""

from __future__ import annotations

from pydantic import TypeAdapter

from engines.core import Event, Rng
from engines.yggdrasil import ENGINE
from engines.yggdrasil.events import EVENT_KINDS, Destroyed, Swapped, YggEvent
from engines.yggdrasil.models import YggState

ADAPTER: TypeAdapter[YggEvent] = TypeAdapter(YggEvent)
#: card id field -> the field naming its kind
KIND_OF = {"card": "card_kind", "target_card": "target_kind", "first_card": "first_kind"}


def _card_pairs(ev: Event) -> list[tuple[str, str]]:
    """(instance id, kind) of every card the event shows."""
    fields = ev.model_dump()
    pairs = [(fields[c], fields[k]) for c, k in KIND_OF.items() if c in fields]
    if isinstance(ev, Swapped):
        pairs.append((ev.second_card, ev.second_kind))
    if isinstance(ev, Destroyed):
        pairs += list(zip(ev.cascade_cards, ev.cascade_kinds, strict=True))
    return pairs


def _check(before: YggState, after: YggState, events: list[Event]) -> set[str]:
    for ev in events:
        assert type(ev) is not Event, f"{ev.kind} is not a typed event"
        assert ADAPTER.validate_json(ev.model_dump_json()) == ev
        audience = None if ev.public else ev.visible_to[0]  # type: ignore[index]
        hidden = ENGINE.hidden_cards(after, audience) & ENGINE.hidden_cards(before, audience)
        for card, kind in _card_pairs(ev):
            assert before.kinds[card] == kind, ev
            assert card not in hidden, f"{ev.kind} shows a card its audience cannot see"
    return {ev.kind for ev in events}


def test_every_event_is_typed_and_names_the_kind_of_every_card_it_shows() -> None:
    seen: set[str] = set()
    for seed in range(15):
        state = ENGINE.new_game(["p1", "p2"], {"columns": 4, "rows": 5}, seed)
        rng = Rng.from_seed(seed)
        ai = ENGINE.ai()
        while ENGINE.to_move(state):
            seat = ENGINE.to_move(state)[0]
            step = ENGINE.apply(state, seat, ai.choose(state, seat, rng))
            seen |= _check(state, step.state, step.events)
            state = step.state
    assert seen <= set(EVENT_KINDS)
    assert {"placed", "effect", "invaded", "destroyed", "drew", "drew_card", "discarded", "turn"} <= seen
    assert "game_over" in seen


def test_event_kinds_are_the_union() -> None:
    assert len(set(EVENT_KINDS)) == len(EVENT_KINDS) == 13
    for kind in EVENT_KINDS:
        assert ADAPTER.validate_python({"kind": kind, **_minimal(kind)}).kind == kind


def _minimal(kind: str) -> dict[str, object]:
    """The fewest fields each kind needs, to check that the union parses every kind by its name."""
    card = {"seat": "p1", "card": "p1:01", "card_kind": "star-fruit"}
    return {
        "placed": {**card, "cell": "C2"},
        "effect": {**card, "effect": "swap", "available": True},
        "effect_skipped": {"seat": "p1", "effect": "swap"},
        "swapped": {
            "seat": "p1",
            "owner_seat": "p2",
            "first_cell": "C5",
            "second_cell": "C6",
            "first_card": "p2:01",
            "second_card": "p2:02",
            "first_kind": "star-fruit",
            "second_kind": "moss-bear",
        },
        "invaded": {
            "seat": "p1",
            "target_seat": "p2",
            "target": "C3",
            "target_card": "p2:01",
            "target_kind": "moss-bear",
            "supporters": ["C2"],
            "attack": 4,
            "defence": 4,
            "success": True,
        },
        "destroyed": {**card, "cell": "C3"},
        "no_invasion": {"seat": "p1"},
        "discarded": card,
        "drew": card,
        "drew_card": {"seat": "p1", "deck_left": 3},
        "turn": {"seat": "p1"},
        "could_not_place": {"seat": "p1"},
        "game_over": {"reason": "no_room", "scores": {"p1": 3, "p2": 4}},
    }[kind]
