"""The sharded e2e's kit: bot processes that each run some of the fake's shards on one PostgreSQL database,
their start and kill, turn timers made due as if their time had passed, and the audit of the timers.

- ``ShardProcess`` is the crash kit's ``BotProcess`` (``python -m bot`` as ``make run`` starts it) given
  ``DECKHAND_SHARDS``/``DECKHAND_SHARD_COUNT`` and a short lease; it is ready once every one of its shards
  has a new session (IDENTIFY) with its websocket and the commands are synced.
- ``make_timers_due`` moves the pending timers of some servers' games into the past, as if their time had
  passed, while no process runs those servers: the process that takes them over fires them at its start.
- ``timer_figures`` counts what the fired timers did: one reminder notice per reminder fired, one notice of
  a timed-out turn per deadline fired, and no due timer left pending.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from tests.fakediscord import FakeDiscord
from tests.reliability.crashkit import BotProcess

T = TypeVar("T")
SHARD_COUNT = 4
#: Seconds a claim holds in these processes: a killed process's claims are taken over this soon.
LEASE = "2"


class ShardProcess(BotProcess):
    def __init__(self, fake: FakeDiscord, database: str, log_file: Path, shards: Sequence[int]) -> None:
        super().__init__(fake, database, log_file)
        self.shards = tuple(shards)

    def env(self) -> dict[str, str]:
        env = super().env()
        # Commands synced globally, as a bot in many servers has them (not to one development server).
        del env["DECKHAND_DEV_GUILD_ID"]
        env["DECKHAND_SHARDS"] = ",".join(map(str, self.shards))
        env["DECKHAND_SHARD_COUNT"] = str(SHARD_COUNT)
        env["DECKHAND_LEASE_SECONDS"] = LEASE
        return env

    def _sessions(self) -> dict[int, str | None]:
        """Each of this process's shards: its session id when its websocket is open."""
        sessions = self.fake.gateway.sessions
        found: dict[int, str | None] = {}
        for shard in self.shards:
            session = sessions.get((shard, SHARD_COUNT))
            found[shard] = session.id if session is not None and session.connection is not None else None
        return found

    def _readies(self) -> int:
        """How many times a process of this log said it was ready (``bot.client``'s "ready as")."""
        if not self.log_file.exists():
            return 0
        return self.log_file.read_text(errors="replace").count(" ready as ")

    async def start(self, timeout: float = 60.0) -> None:
        if self.running:
            raise RuntimeError("the bot process is already running")
        began = time.perf_counter()
        before = self._sessions()
        readies = self._readies()
        self.proc = await self.spawn(f"start {self.starts + 1} (shards {self.shards})")
        deadline = time.perf_counter() + timeout
        while True:
            now = self._sessions()
            connected = all(now[s] is not None and now[s] != before[s] for s in self.shards)
            # Ready: connected, commands synced, and the bot said so (its start-up work, resume_all, ran).
            if connected and self.fake.commands(guild=False) and self._readies() > readies:
                break
            if self.proc.returncode is not None:
                raise RuntimeError(f"the bot process ended with {self.proc.returncode}; see {self.log_file}")
            if time.perf_counter() > deadline:
                raise TimeoutError(
                    f"shards {self.shards} were not ready after {timeout} s; see {self.log_file}"
                )
            await asyncio.sleep(0.02)
        self.start_seconds.append(time.perf_counter() - began)


def _in_thread(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on a loop of its own (the test's loop drives the fake and must not be held)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


async def _make_due(url: str, guilds: Sequence[int]) -> int:
    conn = await asyncpg.connect(url)
    try:
        status = await conn.execute(
            "UPDATE timers t SET due_at = $1 FROM games g WHERE g.id = t.game_pk AND t.done_at IS NULL"
            " AND g.guild_id = ANY($2::bigint[])",
            time.time() - 1.0,
            list(guilds),
        )
        return int(status.rsplit(" ", 1)[-1])
    finally:
        await conn.close()


def make_timers_due(url: str, guilds: Sequence[int]) -> int:
    """The pending timers of these servers' games, due now (as if their time had passed); how many."""
    return _in_thread(_make_due(url, guilds))


TIMER_QUERIES = {
    "reminders fired": "SELECT count(*) FROM timers WHERE outcome = 'fired' AND kind IN ('half', 'near')",
    "reminder notices queued": "SELECT count(*) FROM outbox WHERE payload_json::text LIKE '%clock.remind%'",
    "deadlines fired": "SELECT count(*) FROM timers WHERE outcome = 'fired' AND kind = 'timeout'",
    "timed-out notices queued": (
        "SELECT count(*) FROM outbox WHERE payload_json::text LIKE '%clock.timed_out%'"
    ),
    "timers skipped (their turn was over)": "SELECT count(*) FROM timers WHERE outcome = 'skipped'",
    "due timers left pending": "SELECT count(*) FROM timers WHERE done_at IS NULL AND due_at <= $1",
    "claims still held on pending outbox entries": (
        "SELECT count(*) FROM outbox WHERE done_at IS NULL AND lease_owner IS NOT NULL"
    ),
}


async def _timer_figures(url: str) -> dict[str, int]:
    conn = await asyncpg.connect(url)
    try:
        out = {}
        for name, sql in TIMER_QUERIES.items():
            args = [time.time()] if "$1" in sql else []
            out[name] = int(await conn.fetchval(sql, *args))
        return out
    finally:
        await conn.close()


def timer_figures(url: str) -> dict[str, int]:
    return _in_thread(_timer_figures(url))
