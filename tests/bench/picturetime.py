"""Timing the bot's pictures from inside, without changing the bot: every picture asked for (tables, hands,
finals, replays), by kind, from asking to bytes back (the wait in the queue and for the picture process
included).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.table import pictures


@dataclass
class PictureTimes:
    by_kind: dict[str, list[float]] = field(default_factory=dict)  # seconds from asking to done

    def clear(self) -> None:
        self.by_kind.clear()


@contextmanager
def timing_pictures(times: PictureTimes) -> Iterator[PictureTimes]:
    """Every picture the bot asks for passes ``pictures._Queue.draw`` (its args: game, kind, view, …)."""
    draw = pictures._Queue.draw

    async def timed(queue: Any, priority: int, args: tuple[Any, ...]) -> bytes | None:
        asked = time.perf_counter()
        try:
            return await draw(queue, priority, args)
        finally:
            kind = str(args[1]) if isinstance(args, tuple) else "other"  # pictures.Other: no game
            times.by_kind.setdefault(kind, []).append(time.perf_counter() - asked)

    pictures._Queue.draw = timed  # type: ignore[method-assign]
    try:
        yield times
    finally:
        pictures._Queue.draw = draw  # type: ignore[method-assign]
