"""Pictures for the table: the game's renderer, run away from the event loop.

By default in a pool of worker processes (``Settings.render_workers``): drawing a picture is mostly Python
work under the interpreter lock, so in threads of the bot's own process it slowed every click's first answer
under load, and it never used a second core. ``start`` opens the pool (spawned, so no thread of the bot is
copied into it), ``stop`` closes it; without a pool, or once a pool broke (a worker killed), pictures are
drawn in a worker thread as before, and the bot says so in its log.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Collection, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Literal

import discord

from bot.games import add_games_folder, games_folders, manifest, manifests

log = logging.getLogger(__name__)

Kind = Literal["table", "hand", "final"]

_pool: ProcessPoolExecutor | None = None


def _worker_setup(folders: list[str], bot_pid: int) -> None:
    """In a new worker process: host the same games as the bot, and end with the bot. A worker holds both
    ends of its own task pipe, so a bot killed outright (SIGKILL, a crash) would leave it waiting forever."""
    for folder in folders:
        add_games_folder(Path(folder))
    threading.Thread(
        target=_end_with, args=(bot_pid,), name="deckhand: end with the bot", daemon=True
    ).start()


def _end_with(bot_pid: int) -> None:
    while os.getppid() == bot_pid:
        time.sleep(1.0)
    os._exit(0)


def draw(
    game_id: str, kind: Kind, view: Any, lang: str, names: dict[str, str] | None, ai_seats: frozenset[str]
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


def _warm() -> None:
    """Import every game's renderer, so the first picture does not wait for it."""
    for found in manifests():
        _ = found.renderer


async def start(workers: int, *, warm_for: float = 30.0) -> None:
    """Draw in ``workers`` processes from now on (0: in threads). Returns once they are up and have imported
    every renderer (at most ``warm_for`` seconds; after that they finish warming in the background): a
    process started at the first picture made a restarted bot's first table message late."""
    global _pool
    stop()
    if workers <= 0:
        return
    _pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_setup,
        initargs=([str(f) for f in games_folders()], os.getpid()),
    )
    loop = asyncio.get_running_loop()
    warming = [loop.run_in_executor(_pool, _warm) for _ in range(workers)]
    done, _pending = await asyncio.wait(warming, timeout=warm_for)
    for task in done:
        if task.exception() is not None:
            log.warning("a picture process failed to start: %s", task.exception())


def stop() -> None:
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


async def render(
    game_id: str,
    kind: Kind,
    view: Any,
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
    view: Any,
    lang: str,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes | None:
    """:func:`render`'s picture as bytes, for one picture attached to more than one message."""
    args = (game_id, kind, view, lang, dict(names) if names is not None else None, frozenset(ai_seats))
    pool = _pool
    if pool is None:
        return await asyncio.to_thread(draw, *args)
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, draw, *args)
    except BrokenProcessPool:
        log.warning("the picture processes stopped; drawing in threads from now on", exc_info=True)
        if _pool is pool:
            stop()
        return await asyncio.to_thread(draw, *args)
