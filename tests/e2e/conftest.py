"""Fixtures for tests that run a real discord.py bot against the local fake Discord.

- ``fake``: a started FakeDiscord; at teardown the test fails if the fake recorded an unreported violation.
- ``minibot``: the small test bot (tests/fakediscord/minibot.py), started against ``fake``.
- ``running_bot``: factory that starts the real Deckhand against ``fake`` with a SQLite file in tmp_path
  (``await running_bot()``; ``await runner.restart()`` keeps the file). Skipped while bot.client is missing.
- ``e2e_database``: what ``running_bot`` opens: a SQLite file, or with
  ``@pytest.mark.parametrize("e2e_database", ["sqlite", "postgresql"], indirect=True)`` the same test on the
  session's throw-away PostgreSQL database too (skipped with the reason where none answers).
- ``look``: draws a message as a member sees it (``tests.fakediscord.snapshot``) and returns the PNG; with
  ``DECKHAND_SNAPSHOTS=<folder>`` it also keeps it there as ``<test>-<name>.png``, to open and look at.
"""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from tests import postgres
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import (
    DECKHAND_MISSING_REASON,
    RunningBot,
    StartBot,
    deckhand_factory,
    minibot_factory,
)
from tests.fakediscord.seen import SeenMessage
from tests.fakediscord.snapshot import snapshot

E2E_TIMEOUT = 60  # seconds; a test may set its own with @pytest.mark.timeout


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.e2e)
            if item.get_closest_marker("timeout") is None:
                item.add_marker(pytest.mark.timeout(E2E_TIMEOUT))


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server
        server.assert_no_violations()


@pytest.fixture
async def minibot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[RunningBot]:
    async with RunningBot(fake, minibot_factory, tmp_path / "minibot.db") as runner:
        yield runner


@pytest.fixture
def e2e_database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    if getattr(request, "param", "sqlite") == "sqlite":
        return tmp_path / "deckhand.db"
    return postgres.fresh(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def running_bot(fake: FakeDiscord, e2e_database: Path | str) -> AsyncIterator[StartBot]:
    pytest.importorskip("bot.client", reason=DECKHAND_MISSING_REASON)
    runners: list[RunningBot] = []

    async def start(database: Path | str | None = None) -> RunningBot:
        runner = RunningBot(fake, deckhand_factory, database or e2e_database)
        await runner.start()
        runners.append(runner)
        return runner

    yield start
    for runner in runners:
        await runner.stop()


@pytest.fixture
def look(request: pytest.FixtureRequest) -> Callable[[SeenMessage, str], bytes]:
    folder = os.environ.get("DECKHAND_SNAPSHOTS")
    test = re.sub(r"[^\w.-]+", "-", request.node.name)

    def draw(message: SeenMessage, name: str) -> bytes:
        data = snapshot(message.raw)
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            (Path(folder) / f"{test}-{name}.png").write_bytes(data)
        return data

    return draw
