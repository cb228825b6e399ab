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
  but nothing affordable is worth buying, at most once a turn (the rule lets an agreed reshuffle be
  followed by another proposal; the AI does not chain them), and, as for everyone, not while a rejected
  proposal of its own bars it until its next turn.

The ``random`` level plays any legal move except proposing a reshuffle.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.aws_deckbuilding import play, turn
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


#: One effect as the AI weighs it: ``(condition kind, its keys, at_least, worth, amount)``; condition kind
#: ``None``: always; worth ``None``: a draw, worth as much as an average owned card (``Deck.effect_value``).
_Weighed = tuple[str | None, tuple[str, ...], int, float | None, int]


def _worth(eff: Eff) -> float | None:
    """``Deck.effect_value`` of an effect whose worth does not depend on the deck (``None``: a draw)."""
    if eff.type == "awsome":
        return eff.amount * AWSOME_VALUE
    if eff.type == "buy":
        return eff.amount * BUY_VALUE
    return None


class _Kind:
    """What the AI reads of one card kind, looked up once (the values below run thousands of times a
    game). ``base``: the credits it gives, weighed; ``effects``: each effect weighed (``_Weighed``);
    ``switches``: those whose condition names a service or a category (``True``: a service)."""

    __slots__ = ("awsome", "base", "category", "effects", "onprem", "switches", "tco")

    def __init__(self, card: Card) -> None:
        self.tco = card.tco
        self.awsome = card.awsome
        self.base = card.tco * TCO_VALUE + card.awsome * AWSOME_VALUE
        self.category = card.category
        self.onprem = card.is_onprem
        self.effects: tuple[_Weighed, ...] = tuple(
            (None, (), 0, _worth(eff), eff.amount)
            if eff.cond is None
            else (eff.cond.kind, tuple(eff.cond.keys), eff.cond.at_least, _worth(eff), eff.amount)
            for eff in card.effects
        )
        self.switches: tuple[tuple[bool, tuple[str, ...], float | None, int], ...] = tuple(
            (kind == "service", keys, worth, amount)
            for kind, keys, _n, worth, amount in self.effects
            if kind in ("service", "category")
        )


KINDS: dict[str, _Kind] = {k: _Kind(c) for k, c in DB.cards.items()}

#: instance id -> card kind key, for every card a game can hold
KEY_OF_ID: dict[str, str] = {i: c.key for i, c in DB.by_id.items()}


