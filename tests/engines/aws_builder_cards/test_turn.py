"""AB-5 (build), AB-6 (acquire), AB-7 (end phase) and the special cards, played through the engine."""

from __future__ import annotations

import pytest

from engines.aws_builder_cards.cards import key_of
from engines.aws_builder_cards.events import Acquired, ArchitectureBuilt, Drew, DrewCount, RetiredOnprem
from engines.aws_builder_cards.models import (
    Acquire,
    Deploy,
    EndTurn,
    MoveToDeck,
    Retire,
)
from engines.core import IllegalAction
from tests.engines.aws_builder_cards.conftest import Table, kinds


# ---------------------------------------------------------------------------------------------- AB-5 retire
def test_ab_5_retire_needs_more_builder_than_onprem_cards_in_hand() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda", "vpc", "bare-metal-host", "networking")
    legal = t.legal()
    assert {a.card for a in legal if isinstance(a, Retire)} == set(t.state.piles["p1"].hand[3:])
    t.hand("p1", "s3", "lambda", "bare-metal-host", "networking", "san")
    assert not [a for a in t.legal() if isinstance(a, Retire)]
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Retire(card=t.state.piles["p1"].hand[2]))
    assert err.value.code == "retire_not_allowed"


def test_ab_5_retire_removes_the_card_from_the_game_and_shows_the_hand_as_proof() -> None:
    t = Table()
    hand = t.hand("p1", "s3", "lambda", "vpc", "bare-metal-host", "networking")
    events = t.do("p1", Retire(card=hand[3]))
    assert hand[3] in t.state.retired["p1"] and hand[3] not in t.state.piles["p1"].hand
    proof = next(e for e in events if isinstance(e, RetiredOnprem))
    assert proof.visible_to is None and proof.proof_cards == hand and proof.card == hand[3]
    # The shown hand is no longer hidden from the other player while the turn lasts.
    from engines.aws_builder_cards import ENGINE

    assert not set(hand) & ENGINE.hidden_cards(t.state, "p2")


def test_ab_5_retire_only_before_deploying_and_once() -> None:
    t = Table()
    hand = t.hand("p1", "s3", "lambda", "vpc", "bare-metal-host", "networking")
    t.deploy("p1", hand[0])
    assert not [a for a in t.legal() if isinstance(a, Retire)]
    t2 = Table()
    hand = t2.hand("p1", "s3", "lambda", "vpc", "ec2", "networking")
    t2.do("p1", Retire(card=hand[4]))
    assert not [a for a in t2.legal() if isinstance(a, Retire)]


def test_ab_5_a_player_who_retired_must_acquire_a_card() -> None:
    t = Table()
    hand = t.hand("p1", "s3", "lambda", "vpc", "bare-metal-host", "networking")
    t.do("p1", Retire(card=hand[3]))
    assert EndTurn() not in t.legal()
    with pytest.raises(IllegalAction) as err:
        t.do("p1", EndTurn())
    assert err.value.code == "must_acquire_after_retire"
    t.do("p1", Acquire(source="free", slot=0))
    assert EndTurn() in t.legal()


# ---------------------------------------------------------------------------------------------- AB-5 deploy
def test_ab_5_deploy_any_set_of_hand_cards_the_whole_hand_offered_first() -> None:
    t = Table()
    hand = t.hand("p1", "s3", "lambda", "vpc")
    deploys = [a for a in t.legal() if isinstance(a, Deploy)]
    assert deploys[0] == Deploy(cards=tuple(hand)) and t.legal()[0] == deploys[0]
    sets = ([hand[0]], [hand[1]], [hand[2]], hand[:2], hand[1:], [hand[0], hand[2]], hand)
    assert {a.cards for a in deploys} == {tuple(sorted(c)) for c in sets}
    t.deploy("p1", hand[0], hand[1])  # S3 with Lambda: draw 1
    assert t.state.piles["p1"].play == hand[:2] and t.state.now.credits == 3 and t.state.now.draws == 1
    t.deploy("p1", hand[2])
    assert t.state.piles["p1"].play == hand and t.state.now.credits == 4


