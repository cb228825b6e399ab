"""The ``normal`` AI: a cloud architect who buys services that work with what it already owns.

It decides only from what its own seat may see: the face-up marketplace and the W-A pile, its own cards
(which kinds it owns, never the order of its deck), the revealed hand of the turn and the vote. Its rules:

- Draft (AD-8): the free card worth most to its starting deck, dearer cards first (a free pick should be one
  it could not easily buy).
- Effects (AD-9): applies every offered effect (more credits, buys and cards never hurt it).
- Buying (AD-10): the top W-A card whenever it can pay for it; otherwise the service card worth most to its
  own deck (credits it gives plus each effect's worth times the chance its condition is met by the cards
  it owns, plus the effects of owned cards this card would switch on), if that beats a floor.
- Retiring (AD-12): on-premises cards giving 0 TCO always, the others once it owns enough services.
- The vote (AD-14): it agrees when no face-up service is worth buying for its deck (nothing it wants
  would be lost), otherwise it says no. It proposes a reshuffle only on its own turn, when it could buy
  but nothing affordable is worth buying (and, as for everyone, only if no vote was held this round).

The ``random`` level plays any legal move except proposing a reshuffle.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.aws_deckbuilding import play
from engines.aws_deckbuilding.cards import DB, Card, Eff, key_of
from engines.aws_deckbuilding.models import (
    ADState,
    ApplyEffects,
    Buy,
    Draft,
    EndTurn,
    KeepOnprem,
    ProposeReshuffle,
    Retire,
    Vote,
)
from engines.core import Action, Engine, Rng, Seat

OTHERS = play.HAND_SIZE - 1
TCO_VALUE = 1.0
AWSOME_VALUE = 1.3
BUY_VALUE = 1.2
WANT_MARGIN = 0.1  # a service must beat the deck's average card by this much to be worth a buy
VOTE_BAR = 2.2  # a face-up card worth this much to its deck makes it vote no
EARLY_SERVICES = 4  # below this many services owned, any service card is worth a buy
RETIRE_ONE_AT = 4  # services owned before it retires 1-TCO on-premises cards
RETIRE_TWO_AT = 9  # ... and the 2-TCO Mainframe


# Actions are frozen: one object each instead of a new one per decision.
_YES, _NO = Vote(agree=True), Vote(agree=False)
_APPLY_ALL = ApplyEffects()
_KEEP = KeepOnprem()
_PROPOSE = ProposeReshuffle()
_END = EndTurn()


class Deck:
    """The AI's own cards by kind, with the chance that a condition is met by the rest of a hand."""

    def __init__(self, owned: Counter[str]) -> None:
        self.counts = owned
        self.total = max(1, sum(owned.values()))
        cats: Counter[str] = Counter()
        onprem = 0
        for k, n in owned.items():
            card = DB.cards[k]
            if card.is_onprem:
                onprem += n
            else:
                cats[card.category] += n
        self.categories = cats
        self.onprem = onprem
        self.services = self.total - onprem
        self._values: dict[str, float] = {}
        self._average: float | None = None
        self._switch: tuple[dict[str, float], dict[str, float]] | None = None

    def _p(self, n: int) -> float:
        f = min(1.0, n / self.total)
        return 1.0 - (1.0 - f) ** OTHERS

    def chance(self, card: Card, eff: Eff) -> float:
        cond = eff.cond
        if cond is None:
            return 1.0
        if cond.kind == "service":
            return self._p(sum(self.counts.get(k, 0) for k in cond.keys))
        if cond.kind == "category":
            return self._p(sum(self.categories.get(c, 0) for c in cond.keys))
        if cond.kind == "no_onprem":
            return (1.0 - self.onprem / self.total) ** OTHERS
        spread = len([c for c in self.categories if c != card.category])
        return min(1.0, (spread / cond.at_least) * self.services / self.total)

    def per_hand(self, currency: str) -> float:
        """Credits of one kind an average hand of 5 gives (effects left out)."""
        if currency == "awsome":
            got = sum(DB.cards[k].awsome * n for k, n in self.counts.items())
        else:
            got = sum(DB.cards[k].tco * n for k, n in self.counts.items())
        return play.HAND_SIZE * got / self.total

    def average(self) -> float:
        """Credits an average owned card gives (what a drawn card is worth)."""
        if self._average is None:
            self._average = (
                sum(
                    (DB.cards[k].tco * TCO_VALUE + DB.cards[k].awsome * AWSOME_VALUE) * n
                    for k, n in self.counts.items()
                )
                / self.total
            )
        return self._average

    def effect_value(self, eff: Eff) -> float:
        if eff.type == "awsome":
            return eff.amount * AWSOME_VALUE
        if eff.type == "buy":
            return eff.amount * BUY_VALUE
        return eff.amount * max(0.5, self.average())

    def _switches(self) -> tuple[dict[str, float], dict[str, float]]:
        """What one more card of a service (or of a category) is worth to the owned cards whose
        conditions name it: built once per deck."""
        if self._switch is None:
            by_service: dict[str, float] = {}
            by_category: dict[str, float] = {}
            for k, n in self.counts.items():
                for eff in DB.cards[k].effects:
                    cond = eff.cond
                    if cond is None or cond.kind not in ("service", "category"):
                        continue
                    worth = 0.6 * min(1.0, n * OTHERS / self.total) * self.effect_value(eff)
                    target = by_service if cond.kind == "service" else by_category
                    for name in cond.keys:
                        target[name] = target.get(name, 0.0) + worth
            self._switch = (by_service, by_category)
        return self._switch

    def value(self, key: str) -> float:
        """What one more copy of this card kind adds to a hand drawn from this deck."""
        found = self._values.get(key)
        if found is not None:
            return found
        card = DB.cards[key]
        value = card.tco * TCO_VALUE + card.awsome * AWSOME_VALUE
        for eff in card.effects:
            value += self.chance(card, eff) * self.effect_value(eff)
        # Owned cards whose conditions this card would meet.
        by_service, by_category = self._switches()
        value += by_service.get(key, 0.0) + by_category.get(card.category, 0.0)
        self._values[key] = value
        return value


