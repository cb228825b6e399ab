"""Analyses (a post-game review, the coach's suggestion, a "Try it again" answer) run in processes of their
own, never on the event loop: one review is seconds to tens of seconds of pure Python, and in the bot's own
process it would hold the interpreter lock every click's answer waits for.

``start`` opens the pool (spawned, ``Settings.analysis_workers`` processes, at a lower CPU priority than the
picture processes: a review may wait, a table's picture may not); ``stop`` closes it. Without a pool, or once
it broke (a worker killed), analyses run in a worker thread, and the bot says so in its log.

A job is ``func(*args, progress=report)`` with ``func`` a module-level function and ``args`` that pickle;
``report(done, total)`` reaches the caller's ``progress`` callback on the event loop, so a progress line can
be updated while the job runs. Jobs wait in the bot, not in the pool's first-come queue, one lane per kind:
the coach's and "Try it again" answers (a player is looking at the screen) before reviews, and at most one
job per worker at a time, so a waiting coach job starts as soon as a worker is free.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from bot import workers

log = logging.getLogger(__name__)

T = TypeVar("T")
Lane = Literal["coach", "retry", "review"]
#: Lower goes first; equal priorities go in the order asked.
PRIORITY: dict[Lane, int] = {"coach": 0, "retry": 0, "review": 1}
#: Added to an analysis worker's nice value (the picture processes take 5): the bot's loop and its pictures
#: come first.
WORKER_NICENESS = 10
#: A job's progress callback as the caller gives it (called on the event loop).
ProgressCallback = Callable[[int, int], None]

_pool: ProcessPoolExecutor | None = None
_workers = 0
_reports: Any = None  # multiprocessing's Queue of (job, done, total), or None without a pool
_reader: threading.Thread | None = None
_listeners: dict[int, tuple[asyncio.AbstractEventLoop, ProgressCallback]] = {}
_job_ids = itertools.count(1)

# In a worker process: where its jobs' progress goes.
_worker_reports: Any = None


def _worker_setup(folders: list[str], bot_pid: int, niceness: int, reports: Any) -> None:
    global _worker_reports
    workers.setup(folders, bot_pid, niceness)
    _worker_reports = reports


def _run_job(job: int, func: Callable[..., T], args: tuple[object, ...]) -> tuple[T, tuple[int, int] | None]:
    """In a worker process: ``func`` with a progress report that goes back to the bot by the reports queue
    (only when the figure changes: a review reports after each decision). The last report also comes back
    with the result: the queue and the result travel by different pipes, and the caller's progress line
    must end on the last figure."""
    last: list[tuple[int, int]] = []

    def report(done: int, total: int) -> None:
        if not last or last[0] != (done, total):
            last[:] = [(done, total)]
            if _worker_reports is not None:
                _worker_reports.put((job, done, total))

    result = func(*args, progress=report)
    return result, (last[0] if last else None)


def _read_reports(reports: Any) -> None:
    """In a thread of the bot: hand each progress report to its job's callback, on that job's loop."""
    while True:
        item = reports.get()
        if item is None:
            return
        job, done, total = item
        found = _listeners.get(job)
        if found is not None:
            loop, callback = found
            loop.call_soon_threadsafe(_call, callback, done, total)


def _call(callback: ProgressCallback, done: int, total: int) -> None:
    try:
        callback(done, total)
    except Exception:  # a progress line that failed to update must not end the job
        log.warning("an analysis progress callback failed", exc_info=True)


async def start(count: int) -> None:
    """Run analyses in ``count`` processes from now on (0: in threads)."""
    global _pool, _workers, _reports, _reader
    stop()
    if count <= 0:
        return
    context = multiprocessing.get_context("spawn")
    _reports = context.Queue()
    _workers = count
    folders, bot_pid, niceness = workers.setup_args(WORKER_NICENESS)
    _pool = ProcessPoolExecutor(
        max_workers=count,
        mp_context=context,
        initializer=_worker_setup,
        initargs=(folders, bot_pid, niceness, _reports),
    )
    _reader = threading.Thread(
        target=_read_reports, args=(_reports,), name="deckhand: analysis progress", daemon=True
    )
    _reader.start()


def stop() -> None:
    global _pool, _workers, _reports, _reader
    pool, _pool, _workers = _pool, None, 0
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)
    reports, _reports, _reader = _reports, None, None
    if reports is not None:
        reports.put(None)  # ends the reader thread


def running_in_processes() -> bool:
    return _pool is not None


async def run(
    lane: Lane, func: Callable[..., T], *args: object, progress: ProgressCallback | None = None
) -> T:
    """``func(*args, progress=...)`` in an analysis process (or a thread), when its lane's turn comes."""
    result: T = await _queue().run(PRIORITY[lane], func, args, progress)
    return result


@dataclass(order=True)
class _Waiting:
    priority: int
    order: int
    ready: asyncio.Future[None] = field(compare=False)


class _Queue:
    """Jobs asked for and not yet started; at most one a worker runs at a time (one in threads)."""

    def __init__(self) -> None:
        self.waiting: list[_Waiting] = []
        self.running = 0
        self.order = itertools.count()

    async def run(
        self,
        priority: int,
        func: Callable[..., T],
        args: tuple[object, ...],
        progress: ProgressCallback | None,
    ) -> T:
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, _Waiting(priority, next(self.order), ready))
        self.start_next()
        try:
            await ready
        except asyncio.CancelledError:
            if ready.done() and not ready.cancelled():  # it had its turn: give the turn on
                self.running -= 1
                self.start_next()
            raise
        try:
            return await _run_anywhere(func, args, progress)
        finally:
            self.running -= 1
            self.start_next()

    def start_next(self) -> None:
        while self.waiting and self.running < max(1, _workers):
            waiting = heapq.heappop(self.waiting)
            if waiting.ready.done():  # its caller gave up while it waited
                continue
            self.running += 1
            waiting.ready.set_result(None)


_queues: dict[asyncio.AbstractEventLoop, _Queue] = {}


def _queue() -> _Queue:
    """One queue an event loop (each test runs its own loop; the bot has one)."""
    loop = asyncio.get_running_loop()
    for old in [old for old in _queues if old.is_closed()]:
        del _queues[old]
    found = _queues.get(loop)
    if found is None:
        found = _queues[loop] = _Queue()
    return found


async def _run_anywhere(
    func: Callable[..., T], args: tuple[object, ...], progress: ProgressCallback | None
) -> T:
    loop = asyncio.get_running_loop()
    pool = _pool
    job = next(_job_ids)
    if progress is not None:
        _listeners[job] = (loop, progress)
    try:
        if pool is not None:
            try:
                result, last = await loop.run_in_executor(pool, _run_job, job, func, args)
                # Reports still on their way are late: the line ends on the last figure, never goes back.
                _listeners.pop(job, None)
                if progress is not None and last is not None:
                    _call(progress, *last)
                return result
            except BrokenProcessPool:
                log.warning("the analysis processes stopped; analysing in threads from now on", exc_info=True)
                if _pool is pool:
                    stop()

        def report(done: int, total: int) -> None:
            if progress is not None:
                loop.call_soon_threadsafe(_call, progress, done, total)

        return await asyncio.to_thread(lambda: func(*args, progress=report))
    finally:
        _listeners.pop(job, None)
