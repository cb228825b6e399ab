"""The turn: reveal and effects (AD-9), buying (AD-10, AD-11), the end of a turn (AD-12, AD-13)."""

from __future__ import annotations

import pytest

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB, key_of
from engines.aws_deckbuilding.models import (
    ApplyEffect,
    ApplyEffects,
    Buy,
    DeclineEffect,
    EndTurn,
    KeepOnprem,
    ProposeReshuffle,
    Retire,
)
from engines.core import IllegalAction
from engines.deckbuilding import cycle_limit
from tests.engines.aws_deckbuilding.conftest import Table, kinds


def offered(t: Table) -> list[tuple[str, str]]:
    return [(key_of(a.card), a.effect) for a in t.legal("p1") if isinstance(a, ApplyEffect)]


# ------------------------------------------------------------------------------------------------ AD-9
def test_ad_9_the_whole_hand_is_revealed_and_forms_the_two_pools() -> None:
    t = Table(drafted=True)
    events = t.start("p1", "athena", "s3", "bare-metal", "ec2", "tape-backup")
    assert kinds(events)[:2] == ["turn_started", "hand_revealed"]
    now = t.state.now
    assert now is not None and now.revealed == t.state.piles["p1"].hand
    assert (now.tco.earned, now.awsome.earned) == (1 + 1 + 1 + 2 + 0, 1 + 1 + 0 + 1 + 0)
    view = ENGINE.view(t.state, None)  # the revealed hand is public
    assert view.turn is not None and view.turn.revealed == now.revealed


def test_ad_9_effects_whose_condition_holds_are_offered() -> None:
    t = Table(drafted=True)
    t.start("p1", "athena", "s3", "bare-metal", "ec2", "tape-backup")
    # Athena primary: S3 revealed. S3 secondary: an Analytics card revealed. The rest is unmet.
    assert sorted(offered(t)) == [("athena", "primary"), ("s3", "secondary")]
    legal = t.legal("p1")
    assert legal[0] == ApplyEffects() and isinstance(legal[-1], ProposeReshuffle)
    assert not any(isinstance(a, Buy | EndTurn) for a in legal)  # effects come before buying


def test_ad_9_a_card_never_meets_its_own_condition() -> None:
    t = Table(drafted=True)
    # Well-Architected Tool: primary needs no on-premises card revealed, secondary 3+ OTHER categories.
    t.start("p1", "well-architected-tool", "s3", "lambda", "iam", "vpc")
    assert ("well-architected-tool", "primary") in offered(t)
    assert ("well-architected-tool", "secondary") in offered(t)  # storage, compute, security, networking
    t = Table(drafted=True)
    t.start("p1", "well-architected-tool", "s3", "lambda", "cloudtrail", "bare-metal")
    # other categories: storage, compute, management (its own category counts only through CloudTrail)
    assert ("well-architected-tool", "secondary") in offered(t)
    assert ("well-architected-tool", "primary") not in offered(t)  # an on-premises card is revealed
    t = Table(drafted=True)
    t.start("p1", "well-architected-tool", "s3", "systems-manager", "bare-metal", "tape-backup")
    assert ("well-architected-tool", "secondary") not in offered(t)  # storage, management: 2 < 3


def test_ad_9_each_effect_may_be_applied_or_declined() -> None:
    t = Table(drafted=True)
    ids = t.start("p1", "athena", "s3", "bare-metal", "ec2", "tape-backup")
    athena, s3 = t.state.piles["p1"].hand[0], t.state.piles["p1"].hand[1]
    before = t.state.now.awsome.earned if t.state.now else 0
    events = t.do("p1", ApplyEffect(card=athena, effect="primary"))
    assert kinds(events)[0] == "effect_applied"
    assert events[0].model_dump()["because_cards"] == [s3]
    assert t.state.now is not None and t.state.now.awsome.earned == before + 2
    t.do("p1", DeclineEffect(card=s3, effect="secondary"))
    assert offered(t) == [] and t.state.now.declined == [(s3, "secondary")]
    with pytest.raises(IllegalAction) as err:
        t.do("p1", ApplyEffect(card=s3, effect="secondary"))
    assert err.value.code == "effect_not_offered"
    assert ids


