"""Hand-built positions for Glorious Crown rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engines.core import Event, Step
from engines.glorious_crown import ENGINE
from engines.glorious_crown.cards import ALL_IDS, RANK, canonical
from engines.glorious_crown.models import GCOptions, GCState, Pending, TopPlay
from engines.glorious_crown.plays import group_rank

E = ENGINE


def make_state(
    hands: Mapping[str, Iterable[str]],
    *,
    current: str = "p1",
    top: tuple[str, Iterable[str]] | None = None,
    lock: str | None = None,
    revolution: bool = False,
    eleven_back: bool = False,
    passed: Iterable[str] = (),
    points: Mapping[str, int] | None = None,
    finished: Iterable[str] = (),
    fouls: Iterable[str] = (),
    blind: Iterable[str] = (),
    pending: Pending | None = None,
    **options: Any,
) -> GCState:
    """A position with the given hands; every card not in a hand, on the field or blind is in the discard,
    so the 54 cards are always accounted for."""
    players = list(hands)
    hand_lists = {p: canonical(list(h)) for p, h in hands.items()}  # the engine keeps hands in this order
    top_play = None
    field: list[str] = []
    if top is not None:
        seat, cards = top
        cards_t = tuple(cards)
        rank = group_rank(cards_t)
        assert rank is not None
        top_play = TopPlay(seat=seat, cards=cards_t, rank=rank)
        field = list(cards_t)
    used = {c for h in hand_lists.values() for c in h} | set(field) | set(blind)
    assert len(used) == sum(len(h) for h in hand_lists.values()) + len(field) + len(list(blind))
    return GCState(
        game=E.id,
        players=players,
        seed=0,
        rng=1,
        options=GCOptions(**options),
        hands=hand_lists,
        blind=list(blind),
        discard=[c for c in ALL_IDS if c not in used],
        field=field,
        top=top_play,
        revolution=revolution,
        eleven_back=eleven_back,
        lock=lock,
        current=current,
        passed=list(passed),
        pending=pending,
        points={p: (points or {}).get(p, 0) for p in players},
        finished=list(finished),
        fouls=list(fouls),
    )


def act(state: GCState, seat: str, action: dict[str, Any]) -> Step[GCState]:
    return E.apply(state, seat, action)


def play(state: GCState, seat: str, *cards: str) -> Step[GCState]:
    return E.apply(state, seat, {"type": "play", "cards": list(cards)})


def pass_(state: GCState, seat: str) -> Step[GCState]:
    return E.apply(state, seat, {"type": "pass"})


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def legal_plays_of(state: GCState, seat: str) -> set[tuple[str, ...]]:
    return {tuple(a.cards) for a in E.legal_actions(state, seat) if a.type == "play"}  # type: ignore[attr-defined]


def is_rank(card: str, rank: int) -> bool:
    return RANK[card] == rank
