"""Time for the fake: an injectable clock and Discord snowflakes.

Discord's rules are measured in time (3 s to answer an interaction, 15 min of token life). Tests cannot
wait that long, so every such rule reads this clock, and a test moves it forward with ``advance``.
"""

from __future__ import annotations

import datetime as dt
import time

DISCORD_EPOCH_MS = 1420070400000


class Clock:
    """Real time plus an offset that tests can grow; never goes backwards."""

    def __init__(self) -> None:
        self._offset = 0.0

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("the fake clock only moves forward")
        self._offset += seconds

    @property
    def offset(self) -> float:
        return self._offset

    def now(self) -> float:
        """Wall-clock seconds since the Unix epoch (for timestamps and snowflakes)."""
        return time.time() + self._offset

    def monotonic(self) -> float:
        """Seconds for measuring deadlines."""
        return time.monotonic() + self._offset

    def iso(self, when: float | None = None) -> str:
        moment = self.now() if when is None else when
        return dt.datetime.fromtimestamp(moment, dt.UTC).isoformat()


class Snowflakes:
    """Strictly increasing snowflakes, so ids sort in creation order like Discord's."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        candidate = (int(self._clock.now() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last
