"""GN-1, GN-2: a called AWS Builder Cards game finishes the current round (every seat the same number of
turns), then is scored exactly as at its normal end (AB-8, tie-break included), reason ``called``."""

from __future__ import annotations

import json

import pytest

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import key_of
from engines.aws_builder_cards.models import Acquire, EndTurn, ProposeReshuffle, Vote
from engines.core import TABLE, AlreadyCalled, CallGame, GameCalled, GameOver, replay
from tests.engines.aws_builder_cards.conftest import Table, every_card, kinds

CALL = CallGame()


def call(t: Table) -> None:
    events = t.do(TABLE, CALL)
    assert events == [GameCalled(until="round")]


def end_turns(t: Table, *seats: str) -> None:
    for seat in seats:
        assert ENGINE.to_move(t.state) == [seat]
        t.do(seat, EndTurn())


def test_gn_2_called_at_the_start_of_a_round_plays_the_whole_round() -> None:
    t = Table(players=3)
    call(t)
    assert t.state.called and ENGINE.to_move(t.state) == ["p1"]
    end_turns(t, "p1", "p2")
    assert ENGINE.outcome(t.state) is None
    end_turns(t, "p3")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called" and t.state.turns == 3
    assert ENGINE.to_move(t.state) == [] and kinds(t.events)[-1] == "game_over"


def test_gn_2_called_in_the_middle_of_a_round_ends_after_the_seat_before_the_first_player() -> None:
    t = Table(players=3)
    end_turns(t, "p1", "p2", "p3", "p1")  # round 2, p2 to play
    call(t)
    end_turns(t, "p2")
    assert ENGINE.outcome(t.state) is None
    end_turns(t, "p3")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called" and t.state.turns == 6  # two turns each


def test_gn_2_called_on_the_last_seats_turn_ends_after_that_turn() -> None:
    t = Table(players=4)
    end_turns(t, "p1", "p2", "p3")
    call(t)
    end_turns(t, "p4")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called" and t.state.turns == 4
    assert kinds(t.events).count("turn_started") == 3  # p1 never starts a second turn


def test_gn_2_called_inside_a_pending_vote_the_vote_is_completed_then_the_round() -> None:
    t = Table(players=3)
    t.do("p1", ProposeReshuffle())  # AB-9: p2 and p3 must vote
    pending = ENGINE.to_move(t.state)
    call(t)
    assert ENGINE.to_move(t.state) == pending and t.state.pending is not None
    for seat in pending:
        t.do(seat, Vote(agree=True))
    assert ENGINE.to_move(t.state) == ["p1"]
    end_turns(t, "p1", "p2", "p3")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called" and t.state.turns == 3


def test_gn_2_the_called_outcome_is_scored_as_at_ab_8_with_its_tie_break() -> None:
    t = Table(players=3)
    st = t.state
    ones = [c for c in st.wa if key_of(c).startswith("wa1")]
    threes = [c for c in st.wa if key_of(c).startswith("wa3")]
    st.wa = [c for c in st.wa if c not in (threes[0], ones[0], ones[1], ones[2])]
    st.score["p1"] = [threes[0]]  # 3
    st.score["p2"] = [ones[0]]  # 1, fewer Builder cards than p3
    st.score["p3"] = [ones[1], ones[2]]  # 2
    t.discard("p2", "s3")
    t.discard("p3", "s3", "s3")  # p2 now owns one Builder card, p3 two
    cards = sorted(every_card(t.state))
    call(t)
    end_turns(t, "p1", "p2", "p3")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called"
    assert out.scores == {"p1": 3.0, "p2": 1.0, "p3": 2.0}
    assert out.ranking == [["p1"], ["p3"], ["p2"]] and out.winners == ["p1"]
    assert out.details["builder_cards"] == {"p1": 0, "p2": 1, "p3": 2}
    assert sorted(every_card(t.state)) == cards


def test_gn_2_equal_points_and_builder_cards_share_the_called_win() -> None:
    t = Table(players=2)
    call(t)
    end_turns(t, "p1", "p2")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called"
    assert out.scores == {"p1": 0.0, "p2": 0.0} and sorted(out.winners) == ["p1", "p2"]


def test_gn_2_the_last_wa_card_acquired_while_finishing_ends_the_game_normally() -> None:
    t = Table(players=3)
    st = t.state
    st.score["p2"].extend(st.wa[:-1])
    st.wa = st.wa[-1:]
    call(t)
    t.hand("p1", "ec2", "ec2")
    t.deploy_all()
    t.do("p1", Acquire(source="wa"))
    t.do("p1", EndTurn())  # AB-8: that turn is finished and the game ends, before the round's end
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "last_wa_acquired" and t.state.turns == 1


def test_gn_1_calling_twice_or_after_the_end_is_refused_and_changes_nothing() -> None:
    t = Table(players=2)
    call(t)
    before = ENGINE.dump_state(t.state)
    with pytest.raises(AlreadyCalled) as err:
        t.do(TABLE, CALL)
    assert err.value.code == "already_called" and ENGINE.dump_state(t.state) == before
    end_turns(t, "p1", "p2")
    before = ENGINE.dump_state(t.state)
    with pytest.raises(GameOver) as over:
        t.do(TABLE, CALL)
    assert over.value.code == "game_over" and ENGINE.dump_state(t.state) == before


def test_gn_1_a_log_with_the_call_replays_to_the_same_state() -> None:
    t = Table(players=3, seed=5)
    log: list[tuple[str, dict[str, object]]] = []
    for seat, action in [("p1", EndTurn()), (TABLE, CALL), ("p2", EndTurn()), ("p3", EndTurn())]:
        t.do(seat, action)
        log.append((seat, action.model_dump(mode="json")))
    assert ENGINE.outcome(t.state) is not None
    again = replay(ENGINE, t.state.players, None, 5, json.loads(json.dumps(log)))
    assert ENGINE.dump_state(again) == ENGINE.dump_state(t.state)
