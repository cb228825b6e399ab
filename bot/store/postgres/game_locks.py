"""The lock of one game across processes (PostgreSQL advisory locks), held by the table service for the
length of one change: a DM or a rematch opened from another server's shard, or two processes overlapping
during a re-shard, may touch one game, and they take turns instead of one of them meeting a stale write.

The locks live on connections of their own (``LANES`` per process, a game always on the same one), so a lock
waiting never holds a connection the writes need, and a process that dies (SIGKILL) drops its connections and
with them every lock it held. The lock is taken with ``pg_try_advisory_lock`` and tried again after a short
pause: a blocking wait would hold its connection and so every other game's lock behind it.

Letting go is sent without waiting for its answer: a change waits for one round trip of the lock, not two
(each round trip waits for the busy event loop; the load bench's "game lock" line). Another process cannot
take the lock before the unlock reaches the server, so nothing is weakened; this process's next change of the
same game may take it first, on the same session (the game's lane), where advisory locks count up and down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import asyncpg

log = logging.getLogger(__name__)

#: The first key of the two-key form ("game" in ASCII): a game's lock is (GAME_LOCKS, its id in 32 bits).
GAME_LOCKS = 0x67616D65
#: The pause between two tries grows from the first to the last (seconds).
FIRST_PAUSE, LAST_PAUSE = 0.002, 0.05


def key(game_pk: int) -> int:
    """The game's id as PostgreSQL's signed 32-bit key (ids past 2**31 share a key with another: they only
    take turns more often)."""
    folded = game_pk & 0xFFFFFFFF
    return folded - (1 << 32) if folded >= 1 << 31 else folded


#: Connections the locks are spread over (a game always on the same one): a lock waits behind the locks of
#: the other games of its connection only (one query at a time on a connection), not behind all of them.
LANES = 4


class _Lane:
    """One connection of the locks, and its turn (asyncpg refuses two queries at once on a connection)."""

    def __init__(self, url: str) -> None:
        self._url = url
        self.conn: asyncpg.Connection | None = None
        self.use = asyncio.Lock()

    async def connection(self) -> asyncpg.Connection:
        if self.conn is None or self.conn.is_closed():
            self.conn = await asyncpg.connect(self._url)
        return self.conn

    async def close(self) -> None:
        async with self.use:
            if self.conn is not None and not self.conn.is_closed():
                await self.conn.close()
            self.conn = None


class GameLocks:
    def __init__(self, url: str, lanes: int = LANES) -> None:
        self._lanes = [_Lane(url) for _ in range(lanes)]
        #: unlocks sent and not answered yet (kept so they are not collected; ``close`` waits for them)
        self._letting_go: set[asyncio.Task[None]] = set()

    @contextlib.asynccontextmanager
    async def hold(self, game_pk: int) -> AsyncIterator[None]:
        lane = self._lanes[key(game_pk) % len(self._lanes)]
        pause = FIRST_PAUSE
        while True:
            async with lane.use:
                conn = await lane.connection()
                if await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", GAME_LOCKS, key(game_pk)):
                    break
            await asyncio.sleep(pause)
            pause = min(LAST_PAUSE, pause * 2)
        try:
            yield
        finally:
            task = asyncio.get_running_loop().create_task(self._release(lane, conn, game_pk))
            self._letting_go.add(task)
            task.add_done_callback(self._letting_go.discard)

    async def _release(self, lane: _Lane, conn: asyncpg.Connection, game_pk: int) -> None:
        async with lane.use:
            if conn.is_closed():  # the connection went, and its locks with it
                return
            try:
                await conn.execute("SELECT pg_advisory_unlock($1, $2)", GAME_LOCKS, key(game_pk))
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
                # A broken connection releases its locks as it closes; drop it so the next lock reconnects.
                log.warning("could not release the lock of game %s (%s); reconnecting", game_pk, exc)
                conn.terminate()

    async def close(self) -> None:
        await asyncio.gather(*self._letting_go, return_exceptions=True)
        for lane in self._lanes:
            await lane.close()
