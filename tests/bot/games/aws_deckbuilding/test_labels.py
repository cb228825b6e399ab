"""How the AWS Deckbuilding Game's moves read on Discord: a draft pick or a buy says its cost in its currency
(TCO for a black cost, AWSome for an orange one) and what the card gives; "Take all effects" says what they
add up to; each effect says why it is offered; many effects are chosen card first; the buttons are the
one-click moves; every label fits Discord's 100 characters in both languages."""

from __future__ import annotations

import re

import pytest

from bot.games import LabelContext
from bot.games.aws_deckbuilding.ui import UI
from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.models import (
    ApplyEffect,
    ApplyEffects,
    Buy,
    DeclineEffect,
    Draft,
    EndTurn,
    KeepOnprem,
    ProposeReshuffle,
    Retire,
    Vote,
)
from engines.core import Action, Rng
from tests.engines.aws_deckbuilding.conftest import Table

ui = UI(ENGINE)
NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Carol"}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def moves(t: Table, seat: str = "p1") -> list[Action]:
    return list(ENGINE.legal_actions(t.state, seat))


def ctx(t: Table, seat: str = "p1") -> LabelContext:
    return LabelContext(ENGINE.view(t.state, seat), NAMES)


def labels(t: Table, lang: str = "en", seat: str = "p1") -> dict[str, str]:
    """Each legal move's label, keyed by the move."""
    c = ctx(t, seat)
    return {a.key(): ui.action_label(a, lang, ctx=c) for a in ENGINE.legal_actions(t.state, seat)}


def test_a_draft_pick_is_free_and_says_its_worth_and_what_the_card_gives() -> None:
    t = Table()
    ids = t.show("s3", "iam", "cdk", "route53", "sqs")
    c = ctx(t)
    # The card's effects when they fit Discord's 100 characters, else its credits only.
    assert ui.action_label(Draft(card=ids[1]), "en", ctx=c) == (
        "🎁 Take AWS IAM free (worth 2 TCO) · gives no credits · draw 1 · CloudTrail → +1 AWSome"
    )
    assert ui.action_label(Draft(card=ids[0]), "en", ctx=c) == (
        "🎁 Take Amazon S3 free (worth 3 TCO) · gives 1 TCO + 1 AWSome"
    )
    assert ui.action_label(Draft(card=ids[0]), "ja", ctx=c) == (
        "🎁 Amazon S3 を無料で獲得（3 TCO 相当）／1 TCO + 1 AWSome を生む／CloudFront → AWSome +2／"
        "分析カード → 1枚ドロー"
    )
    # Only TCO-cost cards may be drafted (AD-8): the AWSome-cost CDK is not offered.
    assert not any("CDK" in label for label in labels(t).values())


def test_a_buy_names_its_cost_in_its_currency_and_what_the_card_gives() -> None:
    t = Table(drafted=True)
    ids = t.show("athena", "cdk", "iam", "sqs", "route53")
    t.start("p1", "ec2", "ec2", "lambda", "cdk", "bare-metal")
    t.do("p1", ApplyEffects())
    got, ja = labels(t), labels(t, "ja")
    assert got[Buy(card=ids[0]).key()] == "🛒 Buy Amazon Athena for 3 TCO · gives 1 TCO + 1 AWSome"
    assert ja[Buy(card=ids[0]).key()] == (
        "🛒 Amazon Athena を 3 TCO で購入／1 TCO + 1 AWSome を生む／S3 → AWSome +2／"
        "Kinesis Data Firehose → 1枚ドロー"
    )
    # An orange cost is paid in AWSome (AD-1).
    assert got[Buy(card=ids[1]).key()] == (
        "🛒 Buy AWS CDK for 3 AWSome · gives 2 TCO · draw 1 · CloudFormation → +2 AWSome"
    )
    assert got[Buy(card=ids[3]).key()] == (
        "🛒 Buy Amazon SQS for 2 TCO · gives 1 TCO · Lambda → +1 AWSome · EventBridge or SNS → draw 1"
    )
    assert ja[Buy(card=ids[3]).key()] == (
        "🛒 Amazon SQS を 2 TCO で購入／1 TCO を生む／Lambda → AWSome +1／EventBridge・SNS → 1枚ドロー"
    )


def test_the_top_wa_card_is_bought_with_awsome() -> None:
    t = Table(drafted=True)
    t.start("p1", "cdk", "cloudformation", "ec2-auto-scaling", "lambda", "api-gateway")
    while ApplyEffects() in ENGINE.legal_actions(t.state, "p1"):  # drawn cards bring effects of their own
        t.do("p1", ApplyEffects())
    top = t.state.wa[-1]
    assert Buy(card=top) in ENGINE.legal_actions(t.state, "p1")
    assert ui.action_label(Buy(card=top), "en", ctx=ctx(t)) == "🏆 Buy a 1-point W-A for 3 AWSome"
    assert ui.action_label(Buy(card=top), "ja", ctx=ctx(t)) == "🏆 W-A（1点）を 3 AWSome で購入"
    three = next(c for c in t.state.wa if c.startswith("wa-3"))
    assert ui.action_label(Buy(card=three), "en") == "🏆 Buy a 3-point W-A for 8 AWSome"