def test_ad_9_drawn_cards_are_revealed_and_can_switch_on_earlier_effects() -> None:
    t = Table(drafted=True)
    t.start("p1", "iam", "lambda", "bare-metal", "tape-backup", "power-cooling")
    drawn = t.deck_top("p1", "api-gateway")[0]
    assert offered(t) == [("iam", "primary")]  # Lambda's primary waits for API Gateway
    events = t.do("p1", ApplyEffects())
    assert kinds(events)[:2] == ["effect_applied", "card_drawn"]
    assert events[1].model_dump()["card"] == drawn
    now = t.state.now
    assert now is not None and drawn in now.revealed and drawn in now.drawn
    assert now.tco.earned == 0 + 1 + 1 + 0 + 0 + 1 and now.awsome.earned == 1 + 1
    # The drawn API Gateway switches on Lambda's primary; its own primary (Lambda revealed) and secondary
    # (IAM revealed) are offered too.
    assert sorted(offered(t)) == [
        ("api-gateway", "primary"),
        ("api-gateway", "secondary"),
        ("lambda", "primary"),
    ]
    assert drawn not in ENGINE.hidden_cards(t.state, "p2")


def test_ad_9_apply_all_takes_what_is_offered_now() -> None:
    t = Table(drafted=True)
    t.start("p1", "athena", "s3", "ec2", "iam", "bare-metal")
    t.deck_top("p1", "ec2-auto-scaling")
    t.do("p1", ApplyEffects())
    # IAM drew Auto Scaling: EC2's primary is offered next, with Auto Scaling's own primary (EC2 revealed).
    assert sorted(offered(t)) == [("ec2", "primary"), ("ec2-auto-scaling", "primary")]


def test_ad_9_a_draw_from_empty_piles_draws_nothing() -> None:
    t = Table(drafted=True)
    t.start("p1", "iam", "bare-metal", "tape-backup", "san", "mainframe")
    p = t.state.piles["p1"]
    t.state.market.deck.extend(p.deck + p.discard)  # keep every card somewhere
    p.deck.clear()
    p.discard.clear()
    events = t.do("p1", ApplyEffects())
    drawn = next(e for e in events if e.kind == "card_drawn")
    assert drawn.model_dump()["card"] is None


# ------------------------------------------------------------------------------------------------ AD-10
def test_ad_10_black_costs_are_paid_in_tco_orange_costs_in_awsome() -> None:
    for orange in (False, True):
        t = Table(drafted=True)
        ec2, cdk, *_ = t.show("ec2", "cdk", "iam", "vpc", "route53")
        t.start("p1", "ec2", "ec2", "lambda", "mainframe", "tape-backup")  # TCO 2+2+1+2, AWSome 1+1+1
        assert offered(t) == []
        now = t.state.now
        assert now is not None and (now.tco.left, now.awsome.left) == (7, 3)
        nxt = t.market_deck_top("sqs")[0]
        events = t.do("p1", Buy(card=cdk if orange else ec2))
        assert kinds(events)[:2] == ["bought", "market_refilled"]
        bought = events[0].model_dump()
        if orange:
            assert (bought["currency"], bought["tco_left"], bought["awsome_left"]) == ("awsome", 7, 0)
        else:
            assert (bought["currency"], bought["tco_left"], bought["awsome_left"]) == ("tco", 3, 3)
        assert (cdk if orange else ec2) in t.state.piles["p1"].discard
        assert nxt in t.state.market.showing()


def test_ad_10_one_buy_plus_one_per_buy_effect() -> None:
    t = Table(drafted=True)
    ids = t.show("iam", "vpc", "route53", "sqs", "sns")
    t.start("p1", "ec2", "ec2-auto-scaling", "mainframe", "bare-metal", "san")  # Auto Scaling: +1 buy
    t.do("p1", ApplyEffects())
    now = t.state.now
    assert now is not None and now.buys == 2
    t.do("p1", Buy(card=ids[0]))
    assert t.state.now is not None and t.state.now.buys_left == 1 and t.state.now.seat == "p1"
    t.do("p1", Buy(card=ids[1]))
    # buys ran out: 2 AWS and 3 on-premises cards in hand, so no retiring: the turn passed
    assert t.state.now is not None and t.state.now.seat == "p2"
    assert {ids[0], ids[1]} <= set(t.state.piles["p1"].discard)


