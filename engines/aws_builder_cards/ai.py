"""The AI: deploys everything (the best pairing is found by the engine), retires on-premises cards, buys
W-A cards whenever it can (3-point ones first), and otherwise takes the Builder card worth most *with its
own deck*: base credits plus each combo's yield times the chance its partners show up in the same hand.

It looks only at what its seat may see: its own cards (their order in the deck is unknown to it, but which
cards it owns is not), the console and the W-A pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engines.aws_builder_cards.architecture import is_cmp
from engines.aws_builder_cards.cards import BUILDER, CMP, CMP_CATEGORIES, OTHER, Card, CardDB, key_of
from engines.aws_builder_cards.models import (
    ABState,
    Acquire,
    Deploy,
    EndTurn,
    MoveToDeck,
    ProposeReshuffle,
    Retire,
    RetireBuilder,
    RevealMission,
    SolveMission,
    Vote,
)
from engines.aws_builder_cards.setup import HAND_SIZE
from engines.aws_builder_cards.turn import db_of, mission_matches
from engines.core import Action, Engine, Rng, Seat

#: below this, nothing on the console is worth taking: the AI would rather ask for a reshuffle (AB-9)
POOR_CONSOLE = 0.3
DRAW_VALUE = 1.6  # a drawn card is worth about an average card of a growing deck
ADOPT_VALUE = 2.5  # an extra acquisition: a free card, or a second W-A card
WA_VALUE = {1: 40.0, 3: 100.0}


def gives_value(credits: int, draw: int, adopt: int) -> float:
    return credits + DRAW_VALUE * draw + ADOPT_VALUE * adopt


class Composition:
    """The AI's own cards as a multiset, with the chance that a kind of card shows up beside another."""

    def __init__(self, db: CardDB, owned: list[str]) -> None:
        self.db = db
        self.counts = Counter(key_of(c) for c in owned)
        self.total = max(1, sum(self.counts.values()))
        self._values: dict[str, float] = {}
        self._average: float | None = None

    def value(self, key: str) -> float:
        """``card_value`` of a card kind with this deck, memoised for the decision at hand."""
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = card_value(self.db, self.db.cards[key], self)
        return found

    def average(self) -> float:
        if self._average is None:
            self._average = sum(self.value(k) * n for k, n in self.counts.items()) / self.total
        return self._average

    def share(self, test: str) -> float:
        db = self.db
        if test == OTHER:
            n = self.total
        elif test == CMP:
            n = sum(v for k, v in self.counts.items() if db.cards[k].defn.category in CMP_CATEGORIES)
        elif test == BUILDER:
            n = sum(v for k, v in self.counts.items() if db.cards[k].is_builder)
        else:
            n = self.counts.get(test, 0)
        return n / self.total

    def chance(self, partners: frozenset[str], count: int = 1) -> float:
        f = min(1.0, sum(self.share(p) for p in partners))
        others = HAND_SIZE - 1
        p_one = 1.0 - (1.0 - f) ** others
        return p_one if count == 1 else p_one * min(1.0, f * others / count)


def card_value(db: CardDB, card: Card, comp: Composition) -> float:
    """Expected credits (draws and adoptions converted) this card adds to a hand drawn from ``comp``."""
    if card.is_wa:
        return 0.0
    value = float(card.defn.credits)
    for combo in card.combos:
        value += comp.chance(combo.partners, combo.count) * gives_value(
            combo.credits, combo.draw, combo.adopt
        )
    for per in card.per:
        expected = comp.share(per.per) * (HAND_SIZE - 1)
        value += expected * (per.amount if per.what == "credits" else DRAW_VALUE * per.amount)
    if card.stack is not None:
        same = comp.share(card.key) * (HAND_SIZE - 1)
        totals = card.stack.totals
        value += same * max(0.0, (totals[1] - 2 * card.defn.credits))
    value += DRAW_VALUE * card.draw + ADOPT_VALUE * card.adopt + 0.8 * card.discard_to_deck
    if card.wa_costs is not None:
        value += 1.5
    # Cards it already owns that look for this one.
    for key, n in comp.counts.items():
        other = db.cards[key]
        for combo in other.combos:
            if card.key in combo.partners or (CMP in combo.partners and card.defn.category in CMP_CATEGORIES):
                value += (
                    0.5
                    * min(1.0, n * (HAND_SIZE - 1) / comp.total)
                    * gives_value(combo.credits, combo.draw, combo.adopt)
                )
    return value


def may_propose_reshuffle(state: ABState) -> bool:
    """An AI puts the console reshuffle to the vote at most once a round, counting anyone's proposal: every
    vote stops the game until the humans answer, so asking again and again would only nag them."""
    voted = state.reshuffle_voted_at
    return voted is None or state.turns - voted >= len(state.order)


