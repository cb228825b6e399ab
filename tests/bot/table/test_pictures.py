"""Pictures drawn in the worker process pool are the pictures drawn in a thread, byte for byte, for every
game and picture kind; games hosted from an extra folder (Climb) are drawn there too; a broken pool falls back
to threads and the picture still comes."""

from __future__ import annotations

import os
import signal
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.table import pictures
from tests.renderers.positions import GAMES, KINDS, position, view_of


@pytest.fixture
async def pool() -> AsyncIterator[None]:
    await pictures.start(1)
    yield
    pictures.stop()


async def drawn(game: str, kind: Any, view: Any) -> bytes:
    file = await pictures.render(game, kind, view, "ja", f"{kind}.png", {"p1": "alice"}, {"p2"})
    assert file is not None
    data: bytes = file.fp.read()
    return data


async def test_the_pool_draws_what_a_thread_draws(pool: None) -> None:
    for game in GAMES:
        pos = position(game, 1)
        for kind in KINDS:
            view = view_of(pos, kind)
            in_pool = await drawn(game, kind, view)
            in_thread = pictures.draw(game, kind, view, "ja", {"p1": "alice"}, frozenset({"p2"}))
            assert in_pool == in_thread and in_pool.startswith(b"\x89PNG"), (game, kind)


async def test_games_from_an_extra_folder_are_drawn_in_the_pool(pool: None, climb: Any) -> None:
    state = climb.new_game(["p1", "p2"], None, 3)
    assert (await drawn("test-climb", "table", climb.view(state, None))).startswith(b"\x89PNG")


async def test_a_killed_worker_falls_back_to_threads(pool: None) -> None:
    pos = position("glorious-crown", 2)
    await drawn("glorious-crown", "table", pos.table)  # the worker is up
    assert pictures._pool is not None
    for pid in list(pictures._pool._processes):  # type: ignore[union-attr]
        os.kill(pid, signal.SIGKILL)
    assert (await drawn("glorious-crown", "table", pos.table)).startswith(b"\x89PNG")
    assert pictures._pool is None, "later pictures are drawn in threads"


@pytest.mark.skipif(not os.path.exists("/proc/self"), reason="checks processes through /proc (Linux)")
def test_a_worker_ends_when_the_bot_is_killed_outright(tmp_path: Any) -> None:
    """SIGKILL of the bot's process leaves no picture process behind."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = (
        "import asyncio, sys\n"
        "from bot.table import pictures\n"
        "from tests.renderers.positions import position\n"
        "async def main():\n"
        "    await pictures.start(1)\n"
        "    await pictures.render('yggdrasil', 'table', position('yggdrasil', 0).table, 'en', 't.png')\n"
        "asyncio.run(main())\n"
        "print(*pictures._pool._processes, flush=True)\n"
        "sys.stdin.read()\n"
    )
    root = Path(__file__).resolve().parents[3]
    bot = subprocess.Popen(
        [sys.executable, "-c", script], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert bot.stdout is not None
    workers = [int(pid) for pid in bot.stdout.readline().split()]
    assert workers and all(Path(f"/proc/{pid}").exists() for pid in workers)
    bot.kill()
    bot.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in workers):
        time.sleep(0.1)
    alive = [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    assert not alive, f"picture processes outlived the bot: {alive}"


def test_views_reach_the_picture_process_unchanged() -> None:
    """The pool gets each view as JSON (``draw_sent``): every view of random games, public and per seat,
    reads back equal to itself."""
    import random

    from bot.games import manifests

    for game in manifests():
        engine = game.engine
        seats = [f"p{n}" for n in range(engine.min_players)]
        state = engine.new_game(seats, None, seed=7)
        rng = random.Random(7)
        for _ in range(60):
            for seat in [None, *seats]:
                view = engine.view(state, seat)
                assert type(view).model_validate_json(view.model_dump_json()) == view, (game.id, seat)
            movers = engine.to_move(state)
            if not movers:
                break
            state = engine.apply(state, movers[0], rng.choice(engine.legal_actions(state, movers[0]))).state