def test_ad_10_what_is_not_affordable_or_not_on_sale_is_refused() -> None:
    t = Table(drafted=True)
    ids = t.show("aurora", "redshift", "eks", "iam", "cdk")
    t.start("p1", "bare-metal", "bare-metal", "tape-backup", "power-cooling", "san")  # TCO 3, AWSome 0
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Buy(card=ids[0]))
    assert err.value.code == "not_affordable" and err.value.params["currency"] == "tco"
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Buy(card=ids[4]))
    assert err.value.params == {"card": ids[4], "cost": 3, "currency": "awsome", "available": 0}
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Buy(card=t.state.market.deck[-1]))
    assert err.value.code == "not_for_sale"
    assert {a.card for a in t.legal("p1") if isinstance(a, Buy)} == {ids[3]}


def test_ad_10_a_wa_card_goes_to_the_score_pile() -> None:
    t = Table(drafted=True)
    t.show("iam", "vpc", "route53", "sqs", "sns")
    t.start("p1", "redshift", "opensearch", "bare-metal", "tape-backup", "power-cooling")  # AWSome 5
    top = t.state.wa[-1]
    assert Buy(card=top) in t.legal("p1")
    events = t.do("p1", Buy(card=top))
    assert events[0].model_dump()["to"] == "score" and events[0].model_dump()["points"] == 1
    assert t.state.score["p1"] == [top] and top not in t.state.wa


# ------------------------------------------------------------------------------------------------ AD-11
def test_ad_11_nothing_affordable_reshuffles_until_something_is() -> None:
    t = Table(drafted=True)
    t.show("aurora", "redshift", "eks", "cdk", "cloudformation")
    events = t.start("p1", "bare-metal", "bare-metal", "tape-backup", "power-cooling", "san")  # TCO 3
    assert "market_reshuffled" in kinds(events)
    shuffle = next(e for e in events if e.kind == "market_reshuffled").model_dump()
    assert shuffle["reason"] == "nothing_affordable" and shuffle["found"] and shuffle["reshuffles"] >= 1
    assert any(isinstance(a, Buy) for a in t.legal("p1"))


def test_ad_11_nothing_in_the_whole_marketplace_affordable_still_reshuffles_once_then_buying_ends() -> None:
    t = Table(drafted=True)
    shown = t.show("aurora", "redshift", "eks", "cdk", "cloudformation")
    events = t.start("p1", "tape-backup", "tape-backup", "power-cooling", "power-cooling", "iam")  # 0 credits
    assert "market_reshuffled" not in kinds(events)  # IAM's effect is offered first: not the buy step yet
    events = t.do("p1", ApplyEffects())  # IAM draws a card: still nothing affordable anywhere
    shuffles = [e.model_dump() for e in events if e.kind == "market_reshuffled"]
    assert [(e["reason"], e["reshuffles"], e["found"]) for e in shuffles] == [
        ("nothing_affordable", 1, False)
    ]
    assert kinds(events)[-1] == "nothing_affordable" and events[-1].model_dump()["reshuffles"] == 1
    assert t.state.market.showing() != shown and len(t.state.market.showing()) == 5
    assert t.state.now is not None and t.state.now.gave_up and t.state.now.reshuffles == 1
    assert [a for a in t.legal("p1") if not isinstance(a, ProposeReshuffle)] == [EndTurn()]


