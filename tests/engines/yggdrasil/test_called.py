"""GN-1, GN-3: a called Yggdrasil game finishes the current round (the second player finishes its turn if
the first player began the round), then is scored as at its normal end (YG-11), reason ``called``."""

from __future__ import annotations

import json

import pytest

from engines.core import TABLE, AlreadyCalled, CallGame, GameCalled, GameOver, Rng, replay
from engines.yggdrasil import ENGINE
from engines.yggdrasil.cards import CARDS
from engines.yggdrasil.models import Place, YggState

from .conftest import build

CALL = CallGame()
SEATS = ["p1", "p2"]


def call(state: YggState) -> YggState:
    step = ENGINE.apply(state, TABLE, CALL)
    assert step.events == [GameCalled(until="round")]
    return step.state


def finish_turn(state: YggState, seat: str) -> YggState:
    """``seat`` plays its turn to the end with the first legal choice at each step."""
    assert ENGINE.to_move(state) == [seat]
    while ENGINE.to_move(state) == [seat]:
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0]).state
    return state


def by_hand(state: YggState) -> dict[str, float]:
    """YG-11 counted from the field: each own card (the root included) and the fruits on it."""
    scores = dict.fromkeys(SEATS, 0.0)
    for cell, owner in enumerate(state.owner):
        if owner >= 0:
            card = state.board[cell]
            assert card is not None
            scores[SEATS[owner]] += 1 + CARDS[state.kinds[card]].fruit
    return scores


def test_gn_3_called_at_the_start_of_a_round_the_second_player_still_plays() -> None:
    state = call(ENGINE.new_game(SEATS, None, 3))
    state = finish_turn(state, "p1")
    assert ENGINE.outcome(state) is None and ENGINE.to_move(state) == ["p2"]
    state = finish_turn(state, "p2")
    out = ENGINE.outcome(state)
    assert out is not None and out.reason == "called" and ENGINE.to_move(state) == []
    assert out.scores == by_hand(state)
    a, b = out.scores["p1"], out.scores["p2"]
    assert out.winners == ([] if a == b else ["p1"] if a > b else ["p2"])  # YG-11: equal is a draw


def test_gn_3_called_in_the_middle_of_the_first_players_turn() -> None:
    """Called after p1 placed, while its turn goes on (an effect or the invasion choice, YG-7)."""
    for seed in range(40):
        start = ENGINE.new_game(SEATS, None, seed)
        for seat in ("p1", "p2"):
            start = finish_turn(start, seat)
        placed = (ENGINE.apply(start, "p1", a).state for a in ENGINE.legal_actions(start, "p1"))
        state = next((s for s in placed if ENGINE.to_move(s) == ["p1"]), None)
        if state is not None:
            break
    else:
        pytest.fail("no placement that leaves p1's turn open in 40 games")
    state = call(state)
    state = finish_turn(state, "p1")
    assert ENGINE.outcome(state) is None
    state = finish_turn(state, "p2")
    out = ENGINE.outcome(state)
    assert out is not None and out.reason == "called" and out.scores == by_hand(state)


def test_gn_3_called_on_the_second_players_turn_ends_after_it() -> None:
    state = finish_turn(ENGINE.new_game(SEATS, None, 5), "p1")
    state = finish_turn(call(state), "p2")
    out = ENGINE.outcome(state)
    assert out is not None and out.reason == "called"
    assert state.players[state.current] == "p2"  # p1 did not start another turn


def test_gn_3_called_inside_a_pending_effect_the_effect_is_completed_by_the_normal_flow() -> None:
    """An extra placement or a swap (YG-14) waits for the player; the call does not cut it short."""
    for seed in range(60):
        state = ENGINE.new_game(SEATS, None, seed)
        agent, rng = ENGINE.ai(), Rng.from_seed(seed)
        while ENGINE.outcome(state) is None and state.phase not in ("extra", "swap"):
            seat = ENGINE.to_move(state)[0]
            state = ENGINE.apply(state, seat, agent.choose(state, seat, rng)).state
        if state.phase in ("extra", "swap"):
            break
    else:
        pytest.fail("no extra placement or swap in 60 games")
    seat = ENGINE.to_move(state)[0]
    phase, legal = state.phase, ENGINE.legal_actions(state, seat)
    state = call(state)
    assert state.phase == phase and ENGINE.legal_actions(state, seat) == legal
    state = finish_turn(state, seat)
    early = ENGINE.outcome(state)
    if seat == "p1":  # the second player still plays its turn
        assert early is None or early.reason != "called"
        if early is None:
            state = finish_turn(state, "p2")
    out = ENGINE.outcome(state)
    assert out is not None and out.reason in ("called", "no_room", "both_stuck")


def test_gn_3_a_turn_passed_by_itself_finishes_the_round() -> None:
    """YG-10: p2 holds nothing and its deck is empty, so its turn passes by itself: the round is over."""
    state = build(hands={"p1": ["star-fruit", "star-fruit"], "p2": []})
    state = call(state)
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    state = finish_turn(state, "p1") if ENGINE.to_move(state) == ["p1"] else state
    out = ENGINE.outcome(state)
    assert out is not None and out.reason == "called" and state.stuck["p2"] == 1


def test_gn_3_an_earlier_normal_end_keeps_its_reason() -> None:
    full = {
        "A1": ("p1", "cherry-cluster"),
        "B2": ("p2", "star-fruit"),
        "A3": ("p2", "plum-cluster"),
        "C3": ("p2", "cherry-cluster"),
    }
    state = build(full, cols=3, rows=3, hands={"p1": ["plum-cluster"], "p2": ["star-fruit"]})
    state = call(state)
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C1")).state
    out = ENGINE.outcome(state)
    assert out is not None and out.reason == "no_room"  # YG-10 came first


def test_gn_1_calling_twice_or_after_the_end_is_refused_and_changes_nothing() -> None:
    state = call(ENGINE.new_game(SEATS, None, 6))
    before = ENGINE.dump_state(state)
    with pytest.raises(AlreadyCalled):
        ENGINE.apply(state, TABLE, CALL)
    assert ENGINE.dump_state(state) == before
    state = finish_turn(finish_turn(state, "p1"), "p2")
    before = ENGINE.dump_state(state)
    with pytest.raises(GameOver):
        ENGINE.apply(state, TABLE, CALL)
    assert ENGINE.dump_state(state) == before


def test_gn_1_a_log_with_the_call_replays_to_the_same_state() -> None:
    state = ENGINE.new_game(SEATS, None, 7)
    log: list[tuple[str, dict[str, object]]] = []
    while ENGINE.outcome(state) is None:
        if len(log) == 3:
            state = call(state)
            log.append((TABLE, CALL.model_dump(mode="json")))
            continue
        seat = ENGINE.to_move(state)[0]
        action = ENGINE.legal_actions(state, seat)[0]
        state = ENGINE.apply(state, seat, action).state
        log.append((seat, action.model_dump(mode="json")))
    again = replay(ENGINE, SEATS, None, 7, json.loads(json.dumps(log)))
    assert ENGINE.dump_state(again) == ENGINE.dump_state(state)
