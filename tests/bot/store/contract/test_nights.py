"""Game nights on either backend (issue 26): a night, its sign-ups (a member signs up once), its tables,
what members wrote, and its set deadline, a timer kept on the night that survives a restart."""

from __future__ import annotations

import pytest

from bot.store import StaleVersion, Store
from bot.store.night_models import NightRecord, NightStatus
from bot.store.nights import NightNotFound
from tests.bot.store.contract.conftest import Reopen, new_lobby


async def a_night(store: Store, channel: int = 500) -> NightRecord:
    return await store.create_night(
        guild_id=1, channel_id=channel, host_id=11, game_id="glorious-crown", sets=2, minutes=30, seed=7
    )


async def test_a_night_is_created_open_with_its_settings(store: Store) -> None:
    night = await store.create_night(
        guild_id=1,
        channel_id=500,
        host_id=11,
        game_id="aws-builder-cards",
        sets=1,
        minutes=20,
        seed=2**61,
        table_size=3,
        ai_fill=False,
        starts_at=1_800_000_000.5,
        coach=False,
    )
    assert night == await store.get_night(night.id)
    assert (night.status, night.current_set, night.version) == (NightStatus.OPEN, 0, 0)
    assert (night.table_size, night.ai_fill, night.coach, night.starts_at, night.seed) == (
        3,
        False,
        False,
        1_800_000_000.5,
        2**61,
    )
    assert await store.live_night_in(500) == night and await store.live_night_in(501) is None
    with pytest.raises(NightNotFound):
        await store.get_night(night.id + 100)


async def test_a_night_is_coached_in_its_first_set_unless_the_host_said_no(store: Store) -> None:
    """Issue 27 item 4: the coach defaults to on."""
    assert (await a_night(store, 600)).coach is True


async def test_a_change_is_versioned_and_a_stale_one_writes_nothing(store: Store) -> None:
    night = await a_night(store)
    changed = await store.change_night(
        night.id, 0, status=NightStatus.PLAYING, current_set=1, deadline_at=100.0, signup_message_id=2**60
    )
    assert (changed.status, changed.current_set, changed.deadline_at, changed.version) == (
        NightStatus.PLAYING,
        1,
        100.0,
        1,
    )
    assert changed.signup_message_id == 2**60
    with pytest.raises(StaleVersion):
        await store.change_night(night.id, 0, status=NightStatus.ENDED)
    assert (await store.get_night(night.id)).status is NightStatus.PLAYING
    with pytest.raises(ValueError, match="not a night field"):
        await store.change_night(night.id, 1, game_id="yggdrasil")


async def test_a_member_signs_up_once_and_may_leave_and_come_back(store: Store) -> None:
    night = await a_night(store)
    assert await store.sign_up(night.id, 22, "bob", at=10.0)
    assert await store.sign_up(night.id, 11, "alice", at=5.0)
    assert not await store.sign_up(night.id, 22, "bob", at=11.0)  # twice: nothing changes
    assert [(s.user_id, s.joined_at) for s in await store.signups(night.id)] == [(11, 5.0), (22, 10.0)]
    assert await store.leave_night(night.id, 11, at=12.0)
    assert not await store.leave_night(night.id, 11, at=13.0)
    assert not await store.leave_night(night.id, 99, at=13.0)
    assert [s.user_id for s in await store.signups(night.id) if s.active] == [22]
    assert await store.sign_up(night.id, 11, "alice", at=14.0)
    assert [(s.user_id, s.active) for s in await store.signups(night.id)] == [(22, True), (11, True)]


async def test_tables_of_each_set_name_their_game_and_members(store: Store) -> None:
    night = await a_night(store)
    first, second = await new_lobby(store, 601), await new_lobby(store, 602)
    await store.add_night_table(night.id, 1, 2, second, [33, None])
    await store.add_night_table(night.id, 1, 1, first, [11, 22, 2**60])
    tables = await store.night_tables(night.id, 1)
    assert [(t.table_no, t.game_pk, t.members) for t in tables] == [
        (1, first, [11, 22, 2**60]),
        (2, second, [33, None]),
    ]
    assert await store.night_tables(night.id, 2) == [] and len(await store.night_tables(night.id)) == 2
    assert await store.night_of_game(second) == night.id and await store.night_of_game(second + 99) is None


async def test_a_reflection_written_again_replaces_the_first(store: Store) -> None:
    night = await a_night(store)
    await store.write_reflection(night.id, 1, 22, "played the long game")
    await store.write_reflection(night.id, 1, 22, "watched the others' builds")
    await store.write_reflection(night.id, 1, 11, "learned the cards")
    assert [(r.user_id, r.text) for r in await store.reflections(night.id)] == [
        (11, "learned the cards"),
        (22, "watched the others' builds"),
    ]


async def test_a_set_deadline_is_due_once_reached_and_outlives_a_restart(reopen: Reopen) -> None:
    store = await reopen()
    night = await a_night(store)
    other = await a_night(store, 501)
    await store.change_night(night.id, 0, status=NightStatus.PLAYING, current_set=1, deadline_at=1000.0)
    await store.change_night(other.id, 0, status=NightStatus.ENDED)
    assert await store.due_nights(999.0) == []
    again = await reopen()
    assert [n.id for n in await again.due_nights(1000.0)] == [night.id]
    assert [n.id for n in await again.live_nights()] == [night.id]
    await again.change_night(night.id, 1, deadline_at=None, status=NightStatus.BETWEEN)
    assert await again.due_nights(5000.0) == []


async def test_a_paused_night_keeps_the_time_left_and_no_deadline_through_a_restart(reopen: Reopen) -> None:
    """Issue 26 item 3: pausing clears the set's deadline (the timer cannot fire) and keeps what was left."""
    store = await reopen()
    night = await a_night(store)
    playing = await store.change_night(
        night.id, 0, status=NightStatus.PLAYING, current_set=1, deadline_at=900.0
    )
    assert not playing.paused and playing.paused_left is None
    paused = await store.change_night(night.id, 1, deadline_at=None, paused_left=754.5)
    assert paused.paused and paused.deadline_at is None
    again = await reopen()
    kept = await again.get_night(night.id)
    assert (kept.paused_left, kept.deadline_at, kept.status) == (754.5, None, NightStatus.PLAYING)
    assert await again.due_nights(10**9) == []
    resumed = await again.change_night(night.id, 2, deadline_at=2000.0, paused_left=None)
    assert not resumed.paused and [n.id for n in await again.due_nights(2000.0)] == [night.id]
