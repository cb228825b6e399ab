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
draw). A candidate's value is its mean result (``results.final_result``). When a candidate screens
better than the played move, both are measured again on ``confirm_samples`` fresh redeals and rollouts (a
confirmation, free of the bias of picking the top of noisy figures); the loss, ``played_value`` and
``best_value`` are those confirmed figures, ``candidates`` keeps the screening ones. A confirmed gap of a
mistake or more is measured on a second batch of fresh redeals, and the two batches are averaged. The grade
is that of the loss less one standard error of the confirmed difference (``loss_error``): a heavy grade
needs the evidence for it, not only a large mean of a few noisy rollouts.
"""

from __future__ import annotations

import math
from typing import Any

from engines.core.analysis.grading import MISTAKE, grade
from engines.core.analysis.models import AnalysisSettings, CandidateValue, DecisionReview
from engines.core.analysis.results import derive, final_result
from engines.core.engine import Agent, Engine
from engines.core.models import Action, Seat
from engines.core.play import play_out
from engines.core.rng import Rng

# Stream tags: each use of randomness in a decision draws from its own seed.
_REDEAL, _AI, _ROLLOUT, _PICK, _CONFIRM = 1, 2, 3, 4, 5


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
    redeals = [
        engine.redeal(state, seat, Rng(derive(settings.seed, _REDEAL, index, k)))
        for k in range(settings.samples)
    ]
    legal: list[Action] = sorted(engine.legal_actions(redeals[0], seat), key=lambda a: a.key())
    played_json = played.model_dump(mode="json")
    if len(legal) <= 1:
        return DecisionReview(index=index, legal_count=len(legal), played=played_json)
    ai_move = agent.choose(redeals[0], seat, Rng(derive(settings.seed, _AI, index, 0)))
    ai_json = ai_move.model_dump(mode="json")
    if ai_move.key() == played.key():
        return DecisionReview(index=index, legal_count=len(legal), played=played_json, ai_move=ai_json)
    candidates = _candidates(engine, agent, redeals, seat, played, ai_move, legal, index, settings)
    screened = [_value(engine, agent, redeals, seat, c, index, 0, settings) for c in candidates]
    # The first best wins ties, and the played move comes first: an equal move is no loss.
    top = max(range(len(candidates)), key=lambda i: screened[i])
    played_value, best_value, best, error = screened[0], screened[0], played, 0.0
    if top != 0:
        played_value, best_value, error = _confirm(
            engine, agent, state, seat, played, candidates[top], index, settings
        )
        best = candidates[top] if best_value > played_value else played
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
            for c, v in zip(candidates, screened, strict=True)
        ],
    )


def _confirm(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    state: Any,
    seat: Seat,
    played: Action,
    challenger: Action,
    index: int,
    settings: AnalysisSettings,
) -> tuple[float, float, float]:
    """The played move and the challenger measured again on fresh redeals and rollouts: the top of several
    noisy estimates is biased upwards (the winner's curse), these figures are not. A gap that would make a
    mistake or worse gets a second batch, so a heavy grade rests on twice the evidence. Returns both mean
    results and the standard error of their paired difference."""
    mine: list[float] = []
    theirs: list[float] = []
    for batch in range(2):
        redeals = [
            engine.redeal(state, seat, Rng(derive(settings.seed, _CONFIRM, index, batch, k)))
            for k in range(settings.confirm_samples)
        ]
        stage = 1 + batch
        mine += _results(engine, agent, redeals, seat, played, index, stage, settings)
        theirs += _results(engine, agent, redeals, seat, challenger, index, stage, settings)
        if (sum(theirs) - sum(mine)) / len(mine) < MISTAKE:
            break
    n = len(mine)
    gaps = [t - m for t, m in zip(theirs, mine, strict=True)]
    mean_gap = sum(gaps) / n
    error = math.sqrt(sum((g - mean_gap) ** 2 for g in gaps) / (n - 1) / n) if n > 1 else 0.0
    return sum(mine) / n, sum(theirs) / n, error


def _candidates(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    redeals: list[Any],
    seat: Seat,
    played: Action,
    ai_move: Action,
    legal: list[Action],
    index: int,
    settings: AnalysisSettings,
) -> list[Action]:
    chosen: dict[str, Action] = {played.key(): played, ai_move.key(): ai_move}
    for k in range(1, min(3, len(redeals))):
        if len(chosen) >= settings.max_candidates:
            break
        alt = agent.choose(redeals[k], seat, Rng(derive(settings.seed, _AI, index, k)))
        chosen.setdefault(alt.key(), alt)
    rest = [a for a in legal if a.key() not in chosen]
    Rng(derive(settings.seed, _PICK, index)).shuffle(rest)
    for a in rest[: max(0, settings.max_candidates - len(chosen))]:
        chosen[a.key()] = a
    return list(chosen.values())


def _value(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    redeals: list[Any],
    seat: Seat,
    move: Action,
    index: int,
    stage: int,
    settings: AnalysisSettings,
) -> float:
    results = _results(engine, agent, redeals, seat, move, index, stage, settings)
    return sum(results) / len(results)


def _results(
    engine: Engine[Any, Any, Any, Any],
    agent: Agent,
    redeals: list[Any],
    seat: Seat,
    move: Action,
    index: int,
    stage: int,
    settings: AnalysisSettings,
) -> list[float]:
    """The move's result on each redeal; rollout ``k`` has the same seed for every move."""
    results: list[float] = []
    for k, start in enumerate(redeals):
        after = engine.apply(start, seat, move).state
        final, _ = play_out(engine, after, agent, Rng(derive(settings.seed, _ROLLOUT, stage, index, k)))
        results.append(final_result(engine, final, seat))
    return results
