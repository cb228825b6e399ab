"""A seat's review, computed once: read from the store, or computed in an analysis process
(``bot.analysis.pool``, lane "review") and kept.

Two requests for the same review at once compute it once: the first starts the job and the others wait for
it (``_flights``, one entry a store, game, seat and settings, gone once the job ends), each with its own
progress line. Nothing is kept about a job but the task: a job lost in a restart is simply computed again on
the next request. A stored review of other settings or of an older ``VERSION`` is computed again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.analysis import pool
from bot.review.jobs import LogEntry, review_job
from bot.settings import Settings
from bot.store import ActionRecord, GameRecord, Store
from bot.store.review_models import StoredReview
from engines.core.analysis import AnalysisSettings

log = logging.getLogger(__name__)

#: The review's own version: raise it when what a review holds changes, and old ones are computed again.
VERSION = "1"

Listener = Callable[[int, int], None]


def analysis_settings(settings: Settings) -> AnalysisSettings:
    """The production figures (``AnalysisSettings``'s defaults), or fewer samples where the operator (or a
    test) asked for a quicker, rougher review (``DECKHAND_REVIEW_SAMPLES``)."""
    n = settings.review_samples
    if n is None:
        return AnalysisSettings()
    return AnalysisSettings(samples=n, confirm_samples=n, max_candidates=2)


def log_of(actions: Sequence[ActionRecord]) -> list[LogEntry]:
    return [(row.seat, dict(row.action)) for row in actions]


@dataclass
class _Flight:
    task: asyncio.Task[StoredReview]
    listeners: list[Listener] = field(default_factory=list)
    last: tuple[int, int] | None = None

    def report(self, done: int, total: int) -> None:
        self.last = (done, total)
        for listener in list(self.listeners):
            listener(done, total)


#: The jobs running, by store (its ``id``: tests run several bots in one process), game, seat and settings.
_flights: dict[tuple[int, int, str, str], _Flight] = {}


async def stored_review(
    store: Store, rec: GameRecord, seat: str, settings: AnalysisSettings
) -> StoredReview | None:
    """The kept review, if it was computed with these settings by this version."""
    found = await store.get_review(rec.id, seat)
    if found is None or found.version != VERSION or found.settings_json != settings.model_dump_json():
        return None
    return found


async def review_of(
    store: Store, rec: GameRecord, seat: str, settings: AnalysisSettings, progress: Listener | None = None
) -> StoredReview:
    """The seat's review of the finished game ``rec``: kept, being computed (joined), or computed now."""
    found = await stored_review(store, rec, seat, settings)
    if found is not None:
        return found
    key = (id(store), rec.id, seat, settings.model_dump_json())
    flight = _flights.get(key)
    if flight is None:
        task = asyncio.create_task(
            _compute(store, rec, seat, settings, key), name=f"deckhand: review {rec.id} {seat}"
        )
        flight = _flights[key] = _Flight(task)
        task.add_done_callback(lambda _task: _flights.pop(key, None))
    elif flight.last is not None and progress is not None:
        progress(*flight.last)
    if progress is not None:
        flight.listeners.append(progress)
    try:
        # Shielded: one waiting request that gives up (its interaction ended) must not end the others' job.
        return await asyncio.shield(flight.task)
    finally:
        if progress is not None and progress in flight.listeners:
            flight.listeners.remove(progress)


async def _compute(
    store: Store, rec: GameRecord, seat: str, settings: AnalysisSettings, key: tuple[int, int, str, str]
) -> StoredReview:
    actions = log_of(await store.actions(rec.id))
    began = time.perf_counter()

    def report(done: int, total: int) -> None:
        flight = _flights.get(key)
        if flight is not None:
            flight.report(done, total)

    review_json, course_json = await pool.run(
        "review",
        review_job,
        rec.game_id,
        [s.seat for s in rec.seats],
        dict(rec.options),
        rec.seed,
        actions,
        seat,
        settings.model_dump_json(),
        progress=report,
    )
    log.info("game %s: reviewed %s in %.1f s", rec.id, seat, time.perf_counter() - began)
    return await store.save_review(
        rec.id,
        seat,
        review_json=review_json,
        course_json=course_json,
        settings_json=settings.model_dump_json(),
        version=VERSION,
        created_at=time.time(),
    )
