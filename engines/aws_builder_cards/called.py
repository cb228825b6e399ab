"""A called game (rules/game-night.md GN-1, GN-2): the current round is finished, then the game is scored
exactly as at its normal end (AB-7, AB-8).

Decisions (ours, GN-2 leaves them open):
- The round is the one the current turn belongs to: it ends after the turn of the seat before the first
  player (the last of ``order``). Called during the first player's turn, the whole round is played.
- A pending decision (CDK's card choice, a reshuffle vote, AB-9) is completed by the normal flow; it is part
  of the turn, and the turn goes on to its end phase as usual.
- If the last W-A card is acquired while the round finishes, AB-8 ends the game at the end of that turn as
  usual: that is the game's normal end (reason ``last_wa_acquired``), not a called one.
"""

from __future__ import annotations

from engines.aws_builder_cards.models import ABState
from engines.core import Event, GameCalled


def call(state: ABState) -> list[Event]:
    """GN-2: nothing ends at once; play goes on to the end of the round."""
    return [GameCalled(until="round")]


def round_over(state: ABState) -> bool:
    """GN-2, asked as a turn ends: the game was called and this turn finishes the round."""
    return state.called and state.current == len(state.order) - 1


def end_reason(state: ABState) -> str:
    """``called`` unless AB-8 ended the game first."""
    return "last_wa_acquired" if state.ending else "called"
