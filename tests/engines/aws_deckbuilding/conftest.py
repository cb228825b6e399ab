"""Position builders for AWS Deckbuilding tests: start a real game, then move named cards where a test needs
them, keeping every card instance somewhere (so conservation still holds)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from engines.aws_deckbuilding import ENGINE, play
from engines.aws_deckbuilding.cards import key_of
from engines.aws_deckbuilding.models import ADAction, ADState, Draft
from engines.core import Event, Rng


def all_piles(state: ADState) -> list[list[str]]:
    piles: list[list[str]] = [state.market.deck, *state.market.slots, state.wa]
    for seat in state.players:
        p = state.piles[seat]
        piles += [
            p.deck,
            p.hand,
            p.play,
            p.discard,
            state.score[seat],
            state.retired[seat],
            state.drafted[seat],
        ]
    return piles


def every_card(state: ADState) -> list[str]:
    return [c for pile in all_piles(state) for c in pile]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


class Table:
    """A game under construction (``p1`` starts)."""

    def __init__(self, players: int = 2, seed: int = 1, *, drafted: bool = False, **options: Any) -> None:
        seats = [f"p{i + 1}" for i in range(players)]
        self.state: ADState = ENGINE.new_game(seats, options, seed)
        self.events: list[Event] = []
        if drafted:
            self.finish_draft()

    # -------------------------------------------------------------------------------- moving cards
    def take(self, key: str, avoid: Iterable[str] = ()) -> str:
        """Remove one instance of ``key`` from the first pile holding it (decks first) and return its id."""
        skip = set(avoid)
        st = self.state
        order = [st.market.deck]
        for seat in st.players:
            order += [st.piles[seat].deck, st.piles[seat].discard]
        order += [*st.market.slots, st.wa]
        for seat in st.players:
            order += [st.piles[seat].hand, st.drafted[seat]]
        for pile in order:
            for c in pile:
                if key_of(c) == key and c not in skip:
                    pile.remove(c)
                    return c
        raise LookupError(key)

    def _own(self, seat: str, key: str) -> str:
        """Prefer the seat's own cards (on-premises cards never change owner)."""
        p = self.state.piles[seat]
        for pile in (p.deck, p.discard, p.hand):
            for c in pile:
                if key_of(c) == key:
                    pile.remove(c)
                    return c
        return self.take(key)

    def show(self, *keys: str) -> list[str]:
        """Make the face-up marketplace exactly these cards (the old ones go to the bottom of its deck)."""
        m = self.state.market
        for s in m.slots:
            m.deck[:0] = s
            s.clear()
        ids = [self.take(k) for k in keys]
        for i, c in enumerate(ids):
            m.slots[i].append(c)
        return ids

    def market_deck_top(self, *keys: str) -> list[str]:
        """Put cards on top of the marketplace deck; the first named is turned up first."""
        ids = [self.take(k) for k in keys]
        self.state.market.deck.extend(reversed(ids))
        return ids

    def deck_top(self, seat: str, *keys: str) -> list[str]:
        """Put cards on top of the seat's deck; the first named is drawn first."""
        ids = [self._own(seat, k) for k in keys]
        self.state.piles[seat].deck.extend(reversed(ids))
        return ids

    def discard(self, seat: str, *keys: str) -> list[str]:
        ids = [self._own(seat, k) for k in keys]
        self.state.piles[seat].discard.extend(ids)
        return ids

    # -------------------------------------------------------------------------------- phases
    def finish_draft(self) -> None:
        """Every seat drafts the first face-up TCO card it may take."""
        while self.state.phase == "draft":
            seat = ENGINE.to_move(self.state)[0]
            pick = next(a for a in ENGINE.legal_actions(self.state, seat) if isinstance(a, Draft))
            self.do(seat, pick)

    def start(self, seat: str, *keys: str) -> list[Event]:
        """Make it ``seat``'s turn with exactly these cards in hand, revealed (AD-9). The previous hand
        goes to the bottom of the deck."""
        self.finish_draft()
        st = self.state
        p = st.piles[seat]
        p.deck[:0] = p.hand
        p.hand = []
        p.hand = [self._own(seat, k) for k in keys]
        st.phase = "play"
        st.vote = None
        st.current = st.order.index(seat)
        rng = Rng(st.rng)
        events = play.start_turn(st, rng)
        st.rng = rng.state
        self.events += events
        return events

    # -------------------------------------------------------------------------------- acting
    def do(self, seat: str, action: ADAction | dict[str, Any]) -> list[Event]:
        step = ENGINE.apply(self.state, seat, action)
        self.state = step.state
        self.events += step.events
        return step.events

    def legal(self, seat: str = "p1") -> list[ADAction]:
        return ENGINE.legal_actions(self.state, seat)


@pytest.fixture
def table() -> Table:
    return Table()
