"""The post-game analysis on a hand-built AWS Deckbuilding position (issue 27): a losing move is a blunder
and the winning one is found; the same seed gives the same review."""

from __future__ import annotations

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.models import ADState, ApplyEffects, Buy, EndTurn
from engines.core.analysis import BLUNDER, AnalysisSettings, review_decision
from tests.engines.aws_deckbuilding.conftest import Table

QUICK = AnalysisSettings(samples=4, confirm_samples=4, max_candidates=3, seed=5)


def last_wa_card_in_reach() -> tuple[ADState, str]:
    """9 points each and one 1-point W-A card left. p1's turn has the credits for it: buying it ends the
    game 10 to 9 (AD-15). Ending the turn instead hands it to p2, whose only cards are four strong ones
    (the old ones retired, so any deal of p2's cards buys it)."""
    t = Table(drafted=True)
    wa = t.state.wa
    ones = [c for c in wa if c.startswith("wa-1")]
    threes = [c for c in wa if c.startswith("wa-3")]
    last = ones[-1]
    t.state.score["p1"] = threes[:3]
    t.state.score["p2"] = [*threes[3:], *ones[:3]]
    wa[:] = [last]
    p2 = t.state.piles["p2"]
    old = p2.deck + p2.hand + p2.discard
    p2.deck, p2.hand, p2.discard = [], [], []
    p2.hand = [t.take(k) for k in ("redshift", "opensearch", "aurora", "cloudfront")]
    t.state.retired["p2"] = old + t.state.retired["p2"]
    t.start("p1", "redshift", "opensearch", "ec2-auto-scaling", "ec2", "bare-metal")
    if ApplyEffects() in t.legal("p1"):
        t.do("p1", ApplyEffects())
    assert Buy(card=last) in t.legal("p1")
    return t.state, last


def test_ending_the_turn_is_a_blunder_and_the_wa_card_is_found() -> None:
    state, last = last_wa_card_in_reach()
    review = review_decision(ENGINE, state, "p1", EndTurn(), 0, QUICK)
    assert review.deep and review.grade == "blunder" and review.loss >= BLUNDER
    assert review.best == Buy(card=last).model_dump(mode="json")
    # A loss in every redeal, a win in every redeal: only the score term (a tenth) is left to differ.
    assert review.played_value is not None and review.played_value <= 0.1
    assert review.best_value is not None and review.best_value >= 0.9


def test_the_winning_move_is_good() -> None:
    state, last = last_wa_card_in_reach()
    review = review_decision(ENGINE, state, "p1", Buy(card=last), 0, QUICK)
    assert review.grade == "good" and review.loss == 0.0


def test_same_seed_same_review() -> None:
    state, _last = last_wa_card_in_reach()
    first = review_decision(ENGINE, state, "p1", EndTurn(), 0, QUICK)
    again = review_decision(ENGINE, state, "p1", EndTurn(), 0, QUICK)
    assert first.model_dump_json() == again.model_dump_json()
