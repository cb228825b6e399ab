"""Timing one action's commit in the store (SQLite's or PostgreSQL's): ``record_action``'s transaction (the
new state and its log entry, one transaction), measured from inside without changing the store.

``commit``: from ``BEGIN`` done to ``COMMIT`` done (``on_commit`` of the store's class): SQLite's in its
writer process (WAL, synchronous=FULL: an fsync), PostgreSQL's on its connection (the server's WAL flush).
``with_wait``: from the moment the action asked for the store to its commit, so it includes waiting behind
other writes. ``locks``: what the game's lock across processes (``Store.game_lock``) costs a change: from
asking to held plus from letting go to released (PostgreSQL's advisory lock; nothing on SQLite).
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.store.postgres.store import PostgresStore
from bot.store.sqlite import SqliteStore

_RECORDING: contextvars.ContextVar[bool] = contextvars.ContextVar("bench_recording_action", default=False)


@dataclass
class CommitTimes:
    commit: list[float] = field(default_factory=list)  # seconds
    with_wait: list[float] = field(default_factory=list)
    #: every store call (reads and transactions): seconds from asking to done, lock wait included
    calls: list[float] = field(default_factory=list)
    locks: list[float] = field(default_factory=list)

    def clear(self) -> None:
        self.locks.clear()
        self.commit.clear()
        self.with_wait.clear()
        self.calls.clear()


@contextmanager
def timing_commits(times: CommitTimes) -> Iterator[CommitTimes]:
    """While active, every ``record_action`` of every store (SQLite's and PostgreSQL's) adds its times to
    ``times``."""
    with contextlib.ExitStack() as stack:
        for cls in (SqliteStore, PostgresStore):
            stack.enter_context(_timing(cls, times))
        yield times


@contextmanager
def _timing(cls: Any, times: CommitTimes) -> Iterator[None]:
    missing = object()
    saved = {
        name: cls.__dict__.get(name, missing)
        for name in ("_write", "record_action", "_rows", "on_commit", "game_lock")
    }
    write, record_action, rows, game_lock = cls._write, cls.record_action, cls._rows, cls.game_lock

    @contextlib.asynccontextmanager
    async def timed_game_lock(self: Any, game_pk: int) -> AsyncIterator[None]:
        asked = time.perf_counter()
        held = game_lock(self, game_pk)
        await held.__aenter__()
        taking = time.perf_counter() - asked
        try:
            yield
        finally:
            letting_go = time.perf_counter()
            await held.__aexit__(None, None, None)
            times.locks.append(taking + time.perf_counter() - letting_go)

    async def timed_write(self: Any, op: str, **kwargs: Any) -> Any:
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

    async def timed_rows(self: Any, sql: str, params: Any) -> Any:
        asked = time.perf_counter()
        try:
            return await rows(self, sql, params)
        finally:
            times.calls.append(time.perf_counter() - asked)

    async def timed_record_action(self: Any, *args: Any, **kwargs: Any) -> Any:
        token = _RECORDING.set(True)
        try:
            return await record_action(self, *args, **kwargs)
        finally:
            _RECORDING.reset(token)

    cls._write = timed_write
    cls.record_action = timed_record_action
    cls._rows = timed_rows
    cls.game_lock = timed_game_lock
    cls.on_commit = committed
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is missing:
                delattr(cls, name)  # it was inherited: the base's comes back
            else:
                setattr(cls, name, value)
