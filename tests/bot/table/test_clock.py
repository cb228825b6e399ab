"""The turn clock's arithmetic (bot.table.clock): the clock option, the reserve, turns and their timers."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.table.clock import (
    HALF,
    NEAR_END,
    TIMEOUT,
    ClockState,
    Turn,
    advance,
    clock_name,
    hold,
    parse_clock,
    release,
    reserve_after,
    split_clock,
    still_useful,
    timers_for,
    warning,
)

DAY = 24 * 3600
HOUR = 3600


def test_clock_names_and_refusals() -> None:
    assert [parse_clock(n) for n in ("off", "3m", "5m", "1h", "12h", "24h", "72h")] == [
        0,
        180,  # a game night's tables (GN-6)
        300,
        HOUR,
        12 * HOUR,
        DAY,
        3 * DAY,
    ]
    assert parse_clock(" 24H ") == DAY
    assert clock_name(DAY) == "24h" and clock_name(0) == "off" and clock_name(7) == "7s"
    with pytest.raises(UserError) as refused:
        parse_clock("2d")
    assert refused.value.code == "bad_clock" and "72h" in refused.value.params["allowed"]


def test_the_clock_is_taken_out_of_the_engine_options() -> None:
    assert split_clock({"hand_size": "4", "clock": "1h"}) == ({"hand_size": "4"}, HOUR)
    assert split_clock({"hand_size": "4"}) == ({"hand_size": "4"}, None)
    with pytest.raises(UserError):
        split_clock({"clock": "soon"})


def test_the_near_end_warning_is_an_hour_or_a_tenth_of_short_clocks() -> None:
    assert warning(DAY) == HOUR and warning(12 * HOUR) == HOUR and warning(3 * DAY) == HOUR
    assert warning(HOUR) == 360 and warning(300) == 30


def test_the_reserve_pays_for_overruns_and_refills_a_quarter_up_to_one_turn() -> None:
    assert reserve_after(DAY, used=HOUR, limit=DAY) == DAY  # full stays full
    assert reserve_after(DAY, used=DAY + 10 * HOUR, limit=DAY) == DAY - 10 * HOUR + DAY / 4
    assert reserve_after(0, used=2 * DAY, limit=DAY) == DAY / 4  # nothing below zero
    assert reserve_after(DAY / 2, used=0, limit=DAY) == 3 * DAY / 4


def test_a_turn_begins_with_its_deadline_and_three_timers() -> None:
    clock = ClockState()
    change = advance(clock, limit=DAY, to_move=["p1"], version=5, now=1000.0)
    assert change.started == ["p1"] and change.ended == []
    turn = clock.turns["p1"]
    # One turn of time plus the reserve, which starts at one turn's worth.
    assert turn == Turn(since=1000.0, version=5, deadline=1000.0 + 2 * DAY)
    assert [(t.kind, t.due_at, t.version) for t in change.timers] == [
        (HALF, 1000.0 + DAY, 5),
        (NEAR_END, 1000.0 + 2 * DAY - HOUR, 5),
        (TIMEOUT, 1000.0 + 2 * DAY, 5),
    ]


def test_steps_of_one_turn_keep_it_and_its_timers() -> None:
    clock = ClockState()
    advance(clock, limit=HOUR, to_move=["p1"], version=1, now=0.0)
    change = advance(clock, limit=HOUR, to_move=["p1"], version=2, now=60.0, acted="p1")
    assert not change and clock.turns["p1"].version == 1 and clock.turns["p1"].since == 0.0


def test_a_played_turn_ends_settles_the_reserve_and_the_next_seat_begins() -> None:
    clock = ClockState()
    advance(clock, limit=HOUR, to_move=["p1"], version=1, now=0.0)
    clock.seats["p1"].timeouts = 2
    change = advance(clock, limit=HOUR, to_move=["p2"], version=2, now=1.5 * HOUR, acted="p1")
    assert change.ended == ["p1"] and change.started == ["p2"]
    # 30 minutes over the hour came out of the reserve; a quarter hour came back; the streak is broken.
    assert clock.seats["p1"].bank == HOUR - 0.5 * HOUR + HOUR / 4
    assert clock.seats["p1"].timeouts == 0
    assert clock.turns["p2"].since == 1.5 * HOUR and clock.turns["p2"].deadline == 3.5 * HOUR


def test_a_timed_out_turn_spends_the_reserve_and_counts() -> None:
    clock = ClockState()
    advance(clock, limit=HOUR, to_move=["p1"], version=1, now=0.0)
    assert clock.expire("p1") == 1
    assert clock.ai_plays("p1") and not clock.ai_plays("p2")
    # The AI finishes the turn: it ends, still counted as a timeout, with nothing left in reserve.
    advance(clock, limit=HOUR, to_move=["p2"], version=3, now=2.1 * HOUR)
    assert clock.seats["p1"].timeouts == 1 and clock.seats["p1"].bank == 0
    change = advance(clock, limit=HOUR, to_move=["p1"], version=4, now=3 * HOUR)
    assert clock.turns["p1"].deadline == 4 * HOUR  # no reserve left: one hour
    assert [t.kind for t in change.timers] == [HALF, NEAR_END, TIMEOUT]
    assert clock.expire("p1") == 2


def test_a_player_acting_on_a_turn_the_ai_took_over_takes_it_back() -> None:
    clock = ClockState()
    advance(clock, limit=HOUR, to_move=["p1"], version=1, now=0.0)
    clock.expire("p1")
    advance(clock, limit=HOUR, to_move=["p1"], version=3, now=2.2 * HOUR, acted="p1")
    assert not clock.turns["p1"].expired and clock.seats["p1"].timeouts == 0


def test_several_seats_to_move_each_have_their_own_turn() -> None:
    clock = ClockState()
    change = advance(clock, limit=DAY, to_move=["p1", "p2", "p3"], version=7, now=0.0)
    assert change.started == ["p1", "p2", "p3"] and len(change.timers) == 9
    change = advance(clock, limit=DAY, to_move=["p1", "p3"], version=8, now=HOUR, acted="p2")
    assert change.ended == ["p2"] and change.started == [] and set(clock.turns) == {"p1", "p3"}


def test_without_a_clock_turns_are_tracked_but_nothing_is_timed() -> None:
    clock = ClockState()
    change = advance(clock, limit=0, to_move=["p1"], version=1, now=50.0)
    assert clock.turns["p1"] == Turn(since=50.0, version=1, deadline=None) and change.timers == []


def test_the_state_round_trips_through_json() -> None:
    clock = ClockState()
    advance(clock, limit=HOUR, to_move=["p1", "p2"], version=1, now=0.0)
    clock.expire("p2")
    assert ClockState.load(clock.dump()) == clock
    assert ClockState.load({}) == ClockState()


def test_a_late_reminder_is_skipped_once_a_later_one_is_due() -> None:
    turn = Turn(since=0.0, version=1, deadline=2 * DAY)
    (half, near, _timeout) = timers_for("p1", turn, DAY)
    assert still_useful(HALF, turn, DAY, half.due_at)
    assert not still_useful(HALF, turn, DAY, near.due_at)  # the bot was down over both: only the later
    assert still_useful(NEAR_END, turn, DAY, near.due_at)
    assert not still_useful(NEAR_END, turn, DAY, 2 * DAY)
    turn.expired = True
    assert not still_useful(HALF, turn, DAY, half.due_at)


def test_pc_9_a_chaos_step_back_to_the_timed_out_player_is_the_same_turn_counted_once() -> None:
    """Project Chaos: bob's (p2) turn runs out, the AI plays his action, alice (p1) must vote (PC-12), then
    a chaos step (PC-9) puts the decision back to bob: still his one turn, still the AI's, no new clock."""
    clock = ClockState()
    first = advance(clock, limit=300, to_move=["p2"], version=1, now=0.0, turn_of="p2")
    assert [t.kind for t in first.timers] == [HALF, NEAR_END, TIMEOUT]
    assert clock.expire("p2") == 1
    vote = advance(clock, limit=300, to_move=["p1", "p2"], version=2, now=600.0, turn_of="p2")
    assert vote.started == ["p1"] and clock.turns["p1"].own is False
    advance(clock, limit=300, to_move=["p1"], version=3, now=601.0, turn_of="p2")
    assert clock.turns["p2"].expired and clock.turns["p2"].version == 1
    back = advance(clock, limit=300, to_move=["p2"], version=4, now=700.0, turn_of="p2", acted="p1")
    assert back.ended == [] and back.started == [] and back.timers == [] and back.paused == ["p1"]
    assert clock.turns["p2"].version == 1 and clock.ai_plays("p2")
    passed = advance(clock, limit=300, to_move=[], version=5, now=701.0, turn_of="p3")
    assert sorted(passed.ended) == ["p1", "p2"] and clock.seats["p2"].timeouts == 1


