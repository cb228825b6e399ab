"""What the table message says of the AWS Deckbuilding Game: one sentence per event in both languages, with
card names, costs in their currency and the reasons effects fired; each turn ends with its summary in words
("Alice: 7 TCO + 3 AWSome; bought Amazon S3 and a 1-point W-A; retired a Bare-metal server")."""

from __future__ import annotations

import re

import pytest

from bot.errors import message_for
from bot.games.aws_deckbuilding.ui import UI
from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.events import EVENT_KINDS, GameEnded, MarketReshuffled, TurnEnded
from engines.aws_deckbuilding.models import ApplyEffects, Buy, EndTurn, ProposeReshuffle, Retire, Vote
from engines.core import Action, Event, IllegalAction, Rng
from tests.engines.aws_deckbuilding.conftest import Table

ui = UI(ENGINE)
NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Carol"}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def said(events: list[Event], lang: str = "en") -> list[str]:
    return [line for e in events if (line := ui.describe_event(e, lang, NAMES))]


def test_the_turn_summary_in_words() -> None:
    event = TurnEnded(
        seat="p1",
        bought_cards=["s3", "wa-1"],
        retired_card="bare-metal",
        discarded=5,
        tco=7,
        awsome=3,
    )
    assert ui.describe_event(event, "en", NAMES) == (
        "📋 **Alice**: 7 TCO + 3 AWSome; bought Amazon S3 and a 1-point W-A; retired a Bare-metal server."
    )
    assert ui.describe_event(event, "ja", NAMES) == (
        "📋 **Alice**：7 TCO + 3 AWSome；購入：Amazon S3、W-A（1点）；撤去：ベアメタルサーバー"
    )
    quiet = TurnEnded(seat="p2", bought_cards=[], retired_card=None, discarded=5, tco=2, awsome=0)
    assert ui.describe_event(quiet, "en", NAMES) == "📋 **Bob**: 2 TCO + 0 AWSome; bought nothing."
    three = TurnEnded(seat="p3", bought_cards=["ec2", "sqs", "wa-3"], retired_card=None, discarded=6)
    assert "bought Amazon EC2, Amazon SQS and a 3-point W-A" in (ui.describe_event(three, "en", NAMES) or "")


def test_a_turn_played_out_says_what_was_revealed_fired_bought_and_retired() -> None:
    t = Table(drafted=True)
    ids = t.show("s3", "cdk", "iam", "sqs", "route53")
    opening = said(t.start("p1", "lambda", "api-gateway", "cdk", "bare-metal", "tape-backup"))
    assert opening == [
        "🂠 Alice revealed Lambda, API Gateway, CDK, Bare-metal server and Tape backup: 5 TCO + 2 AWSome."
    ]
    assert said(t.start("p1", "lambda", "api-gateway", "cdk", "bare-metal", "tape-backup"), "ja") == [
        "🂠 Alice が Lambda、API Gateway、CDK、ベアメタルサーバー、テープバックアップを公開：5 TCO + 2 AWSome"
    ]
    lines = said(t.do("p1", ApplyEffects()))
    assert "✨ Alice: Lambda (primary) — +2 AWSome (API Gateway revealed)." in lines
    assert "✨ Alice: CDK (primary) — draw 1." in lines
    assert any(line.startswith("🃏 Alice drew **") and " with API Gateway (" in line for line in lines)
    while ApplyEffects() in ENGINE.legal_actions(t.state, "p1"):
        t.do("p1", ApplyEffects())
    bought = said(t.do("p1", Buy(card=ids[0])))
    assert bought[0] == "🛒 Alice bought **Amazon S3** for 3 TCO."
    assert bought[1].startswith("New in the marketplace: ")
    assert said(t.events[-2:-1], "ja")[0].startswith("🛒 Alice が **Amazon S3** を 3 TCO で購入しました")
    while t.state.phase == "play":
        t.do("p1", EndTurn())
    tape = next(a for a in ENGINE.legal_actions(t.state, "p1") if isinstance(a, Retire) and "tape" in a.card)
    end = said(t.do("p1", tape))
    assert end[0] == "♻️ Alice retired **Tape backup** from the game (9 on-premises cards left)."
    summary = next(line for line in end if line.startswith("📋"))
    assert re.fullmatch(
        r"📋 \*\*Alice\*\*: \d+ TCO \+ \d+ AWSome; bought Amazon S3(, .+)?; retired a Tape backup\.", summary
    ), summary


def test_buying_with_each_currency_and_the_wa_card() -> None:
    t = Table(drafted=True)
    ids = t.show("cdk", "iam", "sqs", "route53", "sns")
    t.start("p1", "cdk", "cloudformation", "ec2-auto-scaling", "lambda", "api-gateway")
    while ApplyEffects() in ENGINE.legal_actions(t.state, "p1"):
        t.do("p1", ApplyEffects())
    assert t.state.now is not None and t.state.now.buys_left >= 2
    assert said(t.do("p1", Buy(card=ids[0])))[0] == "🛒 Alice bought **AWS CDK** for 3 AWSome."
    top = t.state.wa[-1]
    assert Buy(card=top) in ENGINE.legal_actions(t.state, "p1")
    events = t.do("p1", Buy(card=top))
    assert said(events)[0] == "🏆 Alice bought a 1-point W-A for 3 AWSome."
    assert said(events, "ja")[0] == "🏆 Alice が W-A（1点）を 3 AWSome で購入しました。"


