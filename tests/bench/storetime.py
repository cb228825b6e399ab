"""Timing one action's commit in the store: ``SqliteStore.record_action``'s transaction (the new state and its
log entry, one transaction), measured from inside without changing the store.

``commit``: from ``BEGIN IMMEDIATE`` done (the store's lock held) to ``COMMIT`` done — the statements and
the durable commit (WAL, synchronous=FULL: an fsync). ``with_wait``: the same from the moment the action
asked for the store, so it includes waiting for the store's lock behind other reads and writes.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
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
    transaction = SqliteStore._transaction
    record_action = SqliteStore.record_action
    rows = SqliteStore._rows

    @asynccontextmanager
    async def timed_transaction(self: SqliteStore, *, durable: bool = True) -> AsyncIterator[Any]:
        if not _RECORDING.get():
            asked = time.perf_counter()
            async with transaction(self, durable=durable) as db:
                yield db
            times.calls.append(time.perf_counter() - asked)
            return
        asked = time.perf_counter()
        async with transaction(self) as db:
            begun = time.perf_counter()
            yield db
        done = time.perf_counter()
        times.commit.append(done - begun)
        times.with_wait.append(done - asked)
        times.calls.append(done - asked)

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

    SqliteStore._transaction = timed_transaction  # type: ignore[method-assign]
    SqliteStore.record_action = timed_record_action  # type: ignore[method-assign]
    SqliteStore._rows = timed_rows  # type: ignore[method-assign]
    try:
        yield times
    finally:
        SqliteStore._transaction = transaction  # type: ignore[method-assign]
        SqliteStore.record_action = record_action  # type: ignore[method-assign]
        SqliteStore._rows = rows  # type: ignore[method-assign]
