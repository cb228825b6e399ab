"""Why a Glorious Crown move is worth making, for the coach (``Engine.explain``): which card a play keeps
for later, or what the play does that matters more (goes out, clears with an 8, counters a Joker, starts a
revolution). Read from the seat's own hand and the public field only."""

from __future__ import annotations

from engines.core import Explanation, Seat
from engines.glorious_crown.ai import strength
from engines.glorious_crown.cards import RANK
from engines.glorious_crown.models import Answer, Discard, GCAction, GCState, Give, Pass, Play
from engines.glorious_crown.plays import group_rank, is_counter
from engines.glorious_crown.scoring import is_foul_finish

EIGHT = 8


def explain(state: GCState, seat: Seat, action: GCAction) -> Explanation | None:
    hand = state.hands[seat]
    revolution = state.effective_revolution
    if isinstance(action, Play):
        cards = list(action.cards)
        rest = [c for c in hand if c not in cards]
        if not rest:
            # GC-19 / GC-20: out with a legal finish takes the best bonus still open.
            return (
                None
                if is_foul_finish(cards, revolution)
                else Explanation(code="go_out", params={"cards": cards})
            )
        if is_counter(cards, state.top):
            return Explanation(code="counter", params={"card": cards[0]})  # GC-7
        if any(RANK[c] == EIGHT for c in cards):
            return Explanation(code="eight", params={"cards": cards})  # GC-13: you lead again
        after = revolution
        if len(cards) == 4 and group_rank(cards) is not None:
            after = not revolution  # GC-8: the quad flips the board for what follows
            return Explanation(code="revolution", params={"cards": cards, "kept_card": _best(rest, after)})
        return Explanation(code="keeps", params={"cards": cards, "kept_card": _best(rest, after)})
    if isinstance(action, Pass):
        return Explanation(code="pass_keeps", params={"kept_card": _best(hand, revolution)})
    if isinstance(action, Give | Answer):
        # GC-12: what leaves the hand in a 7 trade is what the seat needs least.
        return Explanation(
            code="give", params={"cards": list(action.cards), "kept_card": _best(hand, revolution)}
        )
    if isinstance(action, Discard):
        return Explanation(code="discard", params={"card": action.card, "n": len(hand) - 1})  # GC-14
    return None


def _best(cards: list[str], revolution: bool) -> str:
    """The strongest card of ``cards`` in the effective state (a Joker over every number); the first of
    equals in hand order."""
    return max(cards, key=lambda c: strength(c, revolution))
