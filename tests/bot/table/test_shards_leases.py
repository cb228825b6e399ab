"""The table's background work keeps to the process's shards and to its leases (issue 25): the outbox does not
post a game's entries while another process's claim on them runs, and takes them over once it ran out; the
scheduler fires only the timers of its shards' servers, and not a timer another process claimed."""

from __future__ import annotations

from bot.shards import Shards
from bot.store import OutboxItem, SeatInfo, Status, Store
from bot.store.models import ClockWrite, TimerItem
from bot.table.service import TableService
from tests.bot.store.contract.test_settings_shards import guild_of_shard
from tests.bot.table.conftest import RecordingPublisher

SEATS = [SeatInfo(seat="p1", user_id=11, name="alice"), SeatInfo(seat="p2", user_id=22, name="bob")]


async def running_with_notice(store: Store, guild: int = 1, channel: int = 100) -> int:
    rec = await store.create_game(
        guild_id=guild, channel_id=channel, game_id="test-climb", host_id=11, seed=1, options={}, seats=SEATS
    )
    notice = OutboxItem(kind="notice", payload={"n": 1})
    await store.update(rec.id, 0, status=Status.RUNNING, state_json="{}", publish=notice)
    return rec.id


async def test_the_outbox_leaves_another_process_claim_alone_until_it_runs_out(service: TableService) -> None:
    store, outbox = service.store, service.outbox
    publisher = service.publisher
    assert isinstance(publisher, RecordingPublisher)
    pk = await running_with_notice(store)
    now = 1000.0
    outbox.now = lambda: now  # type: ignore[attr-defined]
    assert await store.claim_outbox(pk, "another process", now, 30.0)
    await outbox.flush(pk)
    assert publisher.notices == [] and len(await store.pending(pk)) == 1, "claimed elsewhere: not posted"
    now = 1031.0  # the other process's claim ran out (it died)
    await outbox.flush(pk)
    assert [n for _, n in publisher.notices] == [{"key": "", "n": 1}] and await store.pending(pk) == []


async def test_the_scheduler_fires_only_its_shards_timers(service: TableService) -> None:
    store, scheduler = service.store, service.scheduler
    count = 2
    pks = {}
    for shard in range(count):
        pks[shard] = await running_with_notice(store, guild_of_shard(shard, count, n=shard + 1), 100 + shard)
        timer = TimerItem(seat="p1", kind="half", due_at=10.0, version=1)
        await store.set_clock(pks[shard], ClockWrite(state={}, timers=[timer]))
    scheduler.shards = Shards((1,), count)  # type: ignore[attr-defined]
    await scheduler.tick()  # type: ignore[attr-defined]
    mine, theirs = await store.timers(pks[1]), await store.timers(pks[0])
    assert mine[0].done_at is not None, "its own shard's due timer is taken (skipped: its turn is unknown)"
    assert theirs[0].done_at is None, "another shard's timer is left to that shard's process"
    assert await store.next_due(Shards((1,), count)) is None


async def test_the_scheduler_leaves_a_timer_another_process_claimed(service: TableService) -> None:
    store, scheduler = service.store, service.scheduler
    pk = await running_with_notice(store)
    await store.set_clock(
        pk, ClockWrite(state={}, timers=[TimerItem(seat="p1", kind="half", due_at=10.0, version=1)])
    )
    now = scheduler.clock.now()
    assert await store.claim_timers("another process", now, 3600.0)
    await scheduler.tick()  # type: ignore[attr-defined]
    assert (await store.timers(pk))[0].done_at is None, "claimed elsewhere: not fired here"