def test_ad_11_keeps_reshuffling_past_a_cycle_of_the_deck_until_something_affordable_shows() -> None:
    counts = []
    for seed in range(40):
        t = Table(seed=seed, drafted=True)
        m = t.state.market
        t.show("aurora", "redshift", "eks", "cdk", "cloudformation")
        # A small marketplace: 5 cards in the deck, one of them affordable with 2 TCO.
        keep = [t.take("aurora"), t.take("eks"), t.take("ecs"), t.take("ecs"), t.take("vpc")]
        t.state.piles["p2"].discard.extend(m.deck)  # park the rest (every card stays somewhere)
        m.deck[:] = keep
        limit = cycle_limit(m)
        t.start("p1", "bare-metal", "bare-metal", "tape-backup", "power-cooling", "tape-backup")
        now = t.state.now
        assert now is not None and not now.gave_up and now.reshuffles >= 1
        assert any(DB.card(c).cost <= 2 and DB.card(c).currency == "tco" for c in m.showing())
        assert any(isinstance(a, Buy) for a in t.legal("p1"))
        counts.append((now.reshuffles, limit))
    # Some seeds needed more reshuffles than one cycle of the deck (the old limit): none gave up.
    assert any(n > limit for n, limit in counts)


# ------------------------------------------------------------------------------------------------ AD-12
def test_ad_12_retire_when_aws_cards_are_at_least_on_premises_ones() -> None:
    t = Table(drafted=True)
    t.show("aurora", "redshift", "eks", "iam", "vpc")
    t.start("p1", "ec2", "lambda", "s3", "bare-metal", "tape-backup")
    if offered(t):
        t.do("p1", ApplyEffects())
    t.do("p1", EndTurn())
    assert t.state.phase == "retire" and ENGINE.to_move(t.state) == ["p1"]
    legal = t.legal("p1")
    retire = [a for a in legal if isinstance(a, Retire)]
    assert {key_of(a.card) for a in retire} == {"bare-metal", "tape-backup"} and KeepOnprem() in legal
    assert [a.card for a in retire] == [c for c in t.state.piles["p1"].hand if DB.card(c).is_onprem]
    card = next(a.card for a in retire if key_of(a.card) == "tape-backup")
    events = t.do("p1", Retire(card=card))
    assert kinds(events)[:2] == ["onprem_retired", "turn_ended"]
    assert events[0].model_dump()["onprem_left"] == 9
    assert t.state.retired["p1"] == [card]
    assert card not in [c for pile in t.state.piles["p1"].model_dump().values() for c in pile]


def test_ad_12_no_retiring_when_on_premises_cards_outnumber_aws_cards() -> None:
    t = Table(drafted=True)
    t.show("aurora", "redshift", "eks", "iam", "vpc")
    t.start("p1", "ec2", "lambda", "bare-metal", "tape-backup", "san")
    t.do("p1", EndTurn())
    assert t.state.phase == "play" and t.state.now is not None and t.state.now.seat == "p2"
    with pytest.raises(IllegalAction):
        t.do("p2", Retire(card=t.state.piles["p2"].hand[0]))


def test_ad_12_keeping_and_then_the_hand_goes_to_the_discard_and_five_are_drawn() -> None:
    t = Table(drafted=True)
    t.show("aurora", "redshift", "eks", "iam", "vpc")
    t.start("p1", "ec2", "lambda", "s3", "bare-metal", "tape-backup")
    hand = list(t.state.piles["p1"].hand)
    t.do("p1", ApplyEffects()) if offered(t) else None
    t.do("p1", EndTurn())
    events = t.do("p1", KeepOnprem())
    assert kinds(events)[:2] == ["retire_skipped", "turn_ended"]
    p = t.state.piles["p1"]
    assert set(hand) <= set(p.discard) and len(p.hand) == 5
    drew = next(e for e in events if e.kind == "drew")
    assert drew.visible_to == ("p1",)
    assert "p1" not in ENGINE.to_move(t.state)


