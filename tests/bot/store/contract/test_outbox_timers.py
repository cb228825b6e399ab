"""The outbox and the turn timers on either backend: entries queued with their change and published once,
timers fired once, and the start-up lists (games with something to publish, timers due)."""

from __future__ import annotations

import pytest

from bot.store import OutboxItem, Status, Store, TimerDone
from bot.store.models import ClockWrite, TimerItem
from tests.bot.store.contract.conftest import Reopen, new_lobby


async def running(store: Store, channel: int = 100, guild: int = 1) -> int:
    pk = await new_lobby(store, channel, guild)
    await store.update(pk, 0, status=Status.RUNNING, state_json="{}")
    return pk


async def test_an_entry_is_queued_with_its_change_and_published_once(store: Store) -> None:
    pk = await running(store)
    item = OutboxItem(kind="move", seat="p1", payload={"events": [{"k": 1}]}, state_json='{"s":1}')
    rec = await store.record_action(
        pk, 1, seat="p1", user_id=11, action={"type": "x"}, state_json='{"s":1}', publish=item
    )
    (entry,) = await store.pending(pk)
    assert (entry.version, entry.kind, entry.seat, entry.payload) == (rec.version, "move", "p1", item.payload)
    assert entry.state_json == '{"s":1}' and await store.games_with_pending() == [pk]
    assert await store.publish_failed(entry.id, "boom" * 200) == 1
    assert await store.publish_failed(entry.id, "again") == 2
    assert (await store.pending(pk))[0].last_error == "again"
    await store.published(entry.id, pk, {"message_id": 5})
    assert await store.pending(pk) == [] and await store.games_with_pending() == []
    assert (await store.get_game(pk)).feed.message_id == 5


async def test_a_table_picture_left_behind_its_words_is_taken_up_at_start(reopen: Reopen) -> None:
    """A crash inside a burst can leave the table message's words ahead of its picture (``picture_stale``
    in the feed) with no entry pending: the start-up list still names the game, until the feed is clean."""
    store = await reopen()
    pk = await new_lobby(store)
    await store.set_feed(pk, {"picture_stale": True})
    assert await store.games_with_pending() == [], "a lobby has no table message"
    rec = await store.get_game(pk)
    await store.update(pk, rec.version, status=Status.RUNNING)
    assert await store.games_with_pending() == [pk]
    await store.close()
    store = await reopen()  # as after a restart
    assert await store.games_with_pending() == [pk]
    await store.set_feed(pk, {"picture_stale": False, "card_stale": True})
    assert await store.games_with_pending() == [pk]
    await store.set_feed(pk, {"picture_stale": False, "card_stale": False})
    assert await store.games_with_pending() == []


async def test_timers_fire_once_and_end_with_their_turn(store: Store) -> None:
    pk = await running(store)
    clocks = ClockWrite(
        state={"turns": {"p1": {"since": 0.0, "version": 1, "deadline": 30.0}}},
        timers=[
            TimerItem(seat="p1", kind="half", due_at=15.0, version=1),
            TimerItem(seat="p1", kind="timeout", due_at=30.0, version=1),
            TimerItem(seat="p2", kind="near", due_at=50.0, version=1),
        ],
    )
    await store.set_clock(pk, clocks)
    assert (await store.get_game(pk)).clock_state.turns["p1"].deadline == 30.0
    assert await store.next_due() == 15.0
    half, timeout = await store.due_timers(now=40.0)
    assert (half.kind, timeout.kind) == ("half", "timeout") and await store.due_timers(now=1.0) == []
    reminder = OutboxItem(kind="notice", seat="p1", payload={"key": "clock.half", "name": "alice"})
    assert await store.fire_timer(half.id, pk, reminder) is True
    assert await store.fire_timer(half.id, pk, reminder) is False, "a timer fires once"
    assert [(e.kind, e.payload) for e in await store.pending(pk)] == [("notice", reminder.payload)]
    assert (await store.pending(pk))[0].version == 1, "a reminder is queued at the game's version"
    # The turn of p1 ends with a move: its timers end in the same transaction, p2's stays.
    await store.record_action(
        pk, 1, seat="p1", user_id=11, action={"type": "x"}, state_json="{}",
        clock=ClockWrite(state={}, cancel=["p1"]),
    )  # fmt: skip
    outcomes = {(t.seat, t.kind): t.outcome for t in await store.timers(pk)}
    assert outcomes == {("p1", "half"): "fired", ("p1", "timeout"): "cancelled", ("p2", "near"): None}
    assert await store.next_due() == 50.0
    await store.finish(pk, 2, Status.FINISHED, [])
    await store.set_clock(pk, ClockWrite(state={}, cancel_all=True))
    assert await store.next_due() is None


async def test_a_timer_fired_with_a_change_refuses_the_change_when_done_already(store: Store) -> None:
    pk = await running(store)
    await store.set_clock(
        pk, ClockWrite(state={}, timers=[TimerItem(seat="p1", kind="timeout", due_at=1, version=1)])
    )
    (timer,) = await store.due_timers(now=2.0)
    rec = await store.update(pk, 1, fire=timer.id, host_id=22)
    assert rec.version == 2 and (await store.timers(pk))[0].outcome == "fired"
    with pytest.raises(TimerDone):
        await store.update(pk, 2, fire=timer.id, host_id=33)
    assert (await store.get_game(pk)).host_id == 22
