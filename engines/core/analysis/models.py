"""What an analysis returns: pydantic records, so the bot can store a review as JSON and read it back."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core.models import Seat

Grade = Literal["good", "inaccuracy", "mistake", "blunder"]


class AnalysisSettings(BaseModel):
    """How hard to look. ``samples``: redeals of the hidden cards per decision, each played out once per
    candidate (the same redeals and rollout seeds for every candidate: common random numbers).
    ``confirm_samples``: fresh redeals on which the played move and the best screened one are measured
    again when they differ (``engines.core.analysis.decision``). ``max_candidates``: moves compared at a
    flagged decision (the played one and the AI's included). ``seed``: the analysis' own seed; the same
    seed gives the same review. ``level``: the AI that proposes moves and plays the rollouts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    samples: int = Field(8, ge=1, le=256)
    confirm_samples: int = Field(16, ge=1, le=512)
    max_candidates: int = Field(3, ge=2, le=16)
    seed: int = 0
    level: str = "normal"


class CandidateValue(BaseModel):
    """One move compared at a decision: the action (as JSON data) and its expected result for the seat."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    action: dict[str, Any]
    value: float


class DecisionReview(BaseModel):
    """One decision of the seat. ``index``: the action's place in the game's log (the position is the state
    before it). Only a deep-evaluated decision has values; the others were either forced (one legal move)
    or the move the AI would have chosen too, and count as good with no loss."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int
    legal_count: int
    played: dict[str, Any]
    ai_move: dict[str, Any] | None = None
    deep: bool = False
    played_value: float | None = None
    best: dict[str, Any] | None = None
    best_value: float | None = None
    loss: float = 0.0
    #: The standard error of ``loss`` (paired confirmation rollouts); the grade is that of loss - error.
    loss_error: float = 0.0
    grade: Grade = "good"
    candidates: list[CandidateValue] = Field(default_factory=list)

    @property
    def choice(self) -> bool:
        """The seat had a real choice (more than one legal move): only these count in the accuracy."""
        return self.legal_count > 1


class SeatReview(BaseModel):
    """A seat's decisions over a whole game, with its accuracy (``engines.core.analysis.grading``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    seat: Seat
    settings: AnalysisSettings
    decisions: list[DecisionReview]
    accuracy: float | None
    grades: dict[Grade, int]

    def costliest(self, n: int = 3) -> list[DecisionReview]:
        """The ``n`` decisions that lost the most expected result, costliest first (ties: earliest)."""
        lost = [d for d in self.decisions if d.loss > 0]
        return sorted(lost, key=lambda d: (-d.loss, d.index))[:n]
