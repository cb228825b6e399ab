"""Why an AWS Builder Cards move is worth making, for the coach (``Engine.explain``): the mission a deploy
builds (AB-11), the combo it fires (AB-5.3), the combo or mission a card acquired serves with cards the seat
already owns, the W-A points it buys (AB-8). Read from the seat's own piles (its deck as a set of cards, which
it knows), its missions and the console only: nothing another seat hides."""

from __future__ import annotations

from itertools import permutations

from engines.aws_builder_cards.architecture import is_cmp
from engines.aws_builder_cards.cards import CMP, CardDB, catalogue, key_of
from engines.aws_builder_cards.deploy import preview_deploy
from engines.aws_builder_cards.models import (
    ABAction,
    ABState,
    Acquire,
    Deploy,
    Retire,
    RetireBuilder,
    SolveMission,
)
from engines.aws_builder_cards.setup import mission_key
from engines.core import Explanation, Seat


def explain(state: ABState, seat: Seat, action: ABAction) -> Explanation | None:
    db = catalogue(state.card_file)
    if isinstance(action, Deploy):
        return _deploy(state, db, seat, action)
    if isinstance(action, Acquire):
        return _acquire(state, db, seat, action)
    if isinstance(action, SolveMission):
        return Explanation(code="solve", params={"mission_card": action.mission})
    if isinstance(action, Retire | RetireBuilder):
        return Explanation(code="retire", params={"card": action.card})  # AB-5.1: a thinner deck
    return None


def _missions(state: ABState, seat: Seat) -> list[str]:
    """The missions the seat may solve: its own secret ones and those revealed beside the console."""
    return [*state.mission_hand.get(seat, []), *state.missions_revealed]


def _deploy(state: ABState, db: CardDB, seat: Seat, action: Deploy) -> Explanation | None:
    play = [*state.piles[seat].play, *action.cards]
    keys = [key_of(c) for c in play]
    for mission in _missions(state, seat):
        if _builds(db, keys, mission):
            return Explanation(code="mission", params={"mission_card": mission, "cards": list(action.cards)})
    preview = preview_deploy(state, seat, action)
    for line in preview.lines or []:
        if line.kind in ("with", "per") and line.partner_cards and (line.credits or line.draw or line.adopt):
            # Named by what it gives most: credits, else cards drawn, else Cloud Adoptions (AB-5.3).
            gains = (("credits", line.credits), ("draw", line.draw), ("adopt", line.adopt))
            gain, n = next((g, v) for g, v in gains if v)
            return Explanation(
                code=f"combo_{gain}",
                params={"card": line.card, "partner_cards": list(line.partner_cards), "n": n},
            )
    if preview.credits > 0:
        return Explanation(code="credits", params={"cards": list(action.cards), "n": preview.credits})
    return None


def _builds(db: CardDB, keys: list[str], mission: str) -> bool:
    """AB-11: one distinct deployed card for each of the mission's requirements."""
    needs = db.missions[mission_key(mission)].needs
    fits = [
        [i for i, k in enumerate(keys) if k in need or (CMP in need and is_cmp(db, keys, i))]
        for need in needs
    ]
    if any(not f for f in fits):
        return False
    return any(
        all(p[r] in fits[r] for r in range(len(needs))) for p in permutations(range(len(keys)), len(needs))
    )


def _acquire(state: ABState, db: CardDB, seat: Seat, action: Acquire) -> Explanation | None:
    card = _offered(state, action)
    if card is None:
        return None
    found = db.card(card)
    if found.is_wa:
        return Explanation(code="wa", params={"card": card, "n": found.defn.points})
    key = found.key
    for mission in _missions(state, seat):
        if any(key in need for need in db.missions[mission_key(mission)].needs):
            return Explanation(code="mission_part", params={"card": card, "mission_card": mission})
    piles = state.piles[seat]
    owned = [c for pile in (piles.hand, piles.play, piles.discard, piles.deck) for c in pile]
    partners = set(db.partner_names(key))
    for mine in sorted(owned):
        other = key_of(mine)
        if other in partners or key in db.partner_names(other):
            return Explanation(code="combo_with", params={"card": card, "partner_card": mine})
    if found.defn.credits > 0:
        return Explanation(code="card_credits", params={"card": card, "n": found.defn.credits})
    return None


def _offered(state: ABState, action: Acquire) -> str | None:
    """The card an acquisition takes, where the seat can see it (a blind draw: unknown)."""
    if action.source == "free" and action.slot < len(state.free.slots) and state.free.slots[action.slot]:
        return state.free.slots[action.slot][-1]
    if action.source == "paid" and state.paid.slots and state.paid.slots[0]:
        return state.paid.slots[0][-1]
    if action.source == "wa" and state.wa:
        return state.wa[-1]
    return None
