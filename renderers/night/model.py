"""What the night's standings picture is given: plain rows, names as signed up and numbers already counted
(the bot works them out with ``engines.night``; this package only draws)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    """One member. ``rank`` repeats for a shared place (GN-11); ``per_set[k]`` is set k+1's points, ``None``
    for a set the member did not play."""

    rank: int
    name: str
    per_set: tuple[float | None, ...]
    total: float
    firsts: int


@dataclass(frozen=True)
class Standings:
    """The night after set ``set_no`` of ``sets`` (``final``: at its end, after ``set_no`` sets played).
    ``game``: the game's name."""

    game: str
    set_no: int
    sets: int
    final: bool
    lines: Sequence[Line]

    def shared(self) -> frozenset[int]:
        """The ranks more than one member holds."""
        ranks = [line.rank for line in self.lines]
        return frozenset(rank for rank in ranks if ranks.count(rank) > 1)