def test_ad_12_the_turn_ends_with_what_it_earned_bought_and_retired() -> None:
    """``turn_ended`` carries the turn's summary: both pools as earned (revealed cards and effects), the
    cards bought and the card retired, by kind."""
    t = Table(drafted=True)
    ids = t.show("sqs", "redshift", "eks", "iam", "vpc")
    t.start("p1", "lambda", "api-gateway", "s3", "bare-metal", "tape-backup")
    t.do("p1", ApplyEffects())
    while offered(t):
        t.do("p1", ApplyEffects())
    now = t.state.now
    assert now is not None
    earned = (now.tco.earned, now.awsome.earned)
    assert earned[1] >= 1 + 1 + 1 + 2, "the hand's AWSome and Lambda's +2 (API Gateway revealed)"
    t.do("p1", Buy(card=ids[0]))
    if t.state.phase == "play":
        t.do("p1", EndTurn())
    tape = next(a for a in t.legal("p1") if isinstance(a, Retire) and key_of(a.card) == "tape-backup")
    ended = next(e for e in t.do("p1", tape) if e.kind == "turn_ended")
    assert ended.model_dump(exclude={"visible_to"}) == {
        "kind": "turn_ended",
        "seat": "p1",
        "bought_cards": ["sqs"],
        "retired_card": "tape-backup",
        "discarded": 4 + len(now.drawn),
        "tco": earned[0],
        "awsome": earned[1],
    }


def test_ad_12_retiring_a_card_not_in_hand_is_refused() -> None:
    t = Table(drafted=True)
    t.show("aurora", "redshift", "eks", "iam", "vpc")
    t.start("p1", "ec2", "lambda", "s3", "bare-metal", "tape-backup")
    t.do("p1", ApplyEffects()) if offered(t) else None
    t.do("p1", EndTurn())
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Retire(card=t.state.piles["p1"].hand[0]))  # an AWS card
    assert err.value.code == "not_onprem_in_hand"


# ------------------------------------------------------------------------------------------------ AD-13
def test_ad_13_the_discard_becomes_the_deck_only_when_a_draw_finds_the_deck_empty() -> None:
    t = Table(drafted=True)
    t.show("aurora", "redshift", "eks", "iam", "vpc")
    t.start("p1", "ec2", "bare-metal", "tape-backup", "san", "mainframe")
    p = t.state.piles["p1"]
    t.state.market.deck[:0] = p.deck[2:]  # park the rest: 2 cards left in the deck
    del p.deck[2:]
    t.discard("p1", "lambda", "s3")
    old = list(p.deck)
    assert len(p.discard) == 2
    events = t.do("p1", EndTurn())
    p = t.state.piles["p1"]
    # The hand (5) joined the discard pile (2); 2 cards came from the deck, then the 7 discarded cards
    # became the deck and 3 more were drawn.
    shuffled = next(e for e in events if e.kind == "deck_shuffled")
    assert shuffled.model_dump()["count"] == 7 and shuffled.seat == "p1"
    assert set(old) <= set(p.hand) and len(p.hand) == 5
    assert len(p.deck) == 4 and p.discard == []


# ------------------------------------------------------------------------------------------------ AD-1, AD-2
def test_ad_1_the_two_effects_are_independent() -> None:
    t = Table(drafted=True)
    t.start("p1", "s3", "athena", "bare-metal", "tape-backup", "power-cooling")
    # S3's primary wants CloudFront (absent); its secondary (an Analytics card) still works.
    assert ("s3", "secondary") in offered(t) and ("s3", "primary") not in offered(t)


def test_ad_2_each_effect_type_does_what_its_icon_says() -> None:
    t = Table(drafted=True)
    t.start("p1", "ec2", "ec2-auto-scaling", "cost-management", "iam", "bare-metal")
    now = t.state.now
    assert now is not None
    hand = list(t.state.piles["p1"].hand)
    ec2, scaling, cost, iam = hand[:4]
    awsome, buys = now.awsome.earned, now.buys
    t.do("p1", ApplyEffect(card=ec2, effect="primary"))  # orange number: +2 AWSome (Auto Scaling revealed)
    assert t.state.now is not None and t.state.now.awsome.earned == awsome + 2
    t.do("p1", ApplyEffect(card=cost, effect="primary"))  # gold dollar: +1 buy
    assert t.state.now is not None and t.state.now.buys == buys + 1
    deck_top = t.state.piles["p1"].deck[-1]
    t.do("p1", ApplyEffect(card=iam, effect="primary"))  # black square with ?: draw 1, revealed
    assert t.state.now is not None and t.state.now.revealed[-1] == deck_top
    assert scaling in t.state.now.revealed
