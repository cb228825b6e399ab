"""The post-game analysis on a hand-built AWS Builder Cards position (issue 27): a losing move is a blunder
and the winning one is found; the same seed gives the same review."""

from __future__ import annotations

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import key_of
from engines.aws_builder_cards.models import ABState, Acquire, EndTurn
from engines.core.analysis import BLUNDER, AnalysisSettings, review_decision
from tests.engines.aws_builder_cards.conftest import Table

QUICK = AnalysisSettings(samples=4, confirm_samples=4, max_candidates=3, seed=5)


def last_wa_card_in_reach() -> ABState:
    """6 points each and one 1-point W-A card left. p1 has deployed two EC2 and can pay for it: acquiring it
    ends the game 7 to 6 (AB-8). Ending the turn instead hands it to p2, whose only cards are three EC2
    (the old ones retired, so any deal of p2's cards has the credits)."""
    t = Table()
    st = t.state
    ones = [c for c in st.wa if key_of(c).startswith("wa1")]
    threes = [c for c in st.wa if key_of(c).startswith("wa3")]
    st.score["p1"] = threes[:2]
    st.score["p2"] = [threes[2], *ones[:3]]
    st.wa = [ones[3]]
    t.hand("p1", "ec2", "ec2")
    p2 = st.piles["p2"]
    old = p2.deck + p2.hand + p2.discard
    p2.deck, p2.discard = [], []
    t.hand("p2", "ec2", "ec2", "ec2")
    st.retired["p2"] = old + st.retired["p2"]
    t.deploy_all()
    assert Acquire(source="wa") in t.legal()
    return t.state


def test_ending_the_turn_is_a_blunder_and_the_wa_card_is_found() -> None:
    review = review_decision(ENGINE, last_wa_card_in_reach(), "p1", EndTurn(), 0, QUICK)
    assert review.deep and review.grade == "blunder" and review.loss >= BLUNDER
    assert review.best == Acquire(source="wa").model_dump(mode="json")
    # A loss in every redeal, a win in every redeal: only the score term (a tenth) is left to differ.
    assert review.played_value is not None and review.played_value <= 0.1
    assert review.best_value is not None and review.best_value >= 0.9


def test_the_winning_move_is_good() -> None:
    review = review_decision(ENGINE, last_wa_card_in_reach(), "p1", Acquire(source="wa"), 0, QUICK)
    assert review.grade == "good" and review.loss == 0.0


def test_same_seed_same_review() -> None:
    first = review_decision(ENGINE, last_wa_card_in_reach(), "p1", EndTurn(), 0, QUICK)
    again = review_decision(ENGINE, last_wa_card_in_reach(), "p1", EndTurn(), 0, QUICK)
    assert first.model_dump_json() == again.model_dump_json()