class RandomAI:
    """The "random" level: a uniformly random legal move, except that it never proposes a console reshuffle
    (each proposal makes the humans vote; a random player would ask nearly every turn)."""

    def __init__(self, engine: Engine[Any, Any, Any, Any]) -> None:
        self.engine = engine

    def choose(self, state: ABState, seat: Seat, rng: Rng) -> Action:
        legal: list[Action] = self.engine.legal_actions(state, seat)
        quiet = [a for a in legal if not isinstance(a, ProposeReshuffle)]
        return rng.choice(quiet or legal)


class BuilderAI:
    def __init__(self, engine: Engine[Any, Any, Any, Any]) -> None:
        self.engine = engine
        self._comp_key: tuple[object, ...] | None = None
        self._comp: Composition | None = None

    def choose(self, state: ABState, seat: Seat, rng: Rng) -> Action:
        legal: list[Action] = self.engine.legal_actions(state, seat)
        db = db_of(state)
        pending = state.pending
        if pending is not None:
            if pending.kind == "vote":
                return Vote(agree=True)
            return self._best_to_deck(state, db, seat, legal)
        for a in legal:
            if isinstance(a, SolveMission):
                return a
        if any(isinstance(a, RevealMission) for a in legal):
            own = state.mission_hand.get(seat, [])
            if own and state.piles[seat].play and mission_matches(state, db, own[0]):
                return RevealMission()
        retires = [a for a in legal if isinstance(a, Retire)]
        if retires:
            comp = self._composition(state, seat)
            return min(retires, key=lambda a: (comp.value(key_of(a.card)), a.card))
        deploys = [a for a in legal if isinstance(a, Deploy) and not a.decline_sunset]
        if deploys:
            return max(deploys, key=lambda a: len(a.cards))
        comp = self._composition(state, seat)
        acquires = [a for a in legal if isinstance(a, Acquire)]
        if acquires:
            scored = [(self._acquire_value(state, db, comp, a), i, a) for i, a in enumerate(acquires)]
            best_value, _, best = max(scored, key=lambda t: (t[0], -t[1]))
            must = state.now.retired is not None and not state.now.acquired
            if best_value > POOR_CONSOLE or must:
                return best
            if not state.now.acquired and may_propose_reshuffle(state) and ProposeReshuffle() in legal:
                return ProposeReshuffle()
        builder_retires = [a for a in legal if isinstance(a, RetireBuilder)]
        if builder_retires:
            worst = min(builder_retires, key=lambda a: comp.value(key_of(a.card)))
            if comp.value(key_of(worst.card)) < 0.8:
                return worst
        for a in legal:
            if isinstance(a, EndTurn):
                return a
        return legal[0]

    def _composition(self, state: ABState, seat: Seat) -> Composition:
        """The owned multiset changes only when a card is acquired or retired, so the last one (with its
        memoised card values) is reused while the same cards are owned."""
        p = state.piles[seat]
        owned = [*p.deck, *p.hand, *p.play, *p.discard]
        key = (seat, state.card_file, len(owned), sum(map(hash, owned)))
        if key != self._comp_key or self._comp is None:
            self._comp_key = key
            self._comp = Composition(db_of(state), owned)
        return self._comp

    def _best_to_deck(self, state: ABState, db: CardDB, seat: Seat, legal: Sequence[Action]) -> Action:
        comp = self._composition(state, seat)
        moves = [a for a in legal if isinstance(a, MoveToDeck)]
        return max(moves, key=lambda a: (comp.value(key_of(a.card)), a.card))

    def _acquire_value(self, state: ABState, db: CardDB, comp: Composition, a: Acquire) -> float:
        if a.source == "wa":
            return WA_VALUE.get(db.card(state.wa[-1]).defn.points, 40.0)
        if a.source == "free":
            card = db.card(state.free.slots[a.slot][-1])
        elif a.source == "paid":
            card = db.card(state.paid.slots[0][-1])
        else:
            # Blind: the average free card it cannot see, a little below what it can see (measured like
            # the cards on show, against what its deck already averages).
            showing = [db.card(s[-1]) for s in state.free.slots if s]
            if not showing:
                return 0.5
            return sum(comp.value(c.key) for c in showing) / len(showing) - 0.5 * comp.average() - 0.5
        # A card worth less than what the deck already averages dilutes it (but anything beats a Starter).
        return comp.value(card.key) - 0.5 * comp.average() + (0.5 if card.paid else 0.0)


__all__ = ["BuilderAI", "RandomAI", "card_value", "is_cmp", "may_propose_reshuffle"]
