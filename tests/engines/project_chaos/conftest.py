"""Hand-built positions for Project Chaos rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines.core import Event, Step
from engines.project_chaos import ENGINE
from engines.project_chaos.cards import CARD_IDS, CARDS, Category
from engines.project_chaos.models import PCOptions, PCState, Pending, QueuedEffect, Stage

E = ENGINE
SEATS = ("p1", "p2", "p3")


def make_state(
    hands: Mapping[str, Sequence[str]] | None = None,
    *,
    deck_top: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    workplaces: Mapping[Category, str] | None = None,
    lane: Iterable[str] = (),
    discard: Iterable[str] = (),
    revealed: Iterable[str] = (),
    set_aside: Iterable[str] = (),
    die: int = 1,
    tokens: int = 0,
    scenario: str = "balanced",
    current: int = 0,
    round: int = 1,
    die_touched: bool = False,
    stage: Stage = "action",
    pending: Pending | None = None,
    queue: Iterable[QueuedEffect] = (),
    rng: int = 12345,
) -> PCState:
    """A position; every card not named anywhere goes to the bottom of the deck (so all 42 are always
    accounted for) unless ``deck`` gives the whole deck. ``deck_top`` lists the next draws, first drawn first.
    """
    hands = {p: list(h) for p, h in (hands or {s: [] for s in SEATS}).items()}
    wp: dict[Category, str | None] = {"tech": None, "user": None, "mgmt": None}
    wp.update(workplaces or {})
    named = [
        *(c for h in hands.values() for c in h),
        *deck_top,
        *(c for c in wp.values() if c is not None),
        *lane,
        *discard,
        *revealed,
        *set_aside,
    ]
    assert len(set(named)) == len(named), "a card is named twice"
    assert all(c in CARDS for c in named), [c for c in named if c not in CARDS]
    if deck is None:
        rest = [c for c in CARD_IDS if c not in named]
        full_deck = rest + list(reversed(deck_top))
    else:
        full_deck = list(deck)
    return PCState(
        game=E.id,
        players=list(hands),
        seed=0,
        rng=rng,
        options=PCOptions(scenario=scenario),  # type: ignore[arg-type]
        scenario=scenario,
        deck=full_deck,
        set_aside=list(set_aside),
        hands=hands,
        workplaces=wp,
        lane=list(lane),
        discard=list(discard),
        revealed=list(revealed),
        die=die,
        tokens=tokens,
        current=current,
        round=round,
        die_touched=die_touched,
        stage=stage,
        pending=pending,
        queue=list(queue),
    )


def act(state: PCState, seat: str, action: dict[str, Any]) -> Step[PCState]:
    return E.apply(state, seat, action)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def all_cards(s: PCState) -> list[str]:
    """Every card wherever it is, the card awaiting a push-out decision included."""
    cards = [*s.deck, *s.set_aside, *s.lane, *s.discard, *s.revealed]
    cards += [c for h in s.hands.values() for c in h]
    cards += [c for c in s.workplaces.values() if c is not None]
    if s.playing is not None:
        cards.append(s.playing)
    if s.pending is not None and s.pending.kind == "push_out":
        cards.append(s.pending.card)
    return cards


def cards_where(pred: Any) -> list[str]:
    return [cid for cid, c in CARDS.items() if pred(c)]


def plain(value: int, category: str) -> str:
    """A card of exactly that value and single category without a play effect, if the deck has one, else any
    card of that value whose categories include ``category``."""
    exact = cards_where(lambda c: c.value == value and c.categories == (category,) and not c.play)
    if exact:
        return exact[0]
    return cards_where(lambda c: c.value == value and category in c.categories)[0]
