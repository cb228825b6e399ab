"""The pictures' queue: the table's pictures go before hands asked for earlier (but never starve them), a
caller that gives up frees its place, a failed picture is its caller's error and the queue goes on; the
picture processes run at a lower CPU priority than the bot."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.table import pictures
from tests.renderers.positions import position


class Gate:
    """Stands in for drawing: records the order pictures start in and holds each until released."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.release = asyncio.Event()

    async def draw(self, args: tuple[Any, ...]) -> bytes | None:
        name = args[2]  # the "view": a label in these tests
        self.started.append(name)
        await self.release.wait()
        if name == "broken":
            raise ValueError("the renderer failed")
        return name.encode()


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Gate:
    found = Gate()
    monkeypatch.setattr(pictures, "_pool", None)  # threads: one picture at a time
    monkeypatch.setattr(pictures, "_draw_anywhere", found.draw)
    return found


def ask(kind: Any, name: str) -> asyncio.Task[bytes | None]:
    return asyncio.create_task(pictures.render_bytes("glorious-crown", kind, name, "en"))


async def test_the_table_goes_before_hands_asked_earlier(gate: Gate) -> None:
    first = ask("hand", "hand-1")
    await asyncio.sleep(0)
    waiting = [ask("hand", "hand-2"), ask("hand", "hand-3"), ask("table", "table"), ask("final", "final")]
    await asyncio.sleep(0)
    assert gate.started == ["hand-1"], "one picture at a time in threads"
    gate.release.set()
    assert await first == b"hand-1"
    assert [await w for w in waiting] == [b"hand-2", b"hand-3", b"table", b"final"]
    assert gate.started == ["hand-1", "table", "final", "hand-2", "hand-3"]


async def test_a_hand_waiting_too_long_goes_before_newer_tables(
    gate: Gate, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A steady stream of tables never starves a hand: past ``STARVE_AFTER`` the oldest goes first."""
    monkeypatch.setattr(pictures, "STARVE_AFTER", 0.05)
    first = ask("table", "table-1")
    await asyncio.sleep(0)
    hand = ask("hand", "hand")
    await asyncio.sleep(0.1)  # the hand has now waited past STARVE_AFTER
    later = [ask("table", "table-2"), ask("table", "table-3")]
    await asyncio.sleep(0)
    gate.release.set()
    assert await first == b"table-1" and await hand == b"hand"
    assert [await w for w in later] == [b"table-2", b"table-3"]
    assert gate.started == ["table-1", "hand", "table-2", "table-3"]


async def test_a_caller_that_gives_up_frees_its_place(gate: Gate) -> None:
    first = ask("hand", "hand-1")
    await asyncio.sleep(0)
    gone = ask("table", "gone")
    later = ask("hand", "hand-2")
    await asyncio.sleep(0)
    gone.cancel()
    gate.release.set()
    assert await first == b"hand-1" and await later == b"hand-2"
    assert gate.started == ["hand-1", "hand-2"], "the cancelled picture was never drawn"


async def test_a_failed_picture_is_its_callers_error_and_the_queue_goes_on(gate: Gate) -> None:
    broken = ask("table", "broken")
    after = ask("table", "after")
    gate.release.set()
    with pytest.raises(ValueError, match="the renderer failed"):
        await broken
    assert await after == b"after"


@pytest.fixture
async def pool() -> AsyncIterator[None]:
    await pictures.start(1)
    yield
    pictures.stop()


def _nice(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[16])


@pytest.mark.skipif(not os.path.exists("/proc/self"), reason="reads the nice value through /proc (Linux)")
async def test_picture_processes_yield_the_cpu_to_the_bot(pool: None) -> None:
    pos = position("glorious-crown", 2)
    assert await pictures.render_bytes("glorious-crown", "table", pos.table, "en")
    assert pictures._pool is not None
    workers = list(pictures._pool._processes)  # type: ignore[union-attr]
    assert workers
    for pid in workers:
        assert _nice(pid) == min(19, _nice(os.getpid()) + pictures.WORKER_NICENESS)


async def test_two_pictures_are_sent_to_each_process(pool: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """One drawn, the next already sent: the process never waits for the bot's loop between pictures."""
    sent = 0
    most = 0
    real = pictures._draw_anywhere

    async def counting(args: tuple[Any, ...]) -> bytes | None:
        nonlocal sent, most
        sent += 1
        most = max(most, sent)
        try:
            return await real(args)
        finally:
            sent -= 1

    monkeypatch.setattr(pictures, "_draw_anywhere", counting)
    pos = position("glorious-crown", 2)
    found = await asyncio.gather(
        *(pictures.render_bytes("glorious-crown", "table", pos.table, "en") for _ in range(6))
    )
    assert all(f and f.startswith(b"\x89PNG") for f in found)
    assert most == pictures.IN_FLIGHT
