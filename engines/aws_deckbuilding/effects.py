"""Which effects of the revealed cards are offered (AD-9): the conditions, counted over the other revealed
cards, and each effect's status (applied, declined, offered or unmet). Pure reads of the turn's state;
``play`` re-exports them for the turn and the views."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engines.aws_deckbuilding.cards import DB, Card, CardDB, Eff, Which, key_of
from engines.aws_deckbuilding.models import ADState, TurnState


class Revealed:
    """The counts conditions look at, built once per question: revealed card kinds, service categories,
    and on-premises cards."""

    __slots__ = ("categories", "keys", "onprem")

    def __init__(self, db: CardDB, cards: Iterable[str]) -> None:
        self.keys: dict[str, int] = {}
        self.categories: dict[str, int] = {}
        self.onprem = 0
        by_id = db.by_id
        for c in cards:
            card = by_id[c]
            self.keys[card.key] = self.keys.get(card.key, 0) + 1
            if card.is_onprem:
                self.onprem += 1
            else:
                self.categories[card.category] = self.categories.get(card.category, 0) + 1

    def holds(self, card: Card, eff: Eff) -> bool:
        """Is the condition met by the OTHER revealed cards (the card itself never counts)? Every kind and
        category counted here is revealed at least once."""
        cond = eff.cond
        if cond is None:
            return True
        kind = cond.kind
        if kind == "service":  # a card never names itself (checked when the data loads)
            return not cond.keys.isdisjoint(self.keys)
        cats = self.categories
        own = card.category
        if kind == "category":
            # another card of a named category: one of another category, or a second one of its own
            return any(c != own or cats[c] > 1 for c in cond.keys if c in cats)
        if kind == "no_onprem":
            return self.onprem == 0
        # categories of the other revealed services: its own counts only if revealed twice
        return len(cats) - (cats.get(own, 0) == 1) >= cond.at_least

    def because(self, db: CardDB, card_id: str, eff: Eff, revealed: list[str]) -> list[str]:
        """The other revealed cards that meet a service/category condition (for events and highlights)."""
        cond = eff.cond
        if cond is None or cond.kind in ("no_onprem", "categories"):
            if cond is not None and cond.kind == "categories":
                return [c for c in revealed if c != card_id and db.card(c).is_service]
            return []
        if cond.kind == "service":
            return [c for c in revealed if key_of(c) in cond.keys]
        return [c for c in revealed if c != card_id and db.card(c).category in cond.keys]


@lru_cache(maxsize=1024)
def revealed_of(cards: tuple[str, ...]) -> Revealed:
    """The counts for a revealed set (never changed once built, so shared)."""
    return Revealed(DB, cards)


def effect_status(state: ADState, now: TurnState) -> list[tuple[str, Eff, str]]:
    """Every effect of every revealed card with its status: applied, declined, offered or unmet."""
    db = DB
    seen = revealed_of(tuple(now.revealed))
    applied = set(now.applied)
    declined = set(now.declined)
    out: list[tuple[str, Eff, str]] = []
    for c in now.revealed:
        card = db.card(c)
        for eff in card.effects:
            ref = (c, eff.which)
            if ref in applied:
                status = "applied"
            elif ref in declined:
                status = "declined"
            else:
                status = "offered" if seen.holds(card, eff) else "unmet"
            out.append((c, eff, status))
    return out


def offers(now: TurnState) -> list[tuple[str, Which]]:
    """AD-9: effects whose condition holds and that are neither applied nor declined, in reveal order."""
    return list(offered(now))


def offered(now: TurnState) -> tuple[tuple[str, Which], ...]:
    """``offers`` as a tuple, for callers that only read it (asked several times per action: legal moves,
    the buy step, the AI)."""
    holding = _holding(tuple(now.revealed))
    applied = now.applied
    declined = now.declined
    if not applied and not declined:
        return holding
    done = set(applied)
    done.update(declined)
    return tuple(ref for ref in holding if ref not in done)


@lru_cache(maxsize=4096)
def _holding(revealed: tuple[str, ...]) -> tuple[tuple[str, Which], ...]:
    """Every effect of the revealed cards whose condition holds, in reveal order (depends only on what is
    revealed, so it is worked out once per revealed set)."""
    by_id = DB.by_id
    seen = revealed_of(revealed)
    return tuple((c, eff.which) for c in revealed for eff in by_id[c].effects if seen.holds(by_id[c], eff))
