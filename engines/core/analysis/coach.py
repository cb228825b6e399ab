"""The coach (issue 27, item 4): at a seat's decision, the move the AI suggests and the top choices with
their expected result, each with the game's reason for it (``Engine.explain``).

It is the review's evaluation turned forwards, on cheap settings: the position is re-dealt ``samples``
times from the seat's view (``Engine.redeal``), the candidates (the AI's move on the first redeal, its moves
on the next two, then legal moves drawn at random) are played out on every redeal with common random
numbers, and the choices are ranked by their mean result (``engines.core.analysis.candidates``). The
suggested move is the best of them, the AI's own move first among equals. Everything, the reasons included,
is read from redeals only, so two positions that look the same to the seat get the same suggestion: the
coach never peeks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engines.core.analysis.candidates import candidates, legal_moves, sample
from engines.core.analysis.models import AnalysisSettings
from engines.core.analysis.results import derive
from engines.core.analysis.rollouts import AI, REDEAL, results
from engines.core.engine import Engine
from engines.core.models import Action, Explanation, Seat
from engines.core.rng import Rng

#: The coach's settings: a player is waiting for it, so few redeals (a suggestion, not a verdict).
COACH_SETTINGS = AnalysisSettings(samples=6, confirm_samples=1, max_candidates=3)
#: Choices shown under the hand.
TOP = 3


class Choice(BaseModel):
    """One move the coach weighed: the action (JSON data), its expected result for the seat (0..1: the win
    chance with a small score term, or the team's success chance, as in a review), and why it is good."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    action: dict[str, Any]
    value: float
    explanation: Explanation | None = None


class Suggestion(BaseModel):
    """What the coach says at one decision. ``move``: the suggested move (``None`` when the seat has no
    move); ``choices``: up to three moves, best first (empty when the move was forced: nothing to weigh).
    ``explanation``: the suggested move's reason, as ``choices[0]``'s."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    seat: Seat
    legal_count: int
    move: dict[str, Any] | None = None
    explanation: Explanation | None = None
    ai_move: dict[str, Any] | None = None
    choices: list[Choice] = Field(default_factory=list)
    #: The redeals each choice was played out on (its value is the mean of that many results).
    samples: int = 0


def suggest(
    engine: Engine[Any, Any, Any, Any],
    state: Any,
    seat: Seat,
    settings: AnalysisSettings | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Suggestion:
    """The coach's suggestion for ``seat`` at ``state``, deterministic for ``seed`` (with ``settings.seed``)
    and for what the seat sees. ``progress(done, total)`` after each candidate played out."""
    settings = settings if settings is not None else COACH_SETTINGS
    base = derive(settings.seed, seed)
    positions = sample(engine, state, seat, settings.samples, base, REDEAL, 0)
    seen = positions[0]
    legal = legal_moves(engine, seen, seat)
    if len(legal) <= 1:
        only = legal[0] if legal else None
        return Suggestion(
            game=engine.id,
            seat=seat,
            legal_count=len(legal),
            move=only.model_dump(mode="json") if only is not None else None,
            explanation=engine.explain(seen, seat, only) if only is not None else None,
        )
    agent = engine.ai(settings.level)
    ai_move = agent.choose(seen, seat, Rng(derive(base, AI, 0, 0)))
    moves = candidates(agent, positions, seat, [ai_move], legal, settings.max_candidates, base, 0)
    scored: list[tuple[Action, float]] = []
    for done, move in enumerate(moves, start=1):
        found = results(engine, agent, positions, seat, move, base, 0, 0)
        scored.append((move, sum(found) / len(found)))
        if progress is not None:
            progress(done, len(moves))
    # Best first; the order of ``moves`` (the AI's move first) breaks ties, so an equal move never
    # displaces the AI's.
    ranked = sorted(scored, key=lambda pair: -pair[1])[:TOP]
    choices = [
        Choice(action=m.model_dump(mode="json"), value=v, explanation=engine.explain(seen, seat, m))
        for m, v in ranked
    ]
    return Suggestion(
        game=engine.id,
        seat=seat,
        legal_count=len(legal),
        move=choices[0].action,
        explanation=choices[0].explanation,
        ai_move=ai_move.model_dump(mode="json"),
        choices=choices,
        samples=settings.samples,
    )
