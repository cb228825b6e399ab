"""A called game (rules/game-night.md GN-1, GN-2): the current round is finished, then the game is scored
exactly as at its normal end (AD-15: W-A points, a tie is a shared win).

Decisions (ours, GN-2 leaves them open):
- The round is the one the current turn belongs to: it ends after the turn of the seat before the first
  player (the last of ``order``). Called during the first player's turn, the whole round is played.
- Called during the draft (AD-8, before any turn): the draft is finished and then the first round is played,
  so the called game is decided by play, not by the starting decks alone.
- A pending decision (the AD-12 retire choice, an AD-14 reshuffle vote) is completed by the normal flow.
- If the last W-A card is bought while the round finishes, AD-15 ends the game at once as usual: that is its
  normal end (reason ``last_wa_bought``), not a called one.
"""

from __future__ import annotations

from engines.aws_deckbuilding.models import ADState
from engines.core import Event, GameCalled


def call(state: ADState) -> list[Event]:
    """GN-2: nothing ends at once; play goes on to the end of the round."""
    return [GameCalled(until="round")]


def round_over(state: ADState) -> bool:
    """GN-2, asked as a turn ends and the next seat is chosen: the game was called and the round is over
    (the turn passes back to the first player)."""
    return state.called and state.current == 0


def end_reason(state: ADState) -> str:
    """``called`` unless AD-15 ended the game first (the W-A pile is empty only then)."""
    return "called" if state.called and state.wa else "last_wa_bought"
