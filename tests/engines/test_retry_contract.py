"""Try it again on every engine (issue 27 item 3): a move picked at a reviewed decision is scored against the
played and the best move on the same redeals and rollouts; picking the played or the best move gives exactly
its value; the review's confirmed figures come back; the same seed gives the same scores; it never peeks;
and a wrong decision, seat or move is refused."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from engines.core import Action, Engine, Rng
from engines.core.analysis import AnalysisSettings, DecisionReview, review_decision, score_at, score_choice
from engines.core.call import CallGame
from tests.engines.test_analysis_contract import ai_against_random, decision_points

QUICK = AnalysisSettings(samples=2, confirm_samples=2, max_candidates=2, seed=3)
SEED = 2


@cache  # three tests per engine start from the same decision
def reviewed(engine: Engine[Any, Any, Any, Any]) -> tuple[int, Any, Action, DecisionReview]:
    """The random seat's first decision where the review confirmed a better move than the one played (game
    ``SEED``; the 12 first choices are enough for every game)."""
    for index, state, action in decision_points(engine, SEED, "p2")[:12]:
        decision = review_decision(engine, state, "p2", action, index, QUICK)
        if decision.best is not None and decision.best != decision.played:
            return index, state, action, decision
    raise AssertionError("no decision with a better move: the test would prove little")


def other_move(engine: Engine[Any, Any, Any, Any], state: Any, taken: list[dict[str, Any]]) -> Action:
    legal = sorted(engine.legal_actions(state, "p2"), key=lambda a: a.key())
    rest = [a for a in legal if a.model_dump(mode="json") not in taken]
    return rest[0] if rest else legal[0]


def test_retry_scores_against_the_played_and_the_best_move(engine: Engine[Any, Any, Any, Any]) -> None:
    players, log = ai_against_random(engine, SEED)
    index, state, action, decision = reviewed(engine)
    assert decision.best is not None
    best = engine.parse_action(decision.best)
    as_played = score_choice(engine, players, None, SEED, log, "p2", index, action, decision, QUICK)
    # The review's confirmed figures, bit for bit: the same redeals and rollout seeds.
    assert as_played.played_value == decision.played_value
    assert as_played.best_value == decision.best_value
    assert as_played.chosen == decision.played and as_played.chosen_value == as_played.played_value
    as_best = score_choice(engine, players, None, SEED, log, "p2", index, decision.best, decision, QUICK)
    assert as_best.chosen == decision.best and as_best.chosen_value == as_best.best_value
    assert as_best.best == best.model_dump(mode="json")
    pick = other_move(engine, state, [decision.played, decision.best])
    json_log = [(s, a.model_dump(mode="json")) for s, a in log]
    first = score_choice(engine, players, None, SEED, log, "p2", index, pick, decision, QUICK)
    again = score_choice(
        engine, players, None, SEED, json_log, "p2", index, pick.model_dump(mode="json"), decision, QUICK
    )
    assert first == again
    assert 0.0 <= first.chosen_value <= 1.0 and first.index == index


def test_retry_never_peeks(engine: Engine[Any, Any, Any, Any]) -> None:
    """The same pick scored in the real position and in a twin whose hidden cards were dealt differently."""
    index, state, action, decision = reviewed(engine)
    twin = engine.redeal(state, "p2", Rng.from_seed(77 + index))
    assert engine.view(twin, "p2") == engine.view(state, "p2")
    pick = other_move(engine, state, [decision.played])
    real = score_at(engine, state, "p2", index, pick, action, decision, QUICK)
    assert score_at(engine, twin, "p2", index, pick, action, decision, QUICK) == real


def test_a_forced_or_agreed_decision_scores_against_the_played_move(
    engine: Engine[Any, Any, Any, Any],
) -> None:
    """A decision the AI agreed with has no best of its own: the best is the AI's move, the played one."""
    for index, state, action in decision_points(engine, SEED, "p1")[:6]:
        decision = review_decision(engine, state, "p1", action, index, QUICK)
        if decision.deep:
            continue
        result = score_at(engine, state, "p1", index, action, action, decision, QUICK)
        assert result.best == result.played == result.chosen == action.model_dump(mode="json")
        assert result.best_value == result.played_value == result.chosen_value
        return
    raise AssertionError("the AI seat never agreed with the AI")


def test_wrong_decisions_seats_and_moves_are_refused(engine: Engine[Any, Any, Any, Any]) -> None:
    players, log = ai_against_random(engine, SEED)
    index, _state, action, decision = reviewed(engine)

    def score(seat: str, at: int, chosen: Action, review: DecisionReview) -> None:
        score_choice(engine, players, None, SEED, log, seat, at, chosen, review, QUICK)

    with pytest.raises(ValueError, match="not a legal move"):
        score("p2", index, CallGame(), decision)
    other = next(i for i, (who, _) in enumerate(log) if who != "p2")
    with pytest.raises(ValueError, match="is not p2's"):
        score("p2", other, action, decision)
    with pytest.raises(ValueError, match="not action"):
        score("p2", index, action, decision.model_copy(update={"index": index + 1}))
    with pytest.raises(ValueError, match="no action"):
        score("p2", len(log), action, decision)
