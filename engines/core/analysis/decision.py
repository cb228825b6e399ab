"""One decision, judged from what the seat knew: the deep evaluation behind every review.

The position is never read directly. It is re-dealt ``samples`` times from the seat's view
(``Engine.redeal``, which depends only on that view), and everything is computed on those redeals: the
legal moves, the AI's move (on the first redeal) and the rollouts. Two positions that look the same to the
seat therefore get the same review, bit for bit.

Candidates at a flagged decision, at most ``max_candidates``: the played move, the AI's move on the first
redeal, the AI's moves on the next redeals (a stochastic AI then proposes its close alternatives), and then
legal moves drawn at random (seeded, from the moves in a canonical order) to fill the list. Each candidate is
played on every redeal and the game finished by the game's AI for every seat, with the same rollout seed per
redeal for every candidate (common random numbers: a difference between candidates is not the luck of the
draw). A candidate's value is its mean result (``results.seat_result``). When a candidate screens
better than the played move, both are measured again on ``confirm_samples`` fresh redeals and rollouts (a
confirmation, free of the bias of picking the top of noisy figures); the loss, ``played_value`` and
``best_value`` are those confirmed figures, ``candidates`` keeps the screening ones. A confirmed gap of a
mistake or more is measured on a second batch of fresh redeals, and the two batches are averaged. The grade
is that of the loss less one standard error of the confirmed difference (``loss_error``): a heavy grade
needs the evidence for it, not only a large mean of a few noisy rollouts.
"""

from __future__ import annotations

from typing import Any

from engines.core.analysis.candidates import candidates, legal_moves, sample
from engines.core.analysis.grading import grade
from engines.core.analysis.models import AnalysisSettings, CandidateValue, DecisionReview
from engines.core.analysis.results import derive
from engines.core.analysis.rollouts import AI, REDEAL, measure, values
from engines.core.engine import Agent, Engine
from engines.core.models import Action, Seat
from engines.core.rng import Rng


def review_decision(
    engine: Engine[Any, Any, Any, Any],
    state: Any,
    seat: Seat,
    played: Action,
    index: int,
    settings: AnalysisSettings,
    agent: Agent | None = None,
) -> DecisionReview:
    """Review ``played``, chosen by ``seat`` at ``state`` (the log's action ``index``)."""
    agent = agent if agent is not None else engine.ai(settings.level)
    redeals = sample(engine, state, seat, settings.samples, settings.seed, REDEAL, index)
    legal = legal_moves(engine, redeals[0], seat)
    played_json = played.model_dump(mode="json")
    if len(legal) <= 1:
        return DecisionReview(index=index, legal_count=len(legal), played=played_json)
    ai_move = agent.choose(redeals[0], seat, Rng(derive(settings.seed, AI, index, 0)))
    ai_json = ai_move.model_dump(mode="json")
    if ai_move.key() == played.key():
        return DecisionReview(index=index, legal_count=len(legal), played=played_json, ai_move=ai_json)
    moves = candidates(
        agent, redeals, seat, [played, ai_move], legal, settings.max_candidates, settings.seed, index
    )
    screened = values(engine, agent, redeals, seat, moves, settings.seed, index)
    # The first best wins ties, and the played move comes first: an equal move is no loss.
    top = max(range(len(moves)), key=lambda i: screened[i])
    played_value, best_value, best, error = screened[0], screened[0], played, 0.0
    if top != 0:
        (played_value, best_value), error = measure(
            engine, agent, state, seat, [played, moves[top]], index, settings
        )
        best = moves[top] if best_value > played_value else played
        best_value = max(best_value, played_value)
    loss = best_value - played_value
    return DecisionReview(
        index=index,
        legal_count=len(legal),
        played=played_json,
        ai_move=ai_json,
        deep=True,
        played_value=played_value,
        best=best.model_dump(mode="json"),
        best_value=best_value,
        loss=loss,
        loss_error=error,
        # Graded by what the evidence supports: the loss less one standard error of its estimate.
        grade=grade(max(0.0, loss - error)),
        candidates=[
            CandidateValue(action=c.model_dump(mode="json"), value=v)
            for c, v in zip(moves, screened, strict=True)
        ],
    )
