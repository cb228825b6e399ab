"""GN-1, GN-2: a called AWS Deckbuilding game finishes the current round (every seat the same number of
turns), then is scored exactly as at its normal end (AD-15: W-A points, a tie is a shared win), reason
``called``."""

from __future__ import annotations

import json

import pytest

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB
from engines.aws_deckbuilding.models import ProposeReshuffle, Vote
from engines.core import TABLE, AlreadyCalled, CallGame, GameCalled, GameOver, replay
from tests.engines.aws_deckbuilding.conftest import Table, every_card, kinds

CALL = CallGame()
#: a turn played to its end without buying: effects applied, then the turn ended, on-premises cards kept
QUIET = ("apply_effects", "end_turn", "keep_onprem")


def call(t: Table) -> None:
    assert t.do(TABLE, CALL) == [GameCalled(until="round")]


def end_turns(t: Table, *seats: str) -> None:
    for seat in seats:
        assert t.state.now is not None and t.state.now.seat == seat
        while ENGINE.outcome(t.state) is None and t.state.now is not None and t.state.now.seat == seat:
            legal = t.legal(seat)
            t.do(seat, next(a for kind in QUIET for a in legal if a.type == kind))


def test_gn_2_called_at_the_start_of_a_round_plays_the_whole_round() -> None:
    t = Table(players=3, drafted=True)
    call(t)
    end_turns(t, "p1", "p2")
    assert ENGINE.outcome(t.state) is None
    end_turns(t, "p3")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called" and t.state.turns == 3
    assert ENGINE.to_move(t.state) == [] and kinds(t.events)[-1] == "game_over"


def test_gn_2_called_in_the_middle_of_a_round_ends_after_the_seat_before_the_first_player() -> None:
    t = Table(players=3, drafted=True)
    end_turns(t, "p1", "p2", "p3", "p1")
    call(t)  # p2's turn of round 2
    end_turns(t, "p2", "p3")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called" and t.state.turns == 6


def test_gn_2_called_on_the_last_seats_turn_ends_after_that_turn() -> None:
    t = Table(players=4, drafted=True)
    end_turns(t, "p1", "p2", "p3")
    call(t)
    end_turns(t, "p4")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called" and t.state.turns == 4
    assert kinds(t.events).count("turn_started") == 4  # p1 never starts a second turn


def test_gn_2_the_hand_drawn_at_the_end_of_the_called_round_stays_hidden() -> None:
    t = Table(players=2, drafted=True)
    call(t)
    end_turns(t, "p1", "p2")
    assert t.state.now is None
    for seat in ("p1", "p2"):
        assert set(t.state.piles[seat].hand) <= ENGINE.hidden_cards(t.state, None)


def test_gn_2_called_during_the_draft_finishes_the_draft_then_the_first_round() -> None:
    t = Table(players=2)
    call(t)
    t.finish_draft()
    assert ENGINE.outcome(t.state) is None and t.state.phase != "draft"
    end_turns(t, "p1", "p2")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called" and t.state.turns == 2


def test_gn_2_called_inside_a_pending_vote_the_vote_is_completed_then_the_round() -> None:
    t = Table(players=3, drafted=True)
    t.do("p2", ProposeReshuffle())  # AD-14, out of turn: p1 and p3 must vote
    voters = ENGINE.to_move(t.state)
    call(t)
    assert ENGINE.to_move(t.state) == voters
    for seat in voters:
        t.do(seat, Vote(agree=False) if seat == voters[-1] else Vote(agree=True))
    assert t.state.vote is None and ENGINE.to_move(t.state) == ["p1"]
    end_turns(t, "p1", "p2", "p3")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called" and t.state.turns == 3


def test_gn_2_the_called_outcome_is_scored_as_at_ad_15() -> None:
    t = Table(players=3, drafted=True)
    st = t.state
    ones = [c for c in st.wa if DB.card(c).points == 1]
    threes = [c for c in st.wa if DB.card(c).points == 3]
    p1, p2, p3 = [threes[0]], [ones[0], ones[1]], [threes[1]]
    for c in (*p1, *p2, *p3):
        st.wa.remove(c)
    st.score.update(p1=p1, p2=p2, p3=p3)
    cards = sorted(every_card(t.state))
    call(t)
    end_turns(t, "p1", "p2", "p3")
    out = ENGINE.outcome(t.state)
    assert out is not None and out.reason == "called"
    assert out.scores == {"p1": 3.0, "p2": 2.0, "p3": 3.0}
    assert out.ranking == [["p1", "p3"], ["p2"]] and out.winners == ["p1", "p3"]  # AD-15: a shared win
    assert sorted(every_card(t.state)) == cards


def test_gn_1_calling_twice_or_after_the_end_is_refused_and_changes_nothing() -> None:
    t = Table(players=2, drafted=True)
    call(t)
    before = ENGINE.dump_state(t.state)
    with pytest.raises(AlreadyCalled):
        t.do(TABLE, CALL)
    assert ENGINE.dump_state(t.state) == before
    end_turns(t, "p1", "p2")
    before = ENGINE.dump_state(t.state)
    with pytest.raises(GameOver):
        t.do(TABLE, CALL)
    assert ENGINE.dump_state(t.state) == before


def test_gn_1_a_log_with_the_call_replays_to_the_same_state() -> None:
    t = Table(players=2, seed=8)
    log: list[tuple[str, dict[str, object]]] = [(TABLE, CALL.model_dump(mode="json"))]
    call(t)
    while ENGINE.outcome(t.state) is None:
        seat = ENGINE.to_move(t.state)[0]
        legal = t.legal(seat)
        action = next((a for kind in ("draft", *QUIET) for a in legal if a.type == kind), legal[0])
        t.do(seat, action)
        log.append((seat, action.model_dump(mode="json")))
    again = replay(ENGINE, ["p1", "p2"], None, 8, json.loads(json.dumps(log)))
    assert ENGINE.dump_state(again) == ENGINE.dump_state(t.state)
