"""Timing the bot's pictures from inside, without changing the bot: every ``render_bytes`` call (the
publisher's and, through ``render``, the hands' and records'), by kind, from asking to bytes back (the wait
for the picture process included), and the CPU time of the picture processes.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.table import pictures, publisher


@dataclass
class PictureTimes:
    by_kind: dict[str, list[float]] = field(default_factory=dict)  # seconds from asking to done

    def clear(self) -> None:
        self.by_kind.clear()


@contextmanager
def timing_pictures(times: PictureTimes) -> Iterator[PictureTimes]:
    render_bytes = pictures.render_bytes

    async def timed(game_id: str, kind: Any, *args: Any, **kwargs: Any) -> bytes | None:
        asked = time.perf_counter()
        try:
            return await render_bytes(game_id, kind, *args, **kwargs)
        finally:
            times.by_kind.setdefault(str(kind), []).append(time.perf_counter() - asked)

    pictures.render_bytes = timed  # type: ignore[assignment]
    publisher.render_bytes = timed  # type: ignore[assignment]
    try:
        yield times
    finally:
        pictures.render_bytes = render_bytes
        publisher.render_bytes = render_bytes


def pictures_cpu_seconds() -> float:
    """User + system CPU time of the picture processes (``bot.table.pictures``) so far."""
    total = 0.0
    for pid in list(getattr(pictures._pool, "_processes", None) or {}):
        with contextlib.suppress(OSError), open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total
