"""A called game (rules/game-night.md GN-1, GN-5): the deadline arrives. Play finishes the current round
(stagnation at its end applies, PC-10); then the scenario's goal is checked once: met, the team succeeds;
not met, the team fails with reason ``loss:deadline`` (the ``loss:`` prefix of every Project Chaos loss).

Decisions (ours, GN-5 leaves them open):
- The round is the one the current turn belongs to (PC-10: a round starts with the first player): it ends
  after the last seat's turn. Called during the first player's turn, the whole round is played.
- A pending decision (a chaos discard, a forced reveal, a push-out, a target, a vote or a claim) is completed
  by the normal flow: it is part of the turn.
- A win or a loss while the round finishes (the victory check at every turn's end, PC-5; PC-11) stands.
- The deadline check comes after the round's stagnation (PC-10), so a stagnation loss stands too.
"""

from __future__ import annotations

from engines.core import Event, GameCalled
from engines.project_chaos.effects import lose
from engines.project_chaos.events import GameWon, shared
from engines.project_chaos.models import PCState
from engines.project_chaos.scenarios import SCENARIOS, is_met

DEADLINE = "loss:deadline"


def call(state: PCState) -> list[Event]:
    """GN-5: nothing ends at once; play goes on to the end of the round."""
    return [GameCalled(until="round")]


def deadline(state: PCState, events: list[Event]) -> None:
    """GN-5, at the end of a called game's round (after stagnation): the goal is checked once."""
    if is_met(SCENARIOS[state.scenario].goal, state.lane, state.die):
        state.stage = "over"
        state.result = "win"
        state.reason = "win"
        events.append(shared(GameWon, scenario=state.scenario, reason="win"))
        return
    lose(state, events, DEADLINE)
