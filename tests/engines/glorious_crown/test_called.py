"""GN-1, GN-4: a called Glorious Crown hand goes on until the field is next cleared (the clear scores,
GC-17), then ends: players out keep their places, holders follow by cards in hand (equal counts share the
place and its bonuses, rounded down, GC-19), fouls keep GC-20, winner by GC-21; reason ``called``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.core import TABLE, AlreadyCalled, CallGame, GameCalled, GameOver, replay
from engines.glorious_crown.events import GameOver as HandOver
from engines.glorious_crown.models import GCState

from .conftest import E, act, kinds, make_state, pass_, play

CALL = CallGame()
THREE = {"p1": ["S4", "S6", "S9", "H12"], "p2": ["H6", "H13"], "p3": ["C6", "C9", "C12"]}


def call(state: GCState) -> GCState:
    step = E.apply(state, TABLE, CALL)
    assert step.events == [GameCalled(until="clear")]
    return step.state


def bonus_of(state: GCState) -> dict[str, int]:
    out = E.outcome(state)
    assert out is not None
    return {r["seat"]: r["bonus"] for r in out.details["standings"]}


def test_gn_4_called_with_an_empty_field_the_next_trick_is_played_to_its_clear() -> None:
    s = call(make_state(THREE))
    s = play(s, "p1", "S4").state
    s = play(s, "p2", "H6").state
    s = pass_(s, "p3").state
    assert E.outcome(s) is None
    step = pass_(s, "p1")  # everyone else passed: the field clears, p2 scores the 6 (GC-17)
    s = step.state
    out = E.outcome(s)
    assert out is not None and out.reason == "called" and kinds(step.events)[-2:] == ["cleared", "game_over"]
    # No one is out: p2 (1 card) is 1st, bonus 3; p1 and p3 (3 cards each) share 2nd and the bonuses of
    # 2nd and 3rd: (2 + 1) // 2 = 1 each.
    assert bonus_of(s) == {"p2": 3, "p1": 1, "p3": 1}
    assert out.scores == {"p2": 2.0 + 3, "p1": 1.0, "p3": 1.0}
    assert out.ranking == [["p2"], ["p1", "p3"]] and out.winners == ["p2"]
    assert E.to_move(s) == []


def test_gn_4_called_in_the_middle_of_a_trick_it_goes_on_until_the_clear() -> None:
    s = play(make_state(THREE), "p1", "S4").state
    s = play(s, "p2", "H6").state
    s = call(s)
    s = play(s, "p3", "C9").state  # the trick goes on
    s = play(s, "p1", "H12").state
    s = play(s, "p2", "H13").state  # p2 is out, first (GC-19)
    assert E.outcome(s) is None
    s = pass_(s, "p3").state
    s = pass_(s, "p1").state  # the field clears to p2's 13: 1 point (GC-18)
    out = E.outcome(s)
    assert out is not None and out.reason == "called"
    # p2 went out first and keeps 1st (bonus 3); p1 holds 2 cards, p3 holds 2: they share 2nd.
    assert bonus_of(s) == {"p2": 3, "p1": 1, "p3": 1}
    assert out.scores == {"p2": 4.0, "p1": 1.0, "p3": 1.0}


def test_gn_4_a_clear_by_an_eight_ends_the_called_hand_at_once() -> None:
    s = make_state({"p1": ["S4", "S6"], "p2": ["H8", "H13", "H9"], "p3": ["C6", "C12"]})
    s = call(play(s, "p1", "S4").state)
    step = play(s, "p2", "H8")  # GC-13: cleared at once, scoring 0
    out = E.outcome(step.state)
    assert out is not None and out.reason == "called"
    assert bonus_of(step.state) == {"p1": 3, "p2": 1, "p3": 1}  # 1 card; 2 and 2 share 2nd


def test_gn_4_called_inside_a_seven_trade_the_trade_is_completed_then_the_trick() -> None:
    s = make_state({"p1": ["S7", "S4", "S9"], "p2": ["H6", "H10", "H13"], "p3": ["C6", "C12", "C13"]})
    s = play(s, "p1", "S7").state
    assert s.pending is not None and s.pending.kind == "seven_give"
    s = call(s)
    assert E.to_move(s) == ["p1"] and s.pending is not None
    s = act(s, "p1", {"type": "give", "cards": ["S4"]}).state
    s = act(s, "p2", {"type": "answer", "cards": ["H6"]}).state  # GC-12: both sets change hands
    assert s.pending is None and E.outcome(s) is None
    s = pass_(s, "p2").state
    s = pass_(s, "p3").state  # cleared: p1 scores its 7 (2 points)
    out = E.outcome(s)
    assert out is not None and out.reason == "called" and s.points["p1"] == 2


def test_gn_4_players_out_keep_their_places_fouls_keep_gc_20() -> None:
    hands: dict[str, list[str]] = {"p1": [], "p2": ["S4", "S6"], "p3": ["H9", "H12", "H13"], "p4": []}
    s = make_state(hands, current="p2", finished=["p1"], fouls=["p4"], points={"p4": 3})
    s = call(s)
    s = play(s, "p2", "S4").state
    s = pass_(s, "p3").state  # back to p2's play: the field clears
    out = E.outcome(s)
    assert out is not None and out.reason == "called"
    assert bonus_of(s) == {"p1": 4, "p2": 3, "p3": 2, "p4": 0}  # the foul is last and gets no bonus
    assert out.scores == {"p1": 4.0, "p2": 2.0 + 3, "p3": 2.0, "p4": 3.0}
    assert out.ranking == [["p2"], ["p1"], ["p4"], ["p3"]]
    assert out.details["finish_order"] == ["p1", "p2", "p3", "p4"]


def test_gn_4_a_shared_place_shares_its_bonuses_rounded_down() -> None:
    hands = {"p1": [], "p2": ["S4", "S6"], "p3": ["H9", "H12", "H13"], "p4": ["D9", "D12", "D13"]}
    s = call(make_state(hands, current="p2", finished=["p1"]))
    s = play(s, "p2", "S4").state
    s = pass_(pass_(s, "p3").state, "p4").state
    # p1 1st (4), p2 2nd (3), p3 and p4 share 3rd: (2 + 1) // 2 = 1 each.
    assert bonus_of(s) == {"p1": 4, "p2": 3, "p3": 1, "p4": 1}
    out = E.outcome(s)
    assert out is not None and out.ranking == [["p2"], ["p1"], ["p3", "p4"]]
    assert out.details["finish_order"] == ["p1", "p2", "p3", "p4"]
    standings = {r["seat"]: r for r in out.details["standings"]}
    assert standings["p3"]["finish_place"] == standings["p4"]["finish_place"] == 3


def test_gn_4_the_hand_over_event_carries_the_called_standings() -> None:
    s = call(make_state(THREE))
    s = play(play(s, "p1", "S4").state, "p2", "H6").state
    step = pass_(pass_(s, "p3").state, "p1")
    over = step.events[-1]
    assert isinstance(over, HandOver) and over.last_seat is None
    assert {f.seat: f.bonus for f in over.standings} == {"p2": 3, "p1": 1, "p3": 1}
    assert {f.seat: (f.finish, f.held) for f in over.standings} == {"p2": (1, 1), "p1": (2, 3), "p3": (2, 3)}


def test_gn_4_a_hand_that_ends_by_gc_19_first_keeps_its_normal_end() -> None:
    s = make_state({"p1": [], "p2": ["S4"], "p3": ["H9", "H12"]}, current="p2", finished=["p1"])
    s = call(s)
    s = play(s, "p2", "S4").state  # p2 goes out: p3 alone holds cards (GC-19)
    out = E.outcome(s)
    assert out is not None and out.reason == "last_holder"


def test_gn_1_calling_twice_or_after_the_end_is_refused_and_changes_nothing() -> None:
    s = call(make_state(THREE))
    before = E.dump_state(s)
    with pytest.raises(AlreadyCalled):
        E.apply(s, TABLE, CALL)
    assert E.dump_state(s) == before
    s = pass_(pass_(play(play(s, "p1", "S4").state, "p2", "H6").state, "p3").state, "p1").state
    before = E.dump_state(s)
    with pytest.raises(GameOver):
        E.apply(s, TABLE, CALL)
    assert E.dump_state(s) == before


def test_gn_1_a_log_with_the_call_replays_to_the_same_state() -> None:
    players = ["p1", "p2", "p3", "p4"]
    state = E.new_game(players, None, 12)
    log: list[tuple[str, dict[str, Any]]] = []
    while E.outcome(state) is None:
        if len(log) == 9:
            state = call(state)
            log.append((TABLE, CALL.model_dump(mode="json")))
            continue
        seat = E.to_move(state)[0]
        action = E.legal_actions(state, seat)[-1]
        state = E.apply(state, seat, action).state
        log.append((seat, action.model_dump(mode="json")))
    out = E.outcome(state)
    assert out is not None and out.reason == "called"
    again = replay(E, players, None, 12, json.loads(json.dumps(log)))
    assert E.dump_state(again) == E.dump_state(state)
