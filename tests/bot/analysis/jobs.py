"""Module-level jobs for the analysis pool's tests (a spawned worker imports them by name)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable


def count_to(n: int, *, progress: Callable[[int, int], None]) -> tuple[int, int]:
    """Reports 0..n of n, and returns the worker's process id with n."""
    for done in range(n + 1):
        progress(done, n)
    return os.getpid(), n


def wait_for(path: str, name: str, *, progress: Callable[[int, int], None]) -> str:
    """Holds its worker until ``path`` exists (so a test decides when it ends), then returns ``name``."""
    progress(0, 1)
    while not os.path.exists(path):
        time.sleep(0.01)
    progress(1, 1)
    return name


def fail(*, progress: Callable[[int, int], None]) -> None:
    raise ValueError("no such position")
