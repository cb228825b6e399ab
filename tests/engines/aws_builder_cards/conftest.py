"""Position builders for AWS Builder Cards tests: start a real game, then move named cards where a test
needs them, keeping every card instance somewhere (so conservation still holds)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import key_of
from engines.aws_builder_cards.models import ABState, Deploy
from engines.aws_builder_cards.turn import db_of
from engines.core import Action, Event


def all_piles(state: ABState) -> list[list[str]]:
    piles: list[list[str]] = [
        state.free.deck,
        state.paid.deck,
        *state.free.slots,
        *state.paid.slots,
        state.wa,
    ]
    for seat in state.players:
        p = state.piles[seat]
        piles += [p.deck, p.hand, p.play, p.discard, state.score[seat], state.retired[seat]]
    return piles


def every_card(state: ABState) -> list[str]:
    return [c for pile in all_piles(state) for c in pile]


class Table:
    """A game under construction. ``hand("p1", "s3", "lambda")`` gives p1 exactly those cards in hand
    (the previous hand goes to the bottom of p1's deck, the named cards come from wherever they were)."""

    def __init__(self, players: int = 2, seed: int = 1, **options: Any) -> None:
        seats = [f"p{i + 1}" for i in range(players)]
        self.state: ABState = ENGINE.new_game(seats, options, seed)
        self.events: list[Event] = []

    @property
    def db(self) -> Any:
        return db_of(self.state)

    def take(self, key: str, avoid: Iterable[str] = ()) -> str:
        """Remove one instance of ``key`` from the first pile holding it (decks first) and return its id."""
        skip = set(avoid)
        st = self.state
        order = [st.free.deck, st.paid.deck]
        for seat in st.players:
            order += [st.piles[seat].deck, st.piles[seat].discard]
        order += [*st.free.slots, *st.paid.slots, st.wa]
        for seat in st.players:
            order += [st.piles[seat].hand]
        for pile in order:
            for c in pile:
                if key_of(c) == key and c not in skip:
                    pile.remove(c)
                    return c
        raise LookupError(key)

    def hand(self, seat: str, *keys: str) -> list[str]:
        p = self.state.piles[seat]
        p.deck[:0] = p.hand  # old hand to the bottom of the deck
        p.hand = []
        ids = [self._own(seat, k) for k in keys]
        p.hand = ids
        return ids

    def _own(self, seat: str, key: str) -> str:
        """Prefer the seat's own starter instances (so starters never change owner)."""
        p = self.state.piles[seat]
        for pile in (p.deck, p.discard, p.hand):
            for c in pile:
                if key_of(c) == key:
                    pile.remove(c)
                    return c
        return self.take(key)

    def deck_top(self, seat: str, *keys: str) -> list[str]:
        """Put cards on top of the seat's deck; the first named is drawn first."""
        ids = [self._own(seat, k) for k in keys]
        self.state.piles[seat].deck.extend(reversed(ids))
        return ids

    def discard(self, seat: str, *keys: str) -> list[str]:
        ids = [self._own(seat, k) for k in keys]
        self.state.piles[seat].discard.extend(ids)
        return ids

    def slot(self, slot: int, key: str, count: int = 1) -> list[str]:
        """Show ``count`` copies of ``key`` in free slot ``slot`` (its cards go back to the free deck)."""
        st = self.state
        st.free.deck[:0] = st.free.slots[slot]
        st.free.slots[slot] = []
        ids = [self.take(key) for _ in range(count)]
        st.free.slots[slot] = ids
        return ids

    def paid_slot(self, key: str) -> str:
        st = self.state
        st.paid.deck[:0] = st.paid.slots[0]
        st.paid.slots[0] = []
        card = self.take(key)
        st.paid.slots[0] = [card]
        return card

    def do(self, seat: str, action: Action | dict[str, Any]) -> list[Event]:
        step = ENGINE.apply(self.state, seat, action)
        self.state = step.state
        self.events += step.events
        return step.events

    def deploy_all(self, seat: str = "p1") -> list[Event]:
        hand = [c for c in self.state.piles[seat].hand if not self.db.card(c).is_wa]
        return self.do(seat, Deploy(cards=tuple(hand)))

    def deploy(self, seat: str, *cards: str) -> list[Event]:
        return self.do(seat, Deploy(cards=tuple(cards)))

    def legal(self, seat: str = "p1") -> list[Action]:
        return ENGINE.legal_actions(self.state, seat)


@pytest.fixture
def table() -> Table:
    return Table()


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
