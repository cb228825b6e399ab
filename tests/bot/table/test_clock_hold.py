"""A paused game night holds its tables' turn clocks through the table service (issue 26 item 3;
``TableService.hold_clocks``): the pending timers end, nothing fires however long the pause, a turn that
begins meanwhile is held too, and releasing gives every turn back the time it had left."""

from __future__ import annotations

from bot.store import Status
from bot.table.service import TableService
from tests.bot.table.test_clock_scheduler import (
    ALICE,
    HOUR,
    START,
    FakeClock,
    clock,
    notices,
    pending,
    play,
    settle,
    timed,
    two_players,
)

__all__ = ["clock", "timed"]  # the fixtures, shared


async def test_held_clocks_fire_nothing_and_resume_with_the_time_left(
    timed: TableService, clock: FakeClock
) -> None:
    pk = await two_players(timed)  # alice (p1) to move, an hour plus an hour of reserve
    clock.advance(0.25 * HOUR)
    assert await timed.hold_clocks(pk, on=True)
    assert not await timed.hold_clocks(pk, on=True), "held already: nothing to do"
    rec = await timed.store.get_game(pk)
    assert rec.clock_state.held and rec.clock_state.turns["p1"].left == 1.75 * HOUR
    assert await pending(timed, pk) == []
    clock.advance(10 * HOUR)  # a long pause: no reminder, no timeout
    assert await timed.scheduler.tick() == 0 and notices(timed) == []
    # Alice may still play while held; bob's turn begins held, with its whole time.
    await play(timed, pk, ALICE)
    rec = await timed.store.get_game(pk)
    assert rec.clock_state.turns["p2"].deadline is None and rec.clock_state.turns["p2"].left == 2 * HOUR
    assert await pending(timed, pk) == []
    assert await timed.hold_clocks(pk, on=False)
    rec = await timed.store.get_game(pk)
    now = START + 10.25 * HOUR
    assert not rec.clock_state.held and rec.clock_state.turns["p2"].deadline == now + 2 * HOUR
    assert await pending(timed, pk) == [("p2", "half"), ("p2", "near"), ("p2", "timeout")]
    clock.advance(2 * HOUR)
    assert await timed.scheduler.tick() >= 1  # the clocks run again: bob's time runs out
    await settle(timed, pk)
    log = await timed.store.actions(pk)
    assert log[-1].seat == "p2" and log[-1].user_id is None  # the AI played bob's turn
    assert [x["key"] for x in notices(timed)][-1] == "clock.timed_out"


async def test_a_game_over_has_no_clocks_to_hold(timed: TableService) -> None:
    pk = await two_players(timed)
    await timed.abort(pk, None, ALICE, True)
    assert (await timed.store.get_game(pk)).status is not Status.RUNNING
    assert not await timed.hold_clocks(pk, on=True)
    assert not await timed.hold_clocks(pk, on=False)