class CloudArchitectAI:
    def __init__(self, engine: Engine[Any, Any, Any, Any]) -> None:
        self.engine = engine
        self._decks: dict[Seat, tuple[tuple[int, int], Deck]] = {}

    # -------------------------------------------------------------------------------------------- helpers
    def deck(self, state: ADState, seat: Seat) -> Deck:
        """Its own cards (deck, hand, discard, drafted), rebuilt only when what it owns changed."""
        p = state.piles[seat]
        cards = [*p.deck, *p.hand, *p.discard, *state.drafted[seat]]
        stamp = (len(cards), sum(map(hash, cards)))
        cached = self._decks.get(seat)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        by_id = DB.by_id
        deck = Deck(Counter(by_id[c].key for c in cards))
        self._decks[seat] = (stamp, deck)
        return deck

    def wanted(self, state: ADState, seat: Seat) -> float:
        """The best face-up service card's worth to its deck, among those an average hand of its deck
        could pay for (a card it cannot hope to buy is no reason to keep the marketplace as it is)."""
        deck = self.deck(state, seat)
        reach = {"tco": deck.per_hand("tco") + 1, "awsome": deck.per_hand("awsome") + 1}
        return max(
            (
                deck.value(key_of(c))
                for c in state.market.showing()
                if DB.card(c).cost <= reach[DB.card(c).currency or "tco"]
            ),
            default=0.0,
        )

    # -------------------------------------------------------------------------------------------- choose
    def choose(self, state: ADState, seat: Seat, rng: Rng) -> Action:
        legal = self.engine.legal_actions(state, seat)
        if state.vote is not None:
            return _YES if self.wanted(state, seat) < VOTE_BAR else _NO
        if state.phase == "draft":
            return self._draft(state, seat, legal)
        if state.phase == "retire":
            return self._retire(state, seat, legal)
        if any(isinstance(a, ApplyEffects) for a in legal):
            return _APPLY_ALL
        return self._buy(state, seat, legal)

    def _draft(self, state: ADState, seat: Seat, legal: list[Action]) -> Action:
        deck = self.deck(state, seat)
        picks = [a for a in legal if isinstance(a, Draft)]
        return max(picks, key=lambda a: (deck.value(key_of(a.card)) + 0.3 * DB.card(a.card).cost, a.card))

    def _retire(self, state: ADState, seat: Seat, legal: list[Action]) -> Action:
        deck = self.deck(state, seat)
        retires = [a for a in legal if isinstance(a, Retire)]
        if retires:
            worst = min(retires, key=lambda a: (DB.card(a.card).tco, a.card))
            tco = DB.card(worst.card).tco
            if tco == 0 or (tco == 1 and deck.services >= RETIRE_ONE_AT) or deck.services >= RETIRE_TWO_AT:
                return worst
        return _KEEP

    def _buy(self, state: ADState, seat: Seat, legal: list[Action]) -> Action:
        buys = [a for a in legal if isinstance(a, Buy)]
        wa = next((a for a in buys if DB.card(a.card).is_wa), None)
        if wa is not None:
            return wa
        deck = self.deck(state, seat)
        # Early on any service beats the on-premises cards it would join.
        floor = deck.average() + WANT_MARGIN if deck.services >= EARLY_SERVICES else 0.0
        best: Buy | None = None
        best_value = floor
        for a in buys:
            value = deck.value(key_of(a.card))
            card = DB.card(a.card)
            if card.currency == "awsome":
                value += 0.5  # AWSome left over buys nothing else (the W-A card is out of reach)
            if value > best_value:
                best, best_value = a, value
        if best is not None:
            return best
        now = state.now
        if (
            buys
            and now is not None
            and not now.bought
            and any(isinstance(a, ProposeReshuffle) for a in legal)
        ):
            return _PROPOSE  # it could buy, but nothing it can pay for is worth a buy
        return _END


class RandomPlayer:
    """The ``random`` level: any legal move, uniformly, except that it never proposes a marketplace
    reshuffle (random proposals would only make the humans vote again and again)."""

    def __init__(self, engine: Engine[Any, Any, Any, Any]) -> None:
        self.engine = engine

    def choose(self, state: ADState, seat: Seat, rng: Rng) -> Action:
        legal: list[Action] = self.engine.legal_actions(state, seat)
        moves = [a for a in legal if not isinstance(a, ProposeReshuffle)]
        return rng.choice(moves or legal)
