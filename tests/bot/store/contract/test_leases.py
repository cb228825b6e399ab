"""Leases on either backend (issue 25): due timers and a game's outbox entries are claimed before they are
acted on, so two processes (here two store instances, as two bot processes on one database) never both take
one; a lease that ran out (its process died) is taken over; the shard filter applies to the claims too."""

from __future__ import annotations

import asyncio

from bot.shards import Shards
from bot.store import OutboxItem, Status, Store
from bot.store.models import ClockWrite, TimerItem
from tests.bot.store.contract.conftest import Reopen, new_lobby
from tests.bot.store.contract.test_settings_shards import guild_of_shard

LEASE = 30.0


async def running(store: Store, channel: int, guild: int = 1) -> int:
    pk = await new_lobby(store, channel, guild)
    await store.update(pk, 0, status=Status.RUNNING, state_json="{}")
    return pk


async def with_timers(store: Store, pk: int, *due: float) -> None:
    timers = [TimerItem(seat="p1", kind="timeout", due_at=d, version=1) for d in due]
    await store.set_clock(pk, ClockWrite(state={}, timers=timers))


async def with_entries(store: Store, pk: int, n: int) -> None:
    for i in range(n):
        rec = await store.get_game(pk)
        await store.update(pk, rec.version, publish=OutboxItem(kind="notice", payload={"i": i}))


async def test_two_processes_claiming_due_timers_at_once_take_each_once(store: Store, reopen: Reopen) -> None:
    """Twenty games with three due timers each, claimed five at a time by both processes at once: every
    timer is claimed by exactly one of them."""
    other = await reopen()
    for game in range(20):
        await with_timers(store, await running(store, 100 + game), 5.0, 6.0, 7.0)
    claimed: dict[str, list[int]] = {"a": [], "b": []}

    async def claim_all(who: str, mine: Store) -> None:
        while found := await mine.claim_timers(who, 50.0, LEASE, limit=5):
            claimed[who] += [t.id for t in found]

    # Each takes a first batch, so both hold claims while they race for the rest (which of them wins the
    # race depends on scheduling, on a loaded machine one may take all that is left).
    claimed["a"] += [t.id for t in await store.claim_timers("a", 50.0, LEASE, limit=5)]
    claimed["b"] += [t.id for t in await other.claim_timers("b", 50.0, LEASE, limit=5)]
    assert claimed["a"] and claimed["b"] and not set(claimed["a"]) & set(claimed["b"])
    await asyncio.gather(claim_all("a", store), claim_all("b", other))
    every = claimed["a"] + claimed["b"]
    assert len(every) == 60 and len(set(every)) == 60, "each timer claimed once"
    assert await store.claim_timers("c", 60.0, LEASE) == [], "claims that have not run out are respected"


async def test_a_claim_that_ran_out_is_taken_over_and_firing_ends_it(store: Store, reopen: Reopen) -> None:
    other = await reopen()
    pk = await running(store, 100)
    await with_timers(store, pk, 10.0, 20.0)
    assert [t.due_at for t in await store.claim_timers("dead", 25.0, LEASE)] == [10.0, 20.0]
    assert await other.claim_timers("alive", 54.0, LEASE) == []
    assert await other.next_due() == 55.0, "the loop wakes when the claim runs out, not before"
    assert await store.claim_timers("dead", 30.0, LEASE) == [], "claimed already: not handed out twice"
    taken = await other.claim_timers("alive", 61.0, LEASE)
    assert [t.due_at for t in taken] == [10.0, 20.0], "the dead process's claim ran out: taken over"
    assert await other.fire_timer(taken[0].id, pk) is True
    assert await store.fire_timer(taken[0].id, pk) is False, "fired once"
    assert [t.due_at for t in await store.claim_timers("dead", 200.0, LEASE)] == [20.0]


async def test_timer_claims_keep_to_the_process_shards(store: Store) -> None:
    count = 4
    pks = {}
    for shard in range(count):
        pks[shard] = await running(store, 100 + shard, guild=guild_of_shard(shard, count, n=shard + 1))
        await with_timers(store, pks[shard], 10.0)
    mine = await store.claim_timers("a", 20.0, LEASE, shards=Shards((0, 1), count))
    assert sorted(t.game_pk for t in mine) == [pks[0], pks[1]]
    theirs = await store.claim_timers("b", 20.0, LEASE, shards=Shards((0, 1, 2, 3), count))
    assert sorted(t.game_pk for t in theirs) == [pks[2], pks[3]], "every shard: no filter, claims respected"


async def test_a_games_entries_are_claimed_whole_by_one_process(store: Store, reopen: Reopen) -> None:
    """Entries are published in order, so a game's pending run goes to one claimer; claims at once on many
    games split them, never one entry to both."""
    other = await reopen()
    games = [await running(store, 100 + g) for g in range(10)]
    for pk in games:
        await with_entries(store, pk, 3)

    async def claim(who: str, mine: Store, pk: int) -> tuple[str, int, list[int]]:
        return who, pk, [e.id for e in await mine.claim_outbox(pk, who, 100.0, LEASE)]

    results = await asyncio.gather(
        *(claim(who, mine, pk) for pk in games for who, mine in (("a", store), ("b", other)))
    )
    for pk in games:
        got = {who: ids for who, p, ids in results if p == pk}
        assert sorted([len(got["a"]), len(got["b"])]) == [0, 3], f"game {pk}: one claimer takes all three"
    owners = {who for who, _, ids in results if ids}
    assert owners <= {"a", "b"}


async def test_an_outbox_claim_runs_out_is_released_and_ends_when_published(
    store: Store, reopen: Reopen
) -> None:
    other = await reopen()
    pk = await running(store, 100)
    await with_entries(store, pk, 2)
    first, second = await store.claim_outbox(pk, "dead", 100.0, LEASE)
    assert await other.claim_outbox(pk, "alive", 129.0, LEASE) == []
    await store.published(first.id, pk, {})
    taken = await other.claim_outbox(pk, "alive", 131.0, LEASE)
    assert [e.id for e in taken] == [second.id], "ran out: taken over, the published entry not again"
    await other.release_outbox(pk, "alive")
    assert [e.id for e in await store.claim_outbox(pk, "dead", 132.0, LEASE)] == [second.id], "released"
    await store.published(second.id, pk, {})
    assert await other.claim_outbox(pk, "alive", 133.0, LEASE) == [] and await other.pending(pk) == []


async def test_night_deadlines_keep_to_the_process_shards(store: Store) -> None:
    count = 2
    nights = {}
    for shard in range(count):
        night = await store.create_night(
            guild_id=guild_of_shard(shard, count, n=shard + 1),
            channel_id=500 + shard,
            host_id=11,
            game_id="test-climb",
            sets=1,
            minutes=30,
            seed=1,
        )
        nights[shard] = (await store.change_night(night.id, night.version, deadline_at=10.0)).id
    assert [n.id for n in await store.due_nights(20.0, Shards((1,), count))] == [nights[1]]
    assert [n.id for n in await store.live_nights(Shards((0,), count))] == [nights[0]]
    assert len(await store.due_nights(20.0)) == count
