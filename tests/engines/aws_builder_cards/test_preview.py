"""``preview_deploy``: what a deploy would give, told before the player chooses it, is what it gives (AB-5).

Going down together can give more than card by card, because a card drawn by an earlier pairing is never
given back: the preview shows it, so the hand can offer "deploy all" first with its yield."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.deploy import preview_deploy
from engines.aws_builder_cards.events import Drew
from engines.aws_builder_cards.models import ABState, Deploy, DeployPreview, MoveToDeck, PairLine
from engines.core import IllegalAction, Rng
from tests.engines.aws_builder_cards.conftest import Table


def check_preview(state: ABState, action: Deploy) -> DeployPreview:
    seat = state.now.seat
    before = ENGINE.dump_state(state)
    preview = preview_deploy(state, seat, action)
    assert ENGINE.dump_state(state) == before, "the preview changed the state"
    step = ENGINE.apply(state, seat, action)
    now = step.state.now
    assert (preview.credits, preview.adoptions) == (now.credits, now.adopt)
    assert preview.acquisitions == now.acquisitions
    assert preview.unlocked == now.unlocked
    assert preview.lines is not None and [line.as_dict() for line in preview.lines] == now.lines
    drawn = [c for e in step.events if isinstance(e, Drew) for c in e.cards]
    if step.state.pending is None:
        assert len(drawn) == preview.draws
    else:  # AWS CDK asks first; the draws follow its choice
        assert preview.to_deck > 0 and not drawn
        discard = step.state.piles[seat].discard
        after = ENGINE.apply(step.state, seat, MoveToDeck(card=discard[0]))
        assert len([c for e in after.events if isinstance(e, Drew) for c in e.cards]) == preview.draws
    return preview


def test_deploying_together_can_give_more_than_card_by_card_and_the_preview_says_so() -> None:
    t = Table()
    s3, lam, sqs = t.hand("p1", "s3", "lambda", "sqs")
    together = check_preview(t.state, Deploy(cards=(s3, lam, sqs)))
    assert (together.credits, together.draws) == (2 + 1 + 2 + 2, 0)  # SQS with Lambda: +2 credits
    # Card by card: S3 with Lambda draws at once, and a drawn card is never given back, so the Lambda
    # stays S3's partner and SQS finds none.
    first = check_preview(t.state, Deploy(cards=(s3, lam)))
    assert (first.credits, first.draws) == (3, 1)
    t.deploy("p1", s3, lam)
    later = check_preview(t.state, Deploy(cards=(sqs,)))
    assert (later.credits, later.draws) == (2 + 1 + 2, 0)
    assert later.credits < together.credits


def test_the_preview_names_the_pairs_the_deploy_would_form() -> None:
    t = Table()
    s3, lam, vpc = t.hand("p1", "s3", "lambda", "vpc")
    preview = check_preview(t.state, Deploy(cards=(s3, lam, vpc)))
    assert (
        PairLine(
            kind="with",
            card=s3,
            partner_cards=[lam],
            at=0,
            partners_at=[1],
            effect=0,
            credits=0,
            draw=1,
            adopt=0,
        )
        in preview.lines
    )


def test_a_preview_refuses_what_the_deploy_would_refuse() -> None:
    t = Table()
    s3, _lam = t.hand("p1", "s3", "lambda")
    with pytest.raises(IllegalAction) as err:
        preview_deploy(t.state, "p1", Deploy(cards=(s3, "athena#1")))
    assert err.value.code == "card_not_in_hand"


def test_the_seat_to_move_sees_a_preview_for_each_legal_deploy_and_nobody_else_does() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda", "vpc")
    legal = [a for a in t.legal() if isinstance(a, Deploy)]
    view = ENGINE.view(t.state, "p1")
    assert view.previews is not None
    assert [(p.cards, p.decline_sunset) for p in view.previews] == [
        (a.cards, a.decline_sunset) for a in legal
    ]
    assert view.previews == [preview_deploy(t.state, "p1", a, lines=False) for a in legal]
    assert not ENGINE.view(t.state, "p2").previews and ENGINE.view(t.state, None).previews is None


def positions(seed: int, steps: int) -> list[ABState]:
    """Build-phase positions met in a game of random moves (so deploys of every kind come up)."""
    state = ENGINE.new_game(["p1", "p2", "p3"], {"missions": seed % 2 == 0}, seed)
    rng = Rng.from_seed(seed)
    agent: Any = ENGINE.ai("random")
    found = []
    for _ in range(steps):
        if not ENGINE.to_move(state):
            break
        if state.pending is None and state.now.phase == "build":
            found.append(state)
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, agent.choose(state, seat, rng)).state
    return found


@given(seed=st.integers(0, 2**32), pick=st.randoms(use_true_random=False))
def test_every_preview_matches_the_deploy_it_previews(seed: int, pick: Any) -> None:
    for state in positions(seed, 60)[::3]:
        deploys = [a for a in ENGINE.legal_actions(state, state.now.seat) if isinstance(a, Deploy)]
        for action in pick.sample(deploys, min(4, len(deploys))):
            check_preview(state, action)
