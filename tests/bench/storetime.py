"""Timing one action's commit in the store: ``SqliteStore.record_action``'s transaction (the new state and its
log entry, one transaction), measured from inside without changing the store.

``commit``: from ``BEGIN IMMEDIATE`` done to ``COMMIT`` done in the writer process
(``SqliteStore.on_commit``): the statements and the durable commit (WAL, synchronous=FULL: an fsync).
``with_wait``: from the moment the action asked for the store to its commit, so it includes waiting behind
other writes.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.store.sqlite import SqliteStore

_RECORDING: contextvars.ContextVar[bool] = contextvars.ContextVar("bench_recording_action", default=False)


@dataclass
class CommitTimes:
    commit: list[float] = field(default_factory=list)  # seconds
    with_wait: list[float] = field(default_factory=list)
    #: every store call (reads and transactions): seconds from asking to done, lock wait included
    calls: list[float] = field(default_factory=list)

    def clear(self) -> None:
        self.commit.clear()
        self.with_wait.clear()
        self.calls.clear()


@contextmanager
def timing_commits(times: CommitTimes) -> Iterator[CommitTimes]:
    """While active, every ``record_action`` of every ``SqliteStore`` adds its times to ``times``."""
    write = SqliteStore._write
    record_action = SqliteStore.record_action
    rows = SqliteStore._rows
    on_commit = SqliteStore.on_commit

    async def timed_write(self: SqliteStore, op: str, **kwargs: Any) -> Any:
        asked = time.perf_counter()
        try:
            return await write(self, op, **kwargs)
        finally:
            done = time.perf_counter() - asked
            times.calls.append(done)
            if _RECORDING.get():
                times.with_wait.append(done)

    def committed(seconds: float) -> None:
        if _RECORDING.get():
            times.commit.append(seconds)

    async def timed_rows(self: SqliteStore, sql: str, params: Any) -> Any:
        asked = time.perf_counter()
        try:
            return await rows(self, sql, params)
        finally:
            times.calls.append(time.perf_counter() - asked)

    async def timed_record_action(self: SqliteStore, *args: Any, **kwargs: Any) -> Any:
        token = _RECORDING.set(True)
        try:
            return await record_action(self, *args, **kwargs)
        finally:
            _RECORDING.reset(token)

    SqliteStore._write = timed_write  # type: ignore[method-assign]
    SqliteStore.record_action = timed_record_action  # type: ignore[method-assign]
    SqliteStore._rows = timed_rows  # type: ignore[method-assign]
    SqliteStore.on_commit = committed
    try:
        yield times
    finally:
        SqliteStore._write = write  # type: ignore[method-assign]
        SqliteStore.record_action = record_action  # type: ignore[method-assign]
        SqliteStore._rows = rows  # type: ignore[method-assign]
        SqliteStore.on_commit = on_commit
