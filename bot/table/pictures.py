"""Pictures for the table: the game's renderer, run away from the event loop.

By default in a pool of worker processes (``Settings.render_workers``): drawing a picture is mostly Python
work under the interpreter lock, so in threads of the bot's own process it slowed every click's first answer
under load, and it never used a second core. ``start`` opens the pool (spawned, so no thread of the bot is
copied into it), ``stop`` closes it; without a pool, or once a pool broke (a worker killed), pictures are
drawn in a worker thread as before, and the bot says so in its log.

Pictures wait in the bot, not in the pool's first-come queue, and go out one a worker in order of
``PRIORITY``: the table's pictures first (every player at the table sees them and the next player's ping
comes with them), hands after. Under load the wait then falls on the one player looking at their hand, not
on the whole table. The workers run at a lower CPU priority (``WORKER_NICENESS``) than the bot, whose event
loop must answer every click within Discord's three seconds.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
import weakref
from collections import deque
from collections.abc import Callable, Collection, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Literal

import discord

from bot import workers as worker_processes
from bot.games import manifest, manifests
from engines.core import View

log = logging.getLogger(__name__)

Kind = Literal["table", "hand", "final"]
#: What :func:`draw` is called with: the game, the kind of picture, the view, the language, the names and
#: the AI seats.
DrawArgs = tuple[str, Kind, View, str, dict[str, str] | None, frozenset[str]]


@dataclass(frozen=True)
class Other:
    """A picture that belongs to no one game (a night's standings): ``func(*args)`` gives its bytes. Both
    are sent to a picture process, so ``func`` is a module-level function and ``args`` pickle."""

    func: Callable[..., bytes]
    args: tuple[object, ...]


#: What the queue holds: a game's picture, or another.
Job = DrawArgs | Other

#: Lower goes first; equal priorities go in the order asked.
PRIORITY: dict[str, int] = {"table": 0, "final": 0, "hand": 1}
#: Pictures sent to each picture process at a time (see ``_Queue``).
IN_FLIGHT = 2
#: Seconds after which a waiting picture goes next whatever its priority (see ``_Queue``).
STARVE_AFTER = 20.0
#: Added to a worker's nice value: drawing yields the CPU to the bot's event loop and its store.
WORKER_NICENESS = 5

_pool: ProcessPoolExecutor | None = None
_workers = 0


def draw(
    game_id: str, kind: Kind, view: View, lang: str, names: dict[str, str] | None, ai_seats: frozenset[str]
) -> bytes | None:
    """The picture's bytes (``None``: the game has no pictures); runs in a worker process or thread."""
    renderer = manifest(game_id).renderer
    if renderer is None:
        return None
    func = {"table": renderer.render_table, "hand": renderer.render_hand, "final": renderer.render_final}[
        kind
    ]
    data: bytes = func(view, lang, names=names, ai_seats=ai_seats)
    return data


def draw_sent(
    game_id: str,
    kind: Kind,
    view_type: type[View],
    view_json: str,
    lang: str,
    names: dict[str, str] | None,
    ai_seats: frozenset[str],
) -> bytes | None:
    """:func:`draw` in a picture process, the view sent as JSON: pickling a view model field by field held
    the bot's interpreter lock 2-3 times as long as writing its JSON (under load, among the longest holds,
    and every reply from a picture or a read waits for that lock)."""
    view = view_type.model_validate_json(view_json)
    return draw(game_id, kind, view, lang, names, ai_seats)


def _warm() -> None:
    """Import every game's renderer, so the first picture does not wait for it."""
    for found in manifests():
        _ = found.renderer


async def start(workers: int, *, warm_for: float = 30.0) -> None:
    """Draw in ``workers`` processes from now on (0: in threads). Returns once they are up and have imported
    every renderer (at most ``warm_for`` seconds; after that they finish warming in the background): a
    process started at the first picture made a restarted bot's first table message late."""
    global _pool, _workers
    stop()
    if workers <= 0:
        return
    _workers = workers
    _pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_processes.setup,
        initargs=worker_processes.setup_args(WORKER_NICENESS),
    )
    loop = asyncio.get_running_loop()
    warming = [loop.run_in_executor(_pool, _warm) for _ in range(workers)]
    done, _pending = await asyncio.wait(warming, timeout=warm_for)
    for task in done:
        if task.exception() is not None:
            log.warning("a picture process failed to start: %s", task.exception())


def stop() -> None:
    global _pool, _workers
    pool, _pool, _workers = _pool, None, 0
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


