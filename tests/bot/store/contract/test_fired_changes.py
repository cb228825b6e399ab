"""A change that is the effect of a timer (``fire=``), with its clock change, on either backend: the timer
marked fired with the change or nothing written at all; a stale version is reported before a timer done
already (SQLite's order, which PostgreSQL's one-statement change keeps)."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import OutboxItem, StaleVersion, Status, Store, TimerDone
from bot.store.models import ClockWrite, TimerItem
from tests.bot.store.contract.conftest import Reopen, new_lobby

TURN = [
    TimerItem(seat="p1", kind="half", due_at=1.0, version=1),
    TimerItem(seat="p1", kind="timeout", due_at=2.0, version=1),
    TimerItem(seat="p2", kind="near", due_at=9.0, version=1),
]


async def with_turn(store: Store) -> tuple[int, int]:
    """A running game at version 1 with p1's turn timers; the id of p1's timeout."""
    pk = await new_lobby(store)
    await store.update(pk, 0, status=Status.RUNNING, state_json="{}")
    await store.set_clock(pk, ClockWrite(state={}, timers=TURN))
    (timeout,) = [t for t in await store.timers(pk) if t.kind == "timeout"]
    return pk, timeout.id


async def test_a_timeout_ends_its_turn_and_starts_the_next_in_one_change(store: Store) -> None:
    pk, timeout = await with_turn(store)
    nxt = TimerItem(seat="p2", kind="timeout", due_at=30.0, version=2)
    notice = OutboxItem(kind="move", seat=None, payload={"events": []})
    rec = await store.update(
        pk, 1, fire=timeout, clock=ClockWrite(state={}, cancel=["p1"], timers=[nxt]), publish=notice,
        state_json='{"turn": "p2"}',
    )  # fmt: skip
    assert rec.version == 2
    outcomes = {(t.seat, t.kind): t.outcome for t in await store.timers(pk)}
    assert outcomes == {
        ("p1", "half"): "cancelled",
        ("p1", "timeout"): "fired",  # fired by this change, not cancelled by its own clock change
        ("p2", "near"): None,
        ("p2", "timeout"): None,  # made by the change, not cancelled by it
    }
    assert (await store.get_game(pk)).state_json == '{"turn": "p2"}'
    assert [e.version for e in await store.pending(pk)] == [2]


async def test_a_fire_at_a_stale_version_writes_nothing_and_leaves_the_timer(store: Store) -> None:
    pk, timeout = await with_turn(store)
    with pytest.raises(StaleVersion):
        await store.update(pk, 0, fire=timeout, host_id=33)
    await store.update(pk, 1, host_id=44)  # the version moves on: stale still comes first
    with pytest.raises(StaleVersion):
        await store.update(pk, 1, fire=timeout, host_id=33)
    assert [t.outcome for t in await store.timers(pk) if t.id == timeout] == [None]
    assert (await store.get_game(pk)).host_id == 44


async def test_a_cancelled_timer_refuses_the_change_whole(store: Store) -> None:
    pk, timeout = await with_turn(store)
    await store.set_clock(pk, ClockWrite(state={}, cancel_all=True))
    with pytest.raises(TimerDone):
        await store.update(
            pk, 1, fire=timeout, state_json='{"x": 1}', status=Status.FINISHED,
            clock=ClockWrite(state={}, timers=[TimerItem(seat="p2", kind="half", due_at=5.0, version=2)]),
            publish=OutboxItem(kind="move", seat=None, payload={}),
        )  # fmt: skip
    game = await store.get_game(pk)
    assert (game.version, game.state_json, game.status) == (1, "{}", Status.RUNNING)
    assert await store.pending(pk) == [] and len(await store.timers(pk)) == len(TURN)


async def test_two_processes_firing_one_timer_change_the_game_once(store: Store, reopen: Reopen) -> None:
    """The re-shard overlap: both processes hold the same due timer and act on it at once."""
    pk, timeout = await with_turn(store)
    other = await reopen()

    async def fire(mine: Store, host: int) -> str:
        try:
            await mine.update(pk, 1, fire=timeout, host_id=host)
        except (StaleVersion, TimerDone) as exc:
            return type(exc).__name__
        return "changed"

    got = sorted(await asyncio.gather(fire(store, 1), fire(other, 2)))
    assert got[1] == "changed" and got[0] in ("StaleVersion", "TimerDone")
    game = await store.get_game(pk)
    assert game.version == 2 and game.host_id in (1, 2)
