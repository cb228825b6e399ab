"""The post-game analysis on every engine (issue 27): it never peeks (two games that look the same from the
seat's view but hide different cards get the same review of that decision), a whole game's review is the
same for the same seed and survives a JSON round trip, and the progress callback counts every decision."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Action, Engine, RandomAgent, Rng
from engines.core.analysis import AnalysisSettings, SeatReview, grade, review_decision, review_seat
from engines.core.play import play_out
from tests.engines.test_contract import seats

QUICK = AnalysisSettings(samples=2, confirm_samples=2, max_candidates=2, seed=3)
TINY = AnalysisSettings(samples=1, confirm_samples=1, max_candidates=2, seed=3)


def ai_against_random(
    engine: Engine[Any, Any, Any, Any], seed: int
) -> tuple[list[str], list[tuple[str, Action]]]:
    """A seeded game: p1 is the normal AI, every other seat plays at random."""
    players = seats(engine.min_players)
    rnd = RandomAgent(engine)
    agents = {p: (engine.ai() if p == "p1" else rnd) for p in players}
    _final, history = play_out(engine, engine.new_game(players, None, seed), agents, Rng.from_seed(seed))
    return players, [(seat, action) for seat, action, _ in history]


def decision_points(
    engine: Engine[Any, Any, Any, Any], seed: int, seat: str
) -> list[tuple[int, Any, Action]]:
    players, log = ai_against_random(engine, seed)
    state = engine.new_game(players, None, seed)
    points = []
    for index, (who, action) in enumerate(log):
        if who == seat and len(engine.legal_actions(state, who)) > 1:
            points.append((index, state, action))
        state = engine.apply(state, who, action).state
    return points


def test_the_analysis_never_peeks(engine: Engine[Any, Any, Any, Any]) -> None:
    """The random seat's first decisions, each reviewed in the real game and in a twin whose hidden cards
    were dealt differently: the reviews are identical, the deep ones (rollouts) included. Seeded games are
    taken in turn until one has a deep decision among them (a random move the AI would also have chosen is
    not evaluated in depth, and the rollouts must be part of what is compared)."""
    twins_differ = deep = 0
    for seed in range(1, 6):
        points = decision_points(engine, seed, "p2")[:3]
        assert points, "the seat never had a choice"
        for index, state, action in points:
            twin = engine.redeal(state, "p2", Rng.from_seed(seed * 1000 + index))
            assert engine.view(twin, "p2") == engine.view(state, "p2")
            twins_differ += engine.dump_state(twin) != engine.dump_state(state)
            real = review_decision(engine, state, "p2", action, index, QUICK)
            assert review_decision(engine, twin, "p2", action, index, QUICK) == real
            deep += real.deep
        if deep:
            break
    assert twins_differ, "no twin hid different cards: the test would prove nothing"
    assert deep, "no decision was evaluated in depth: the rollouts went untested"


def test_a_review_is_deterministic_and_round_trips(engine: Engine[Any, Any, Any, Any]) -> None:
    """A game's opening (a log prefix is a game too, still running), reviewed twice for the random seat."""
    players, log = ai_against_random(engine, 4)
    log = log[:8]
    seen: list[tuple[int, int]] = []
    review = review_seat(engine, players, None, 4, log, "p2", TINY, progress=lambda d, t: seen.append((d, t)))
    total = sum(1 for who, _ in log if who == "p2")
    assert len(review.decisions) == total
    assert seen == [(d, total) for d in range(total + 1)]
    again = review_seat(
        engine, players, None, 4, [(s, a.model_dump(mode="json")) for s, a in log], "p2", TINY
    )
    assert again.model_dump_json() == review.model_dump_json()
    assert SeatReview.model_validate_json(review.model_dump_json()) == review
    assert [d.index for d in review.decisions] == [i for i, (who, _) in enumerate(log) if who == "p2"]
    for d in review.decisions:
        assert d.loss >= 0.0
        assert d.deep == (d.played_value is not None)
        if d.deep:
            assert d.played in [c.action for c in d.candidates] and d.best_value is not None
            assert d.loss == pytest.approx(d.best_value - d.played_value)
            assert d.loss_error >= 0.0 and d.grade == grade(max(0.0, d.loss - d.loss_error))


def test_a_seat_not_in_the_game_is_refused(engine: Engine[Any, Any, Any, Any]) -> None:
    players, log = ai_against_random(engine, 4)
    with pytest.raises(ValueError):
        review_seat(engine, players, None, 4, log, "nobody", QUICK)