def test_take_all_effects_says_their_total_and_each_effect_says_why() -> None:
    t = Table(drafted=True)
    t.start("p1", "lambda", "api-gateway", "sqs", "bare-metal", "tape-backup")
    c = ctx(t)
    assert ui.action_label(ApplyEffects(), "en", ctx=c) == "✅ Take all effects: +3 AWSome, draw 2"
    assert ui.action_label(ApplyEffects(), "ja", ctx=c) == "✅ 効果をすべて使う：AWSome +3、2枚ドロー"
    lam = t.state.piles["p1"].hand[0]
    apply = ApplyEffect(card=lam, effect="primary")
    assert ui.action_label(apply, "en", ctx=c) == "Apply Lambda (primary): +2 AWSome (API Gateway revealed)"
    assert ui.action_label(apply, "en", ctx=c, in_group=True) == (
        "Apply the primary effect: +2 AWSome (API Gateway revealed)"
    )
    assert ui.action_label(apply, "ja", ctx=c) == "Lambda の主効果を使う：AWSome +2（API Gateway を公開済み）"
    decline = DeclineEffect(card=lam, effect="secondary")
    assert ui.action_label(decline, "en", ctx=c) == "Decline Lambda (secondary): draw 1 (SQS revealed)"
    # Without a view (a label read elsewhere) the words stay plain.
    assert ui.action_label(ApplyEffects(), "en") == "✅ Take all effects"


def test_a_few_effects_are_one_list_many_are_chosen_card_first() -> None:
    t = Table(drafted=True)
    t.start("p1", "lambda", "api-gateway", "sqs", "bare-metal", "tape-backup")
    c = ctx(t)
    legal = ENGINE.legal_actions(t.state, "p1")
    assert len([a for a in legal if isinstance(a, ApplyEffect)]) == 4
    assert {ui.group_label(a, "en", ctx=c) for a in legal} == {None}
    t = Table(drafted=True)
    t.start("p1", "lambda", "api-gateway", "sqs", "step-functions", "athena")  # 6 effects on offer
    c = ctx(t)
    legal = ENGINE.legal_actions(t.state, "p1")
    offered = [a for a in legal if isinstance(a, ApplyEffect)]
    assert len(offered) > 4
    groups = {a.key(): ui.group_label(a, "en", ctx=c) for a in legal}
    assert groups[ApplyEffects().key()] is None and groups[ProposeReshuffle().key()] is None
    lam = t.state.piles["p1"].hand[0]
    assert groups[ApplyEffect(card=lam, effect="primary").key()] == "AWS Lambda: 2 effects"
    assert groups[DeclineEffect(card=lam, effect="secondary").key()] == "AWS Lambda: 2 effects"
    assert ui.group_label(ApplyEffect(card=lam, effect="primary"), "ja", ctx=c) == "AWS Lambda：効果2つ"
    # Every move that is not a button belongs to a group (a grouped hand shows nothing else).
    quick = ui.quick_actions(list(legal))
    assert all(groups[a.key()] is not None for a in legal if a not in quick)


def test_the_buttons_are_the_one_click_moves() -> None:
    t = Table(drafted=True)
    t.start("p1", "lambda", "api-gateway", "sqs", "bare-metal", "tape-backup")
    assert ui.quick_actions(moves(t)) == [ApplyEffects(), ProposeReshuffle()]
    t.do("p1", ApplyEffects())
    quick = ui.quick_actions(moves(t))
    assert EndTurn() in quick and not any(isinstance(a, Buy) for a in quick)
    # Another seat may propose a reshuffle at any time (AD-14): its hand offers that one button.
    assert ui.quick_actions(moves(t, "p2")) == [ProposeReshuffle()]
    t.do("p2", ProposeReshuffle())
    votes = ui.quick_actions(moves(t))
    assert votes == [Vote(agree=True), Vote(agree=False)]
    assert [ui.action_label(v, "en") for v in votes] == [
        "👍 Agree: reshuffle the marketplace",
        "👎 Disagree: keep the marketplace",
    ]


def test_end_turn_says_when_something_is_left_unbought() -> None:
    t = Table(drafted=True)
    t.show("sqs", "route53", "iam", "sns", "s3")
    t.start("p1", "bare-metal", "bare-metal", "mainframe", "tape-backup", "tape-backup")
    assert ui.action_label(EndTurn(), "en", ctx=ctx(t)) == "End turn (buy nothing more)"
    assert ui.action_label(EndTurn(), "en") == "End turn"


def test_retiring_names_the_card_and_what_it_gave() -> None:
    t = Table(drafted=True)
    t.start("p1", "lambda", "api-gateway", "s3", "bare-metal", "tape-backup")
    t.do("p1", ApplyEffects())
    while t.state.phase == "play":
        t.do("p1", EndTurn())
    assert t.state.phase == "retire"
    got = [ui.action_label(a, "en", ctx=ctx(t)) for a in ENGINE.legal_actions(t.state, "p1")]
    assert "♻️ Retire Bare-metal server (TCO 1) from the game" in got
    assert "♻️ Retire Tape backup (TCO 0) from the game" in got
    assert ui.action_label(KeepOnprem(), "en") == "Keep every on-premises card"
    retire = next(a for a in ENGINE.legal_actions(t.state, "p1") if isinstance(a, Retire))
    assert ui.action_label(retire, "ja").endswith("をゲームから撤去")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_label_of_whole_games_fits_and_is_worded_out(lang: str) -> None:
    seen = 0
    for seed in range(3):
        state = ENGINE.new_game(["p1", "p2", "p3"], None, seed)
        ai, rng = ENGINE.ai(), Rng.from_seed(seed)
        while ENGINE.to_move(state):
            seat = ENGINE.to_move(state)[0]
            c = LabelContext(ENGINE.view(state, seat), NAMES)
            for action in ENGINE.legal_actions(state, seat):
                for in_group in (False, True):
                    label = ui.action_label(action, lang, ctx=c, in_group=in_group)
                    assert 0 < len(label) <= 100 and not PLACEHOLDER.search(label), label
                group = ui.group_label(action, lang, ctx=c)
                assert group is None or 0 < len(group) <= 100
                seen += 1
            state = ENGINE.apply(state, seat, ai.choose(state, seat, rng)).state  # type: ignore[arg-type]
    assert seen > 500