def test_ab_5_deployed_cards_stay_and_the_combos_show_the_pairs() -> None:
    t = Table()
    s3, lam, vpc = t.hand("p1", "s3", "lambda", "vpc")
    events = t.deploy_all()
    arch = next(e for e in events if isinstance(e, ArchitectureBuilt))
    assert arch.unlocked and arch.cards == [s3, lam, vpc]
    (line,) = [ln for ln in arch.lines if ln.card == s3]
    assert (line.kind, line.partner_cards, line.draw, line.at, line.partners_at) == ("with", [lam], 1, 0, [1])
    assert t.state.piles["p1"].play == [s3, lam, vpc]


def test_ab_5_draw_effects_draw_at_once_and_drawn_cards_can_be_deployed() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda", "vpc")
    (top,) = t.deck_top("p1", "athena")
    events = t.deploy_all()
    drew = next(e for e in events if isinstance(e, Drew))
    assert drew.cards == [top] and drew.visible_to == ("p1",) and drew.reason == "combo"
    assert next(e for e in events if isinstance(e, DrewCount)).count == 1
    t.deploy("p1", top)  # Athena with S3: +3
    assert t.state.now.credits == 2 + 1 + 1 + 1 + 3


def test_ab_5_credits_count_only_deployed_cards() -> None:
    t = Table()
    ec2 = t.hand("p1", "ec2", "ec2", "s3")
    t.deploy("p1", ec2[0])
    assert t.state.now.credits == 2
    t.deploy("p1", ec2[1])
    assert t.state.now.credits == 5  # stacked


def test_ab_5_sunset_card_is_retired_after_use_or_kept_when_declined() -> None:
    t = Table()
    (cfm,) = t.hand("p1", "cfm")
    assert Deploy(cards=(cfm,), decline_sunset=True) in t.legal()
    t.deploy("p1", cfm)
    assert t.state.now.acquisitions == 2
    t.do("p1", EndTurn())
    assert cfm in t.state.retired["p1"] and cfm not in t.state.piles["p1"].discard

    t = Table()
    (cfm,) = t.hand("p1", "cfm")
    t.do("p1", Deploy(cards=(cfm,), decline_sunset=True))
    assert t.state.now.acquisitions == 1 and t.state.now.credits == 2
    t.do("p1", EndTurn())
    assert cfm in t.state.piles["p1"].discard


def test_cdk_moves_a_discard_card_to_the_top_of_the_deck_before_draws() -> None:
    t = Table()
    _cdk, _cfn = t.hand("p1", "cdk", "cloudformation")
    (lam,) = t.discard("p1", "lambda")
    events = t.deploy_all()
    assert t.state.pending is not None and t.state.pending.kind == "move_to_deck"
    assert "drew" not in kinds(events)
    assert t.legal() == [MoveToDeck(card=c) for c in t.state.piles["p1"].discard]
    with pytest.raises(IllegalAction):
        t.do("p1", EndTurn())
    events = t.do("p1", MoveToDeck(card=lam))
    # CloudFormation's draw comes after the move: the Lambda is drawn at once.
    assert next(e for e in events if isinstance(e, Drew)).cards == [lam]
    assert t.state.pending is None


def test_cdk_with_an_empty_discard_pile_does_nothing() -> None:
    t = Table()
    t.state.piles["p1"].deck.extend(t.state.piles["p1"].discard)
    t.state.piles["p1"].discard = []
    t.hand("p1", "cdk")
    t.deploy_all()
    assert t.state.pending is None


def test_well_architected_tool_lowers_wa_costs_this_turn() -> None:
    t = Table()
    t.hand("p1", "wa-tool", "ec2")
    t.deploy_all()
    assert t.state.now.credits == 3
    t.do("p1", Acquire(source="wa"))
    assert t.state.now.spent == 2


# ---------------------------------------------------------------------------------------------- AB-6
def test_ab_6_one_acquisition_plus_one_per_cloud_adoption() -> None:
    t = Table()
    t.hand("p1", "ec2", "ec2", "ec2")
    t.deploy_all()
    assert t.state.now.acquisitions == 2
    t.do("p1", Acquire(source="free", slot=0))
    t.do("p1", Acquire(source="free", slot=0))
    assert not [a for a in t.legal() if isinstance(a, Acquire)]
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Acquire(source="free", slot=1))
    assert err.value.code == "no_acquisitions_left"


