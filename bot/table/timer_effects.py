"""What a due timer does to its game: a pure function of the game, the timer and the time (the table service
writes its effect under the game's lock; the scheduler only finds what is due). Also the clock the
scheduler reads, injectable so tests and the sandbox move time."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol

from bot.store import GameRecord, SeatInfo, Status
from bot.store.models import TimerRow
from bot.table.clock import HALF, TIMEOUT, TIMEOUTS_TO_AI, ClockState, still_useful
from bot.table.hooks import Change, Columns, Ended, Notice
from bot.table.seat_ops import handed_to_ai

#: The kind of DM telling a player their seat went to the AI after their turns ran out.
SEAT_TAKEN = "seat_taken"


class Clock(Protocol):
    def now(self) -> float:
        """Unix seconds."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


@dataclass(frozen=True)
class TimerEffect:
    """What a due timer does: a ``change`` of the game (a turn timed out), written with the timer marked
    fired; or a reminder's ``notice``, the timer marked done with it and the game unchanged; neither: the turn
    it was for is over, the timer is skipped. ``dm``: what its player is told by DM too (the record, the
    member, the kind: a reminder's or ``SEAT_TAKEN``, the turn's deadline), once the effect is written."""

    change: Change | None = None
    notice: Notice | None = None
    dm: tuple[GameRecord, int, str, float | None] | None = None


def timer_effect(rec: GameRecord, timer: TimerRow, now: float) -> TimerEffect:
    """What ``timer`` does to ``rec`` at ``now`` (pure: the table service writes it under the game's lock)."""
    clock = ClockState.load(rec.clock_state)
    turn = clock.turns.get(timer.seat)
    info = next((s for s in rec.seats if s.seat == timer.seat), None)
    if (
        rec.status is not Status.RUNNING
        or turn is None
        or turn.version != timer.version
        or turn.expired
        or turn.left is not None  # its player waits on others: their clock stands still
        or info is None
        or info.user_id is None
    ):
        # The turn it was for is over (played, handed over, the game ended): nothing to do.
        return TimerEffect()
    if timer.kind == TIMEOUT:
        return _time_out(rec, clock, timer, info)
    assert turn.deadline is not None
    if not still_useful(timer.kind, turn, rec.clock, now):
        return TimerEffect()
    key = "clock.remind_half" if timer.kind == HALF else "clock.remind_near"
    left = {"player": f"<@{info.user_id}>", "left": f"<t:{int(turn.deadline)}:R>"}
    return TimerEffect(
        notice=Notice(key, left, ping=[info.user_id]), dm=(rec, info.user_id, timer.kind, turn.deadline)
    )


def _time_out(rec: GameRecord, clock: ClockState, timer: TimerRow, info: SeatInfo) -> TimerEffect:
    """Time ran out: the AI plays this one turn for the seat to its end (the AI driver sees the turn as
    expired); the third turn in a row the seat goes to the AI until the player takes it back. A decision in
    another's turn (a vote) the AI makes for them, and it is no missed turn."""
    assert info.user_id is not None
    own = clock.turns[timer.seat].own
    in_a_row = clock.expire(timer.seat)
    if not own or in_a_row < TIMEOUTS_TO_AI:
        if own:
            notice = Notice("clock.timed_out", {"name": info.name, "n": in_a_row, "max": TIMEOUTS_TO_AI})
        else:
            notice = Notice("clock.timed_out_decision", {"name": info.name})
        return TimerEffect(change=Change(rec, news=notice, fire=timer.id, expired=clock))
    clock.seats[timer.seat].timeouts = 0  # the count starts over once the seat is handed over
    seats = handed_to_ai(rec.seats, timer.seat, info.user_id, "away")
    if all(s.is_ai for s in seats):  # nobody left to play for: the game ends, as when all leave
        closed: Columns = {"seats": seats, "status": Status.ABORTED, "end_reason": "abandoned"}
        ended = Ended("abandoned", info.name)
        # The game is over: its end is posted, there is no seat to take back (no DM).
        return TimerEffect(change=Change(rec, closed, news=ended, fire=timer.id, expired=clock))
    taken = Notice("clock.timed_out_seat", {"name": info.name, "n": in_a_row}, button="take_back")
    change = Change(rec, {"seats": seats}, news=taken, fire=timer.id, expired=clock)
    # The seat went to the AI: the player hears it where they asked to be told.
    return TimerEffect(change=change, dm=(rec, info.user_id, SEAT_TAKEN, None))
