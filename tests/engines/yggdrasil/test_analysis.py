"""The post-game analysis on a hand-built Yggdrasil position (issue 27): a losing move is a blunder and the
winning one is found; the same seed gives the same review."""

from __future__ import annotations

from engines.core.analysis import BLUNDER, AnalysisSettings, review_decision
from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Invade, NoInvasion, Place, YggState

from .conftest import build

QUICK = AnalysisSettings(samples=4, confirm_samples=4, max_candidates=3, seed=5)


def root_in_reach() -> YggState:
    """A 3 x 3 field. p2 has its root and two fruit garlands, p1 only its root; p1 has just placed a spear
    salamander (power 4) between the roots, pointing at p2's root (power 4). Invading fells the root and
    with it p2's whole tree (YG-8, YG-9); holding back leaves p1 behind on cards and fruit (YG-11)."""
    state = build(
        {"A3": ("p2", "fruit-garland"), "C3": ("p2", "fruit-garland")},
        hands={"p1": ["spear-salamander", "fruit-garland"], "p2": ["fruit-garland"]},
        decks={"p1": ["fruit-garland"], "p2": ["fruit-garland"]},
        cols=3,
        rows=3,
    )
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="B2")).state
    assert state.phase == "invade"
    return state


def test_holding_back_is_a_blunder_and_the_invasion_is_found() -> None:
    review = review_decision(ENGINE, root_in_reach(), "p1", NoInvasion(), 0, QUICK)
    assert review.deep and review.grade == "blunder" and review.loss >= BLUNDER
    assert review.best == Invade(target="B3").model_dump(mode="json")
    assert review.best_value == 1.0  # a sure win, and p2 left with no score at all


def test_the_winning_move_is_good() -> None:
    review = review_decision(ENGINE, root_in_reach(), "p1", Invade(target="B3"), 0, QUICK)
    assert review.grade == "good" and review.loss == 0.0


def test_same_seed_same_review() -> None:
    first = review_decision(ENGINE, root_in_reach(), "p1", NoInvasion(), 0, QUICK)
    again = review_decision(ENGINE, root_in_reach(), "p1", NoInvasion(), 0, QUICK)
    assert first.model_dump_json() == again.model_dump_json()
