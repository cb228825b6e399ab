"""Fixtures for tests that run a real discord.py bot against the local fake Discord.

- ``fake``: a started FakeDiscord; at teardown the test fails if the fake recorded an unreported violation.
- ``minibot``: the small test bot (tests/fakediscord/minibot.py), started against ``fake``.
- ``running_bot``: factory that starts the real Deckhand against ``fake`` with a SQLite file in tmp_path
  (``await running_bot()``; ``await runner.restart()`` keeps the file). Skipped while bot.client is missing.
- ``e2e_database``: what ``running_bot`` opens: a SQLite file, or with
  ``@pytest.mark.parametrize("e2e_database", ["sqlite", "postgresql"], indirect=True)`` the same test on the
  session's throw-away PostgreSQL database too (skipped with the reason where none answers).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
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