def test_ab_6_paid_card_costs_credits_and_goes_to_the_discard_pile() -> None:
    t = Table()
    card = t.paid_slot("cloudformation")
    t.hand("p1", "s3")
    t.deploy_all()
    assert Acquire(source="paid") not in t.legal()
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Acquire(source="paid"))
    assert err.value.code == "not_enough_credits"
    t = Table()
    card = t.paid_slot("cloudformation")
    t.hand("p1", "s3", "vpc")
    t.deploy_all()
    t.do("p1", Acquire(source="paid"))
    assert card in t.state.piles["p1"].discard and t.state.now.credits_left == 0
    assert t.state.paid.slots[0] and t.state.paid.slots[0][0] != card


def test_ab_6_with_zero_credits_only_free_cards() -> None:
    t = Table()
    t.hand("p1", "bare-metal-host")
    sources = {a.source for a in t.legal() if isinstance(a, Acquire)}
    assert sources == {"free", "blind"}


def test_ab_6_blind_draw_takes_the_free_deck_top() -> None:
    t = Table()
    top = t.state.free.deck[-1]
    slots = [list(s) for s in t.state.free.slots]
    events = t.do("p1", Acquire(source="blind"))
    assert top in t.state.piles["p1"].discard and t.state.free.slots == slots
    acquired = next(e for e in events if isinstance(e, Acquired))
    assert (acquired.card, acquired.source, acquired.cost, acquired.to) == (top, "blind", 0, "discard")


def test_ab_6_wa_cards_go_to_the_score_zone_and_no_deploy_after_acquiring() -> None:
    t = Table()
    t.hand("p1", "ec2", "ec2", "vpc")
    card = t.state.wa[-1]
    t.deploy_all()
    t.do("p1", Acquire(source="wa"))
    assert t.state.score["p1"] == [card]
    assert t.state.now.phase == "acquire"
    t.hand("p1", "s3")
    assert not [a for a in t.legal() if isinstance(a, Deploy)]
    with pytest.raises(IllegalAction) as err:
        t.deploy("p1", t.state.piles["p1"].hand[0])
    assert err.value.code == "deploy_after_acquire"


# ---------------------------------------------------------------------------------------------- AB-7
def test_ab_7_end_phase_discards_play_and_hand_draws_five_and_passes_the_turn() -> None:
    t = Table()
    hand = t.hand("p1", "s3", "lambda", "vpc", "bare-metal-host", "san")
    t.deploy("p1", hand[0])
    deck_before = list(t.state.piles["p1"].deck)
    t.do("p1", EndTurn())
    p = t.state.piles["p1"]
    assert set(hand) <= set(p.discard) and not p.play
    assert p.hand == list(reversed(deck_before[-5:]))
    assert t.state.now.seat == "p2" and t.state.now.credits == 0 and t.state.last is not None


def test_ab_7_discard_is_reshuffled_only_when_the_deck_runs_out() -> None:
    t = Table()
    p = t.state.piles["p1"]
    deck = list(p.deck)
    p.deck = deck[-2:]  # two cards left in the deck
    p.discard.extend(deck[:-2])
    t.do("p1", EndTurn())
    p = t.state.piles["p1"]
    assert len(p.hand) == 5
    assert set(deck[-2:]) <= set(p.hand)  # the old deck was drawn before the reshuffle
    assert not p.discard  # the discard pile became the new deck when needed
    assert key_of(p.hand[0])


def test_state_with_a_discount_and_a_pending_choice_round_trips_through_json() -> None:
    from engines.aws_builder_cards import ENGINE

    t = Table(missions=True)
    t.hand("p1", "wa-tool", "cdk", "s3")
    t.discard("p1", "lambda")
    t.deploy_all()
    assert t.state.now.wa_costs == {1: 2, 3: 6} and t.state.pending is not None
    text = ENGINE.dump_state(t.state)
    assert ENGINE.load_state(text) == t.state and ENGINE.dump_state(ENGINE.load_state(text)) == text
    assert ENGINE.copy_state(t.state) == t.state
