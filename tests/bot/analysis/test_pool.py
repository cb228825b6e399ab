"""The analysis pool: jobs run in another process (or a thread without one), progress reaches the event loop,
the coach's and "Try it again" lanes go before waiting reviews, and a job's error reaches its caller."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.analysis import pool
from tests.bot.analysis import jobs


@pytest.fixture(params=[1, 0], ids=["process", "thread"])
async def workers(request: pytest.FixtureRequest) -> AsyncIterator[int]:
    count: int = request.param
    await pool.start(count)
    yield count
    pool.stop()


async def test_a_job_runs_where_the_pool_says_and_reports_its_progress(workers: int) -> None:
    seen: list[tuple[int, int]] = []
    pid, n = await pool.run("review", jobs.count_to, 5, progress=lambda d, t: seen.append((d, t)))
    assert n == 5
    assert (pid != os.getpid()) == (workers == 1)
    if workers == 0:
        await asyncio.sleep(0)  # the thread's last reports are on the loop's ready queue
        assert seen == [(d, 5) for d in range(6)]
    else:
        # From a process, a report still on its way when the result comes is dropped: the line never goes
        # back, and it ends on the last figure.
        assert seen[-1] == (5, 5)
        assert seen == sorted(seen)


async def test_a_coach_job_goes_before_reviews_that_wait(workers: int, tmp_path: Path) -> None:
    release = tmp_path / "release"
    started: list[str] = []

    def note(name: str) -> pool.ProgressCallback:
        # A job's first report marks its start (from a process, a fast job's early reports may be dropped).
        return lambda done, total: started.append(name) if name not in started else None

    first = asyncio.create_task(pool.run("review", jobs.wait_for, str(release), "r1", progress=note("r1")))
    while "r1" not in started:  # the only worker is busy with r1
        await asyncio.sleep(0.01)
    second = asyncio.create_task(pool.run("review", jobs.wait_for, str(release), "r2", progress=note("r2")))
    coach = asyncio.create_task(pool.run("coach", jobs.wait_for, str(release), "c", progress=note("c")))
    await asyncio.sleep(0.05)
    release.touch()
    assert await asyncio.gather(first, second, coach) == ["r1", "r2", "c"]
    assert started == ["r1", "c", "r2"]


async def test_a_job_error_reaches_its_caller_and_the_pool_goes_on(workers: int) -> None:
    with pytest.raises(ValueError, match="no such position"):
        await pool.run("retry", jobs.fail)
    _pid, n = await pool.run("retry", jobs.count_to, 2)
    assert n == 2


async def test_a_caller_that_gives_up_while_waiting_does_not_hold_a_turn(
    workers: int, tmp_path: Path
) -> None:
    release = tmp_path / "release"
    first = asyncio.create_task(pool.run("review", jobs.wait_for, str(release), "a"))
    await asyncio.sleep(0.05)
    gave_up = asyncio.create_task(pool.run("review", jobs.wait_for, str(release), "b"))
    await asyncio.sleep(0.05)
    gave_up.cancel()
    release.touch()
    assert await first == "a"
    # Had the cancelled job kept its turn, the only worker's turn would never come back.
    _pid, n = await asyncio.wait_for(pool.run("review", jobs.count_to, 1), 30)
    assert n == 1