def test_pc_12_a_player_waiting_on_a_vote_in_their_turn_has_their_clock_stand_still() -> None:
    clock = ClockState()
    advance(clock, limit=HOUR, to_move=["p2"], version=1, now=0.0, turn_of="p2")
    deadline = clock.turns["p2"].deadline
    assert deadline == 2 * HOUR
    # bob acts after 70 minutes (past half his time); a vote waits on alice for three hours.
    wait = advance(clock, limit=HOUR, to_move=["p1"], version=2, now=70 * 60, turn_of="p2", acted="p2")
    assert wait.paused == ["p2"] and clock.turns["p2"].deadline is None
    assert clock.turns["p2"].left == deadline - 70 * 60
    back = advance(clock, limit=HOUR, to_move=["p2"], version=3, now=4 * HOUR + 70 * 60, turn_of="p2")
    assert back.resumed == ["p2"] and back.started == [] and clock.turns["p2"].version == 1
    assert clock.turns["p2"].deadline == 4 * HOUR + 70 * 60 + deadline - 70 * 60
    # The half-time reminder was due before the vote: only the near-end one and the deadline are left.
    assert [(t.kind, t.version) for t in back.timers] == [(NEAR_END, 1), (TIMEOUT, 1)]
    # His own time was 70 + 10 minutes: the hour is exceeded by 20 minutes, the reserve pays it.
    advance(clock, limit=HOUR, to_move=[], version=4, now=4 * HOUR + 80 * 60, turn_of="p3", acted="p2")
    assert clock.seats["p2"].bank == HOUR - 20 * 60 + HOUR / 4


