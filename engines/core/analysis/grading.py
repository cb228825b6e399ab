"""How a decision's loss becomes a grade, and the decisions of a game an accuracy.

A result is on a 0..1 scale (``engines.core.analysis.results``), so the loss of a decision is the expected
result it gave up: the best candidate's value minus the played move's (never below 0). The thresholds follow
lichess, which grades by the loss of winning chances (its 0..1 "win percent" scale, halved to a 0..0.5 swing):
lichess calls a drop of 10 / 20 / 30 win-percent points an inaccuracy / mistake / blunder. Ours are smaller at
the top because our rollouts are coarse, few-sample estimates and a card game's position swings less per
move than a chess game's; a blunder must still cost a fifth of a win, far above the sampling noise that
common random numbers leave (see docs/analysis.md):

    loss < 0.05         good
    0.05 <= loss < 0.10 inaccuracy
    0.10 <= loss < 0.20 mistake
    0.20 <= loss        blunder

Accuracy per move is lichess's formula on the same scale, ``103.1668 * exp(-4.354 * loss) - 3.1669``
clamped to 0..100 (100 for no loss, about 80 at 0.05, 64 at 0.10, 40 at 0.20, 15 at 0.40); a seat's accuracy
is the mean over its decisions with more than one legal move (``None`` when it never had a choice).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from engines.core.analysis.models import DecisionReview, Grade

INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20

GRADES: tuple[Grade, ...] = ("good", "inaccuracy", "mistake", "blunder")


def grade(loss: float) -> Grade:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return "good"


def move_accuracy(loss: float) -> float:
    return max(0.0, min(100.0, 103.1668 * math.exp(-4.354 * loss) - 3.1669))


def accuracy(decisions: Iterable[DecisionReview]) -> float | None:
    scores = [move_accuracy(d.loss) for d in decisions if d.choice]
    if not scores:
        return None
    return round(sum(scores) / len(scores), 2)


def grade_counts(decisions: Iterable[DecisionReview]) -> dict[Grade, int]:
    counts: dict[Grade, int] = dict.fromkeys(GRADES, 0)
    for d in decisions:
        if d.choice:
            counts[d.grade] += 1
    return counts
