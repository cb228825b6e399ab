"""How far the team got (PC-5), 0..1: the post-game analysis' progress term (``Engine.progress``,
docs/analysis.md).

Read from the public board only (the lane, the die, how many cards the deck still holds), so a review reads
it from the same view as the seat it judges.

Decision (an analysis measure, not a rule). The deck is the project's time (PC-5a): the team fails when it
runs out (PC-8) or when the die goes past 3 (PC-11), and succeeds when the scenario's goal is met at the end
of a turn (PC-5).
- A failed team's progress is the mean of how close the board came to the goal (``closeness``: the lane's
  share of the goal, or for Firefighting how near the die ended to 0) and how much of the project's time it
  held out (the share of the starting deck played through): every turn held is another chance at the goal.
  Without the time part, lines that all lost by the die with nothing in the lane (Firefighting's die ends at
  3 whatever was played; a Stable Release lane total of 0 or less) were all worth the same.
- A successful team's progress is how soon it succeeded: the share of the project's time left. A success
  two turns sooner had two turns less of chaos to survive, and a review can say so."""

from __future__ import annotations

from engines.project_chaos.cards import CARD_IDS
from engines.project_chaos.models import PCState
from engines.project_chaos.scenarios import HAND_SIZE, SCENARIOS, closeness


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
    """How far the team got, 0..1 (see the module's doc): for a success the share of the project's time left,
    otherwise the mean of how close the board is to the goal and the share of the time held out."""
    held = time_held(state)
    if state.result == "win":
        return 1.0 - held
    return (closeness(SCENARIOS[state.scenario].goal, state.lane, state.die) + held) / 2
