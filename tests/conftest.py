"""Suite-wide settings. Hypothesis profiles: ``ci`` keeps every property test but with fewer examples;
``dev`` is the default locally; ``deep`` is for a long hunt (HYPOTHESIS_PROFILE=deep).

The test-only game Climb lives in ``tests/extra_games`` (laid out like the repository: engines/, renderers/,
bot/games/) and is hosted the way a server owner's own game would be (``bot.games.add_games_folder``), so
every generic test (contract, pictures, catalogs, end-to-end) runs on a game that touches no shared file."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import engines
from bot.games import add_games_folder
from tests import postgres
from tests.reliability import figures

EXTRA_GAMES = Path(__file__).parent / "extra_games"
add_games_folder(EXTRA_GAMES)

_common = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", max_examples=15, derandomize=True, **_common)  # type: ignore[arg-type]
settings.register_profile("dev", max_examples=40, **_common)  # type: ignore[arg-type]
settings.register_profile("deep", max_examples=500, **_common)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def climb() -> Any:
    """The test-only Climb engine."""
    return engines.get("test-climb")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throw-away PostgreSQL database of this test session (this xdist worker), dropped at the end; a test
    that uses it empties it first (``tests.postgres.fresh``). Skips where no PostgreSQL answers."""
    reason = postgres.unreachable()
    if reason:
        pytest.skip(reason)
    url = postgres.create_database()
    yield url
    postgres.drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database for one test, on each backend: a SQLite file in ``tmp_path``, or the session's
    PostgreSQL database, emptied. What ``DECKHAND_DATABASE`` would say."""
    if request.param == "sqlite":
        return str(tmp_path / "deckhand.db")
    return postgres.fresh(request.getfixturevalue("postgres_url"))


# The reliability figures, summed over xdist workers (see tests/reliability/figures.py).
def pytest_sessionfinish(session: pytest.Session) -> None:
    figures.send(session.config)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    figures.receive(node)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    figures.report(terminalreporter, os.environ.get("DECKHAND_SOAK", "") not in ("", "0"))
