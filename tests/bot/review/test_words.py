"""A stored review made ready to show (``bot.review.words``): positions replayed from the log as the seat saw
them, key moments chosen (costliest first, only those that gave up an inaccuracy's worth), the moves worded as
the seat's hand words them, and the pictures drawn (the hand as it was, the course)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import manifest, ui_for
from bot.games.base import LabelContext
from bot.review import words
from bot.review.jobs import review_job
from bot.store import SeatInfo, SqliteStore, Status
from bot.store.review_models import StoredReview
from engines.core import replay
from engines.core.analysis import AnalysisSettings, DecisionReview, SeatReview
from tests.bot.records.conftest import stored_game

GAME = "yggdrasil"
SEATS = [SeatInfo(seat="p1", user_id=11, name="Alice"), SeatInfo(seat="p2", user_id=22, name="Bob")]


def hand_review(played: list[tuple[int, dict[str, object]]], losses: list[float]) -> SeatReview:
    """A review of p1 set up by hand: its decisions at the log's indices, with the given losses and, as the
    better move, the next decision's move (any legal-looking data the words can read)."""
    decisions = [
        DecisionReview(
            index=index,
            legal_count=2,
            played=action,
            deep=True,
            played_value=0.5 - loss,
            best=played[(i + 1) % len(played)][1] if loss else action,
            best_value=0.5,
            loss=loss,
            grade="blunder" if loss >= 0.2 else "mistake" if loss >= 0.1 else "good",
        )
        for i, ((index, action), loss) in enumerate(zip(played, losses, strict=False))
    ]
    return SeatReview(
        game=GAME,
        seat="p1",
        settings=AnalysisSettings(),
        decisions=decisions,
        accuracy=70.0,
        grades={"good": 1, "inaccuracy": 0, "mistake": 1, "blunder": 1},
    )


@pytest.fixture
async def store(tmp_path: Path) -> SqliteStore:
    opened = await SqliteStore.open(tmp_path / "deckhand.db")
    yield opened  # type: ignore[misc]
    await opened.close()


async def test_key_moments_are_the_costliest_that_cost_something_worded_as_the_hand(
    store: SqliteStore,
) -> None:
    rec, states = await stored_game(store, GAME, SEATS)
    assert rec.status is Status.FINISHED
    actions = await store.actions(rec.id)
    mine = [(i, dict(row.action)) for i, row in enumerate(actions) if row.seat == "p1"]
    review = hand_review(mine[:4], [0.04, 0.3, 0.12, 0.07])
    keys = words.key_decisions(review)
    # Costliest first; 0.04 is below an inaccuracy's loss and is left out.
    assert [d.index for d in keys] == [mine[1][0], mine[2][0], mine[3][0]]
    found = words.positions(rec, actions, "p1", [d.index for d in keys])
    engine = manifest(GAME).engine
    for d in keys:
        before = states[d.index]
        assert engine.dump_state(found[d.index].state) == engine.dump_state(before)
        assert found[d.index].view == engine.view(before, "p1")  # the seat's own view, nothing more
        legal = found[d.index].legal(GAME)
        assert [a.key() for a in legal] == sorted(a.key() for a in engine.legal_actions(before, "p1"))
    for lang in ("en", "ja"):
        told = words.facts(rec, review, found, "Alice", lang)
        assert [m.index for m in told.moments] == [d.index for d in keys]
        first = told.moments[0]
        ctx = LabelContext(engine.view(states[first.index], "p1"), rec.names())
        ui = ui_for(GAME)
        assert first.played == ui.action_label(engine.parse_action(mine[1][1]), lang, ctx=ctx)
        assert first.better == ui.action_label(engine.parse_action(mine[2][1]), lang, ctx=ctx)
        assert (first.played_value, first.best_value, first.grade) == (0.2, 0.5, "blunder")
        assert told.accuracy == 70.0 and told.grades["blunder"] == 1 and not told.cooperative


async def test_a_stored_review_is_shown_with_its_course_and_the_hands_as_they_were(
    store: SqliteStore,
) -> None:
    rec, _states = await stored_game(store, GAME, SEATS)
    actions = await store.actions(rec.id)
    log = [(row.seat, dict(row.action)) for row in actions]
    mine = [(i, action) for i, (seat, action) in enumerate(log) if seat == "p1"]
    settings = AnalysisSettings(samples=1, confirm_samples=1, max_candidates=2)
    figures: list[tuple[int, int]] = []
    review_json, course_json = review_job(
        GAME,
        ["p1", "p2"],
        {},
        rec.seed,
        log,
        "p1",
        settings.model_dump_json(),
        progress=lambda d, t: figures.append((d, t)),
    )
    # One progress figure over the decisions and then the course's points, ending full.
    assert figures[0][0] == 0 and figures[-1][0] == figures[-1][1] and len({t for _, t in figures}) == 1
    assert [d for d, _ in figures] == sorted(d for d, _ in figures)
    # The costs are set by hand so the moments are known; the course is the job's.
    review = hand_review(mine[:3], [0.3, 0.15, 0.1])
    stored = StoredReview(
        game_pk=rec.id,
        seat="p1",
        review_json=review.model_dump_json(),
        course_json=course_json,
        settings_json=settings.model_dump_json(),
        version="1",
        created_at=1.0,
    )
    assert SeatReview.model_validate_json(review_json).seat == "p1"
    ready = await words.shown(rec, actions, stored, "Alice", "en", hands=True)
    assert ready.course is not None and ready.course.startswith(b"\x89PNG")
    assert sorted(ready.hands) == sorted(i for i, _ in mine[:3])
    assert all(data.startswith(b"\x89PNG") for data in ready.hands.values())
    public = await words.shown(rec, actions, stored, "Alice", "en", hands=False)
    assert public.hands == {} and public.facts.moments == ready.facts.moments
    final = replay(manifest(GAME).engine, ["p1", "p2"], {}, rec.seed, log)
    assert manifest(GAME).engine.outcome(final) is not None
