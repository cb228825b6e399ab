"""GC-11 (5), GC-12 (7), GC-13 (8), GC-14 (10): the special cards."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.glorious_crown.events import TradeOfferedCards, WentOut

from .conftest import E, act, kinds, make_state, pass_, play

FOUR = {
    "p1": ["S5", "H5", "S7", "H7", "C7", "S4"],
    "p2": ["H6", "H10", "H13", "D5"],
    "p3": ["C6", "C12", "C14"],
    "p4": ["D4", "D9", "D14"],
}


def test_gc_11_five_skips_the_next_player_once_however_many_fives() -> None:
    step = play(make_state(FOUR), "p1", "S5", "H5")
    assert [e.seat for e in step.events if e.kind == "skipped"] == ["p2"]
    assert step.state.current == "p3"


def test_gc_11_two_players_left_five_returns_the_turn_and_clears() -> None:
    s = make_state({"p1": ["S5", "S9"], "p2": ["H6", "H13"]}, finished=["p3"], **{})
    step = play(s, "p1", "S5")
    assert "cleared" in kinds(step.events)
    assert step.state.points["p1"] == 2 and step.state.current == "p1"


def test_gc_11_skip_lands_on_the_next_player_who_could_act() -> None:
    s = make_state(FOUR, top=("p4", ["D3"]), passed=["p2"], current="p1")
    step = play(s, "p1", "S5")
    assert [e.seat for e in step.events if e.kind == "skipped"] == ["p3"]
    assert step.state.current == "p4"


def test_gc_12_seven_trade_is_a_pending_decision_answered_blind() -> None:
    s = play(make_state(FOUR), "p1", "S7", "H7").state
    assert s.pending is not None and s.pending.kind == "seven_give" and s.pending.count == 2
    assert E.to_move(s) == ["p1"]
    step = act(s, "p1", {"type": "give", "cards": ["S4", "C7"]})
    s = step.state
    assert s.pending is not None and s.pending.kind == "seven_answer" and E.to_move(s) == ["p2"]
    public = [e for e in step.events if e.public]
    assert all("S4" not in e.model_dump_json() for e in public)
    assert any(isinstance(e, TradeOfferedCards) and e.cards == ["S4", "C7"] for e in step.events)
    assert E.view(s, "p2").pending is not None and E.view(s, "p2").pending.given is None  # type: ignore[union-attr]
    assert E.view(s, "p1").pending.given == ["S4", "C7"]  # type: ignore[union-attr]
    assert "S4" in E.hidden_cards(s, "p2") and "S4" in E.hidden_cards(s, None)
    answers = E.legal_actions(s, "p2")
    assert all(a.type == "answer" and len(a.cards) == 2 for a in answers)  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        act(s, "p2", {"type": "answer", "cards": ["H6"]})
    s = act(s, "p2", {"type": "answer", "cards": ["H6", "H13"]}).state
    assert sorted(s.hands["p1"]) == sorted(["S5", "H5", "H6", "H13"])
    assert sorted(s.hands["p2"]) == sorted(["H10", "D5", "S4", "C7"])
    assert s.pending is None and s.current == "p2"


def test_gc_12_seven_trade_is_optional_and_limited_by_sevens_and_the_next_hand() -> None:
    s = play(make_state(FOUR), "p1", "S7").state
    assert s.pending is not None and s.pending.count == 1
    with pytest.raises(IllegalAction):
        act(s, "p1", {"type": "give", "cards": ["S4", "C7"]})
    s2 = act(s, "p1", {"type": "decline"}).state
    assert s2.pending is None and s2.current == "p2"
    assert sorted(s2.hands["p1"]) == sorted(["S5", "H5", "H7", "C7", "S4"])
    small = make_state(
        {"p1": ["S7", "H7", "C7", "S4", "S6", "S9"], "p2": ["H6"], "p3": ["C6", "C12"]},
    )
    s3 = play(small, "p1", "S7", "H7", "C7").state
    assert s3.pending is not None and s3.pending.count == 1  # p2 holds one card


def test_gc_12_jokers_do_not_count_as_sevens_for_the_trade() -> None:
    s = make_state({"p1": ["S7", "JK1", "S4", "S6"], "p2": ["H6", "H9"], "p3": ["C6", "C12"]})
    s = play(s, "p1", "S7", "JK1").state
    assert s.pending is not None and s.pending.count == 1


def test_gc_13_eight_clears_at_once_scores_zero_and_its_player_leads() -> None:
    s = make_state(FOUR | {"p3": ["C8", "C12", "C14"]}, top=("p2", ["S6"]), current="p3")
    step = play(s, "p3", "C8")
    assert "cleared" in kinds(step.events)
    s = step.state
    assert s.top is None and s.current == "p3" and s.points["p3"] == 0 and s.passed == []
    assert s.last_clear is not None and s.last_clear.cause == "eight"


def test_gc_14_ten_discards_one_card_optionally() -> None:
    hands = {"p1": ["S10", "H10", "S4", "S6"], "p2": ["H6", "H9"], "p3": ["C6", "C12"]}
    s = play(make_state(hands), "p1", "S10", "H10").state
    assert s.pending is not None and s.pending.kind == "ten_discard"
    actions = E.legal_actions(s, "p1")
    assert {a.type for a in actions} == {"decline", "discard"} and len(actions) == 3
    step = act(s, "p1", {"type": "discard", "card": "S4"})
    assert step.state.hands["p1"] == ["S6"] and step.state.discard[-1] == "S4"
    assert step.state.current == "p2" and step.state.pending is None
    declined = act(s, "p1", {"type": "decline"}).state
    assert declined.hands["p1"] == ["S4", "S6"]


def test_gc_14_discarding_the_last_card_is_an_illegal_finish() -> None:
    hands = {"p1": ["S10", "S4"], "p2": ["H6", "H9"], "p3": ["C6", "C12"]}
    s = play(make_state(hands), "p1", "S10").state
    step = act(s, "p1", {"type": "discard", "card": "S4"})
    assert step.state.fouls == ["p1"] and step.state.finished == []
    went = [e for e in step.events if isinstance(e, WentOut)]
    assert went == [WentOut(seat="p1", foul=True, how="discard", place=None)]
    s = pass_(step.state, "p2").state
    s = pass_(s, "p3").state
    assert s.points["p1"] == 2  # the 10's clear still scores for its player (GC-20: points are kept)
