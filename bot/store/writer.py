"""The bot's end of the store's writer process (``bot.store.transactions`` is the process's program).

Requests go down the process's stdin in the order they were asked, replies come back on its stdout in the
same order; both pipes are read and written by the event loop itself, so a write costs the bot no thread
and no hand-over of the interpreter lock. If the process dies (killed, out of memory), the calls waiting on
it fail with ``StoreError`` (SQLite rolled back any transaction it had not committed) and the next write
starts a new one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
import sys
from collections import deque
from collections.abc import Sequence
from pathlib import Path

from bot.store import transactions
from bot.store.errors import ConstraintViolation, StaleVersion, StoreError, TimerDone, WriterGone
from bot.store.transactions import Plain

log = logging.getLogger(__name__)

_PROGRAM = str(Path(transactions.__file__).resolve())


#: a reply of the writer process: (ok, result or error, seconds, the game row read back)
Reply = tuple[bool, Plain, float | None, dict[str, Plain] | None]


def _raise(error: Plain) -> None:
    """The writer's refusal or failure as the store's own exception: no ``sqlite3`` type reaches a caller."""
    assert isinstance(error, tuple)
    kind, *details = error
    if kind == "stale":
        raise StaleVersion(*details)
    if kind == "timer_done":
        raise TimerDone(*details)
    name, message = details
    if kind == "sqlite" and name == "IntegrityError":
        raise ConstraintViolation(message)
    raise StoreError(f"the store's writer failed: {name}: {message}")


class WriterProcess:
    """One writer process per database file; ``call`` is a whole transaction (or ``migrate``, ``pragma``)."""

    def __init__(self, path: str, migrations: Sequence[tuple[int, str, str]]) -> None:
        self.path = path
        self._migrations = list(migrations)
        self._proc: asyncio.subprocess.Process | None = None
        self._replies: asyncio.Task[None] | None = None
        self._waiting: deque[asyncio.Future[Reply]] = deque()
        self._starting = asyncio.Lock()
        self._closed = False

    async def start(self) -> None:
        """Spawn the process and bring its database to the latest migration."""
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-I",  # nothing from the environment or the user's site: the program is the standard library's
            "-S",
            _PROGRAM,
            self.path,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        self._proc = proc
        self._replies = asyncio.create_task(self._read_replies(proc), name="store writer replies")
        await self.call("migrate", {"migrations": self._migrations})

    async def _read_replies(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        try:
            while True:
                head = await proc.stdout.readexactly(transactions.HEADER.size)
                reply = pickle.loads(await proc.stdout.readexactly(transactions.HEADER.unpack(head)[0]))
                waiter = self._waiting.popleft()
                if not waiter.done():
                    waiter.set_result(reply)
        except asyncio.IncompleteReadError:
            pass
        finally:
            code = await proc.wait()
            if self._proc is proc:
                self._proc = None
            if self._waiting and not self._closed:
                log.error(
                    "the store's writer process stopped (exit code %s); %s calls failed",
                    code,
                    len(self._waiting),
                )
            while self._waiting:
                waiter = self._waiting.popleft()
                if not waiter.done():
                    waiter.set_exception(WriterGone(f"the store's writer process stopped (exit code {code})"))

    async def call(
        self, op: str, kwargs: dict[str, Plain], *, durable: bool = True, read_back: int | None = None
    ) -> tuple[Plain, float | None, dict[str, Plain] | None]:
        """``(result, seconds from BEGIN done to COMMIT done, the game's row read back)``."""
        if self._closed:
            raise StoreError("the store is closed")
        if self._proc is None:
            async with self._starting:
                if self._proc is None:
                    log.warning("starting the store's writer process again")
                    await self.start()
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise WriterGone("the store's writer process stopped")
        waiter: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        # Appended and written with no await between: replies come back in the order of this deque.
        self._waiting.append(waiter)
        proc.stdin.write(transactions.frame((op, kwargs, durable, read_back)))
        with contextlib.suppress(ConnectionError):  # the process is gone: the reply reader fails the waiter
            await proc.stdin.drain()
        ok, result, seconds, row = await waiter
        if not ok:
            _raise(result)
        return result, seconds, row

    async def close(self) -> None:
        """Let the process finish what it was asked, then stop it."""
        self._closed = True
        proc, replies = self._proc, self._replies
        if proc is None or proc.stdin is None:
            return
        proc.stdin.close()
        with contextlib.suppress(ConnectionError):
            await proc.stdin.wait_closed()
        try:
            await asyncio.wait_for(proc.wait(), timeout=30)
        except TimeoutError:
            log.error("the store's writer process did not stop; killing it")
            proc.kill()
        if replies is not None:
            await replies