def test_the_reshuffle_vote_names_who_must_answer() -> None:
    t = Table(players=3, drafted=True)
    assert said(t.do("p2", ProposeReshuffle())) == [
        "🗳️ Bob proposes to reshuffle the marketplace: Alice and Carol, vote with the buttons below."
    ]
    assert said(t.do("p1", Vote(agree=True))) == ["🗳️ Alice agrees."]
    lines = said(t.do("p3", Vote(agree=True)))
    assert lines[0] == "🗳️ Carol agrees."
    assert lines[1].startswith("🔀 Everyone agreed: the marketplace was reshuffled. Now on offer: ")
    t = Table(players=3, drafted=True)
    t.do("p1", ProposeReshuffle())
    assert said(t.do("p2", Vote(agree=False))) == [
        "🗳️ Bob says no.",
        "The marketplace stays as it is: Bob said no.",
    ]
    assert said(t.events[-2:], "ja") == [
        "🗳️ Bob：反対",
        "Bob が反対したので、マーケットプレイスはそのままです。",
    ]


def test_reshuffles_by_the_rules_say_why() -> None:
    cards = ["ec2#1", "s3#2"]
    draft = MarketReshuffled(reason="draft_no_tco_card", reshuffles=1, found=True, cards=cards)
    assert ui.describe_event(draft, "en", NAMES) == (
        "🔀 Only AWSome-cost cards showed, so the marketplace was reshuffled. Now on offer: Amazon EC2 and "
        "Amazon S3."
    )
    twice = MarketReshuffled(seat="p1", reason="nothing_affordable", reshuffles=2, found=True, cards=cards)
    assert "reshuffled 2 times" in (ui.describe_event(twice, "en", NAMES) or "")
    in_vain = MarketReshuffled(seat="p1", reason="nothing_affordable", reshuffles=3, found=False, cards=cards)
    assert ui.describe_event(in_vain, "en", NAMES) == (
        "🔀 Nothing was affordable for Alice, even after 3 reshuffles of the marketplace. Now on offer: "
        "Amazon EC2 and Amazon S3."
    )


def test_ad_11_the_one_reshuffle_that_finds_nothing_says_the_whole_marketplace_is_unaffordable() -> None:
    cards = ["ec2#1", "s3#2"]
    once = MarketReshuffled(seat="p1", reason="nothing_affordable", reshuffles=1, found=False, cards=cards)
    assert ui.describe_event(once, "en", NAMES) == (
        "🔀 Nothing was affordable for Alice, so the marketplace was reshuffled, but nothing in it is "
        "affordable. Now on offer: Amazon EC2 and Amazon S3."
    )
    assert "マーケットプレイス全体に買えるカードがありません" in (ui.describe_event(once, "ja", NAMES) or "")


def test_ad_14_a_rejected_proposer_is_told_when_they_may_propose_again() -> None:
    t = Table(players=2, drafted=True)
    t.do("p2", ProposeReshuffle())
    t.do("p1", Vote(agree=False))
    with pytest.raises(IllegalAction) as err:
        t.do("p2", ProposeReshuffle())
    assert message_for(err.value, "en")[0] == (
        "Your last reshuffle proposal was turned down: you may propose again when your next turn begins."
    )
    assert message_for(err.value, "ja")[0] == (
        "前回のリシャッフルの提案は否決されました。次の自分の手番が始まれば、また提案できます。"
    )


def test_the_end_names_the_winners() -> None:
    end = GameEnded(seat="p2", winner_seats=["p2", "p3"], scores={"p1": 3, "p2": 7, "p3": 7})
    assert ui.describe_event(end, "en", NAMES) == (
        "🏁 Bob bought the last Well-Architected card: the game is over. Winner: Bob and Carol."
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_event_of_whole_games_is_worded_out(lang: str) -> None:
    kinds: set[str] = set()
    for seed in range(4):
        state = ENGINE.new_game(["p1", "p2", "p3"][: 2 + seed % 2], None, seed)
        ai, rng = ENGINE.ai(), Rng.from_seed(seed)
        proposed = False
        while ENGINE.to_move(state):
            seat = ENGINE.to_move(state)[0]
            action: Action = ai.choose(state, seat, rng)
            if seed == 1 and state.turns == 4 and state.vote is None and not proposed:
                action, proposed = ProposeReshuffle(), True
            step = ENGINE.apply(state, seat, action)  # type: ignore[arg-type]
            for event in step.events:
                kinds.add(event.kind)
                line = ui.describe_event(event, lang, NAMES)
                if line is None:
                    assert event.kind in ("turn_started", "drew_count", "retire_skipped")
                    continue
                assert line and not PLACEHOLDER.search(line), line
                assert "#" not in line, f"a card id instead of its name: {line}"
            state = step.state
    assert len(kinds) >= 15, sorted(set(EVENT_KINDS) - kinds)


def test_private_draws_are_the_drawers_alone() -> None:
    t = Table(drafted=True)
    t.start("p1", "lambda", "api-gateway", "bare-metal", "tape-backup", "tape-backup")
    while ApplyEffects() in ENGINE.legal_actions(t.state, "p1"):
        t.do("p1", ApplyEffects())
    events = t.do("p1", EndTurn()) if t.state.phase == "play" else []
    drew = [e for e in events if e.kind == "drew"]
    assert drew and all(e.visible_to == ("p1",) for e in drew)
    assert (ui.describe_event(drew[0], "en", NAMES) or "").startswith("You drew ")
