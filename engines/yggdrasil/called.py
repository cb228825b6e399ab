"""A called game (rules/game-night.md GN-1, GN-3): the current round is finished (the second player
finishes its turn if the first player began the round), then the game is scored as at its normal end (YG-11).

Decisions (ours, GN-3 leaves them open):
- The round is the one the current turn belongs to: it ends after the turn of the second player. Called
  during the first player's turn, the second player still plays its turn.
- A pending step of the turn (an extra placement, a swap, the invasion choice) is completed by the normal
  flow: it is part of the turn.
- A turn passed by itself (YG-10: no card to place) counts as that seat's turn.
- If YG-10 ends the game while the round finishes, that is its normal end and keeps its reason.
"""

from __future__ import annotations

from engines.core import Event, GameCalled
from engines.yggdrasil.models import YggState


def call(state: YggState) -> list[Event]:
    """GN-3: nothing ends at once; play goes on to the end of the round."""
    return [GameCalled(until="round")]


def round_over(state: YggState) -> bool:
    """GN-3, asked as a turn ends: the game was called and the second player's turn just ended."""
    return state.called and state.current != state.first