async def render(
    game_id: str,
    kind: Kind,
    view: View,
    lang: str,
    filename: str,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> discord.File | None:
    """``kind`` is ``table``, ``hand`` or ``final``; ``None`` when the game has no pictures. ``names`` maps
    seats to the players' display names, ``ai_seats`` are the computer's (``renderers.contract``)."""
    data = await render_bytes(game_id, kind, view, lang, names, ai_seats)
    return None if data is None else discord.File(io.BytesIO(data), filename=filename)


async def render_bytes(
    game_id: str,
    kind: Kind,
    view: View,
    lang: str,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes | None:
    """:func:`render`'s picture as bytes, for one picture attached to more than one message."""
    args = (game_id, kind, view, lang, dict(names) if names is not None else None, frozenset(ai_seats))
    return await _queue().draw(PRIORITY[kind], args)


async def render_other(func: Callable[..., bytes], *args: object) -> bytes:
    """A picture of no one game (``func(*args)``, e.g. ``renderers.night.render_standings``), drawn where and
    when a table's picture would be: off the event loop, in the same queue at the table's priority."""
    data = await _queue().draw(PRIORITY["table"], Other(func, args))
    assert data is not None  # an ``Other`` always draws
    return data


class _Queue:
    """The pictures asked for and not yet started, one line per priority. Each worker has ``IN_FLIGHT`` of
    them at a time: one it draws and the next, already sent, so it never idles while the bot's loop hands
    it more (at one a worker, a picture process under load was idle a quarter of the time). In threads, one
    at a time: they share the interpreter lock, so more would only slow each other down. A picture that
    has waited ``STARVE_AFTER`` seconds goes next whatever its priority: a steady stream of tables never
    keeps a hand from coming (a deferred reply must come within Discord's 15 minutes)."""

    def __init__(self) -> None:
        self.lines: dict[int, deque[tuple[float, asyncio.Future[bytes | None], Job]]] = {}
        self.drawing = 0
        self.tasks: set[asyncio.Task[None]] = set()

    async def draw(self, priority: int, args: Job) -> bytes | None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bytes | None] = loop.create_future()
        self.lines.setdefault(priority, deque()).append((loop.time(), done, args))
        self.start_next()
        return await done

    def _take(self) -> tuple[asyncio.Future[bytes | None], Job] | None:
        heads = [(line[0][0], priority) for priority, line in sorted(self.lines.items()) if line]
        if not heads:
            return None
        oldest_at, oldest = min(heads)
        priority = oldest if asyncio.get_running_loop().time() - oldest_at >= STARVE_AFTER else heads[0][1]
        _, done, args = self.lines[priority].popleft()
        return done, args

    def start_next(self) -> None:
        while self.drawing < max(1, IN_FLIGHT * _workers):
            taken = self._take()
            if taken is None:
                return
            done, args = taken
            if done.done():  # its caller gave up (cancelled) while it waited
                continue
            self.drawing += 1
            task = asyncio.create_task(self.one(done, args), name="deckhand: draw a picture")
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def one(self, done: asyncio.Future[bytes | None], args: Job) -> None:
        try:
            data = await _draw_anywhere(args)
        except asyncio.CancelledError:  # the loop is closing: so is everything waiting here
            self.drawing -= 1
            done.cancel()
            raise
        except Exception as exc:  # the caller's error to handle, as if it had drawn the picture itself
            if not done.done():
                done.set_exception(exc)
        else:
            if not done.done():
                done.set_result(data)
        self.drawing -= 1
        self.start_next()


_queues: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Queue] = weakref.WeakKeyDictionary()


def _queue() -> _Queue:
    """One queue an event loop (each test runs its own loop; the bot has one)."""
    loop = asyncio.get_running_loop()
    found = _queues.get(loop)
    if found is None:
        found = _queues[loop] = _Queue()
    return found


async def _draw_anywhere(args: Job) -> bytes | None:
    if isinstance(args, Other):
        return await _draw_other(args)
    pool = _pool
    if pool is None:
        return await asyncio.to_thread(draw, *args)
    game_id, kind, view, lang, names, ai_seats = args
    try:
        return await asyncio.get_running_loop().run_in_executor(
            pool, draw_sent, game_id, kind, type(view), view.model_dump_json(), lang, names, ai_seats
        )
    except BrokenProcessPool:
        log.warning("the picture processes stopped; drawing in threads from now on", exc_info=True)
        if _pool is pool:
            stop()
        return await asyncio.to_thread(draw, *args)


async def _draw_other(job: Other) -> bytes:
    pool = _pool
    if pool is None:
        return await asyncio.to_thread(job.func, *job.args)
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, job.func, *job.args)
    except BrokenProcessPool:
        log.warning("the picture processes stopped; drawing in threads from now on", exc_info=True)
        if _pool is pool:
            stop()
        return await asyncio.to_thread(job.func, *job.args)
