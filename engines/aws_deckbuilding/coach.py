"""Why an AWS Deckbuilding move is worth making, for the coach (``Engine.explain``): the combo an effect
comes from (the revealed card that meets its condition, AD-9), the card a service bought or drafted pairs
with among the seat's own cards (AD-2 conditions), the W-A points it buys (AD-15). Read from the seat's own
piles, its revealed hand and the marketplace only."""

from __future__ import annotations

from engines.aws_deckbuilding.cards import DB, Card, Eff
from engines.aws_deckbuilding.effects import revealed_of
from engines.aws_deckbuilding.models import ADAction, ADState, ApplyEffect, Buy, Draft, Retire
from engines.core import Explanation, Seat


def explain(state: ADState, seat: Seat, action: ADAction) -> Explanation | None:
    if isinstance(action, ApplyEffect) and state.now is not None:
        card = DB.card(action.card)
        eff = card.effect(action.effect)
        if eff is None:
            return None
        partners = revealed_of(tuple(state.now.revealed)).because(DB, action.card, eff, state.now.revealed)
        if partners:
            return Explanation(
                code=f"combo_{eff.type}",
                params={"card": action.card, "partner_cards": partners, "n": eff.amount},
            )
        return Explanation(code=f"effect_{eff.type}", params={"card": action.card, "n": eff.amount})
    if isinstance(action, Buy | Draft):
        return _gain(state, seat, action.card)
    if isinstance(action, Retire):
        return Explanation(code="retire", params={"card": action.card})  # AD-12: a thinner deck
    return None


def _gain(state: ADState, seat: Seat, card_id: str) -> Explanation | None:
    card = DB.card(card_id)
    if card.is_wa:
        return Explanation(code="wa", params={"card": card_id, "n": card.points})
    piles = state.piles[seat]
    owned = [c for pile in (piles.hand, piles.play, piles.discard, piles.deck) for c in pile]
    owned += state.drafted.get(seat, [])
    for mine in sorted(set(owned)):
        other = DB.card(mine)
        if not other.is_service:
            continue
        if any(_meets(e, other) for e in card.effects) or any(_meets(e, card) for e in other.effects):
            return Explanation(code="combo_with", params={"card": card_id, "partner_card": mine})
    if card.awsome > 0:
        return Explanation(code="awsome", params={"card": card_id, "n": card.awsome})
    if card.tco > 0:
        return Explanation(code="tco", params={"card": card_id, "n": card.tco})
    return None


def _meets(eff: Eff, other: Card) -> bool:
    """``other`` on the table would meet ``eff``'s service or category condition (AD-2)."""
    cond = eff.cond
    if cond is None:
        return False
    if cond.kind == "service":
        return other.key in cond.keys
    if cond.kind == "category":
        return other.category in cond.keys
    return False
