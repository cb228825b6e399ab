"""What a seat may do now (AD-8 to AD-14): ``legal`` lists exactly what ``turn.apply_action`` accepts, in
a stable order (``ProposeReshuffle`` last). ``turn`` re-exports ``legal``, ``buys`` and ``may_propose``."""

from __future__ import annotations

from functools import lru_cache

from engines.aws_deckbuilding import play
from engines.aws_deckbuilding.cards import DB, Which
from engines.aws_deckbuilding.models import (
    ADAction,
    ADState,
    ApplyEffect,
    ApplyEffects,
    Buy,
    DeclineEffect,
    Draft,
    EndTurn,
    KeepOnprem,
    ProposeReshuffle,
    Retire,
    TurnState,
    Vote,
)
from engines.core import Seat

# Actions are frozen: the legal lists reuse one object per choice instead of building them again.
_APPLY_ALL = ApplyEffects()
_END = EndTurn()
_KEEP = KeepOnprem()
_PROPOSE = ProposeReshuffle()
_VOTES = (Vote(agree=True), Vote(agree=False))


@lru_cache(maxsize=1024)
def _draft(card: str) -> Draft:
    return Draft(card=card)


@lru_cache(maxsize=1024)
def _buy(card: str) -> Buy:
    return Buy(card=card)


@lru_cache(maxsize=1024)
def _retire(card: str) -> Retire:
    return Retire(card=card)


@lru_cache(maxsize=2048)
def _apply(card: str, which: Which) -> ApplyEffect:
    return ApplyEffect(card=card, effect=which)


@lru_cache(maxsize=2048)
def _decline(card: str, which: Which) -> DeclineEffect:
    return DeclineEffect(card=card, effect=which)


def may_propose(state: ADState, seat: Seat) -> bool:
    """AD-14: any seat, at any time of a running game, while no vote runs, even right after an agreed
    reshuffle; a seat whose proposal was rejected waits for its next turn (so a "no" is not asked again and
    again)."""
    return (
        state.phase != "over" and state.vote is None and seat in state.piles and seat not in state.vote_barred
    )


def legal(state: ADState, seat: Seat) -> list[ADAction]:
    """``ProposeReshuffle`` always comes last (a seat that is not to move may only propose)."""
    if state.phase == "over":
        return []
    if state.vote is not None:
        return list(_VOTES) if seat in state.vote.waiting else []
    out: list[ADAction] = []
    if seat == play.acting_seat(state):
        db = DB
        if state.phase == "draft":
            out += [_draft(c) for c in state.market.showing() if db.card(c).currency == "tco"]
        elif state.phase == "retire":
            out += [_retire(c) for c in play.retire_choices(state, seat)]
            out.append(_KEEP)
        else:
            now = state.now
            assert now is not None
            offered = play.offered(now)
            if offered:
                out.append(_APPLY_ALL)
                out += [_apply(c, w) for c, w in offered]
                out += [_decline(c, w) for c, w in offered]
            else:
                out += buys(state, now)
                out.append(_END)
    if may_propose(state, seat):
        out.append(_PROPOSE)
    return out


def buys(state: ADState, now: TurnState) -> list[Buy]:
    """The legal buys of the buy step (AD-10, AD-11), in ``play.affordable`` order."""
    if now.buys_left > 0 and not now.gave_up:
        return [_buy(c) for c in play.affordable(state, now)]
    return []
