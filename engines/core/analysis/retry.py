"""Try it again (issue 27 item 3): a move the player picks at one of their decisions, scored against the
move they played and the best move the review found there.

The three moves are measured as a review confirms a decision (``rollouts.measure``): on the same fresh
redeals of the seat's view and the same rollout seeds (common random numbers, so a difference is the moves'
and not the luck of the draw), a first batch of ``confirm_samples`` and a second one when the best move's gap
over the played one reaches a mistake (when the review's best is the played move, the picked move's gap
decides). So with the review's settings the played and best moves get exactly the review's confirmed figures
wherever the review confirmed a better move, and a picked move that is the played or the best one gets that
move's value, bit for bit. Never peeking: everything is computed on redeals, which depend only on the seat's
view.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from engines.core.analysis.models import AnalysisSettings, DecisionReview
from engines.core.analysis.rollouts import measure
from engines.core.engine import Engine
from engines.core.models import Action, Options, Seat


class RetryResult(BaseModel):
    """The picked move (``chosen``), the played one and the best one at the log's action ``index``, each as
    JSON data with its expected result for the seat (0..1, ``results.seat_result``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int
    chosen: dict[str, Any]
    chosen_value: float
    played: dict[str, Any]
    played_value: float
    best: dict[str, Any]
    best_value: float


def score_choice(
    engine: Engine[Any, Any, Any, Any],
    players: Sequence[Seat],
    options: Mapping[str, Any] | Options | None,
    seed: int,
    actions: Iterable[tuple[Seat, Action | Mapping[str, Any]]],
    seat: Seat,
    index: int,
    chosen: Action | Mapping[str, Any],
    decision: DecisionReview,
    settings: AnalysisSettings | None = None,
) -> RetryResult:
    """Score ``chosen`` at the log's action ``index``, ``seat``'s decision reviewed as ``decision``. Raises
    ``ValueError`` when that action is not the seat's, the decision is another one, or ``chosen`` is not
    legal there."""
    settings = settings if settings is not None else AnalysisSettings()
    log = list(actions)
    if not 0 <= index < len(log):
        raise ValueError(f"no action {index} in a log of {len(log)}")
    if log[index][0] != seat:
        raise ValueError(f"action {index} is not {seat}'s")
    state = engine.new_game(players, options, seed)
    for who, raw in log[:index]:
        state = engine.apply(state, who, raw if isinstance(raw, Action) else engine.parse_action(raw)).state
    raw_played = log[index][1]
    played = raw_played if isinstance(raw_played, Action) else engine.parse_action(raw_played)
    return score_at(engine, state, seat, index, chosen, played, decision, settings)


def score_at(
    engine: Engine[Any, Any, Any, Any],
    state: Any,
    seat: Seat,
    index: int,
    chosen: Action | Mapping[str, Any],
    played: Action,
    decision: DecisionReview,
    settings: AnalysisSettings,
) -> RetryResult:
    """:func:`score_choice` at the position itself (the state before action ``index``)."""
    if decision.index != index or decision.played != played.model_dump(mode="json"):
        raise ValueError(f"the decision reviewed is not action {index} of this game")
    pick = chosen if isinstance(chosen, Action) else engine.parse_action(chosen)
    # The seat's legal moves are part of its view (the redeal contract keeps them), so this reads nothing
    # hidden.
    legal = {a.key() for a in engine.legal_actions(state, seat)}
    if pick.key() not in legal:
        raise ValueError(f"{pick.key()} is not a legal move for {seat} here")
    best = _best(engine, decision, played)
    moves: dict[str, Action] = {}
    for move in (played, best, pick):
        moves.setdefault(move.key(), move)
    values, _error = measure(
        engine, engine.ai(settings.level), state, seat, list(moves.values()), index, settings
    )
    value = dict(zip(moves, values, strict=True))
    return RetryResult(
        index=index,
        chosen=pick.model_dump(mode="json"),
        chosen_value=value[pick.key()],
        played=played.model_dump(mode="json"),
        played_value=value[played.key()],
        best=best.model_dump(mode="json"),
        best_value=value[best.key()],
    )


def _best(engine: Engine[Any, Any, Any, Any], decision: DecisionReview, played: Action) -> Action:
    """The review's best move; without one (a forced move, or one the AI agreed with), the AI's, else the
    played one."""
    data = decision.best if decision.best is not None else decision.ai_move
    if data is None:
        return played
    move = engine.parse_action(data)
    assert isinstance(move, Action)
    return move