def test_pc_12_votes_in_another_players_turn_share_one_clock_and_running_out_is_no_missed_turn() -> None:
    clock = ClockState()
    first = advance(clock, limit=300, to_move=["p1", "p2"], version=1, now=0.0, turn_of="p2")
    assert [t.seat for t in first.timers].count("p1") == 3
    clock.seats["p1"].timeouts = 1
    assert clock.expire("p1") == 1 and clock.turns["p1"].expired
    advance(clock, limit=300, to_move=["p2"], version=2, now=700.0, turn_of="p2")
    # A second vote in bob's same turn: alice's one clock of this turn (run out: the AI answers it).
    again = advance(clock, limit=300, to_move=["p1", "p2"], version=3, now=710.0, turn_of="p2")
    assert again.started == [] and again.timers == [] and clock.ai_plays("p1")
    assert clock.seats["p1"].timeouts == 1
    # The turn passes to alice: her own turn, a new one.
    change = advance(clock, limit=300, to_move=["p1"], version=4, now=720.0, turn_of="p1", acted="p2")
    assert change.started == ["p1"] and clock.turns["p1"].own and clock.turns["p1"].version == 4
    assert not clock.turns["p1"].expired


def test_a_turn_stored_before_clocks_knew_whose_turn_it_is_goes_on() -> None:
    clock = ClockState.load({"turns": {"p1": {"since": 0.0, "version": 3, "deadline": 2 * HOUR}}})
    change = advance(clock, limit=HOUR, to_move=["p1"], version=9, now=60.0, turn_of="p1")
    assert change.started == [] and change.timers == []
    assert clock.turns["p1"] == Turn(since=0.0, version=3, deadline=2 * HOUR, own=True, of="p1")


def test_a_paused_night_holds_every_timed_turn_and_resumes_it_where_it_stood() -> None:
    """Issue 26 item 3: while a night is paused no turn clock runs; resuming gives back what was left."""
    clock = ClockState()
    advance(clock, limit=180, to_move=["p1", "p2"], version=3, now=0.0)
    clock.expire("p2")  # the AI plays p2's turn: it stays the AI's
    change = hold(clock, now=100.0)
    assert change.paused == ["p1"] and clock.held
    assert clock.turns["p1"].deadline is None and clock.turns["p1"].left == 360.0 - 100.0
    # A turn that begins while held begins with its whole time, untimed; one still held does not resume.
    change = advance(clock, limit=180, to_move=["p1", "p3"], version=4, now=5000.0, acted="p2")
    assert change.started == ["p3"] and change.timers == [] and change.resumed == []
    assert clock.turns["p3"].deadline is None and clock.turns["p3"].left == 360.0
    assert clock.turns["p1"].left == 260.0
    change = release(clock, limit=180, to_move=["p1", "p3"], version=4, now=6000.0, turn_of=None)
    assert not clock.held and change.resumed == ["p1", "p3"]
    assert clock.turns["p1"].deadline == 6260.0 and clock.turns["p3"].deadline == 6360.0
    # p1 had used 100 s of 360 before the pause: its half-time reminder is 80 s after the resume.
    assert [(t.seat, t.kind, t.due_at) for t in change.timers] == [
        ("p1", HALF, 6080.0),
        ("p1", NEAR_END, 6260.0 - 18.0),
        ("p1", TIMEOUT, 6260.0),
        ("p3", HALF, 6180.0),
        ("p3", NEAR_END, 6360.0 - 18.0),
        ("p3", TIMEOUT, 6360.0),
    ]


def test_holding_an_untimed_game_keeps_it_untimed() -> None:
    clock = ClockState()
    advance(clock, limit=0, to_move=["p1"], version=1, now=0.0)
    assert hold(clock, now=10.0).paused == [] and clock.turns["p1"] == Turn(since=0.0, version=1)
    assert release(clock, limit=0, to_move=["p1"], version=1, now=20.0, turn_of=None).timers == []
