"""How close a board is to its scenario's goal (PC-5), 0..1: the post-game analysis' progress term
(``Engine.progress``, docs/analysis.md).

Read from the public board only (the lane, the die, how many cards the deck still holds), so a review reads
it from the same view as the seat it judges.

Decision (PC-5, Firefighting): the goal is the die showing 0 at the end of a turn, and the team fails by the
die going past 3 (PC-11) or by the deck running out (PC-8; the deck is the project's time, PC-5a). A team
that failed by the die was at 3 whatever it played, so the final die alone cannot tell a team that held the
fire for the whole deck from one that lost it on its second turn. Firefighting's progress is therefore the
mean of two parts, as the other goals average theirs: how near the die ended to 0, and how much of the
project's time the team held out (the share of the starting deck played through): every turn held is another
chance at the 0."""

from __future__ import annotations

from engines.project_chaos.cards import CARD_IDS
from engines.project_chaos.models import PCState
from engines.project_chaos.scenarios import SCENARIOS, closeness

HAND_SIZE = 3  # PC-6


def start_deck(state: PCState) -> int:
    """The deck's size once the board was set (PC-6): every card but the set-aside ones (PC-5a), the hands
    dealt and the start board's seeded cards (a seed always finds its card in a full deck)."""
    start = SCENARIOS[state.scenario].start
    seeded = len(start.workplaces) + len(start.lane)
    return len(CARD_IDS) - len(state.set_aside) - HAND_SIZE * len(state.players) - seeded


def time_held(state: PCState) -> float:
    """The share of the starting deck the team played through, 0..1 (an effect that shuffles cards back
    into the deck gives time back)."""
    total = start_deck(state)
    if total <= 0:
        return 1.0
    return min(1.0, max(0.0, 1.0 - len(state.deck) / total))


def team_progress(state: PCState) -> float:
    """How close the team is (or got) to its goal, 0..1; a won game is 1."""
    if state.result == "win":
        return 1.0
    return closeness(SCENARIOS[state.scenario].goal, state.lane, state.die, time_held(state))
