"""A review computed once (``bot.review.service``): two requests at once share one job (each with its own
progress), the kept review answers the next request, and a review kept with other settings or by another
version is computed again. Real parts: a SQLite store, a game the AI played to the end, the analysis run in
a thread (no analysis processes started)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.review import service
from bot.settings import Settings
from bot.store import SeatInfo, SqliteStore
from engines.core.analysis import AnalysisSettings, SeatReview
from engines.core.analysis.course import Course
from tests.bot.records.conftest import stored_game

GAME = "yggdrasil"
SEATS = [SeatInfo(seat="p1", user_id=11, name="Alice"), SeatInfo(seat="p2", user_id=22, name="Bob")]
QUICK = AnalysisSettings(samples=1, confirm_samples=1, max_candidates=2)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "deckhand.db")
    yield opened
    await opened.close()


def computed(caplog: pytest.LogCaptureFixture) -> int:
    return sum(1 for r in caplog.records if r.name == "bot.review.service" and "reviewed" in r.getMessage())


async def test_two_requests_at_once_compute_once_and_the_next_one_reads_it(
    store: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.review.service")
    rec, _ = await stored_game(store, GAME, SEATS)
    seen: dict[str, list[tuple[int, int]]] = {"a": [], "b": []}
    first, second = await asyncio.gather(
        service.review_of(store, rec, "p1", QUICK, progress=lambda d, t: seen["a"].append((d, t))),
        service.review_of(store, rec, "p1", QUICK, progress=lambda d, t: seen["b"].append((d, t))),
    )
    assert first == second and computed(caplog) == 1
    assert all(figures and figures[-1][0] == figures[-1][1] for figures in seen.values()), seen
    review = SeatReview.model_validate_json(first.review_json)
    course = Course.model_validate_json(first.course_json)
    assert (review.seat, course.seat, first.version) == ("p1", "p1", service.VERSION)
    assert first.settings_json == QUICK.model_dump_json()
    assert await service.review_of(store, rec, "p1", QUICK) == first and computed(caplog) == 1
    assert not service._flights  # nothing is kept about a job that ended


async def test_a_review_of_other_settings_or_an_older_version_is_computed_again(
    store: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.review.service")
    rec, _ = await stored_game(store, GAME, SEATS)
    kept = await service.review_of(store, rec, "p2", QUICK)
    other = QUICK.model_copy(update={"seed": 5})
    assert await service.stored_review(store, rec, "p2", other) is None
    again = await service.review_of(store, rec, "p2", other)
    assert again.settings_json == other.model_dump_json() and computed(caplog) == 2
    await store.save_review(
        rec.id,
        "p2",
        review_json=kept.review_json,
        course_json=kept.course_json,
        settings_json=QUICK.model_dump_json(),
        version="0",
        created_at=1.0,
    )
    assert await service.stored_review(store, rec, "p2", QUICK) is None
    await service.review_of(store, rec, "p2", QUICK)
    assert computed(caplog) == 3


def test_the_settings_are_the_analysis_defaults_unless_fewer_samples_are_asked_for() -> None:
    base = Settings(_env_file=None)  # type: ignore[call-arg]
    assert service.analysis_settings(base) == AnalysisSettings()
    quick = Settings(DECKHAND_REVIEW_SAMPLES=2, _env_file=None)  # type: ignore[call-arg]
    assert (service.analysis_settings(quick).samples, service.analysis_settings(quick).confirm_samples) == (
        2,
        2,
    )
