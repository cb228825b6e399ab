"""AB-9 (console reshuffle vote) and the options AB-10 (advanced retire), AB-11 (missions), AB-12."""

from __future__ import annotations

import pytest

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.models import (
    Acquire,
    EndTurn,
    ProposeReshuffle,
    RetireBuilder,
    RevealMission,
    SolveMission,
    Vote,
)
from engines.aws_builder_cards.setup import mission_id
from engines.core import IllegalAction
from tests.engines.aws_builder_cards.conftest import Table, kinds


# ---------------------------------------------------------------------------------------------- AB-9
def test_ab_9_console_reshuffles_only_when_every_player_agrees() -> None:
    t = Table(players=3, seed=2)
    console = [list(s) for s in t.state.free.slots]
    t.do("p1", ProposeReshuffle())
    assert sorted(ENGINE.to_move(t.state)) == ["p2", "p3"]
    t.do("p2", Vote(agree=True))
    assert ENGINE.to_move(t.state) == ["p3"]
    events = t.do("p3", Vote(agree=True))
    assert "console_reshuffled" in kinds(events)
    assert [list(s) for s in t.state.free.slots] != console
    assert ENGINE.to_move(t.state) == ["p1"]
    assert ProposeReshuffle() not in t.legal()  # once per turn
    with pytest.raises(IllegalAction):
        t.do("p1", ProposeReshuffle())


def test_ab_9_one_refusal_keeps_the_console() -> None:
    t = Table(players=3, seed=2)
    console = [list(s) for s in t.state.free.slots]
    t.do("p1", ProposeReshuffle())
    events = t.do("p3", Vote(agree=False))
    assert "reshuffle_rejected" in kinds(events)
    assert [list(s) for s in t.state.free.slots] == console
    assert ENGINE.to_move(t.state) == ["p1"] and t.state.pending is None


# ---------------------------------------------------------------------------------------------- AB-10
def test_ab_10_advanced_retire_of_an_unused_builder_card_after_acquiring_a_builder_card() -> None:
    t = Table(advanced_retire=True)
    s3, lam = t.hand("p1", "s3", "lambda")
    t.deploy("p1", s3)
    assert not [a for a in t.legal() if isinstance(a, RetireBuilder)]
    t.do("p1", Acquire(source="free", slot=0))
    assert [a for a in t.legal() if isinstance(a, RetireBuilder)] == [RetireBuilder(card=lam)]
    with pytest.raises(IllegalAction):
        t.do("p1", RetireBuilder(card=s3))  # deployed: used this turn
    t.do("p1", RetireBuilder(card=lam))
    assert lam in t.state.retired["p1"]
    assert not [a for a in t.legal() if isinstance(a, RetireBuilder)]


def test_ab_10_off_by_default_and_needs_a_builder_acquisition() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda")
    t.do("p1", Acquire(source="free", slot=0))
    assert not [a for a in t.legal() if isinstance(a, RetireBuilder)]
    t = Table(advanced_retire=True)
    t.hand("p1", "ec2", "ec2", "lambda")
    t.deploy("p1", *t.state.piles["p1"].hand[:1])
    t.deploy("p1", t.state.piles["p1"].hand[0])
    t.state.wa = t.state.wa[-1:]
    t.state.now.credits = 5
    t.do("p1", Acquire(source="wa"))
    assert not [a for a in t.legal() if isinstance(a, RetireBuilder)]


# ---------------------------------------------------------------------------------------------- AB-11
def missions_table(mission: str) -> Table:
    t = Table(missions=True)
    st = t.state
    want = mission_id(mission)
    for _seat, held in st.mission_hand.items():
        if want in held:
            held.remove(want)
            held.append(st.mission_deck.pop())
    if want in st.mission_deck:
        st.mission_deck.remove(want)
    st.mission_deck.extend(st.mission_hand["p1"])
    st.mission_hand["p1"] = [want]
    return t


def test_ab_11_each_player_holds_a_secret_mission() -> None:
    state = ENGINE.new_game(["a", "b", "c"], {"missions": True}, 5)
    assert all(len(h) == 1 for h in state.mission_hand.values())
    held = state.mission_hand["a"][0]
    assert held in ENGINE.hidden_cards(state, "b") and held not in ENGINE.hidden_cards(state, "a")
    assert ENGINE.view(state, "a").secret_missions[0].id == held  # type: ignore[index]


def test_ab_11_reveal_then_solve_with_a_matching_architecture() -> None:
    t = missions_table("serverless-api")
    deck_before = len(t.state.mission_deck)
    events = t.do("p1", RevealMission())
    assert mission_id("serverless-api") in t.state.missions_revealed
    assert len(t.state.mission_hand["p1"]) == 1 and len(t.state.mission_deck) == deck_before - 1
    drawn = next(e for e in events if e.kind == "mission_drawn")
    assert drawn.visible_to == ("p1",)
    assert RevealMission() not in t.legal()  # one reveal per turn
    t.hand("p1", "api-gateway", "lambda", "dynamodb")
    assert not [a for a in t.legal() if isinstance(a, SolveMission)]
    t.deploy_all()
    solve = SolveMission(mission=mission_id("serverless-api"))
    assert solve in t.legal()
    t.do("p1", solve)
    assert mission_id("serverless-api") in t.state.score["p1"]
    assert ENGINE.view(t.state, None).table[0].points == 3


def test_ab_11_any_player_may_solve_a_revealed_mission_once_per_turn() -> None:
    t = missions_table("hybrid-identity")
    t.do("p1", RevealMission())
    t.do("p1", EndTurn())
    t.hand("p2", "identity-center", "corporate-idp")
    t.deploy_all("p2")
    with pytest.raises(IllegalAction):
        t.do("p2", SolveMission(mission=mission_id("static-website")))
    t.do("p2", SolveMission(mission=mission_id("hybrid-identity")))
    assert t.state.now.solved_mission is not None
    assert not [a for a in t.legal("p2") if isinstance(a, SolveMission)]


def test_ab_11_solved_missions_score_three_points_at_the_end() -> None:
    t = missions_table("iac")
    t.do("p1", RevealMission())
    t.hand("p1", "cdk", "cloudformation")
    t.state.piles["p1"].discard = []
    t.deploy_all()
    t.do("p1", SolveMission(mission=mission_id("iac")))
    t.state.score["p2"].extend(t.state.wa[:-1])
    t.state.wa = t.state.wa[-1:]
    t.state.now.credits = 3
    t.do("p1", Acquire(source="wa"))
    t.do("p1", EndTurn())
    out = ENGINE.outcome(t.state)
    assert out is not None and out.scores["p1"] == 3 + 1
    assert out.details["missions"]["p1"] == 1


# ---------------------------------------------------------------------------------------------- AB-12
def test_ab_12_long_game_puts_wa_cards_in_the_discard_pile_and_still_scores_them() -> None:
    t = Table(long_game=True)
    t.hand("p1", "ec2", "ec2")
    t.deploy_all()
    card = t.state.wa[-1]
    t.do("p1", Acquire(source="wa"))
    assert card in t.state.piles["p1"].discard and not t.state.score["p1"]
    assert ENGINE.view(t.state, None).table[0].points == 1
    # A W-A card in hand cannot be deployed.
    t.do("p1", EndTurn())
    t.do("p2", EndTurn())
    t.state.piles["p1"].hand.append(t.state.piles["p1"].discard.pop(t.state.piles["p1"].discard.index(card)))
    assert all(card not in a.cards for a in t.legal() if hasattr(a, "cards"))