class Deck:
    """The AI's own cards by kind, with the chance that a condition is met by the rest of a hand.

    The arithmetic runs on every buy decision, so it reads the weighed kinds (``KINDS``) and is written out
    in place; every sum adds the same terms in the same order as the plain formulas in the comments."""

    def __init__(self, owned: Counter[str]) -> None:
        self.counts = owned
        self.total = max(1, sum(owned.values()))
        cats: dict[str, int] = {}
        onprem = 0
        kinds = KINDS
        for k, n in owned.items():
            kind = kinds[k]
            if kind.onprem:
                onprem += n
            else:
                cats[kind.category] = cats.get(kind.category, 0) + n
        self.categories = cats
        self.onprem = onprem
        self.services = self.total - onprem
        self._values: dict[str, float] = {}
        self._average: float | None = None
        self._drawn: float | None = None
        self._switch: tuple[dict[str, float], dict[str, float]] | None = None

    def _p(self, n: int) -> float:
        """The chance that at least one of the other cards of a hand is one of ``n`` owned cards."""
        f = min(1.0, n / self.total)
        return 1.0 - (1.0 - f) ** OTHERS

    def chance(self, card: Card, eff: Eff) -> float:
        """The chance the effect's condition holds in a hand drawn from this deck."""
        cond = eff.cond
        if cond is None:
            return 1.0
        return self._chance(card.category, cond.kind, tuple(cond.keys), cond.at_least)

    def _chance(self, category: str, kind: str | None, keys: tuple[str, ...], at_least: int) -> float:
        if kind is None:
            return 1.0
        if kind == "service":
            counts = self.counts
            return self._p(sum(counts.get(k, 0) for k in keys))
        if kind == "category":
            cats = self.categories
            return self._p(sum(cats.get(c, 0) for c in keys))
        if kind == "no_onprem":
            return (1.0 - self.onprem / self.total) ** OTHERS
        spread = len([c for c in self.categories if c != category])
        return min(1.0, (spread / at_least) * self.services / self.total)

    def per_hand(self, currency: str) -> float:
        """Credits of one kind an average hand of 5 gives (effects left out)."""
        kinds = KINDS
        if currency == "awsome":
            got = sum(kinds[k].awsome * n for k, n in self.counts.items())
        else:
            got = sum(kinds[k].tco * n for k, n in self.counts.items())
        return play.HAND_SIZE * got / self.total

    def average(self) -> float:
        """Credits an average owned card gives (what a drawn card is worth)."""
        if self._average is None:
            kinds = KINDS
            self._average = sum(kinds[k].base * n for k, n in self.counts.items()) / self.total
        return self._average

    def drawn_worth(self) -> float:
        """What a drawn card is worth: an average owned card's credits, at least 0.5."""
        found = self._drawn
        if found is None:
            found = self._drawn = max(0.5, self.average())
        return found

    def effect_value(self, eff: Eff) -> float:
        """AWSome and buys at fixed worths, a drawn card at an average owned card's (at least 0.5)."""
        worth = _worth(eff)
        return eff.amount * self.drawn_worth() if worth is None else worth

    def _switches(self) -> tuple[dict[str, float], dict[str, float]]:
        """What one more card of a service (or of a category) is worth to the owned cards whose
        conditions name it: built once per deck. Per owned kind ``k`` (``n`` copies) and effect naming
        it: ``0.6 * min(1, n * OTHERS / total) * effect_value``."""
        if self._switch is None:
            by_service: dict[str, float] = {}
            by_category: dict[str, float] = {}
            total = self.total
            kinds = KINDS
            for k, n in self.counts.items():
                switches = kinds[k].switches
                if not switches:
                    continue
                share = 0.6 * min(1.0, n * OTHERS / total)
                for is_service, names, worth, amount in switches:
                    if worth is None:
                        worth = amount * self.drawn_worth()
                    gain = share * worth
                    target = by_service if is_service else by_category
                    for name in names:
                        target[name] = target.get(name, 0.0) + gain
            self._switch = (by_service, by_category)
        return self._switch

    def value(self, key: str) -> float:
        """What one more copy of this card kind adds to a hand drawn from this deck: its credits, each
        effect's ``chance * effect_value``, and what it switches on among the owned cards. (``chance`` and
        ``_p`` written out: this runs for every card the AI could buy.)"""
        found = self._values.get(key)
        if found is not None:
            return found
        kind = KINDS[key]
        value = kind.base
        category = kind.category
        for cond, keys, at_least, worth, amount in kind.effects:
            if worth is None:
                worth = amount * self.drawn_worth()
            if cond is None:
                value += worth  # always met
                continue
            if cond == "service":
                counts = self.counts
                n = 0
                for k in keys:
                    n += counts.get(k, 0)
            elif cond == "category":
                cats = self.categories
                n = 0
                for c in keys:
                    n += cats.get(c, 0)
            else:
                value += self._chance(category, cond, keys, at_least) * worth
                continue
            f = min(1.0, n / self.total)
            value += (1.0 - (1.0 - f) ** OTHERS) * worth
        # Owned cards whose conditions this card would meet.
        by_service, by_category = self._switches()
        value += by_service.get(key, 0.0) + by_category.get(category, 0.0)
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
        deck = Deck(Counter(map(KEY_OF_ID.__getitem__, cards)))
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
        if state.vote is not None:
            return _YES if self.wanted(state, seat) < VOTE_BAR else _NO
        now = state.now
        if state.phase == "play" and now is not None and seat == now.seat:
            # Its own turn's effects or buy step (most decisions): read straight from the rules' helpers
            # rather than the whole legal list (the same moves, in the same order).
            if play.offered(now):
                return _APPLY_ALL
            return self._buy(state, seat, turn.buys(state, now), turn.may_propose(state, seat))
        legal = self.engine.legal_actions(state, seat)
        if state.phase == "draft":
            return self._draft(state, seat, legal)
        if state.phase == "retire":
            return self._retire(state, seat, legal)
        if any(isinstance(a, ApplyEffects) for a in legal):
            return _APPLY_ALL
        buys = [a for a in legal if isinstance(a, Buy)]
        return self._buy(state, seat, buys, any(isinstance(a, ProposeReshuffle) for a in legal))

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

    def _buy(self, state: ADState, seat: Seat, buys: list[Buy], may_propose: bool) -> Action:
        by_id = DB.by_id
        wa = next((a for a in buys if by_id[a.card].is_wa), None)
        if wa is not None:
            return wa
        deck = self.deck(state, seat)
        # Early on any service beats the on-premises cards it would join.
        floor = deck.average() + WANT_MARGIN if deck.services >= EARLY_SERVICES else 0.0
        best: Buy | None = None
        best_value = floor
        for a in buys:
            card = by_id[a.card]
            value = deck.value(card.key)
            if card.currency == "awsome":
                value += 0.5  # AWSome left over buys nothing else (the W-A card is out of reach)
            if value > best_value:
                best, best_value = a, value
        if best is not None:
            return best
        now = state.now
        if buys and now is not None and not now.bought and not now.reshuffle_votes and may_propose:
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
