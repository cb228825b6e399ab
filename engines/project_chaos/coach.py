"""Why a Project Chaos move is worth making, for the coach (``Engine.explain``): the part of the scenario's
goal a card sent to the completed-product lane advances (PC-5, PC-7 C), a card of the value the goal counts
kept where it can still reach the lane (and how many the game holds to spare), the resources a placement
adds, the trouble it keeps out of the lane, the chaos a play calms (PC-9). Read from the board (public) and
the seat's own card only."""

from __future__ import annotations

from engines.core import Explanation, Seat
from engines.project_chaos.cards import CARDS, SUPPLY, VALUE, Die, SetDie
from engines.project_chaos.models import Discard, Pay, PCAction, PCState, Place, Play, PushOutPending
from engines.project_chaos.scenarios import SCENARIOS, ValueCountGoal, progress

#: From this die face on, chaos costs the team (PC-9: die 2 and 3 do something).
CHAOTIC = 2


def explain(state: PCState, seat: Seat, action: PCAction) -> Explanation | None:
    if isinstance(action, Place):
        return _place(state, action)
    if isinstance(action, Pay) and isinstance(state.pending, PushOutPending):
        pending = state.pending
        if pending.pay_to == "lane":
            return _to_lane(state, pending.card, pending.by_card) or Explanation(
                code="ships", params={"lane_card": pending.card}
            )
        return Explanation(code="trouble_out", params={"card": pending.card})  # PC-7 C: pay to discard it
    if isinstance(action, Play) and state.die >= CHAOTIC and _calms(action.card):
        return Explanation(code="calms", params={"card": action.card, "n": state.die})
    if isinstance(action, Discard) and VALUE[action.card] < 0:
        return Explanation(code="discard_trouble", params={"card": action.card})
    return None


def _place(state: PCState, action: Place) -> Explanation | None:
    old = state.workplaces[action.workplace]
    value = VALUE[action.card]
    # PC-7 C: a pushed-out card of value 0 goes to the lane for free; one worth more if the team pays.
    if old is not None and VALUE[old] >= 0:
        tokens = min(3, max(0, state.tokens + value))
        if VALUE[old] == 0 or tokens >= VALUE[old]:
            found = _to_lane(state, old, action.card)
            if found is not None:
                return found
    goal = SCENARIOS[state.scenario].goal
    if isinstance(goal, ValueCountGoal) and value == goal.value:
        # Played or discarded, the card is lost to the goal; the discard is public, so the spare is too.
        spare = goal.spare(goal.lost(state.discard))
        if spare >= 0:
            code = "goal_card" if spare else "goal_card_last"
            params = {
                "card": action.card,
                "value": value,
                "need": goal.count,
                "total": SUPPLY[value],
                "n": spare,
            }
            return Explanation(code=code, params=params)
    if value > 0:
        return Explanation(code="resources", params={"card": action.card, "n": value})
    return None


def _to_lane(state: PCState, lane_card: str, card: str) -> Explanation | None:
    """The goal's part that ``lane_card`` in the lane would advance, if any (PC-5); ``card`` sends it."""
    goal = SCENARIOS[state.scenario].goal
    before = {p.key: p for p in progress(goal, state.lane, state.die)}
    for part in progress(goal, [*state.lane, lane_card], state.die):
        was = before.get(part.key)
        if was is not None and part.have > was.have and not was.done:
            return Explanation(
                code="goal",
                params={
                    "card": card,
                    "lane_card": lane_card,
                    "part": part.key,
                    "have": part.have,
                    "need": part.need,
                },
            )
    return None


def _calms(card: str) -> bool:
    """The card's play effect lowers the chaos die (somewhere in it, a branch included)."""
    return any(
        (isinstance(e, Die) and e.amount < 0) or (isinstance(e, SetDie) and e.value < CHAOTIC)
        for e in CARDS[card].effects
    )
