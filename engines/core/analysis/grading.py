"""How a decision's loss becomes a grade, and the decisions of a game an accuracy.

A result is on a 0..1 scale (``engines.core.analysis.results``), so the loss of a decision is the expected
result it gave up: the best candidate's value minus the played move's (never below 0). lichess grades a move
by the winning chances it lost, on a -1..1 scale: 0.1 / 0.2 / 0.3 for an inaccuracy / mistake / blunder, that
is 0.05 / 0.10 / 0.15 on our 0..1 scale. We keep its two lower steps and raise the blunder step to 0.20: our
values are estimates from 16 to 32 rollouts of a card game, not an engine's evaluation, and a blunder is what
a review shows a player first, so it must stand clear of the noise (the bench checks that a blunder's
suggested move really does better when played again with fresh seeds). ``decision`` grades the loss less
one standard error of its estimate:

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
