"""How the analysis grades a loss, scores a seat's result and sums up an accuracy (engines.core.analysis)."""

from __future__ import annotations

import pytest

import engines
from engines.core import Outcome
from engines.core.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    DecisionReview,
    accuracy,
    grade,
    move_accuracy,
    seat_result,
)
from engines.core.analysis.results import margin


@pytest.mark.parametrize(
    ("loss", "expected"),
    [
        (0.0, "good"),
        (INACCURACY - 1e-9, "good"),
        (INACCURACY, "inaccuracy"),
        (MISTAKE, "mistake"),
        (BLUNDER - 1e-9, "mistake"),
        (BLUNDER, "blunder"),
        (1.0, "blunder"),
    ],
)
def test_grade_thresholds(loss: float, expected: str) -> None:
    assert grade(loss) == expected


def test_move_accuracy_falls_with_the_loss() -> None:
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=1e-3)
    assert move_accuracy(0.05) > move_accuracy(0.10) > move_accuracy(0.20) > move_accuracy(0.4) > 0.0
    assert move_accuracy(1.0) == 0.0


def decision(index: int, loss: float, legal: int = 3) -> DecisionReview:
    return DecisionReview(index=index, legal_count=legal, played={"type": "x"}, loss=loss, grade=grade(loss))


def test_accuracy_counts_only_real_choices() -> None:
    forced = decision(0, 0.0, legal=1)
    assert accuracy([forced]) is None
    assert accuracy([forced, decision(1, 0.0)]) == pytest.approx(100.0, abs=0.01)
    mixed = accuracy([decision(1, 0.0), decision(2, 0.2)])
    assert mixed == pytest.approx((move_accuracy(0.0) + move_accuracy(0.2)) / 2, abs=0.01)


def outcome(scores: dict[str, float], winners: list[str]) -> Outcome:
    return Outcome(scores=scores, ranking=[winners], winners=winners, reason="x")


def test_a_win_is_split_between_the_winners_in_competitive_games() -> None:
    crown = engines.get("glorious-crown")
    shared = outcome({"a": 6, "b": 6, "c": 2}, ["a", "b"])
    assert seat_result(crown, shared, "a") == pytest.approx(0.9 / 2 + 0.1 * 0.5)  # level with b
    assert seat_result(crown, shared, "c") == pytest.approx(0.1 * (0.5 + (2 - 6) / 16))
    sole = outcome({"a": 9, "b": 3}, ["a"])
    assert seat_result(crown, sole, "a") == pytest.approx(0.9 + 0.1 * 0.75)


def test_the_score_term_orders_losses_and_never_makes_a_blunder_alone() -> None:
    """Two lost games: the closer loss is worth a little more; the whole score term is under a blunder."""
    crown = engines.get("glorious-crown")
    close = seat_result(crown, outcome({"a": 5, "b": 6}, ["b"]), "a")
    far = seat_result(crown, outcome({"a": 0, "b": 9}, ["b"]), "a")
    assert 0.0 == far < close < 0.1 < BLUNDER
    assert margin(outcome({"a": -2, "b": 0}, ["b"]), "a") == 0.0  # Climb-like negative scores
    assert margin(outcome({"a": 0, "b": 0}, ["a", "b"]), "a") == 0.5


def test_a_cooperative_team_shares_its_success_and_a_sooner_one_is_worth_a_little_more() -> None:
    chaos = engines.get("project-chaos")
    assert chaos.cooperative
    won = outcome({"a": 1, "b": 1, "c": 1}, ["a", "b", "c"])
    lost = Outcome(scores={"a": 0, "b": 0, "c": 0}, ranking=[["a", "b", "c"]], winners=[], reason="loss")
    # without a progress measured: the success alone
    assert seat_result(chaos, won, "b") == 1.0 and seat_result(chaos, lost, "b") == 0.0
    soon, late = seat_result(chaos, won, "b", progress=1.0), seat_result(chaos, won, "b", progress=0.2)
    assert soon == pytest.approx(1.0) and late == pytest.approx(0.92)
    assert soon - late < BLUNDER and late > seat_result(chaos, lost, "b", progress=1.0) + 0.75


def test_a_failed_team_keeps_a_tenth_of_its_progress_never_a_blunder() -> None:
    chaos = engines.get("project-chaos")
    lost = Outcome(scores={"a": 0, "b": 0}, ranking=[["a", "b"]], winners=[], reason="loss")
    near, far = seat_result(chaos, lost, "a", progress=0.9), seat_result(chaos, lost, "a", progress=0.1)
    assert near == pytest.approx(0.09) and far == pytest.approx(0.01)
    assert seat_result(chaos, lost, "a", progress=1.0) - seat_result(chaos, lost, "a", progress=0.0) < BLUNDER
    assert seat_result(chaos, lost, "a", progress=None) == 0.0  # a game that measures no progress


def test_only_cooperative_games_measure_progress() -> None:
    for engine in engines.all():
        players = [f"p{i}" for i in range(engine.min_players)]
        measured = engine.progress(engine.new_game(players, None, 1))
        assert (measured is not None) == engine.cooperative, engine.id
