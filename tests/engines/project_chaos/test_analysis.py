"""The post-game analysis on a hand-built Project Chaos position (issue 27): a losing move is a blunder and
the saving one is found; the result is the team's success (PC-11a); the same seed gives the same review."""

from __future__ import annotations

import pytest

from engines.core.analysis import BLUNDER, AnalysisSettings, review_decision
from engines.core.analysis.results import PROGRESS_WEIGHT
from engines.project_chaos.models import PCState, Place, Play
from engines.project_chaos.progress import time_held

from .conftest import E, make_state

QUICK = AnalysisSettings(samples=4, confirm_samples=4, max_candidates=3, seed=5)


def die_at_three() -> PCState:
    """The die shows 3. Playing Reply-all storm raises it past 3: the project fails at once (PC-11).
    Playing the new coffee machine lowers it (PC-7 A); placing a Management card ships the 0-value card in
    the Management workplace to the lane for free (PC-7 C), the one Management card the balanced product
    lacks (PC-5)."""
    return make_state(
        {
            "p1": ["pc-reply-all-storm", "pc-new-coffee-machine", "pc-flaky-test"],
            "p2": ["pc-legacy-code", "pc-make-it-nice", "pc-scope-creep"],
        },
        workplaces={"mgmt": "pc-meeting-about-meetings"},
        lane=[
            "pc-genius-intern",
            "pc-ci-all-green",
            "pc-user-interview-gold",
            "pc-product-praised",
            "pc-ceo-all-in",
        ],
        deck_top=["pc-release-goes-viral", "pc-oss-fixes-it", "pc-dream-client"],
        die=3,
    )


def test_raising_the_die_past_three_is_a_blunder_and_a_saving_move_is_found() -> None:
    review = review_decision(E, die_at_three(), "p1", Play(card="pc-reply-all-storm"), 0, QUICK)
    assert review.deep and review.grade == "blunder" and review.loss >= BLUNDER
    # The project fails: only the progress term is left, the balanced product's lane at 5 of its 6 slots
    # and the time the team held out (the deck is as it was: the failure comes in this turn).
    held = time_held(die_at_three())
    assert review.played_value == pytest.approx(PROGRESS_WEIGHT * (5 / 6 + held) / 2)
    # Any Management card placed ships the 0 card and balances the lane; the coffee machine played calms
    # the die. The review must name one of these.
    saving = [
        Place(card="pc-new-coffee-machine", workplace="mgmt"),
        Place(card="pc-reply-all-storm", workplace="mgmt"),
        Play(card="pc-new-coffee-machine"),
    ]
    assert review.best in [m.model_dump(mode="json") for m in saving]
    assert review.best_value is not None and review.best_value >= 0.5  # the team's chance, not a share


def test_the_saving_move_is_good() -> None:
    review = review_decision(E, die_at_three(), "p1", Play(card="pc-new-coffee-machine"), 0, QUICK)
    assert review.grade == "good" and review.loss == 0.0


def test_same_seed_same_review() -> None:
    first = review_decision(E, die_at_three(), "p1", Play(card="pc-reply-all-storm"), 0, QUICK)
    again = review_decision(E, die_at_three(), "p1", Play(card="pc-reply-all-storm"), 0, QUICK)
    assert first.model_dump_json() == again.model_dump_json()
