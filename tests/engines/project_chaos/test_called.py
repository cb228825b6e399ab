"""GN-1, GN-5: in a called Project Chaos game the deadline arrives: play finishes the current round
(stagnation at its end applies, PC-10), then the scenario's goal is checked once: met, the team succeeds; not
met, the team fails with reason ``loss:deadline``. A loss while finishing the round stands."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.core import TABLE, AlreadyCalled, CallGame, GameCalled, GameOver, Rng, replay
from engines.project_chaos.models import ChaosDiscardPending, PCState

from .conftest import E, act, all_cards, kinds, make_state, of_kind

CALL = CallGame()
INTERN = "pc-genius-intern"  # tech +3
LEGACY = "pc-legacy-code"  # tech -2
OSS = "pc-oss-fixes-it"  # tech/user +3
DREAM = "pc-dream-client"  # user/mgmt +3
ZONE = "pc-team-in-the-zone"  # tech/mgmt +3
COFFEE = "pc-new-coffee-machine"  # mgmt +1, play: die -1
SPEC = "pc-small-spec-change"  # user 0, roll
CI = "pc-ci-all-green"  # tech +2
INTERVIEW = "pc-user-interview-gold"  # user +1
SCOPE = "pc-scope-creep"  # mgmt/user -2
PRAISED = "pc-product-praised"  # user +2
ALL_HANDS = "pc-all-hands"  # mgmt/user 0
MAKE_NICE = "pc-make-it-nice"  # user -1
VIRAL = "pc-release-goes-viral"  # user +3
REPLY_ALL = "pc-reply-all-storm"  # mgmt -1


def hands() -> dict[str, list[str]]:
    return {"p1": [COFFEE, SPEC, DREAM], "p2": [CI, INTERVIEW, SCOPE], "p3": [PRAISED, ALL_HANDS, MAKE_NICE]}


def call(state: PCState) -> PCState:
    step = E.apply(state, TABLE, CALL)
    assert step.events == [GameCalled(until="round")]
    return step.state


def discard_turn(state: PCState, seat: str) -> tuple[PCState, list[Any]]:
    """``seat`` discards (PC-7 B) and answers any chaos discard the same way, to the end of its turn."""
    assert E.to_move(state) == [seat]
    events: list[Any] = []
    while E.to_move(state) == [seat]:
        step = act(state, seat, {"type": "discard", "card": state.hands[seat][0]})
        state, events = step.state, events + step.events
    return state, events


def test_gn_5_called_at_the_start_of_a_round_the_goal_is_checked_after_the_rounds_stagnation() -> None:
    s = call(make_state(hands(), die=1))
    s, _ = discard_turn(s, "p1")
    s, _ = discard_turn(s, "p2")
    assert E.outcome(s) is None
    s, events = discard_turn(s, "p3")
    stag = of_kind(events, "stagnation")
    assert len(stag) == 1 and (stag[0].before, stag[0].after) == (1, 2)  # PC-10 applies first
    assert kinds(events)[-1] == "game_lost" and events[-1].reason == "loss:deadline"
    out = E.outcome(s)
    assert out is not None and out.reason == "loss:deadline" and out.winners == []
    assert out.details["rounds"] == 1  # the round played, as a stagnation loss reports it
    assert out.scores == {"p1": 0.0, "p2": 0.0, "p3": 0.0} and E.to_move(s) == []


def test_gn_5_called_in_the_middle_of_a_round() -> None:
    s = call(make_state(hands(), die=1, current=1))
    s, _ = discard_turn(s, "p2")
    assert E.outcome(s) is None
    s, _ = discard_turn(s, "p3")
    out = E.outcome(s)
    assert out is not None and out.reason == "loss:deadline"


def test_gn_5_called_on_the_last_seats_turn_ends_after_it() -> None:
    s = call(make_state(hands(), die=1, current=2))
    s, events = discard_turn(s, "p3")
    out = E.outcome(s)
    assert out is not None and out.reason == "loss:deadline" and "turn_started" not in kinds(events)


def test_gn_5_the_goal_met_when_the_round_ends_the_team_succeeds() -> None:
    # Balanced product: two of each category in the lane (PC-5).
    lane = [INTERN, LEGACY, VIRAL, OSS, REPLY_ALL, ZONE]  # OSS counts for user, ZONE for mgmt
    s = call(make_state(hands(), die=1, current=2, lane=lane))
    s, _ = discard_turn(s, "p3")
    out = E.outcome(s)
    assert out is not None and out.reason == "win" and out.winners == ["p1", "p2", "p3"]


def test_gn_5_called_inside_a_chaos_discard_it_is_completed_then_the_round() -> None:
    s = make_state(hands(), die=2)
    s = act(s, "p1", {"type": "discard", "card": DREAM}).state  # die 2: draw 1, then discard 1 (PC-9)
    assert isinstance(s.pending, ChaosDiscardPending)
    cards = sorted(all_cards(s))
    s = call(s)
    assert E.to_move(s) == ["p1"] and isinstance(s.pending, ChaosDiscardPending)
    s, _ = discard_turn(s, "p1")
    s, _ = discard_turn(s, "p2")
    assert E.outcome(s) is None
    s, _ = discard_turn(s, "p3")
    out = E.outcome(s)
    assert out is not None and out.reason in ("loss:deadline", "loss:stagnation")
    assert sorted(all_cards(s)) == cards


def test_gn_5_a_loss_while_finishing_the_round_stands() -> None:
    """PC-10: stagnation from 3 loses at the round's end, before the deadline check."""
    s = make_state(hands(), die=3, current=2, deck_top=[INTERN, LEGACY, OSS])
    s = call(s)
    s = act(s, "p3", {"type": "discard", "card": MAKE_NICE}).state
    s = act(s, "p3", {"type": "place", "card": INTERN, "workplace": "tech"}).state  # the die-3 reveal
    s = act(s, "p3", {"type": "place", "card": LEGACY, "workplace": "tech"}).state
    out = E.outcome(s)
    assert out is not None and out.reason == "loss:stagnation"


def test_gn_1_calling_twice_or_after_the_end_is_refused_and_changes_nothing() -> None:
    s = call(make_state(hands(), die=1, current=2))
    before = E.dump_state(s)
    with pytest.raises(AlreadyCalled):
        E.apply(s, TABLE, CALL)
    assert E.dump_state(s) == before
    s, _ = discard_turn(s, "p3")
    before = E.dump_state(s)
    with pytest.raises(GameOver):
        E.apply(s, TABLE, CALL)
    assert E.dump_state(s) == before


def test_gn_1_a_log_with_the_call_replays_to_the_same_state() -> None:
    players = ["p1", "p2", "p3"]
    state = E.new_game(players, None, 21)
    agent, rng = E.ai(), Rng.from_seed(21)
    log: list[tuple[str, dict[str, Any]]] = []
    while E.outcome(state) is None:
        if len(log) == 4:
            state = call(state)
            log.append((TABLE, CALL.model_dump(mode="json")))
            continue
        seat = E.to_move(state)[0]
        action = agent.choose(state, seat, rng)
        state = E.apply(state, seat, action).state
        log.append((seat, action.model_dump(mode="json")))
    assert state.called and state.round <= 2
    again = replay(E, players, None, 21, json.loads(json.dumps(log)))
    assert E.dump_state(again) == E.dump_state(state)
