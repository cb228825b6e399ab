"""Settings and shards on either backend: typed server settings changed in one transaction each (two admins
at once both keep theirs), members' settings, and the shard filter of the queries that read every game."""

from __future__ import annotations

import asyncio

from bot.shards import Shards
from bot.store import GuildSettings, GuildSettingsChange, Status, Store
from bot.store.models import ClockWrite, TimerItem
from tests.bot.store.contract.conftest import new_lobby


async def test_settings_are_typed_and_a_change_touches_only_what_it_names(store: Store) -> None:
    assert await store.guild_settings(1) == GuildSettings()
    await store.change_guild_settings(1, GuildSettingsChange(clock="24h", lobby_limit=2))
    await store.change_guild_settings(1, GuildSettingsChange(threads=(100, False)))
    await store.change_guild_settings(1, GuildSettingsChange(threads=(101, False)))
    assert await store.guild_settings(1) == GuildSettings(threads_off=[100, 101], clock="24h", lobby_limit=2)
    await store.change_guild_settings(1, GuildSettingsChange(clock=None, threads=(100, True)))
    assert await store.guild_settings(1) == GuildSettings(threads_off=[101], lobby_limit=2)
    assert await store.guild_settings(2) == GuildSettings(), "another server's settings are its own"
    await store.set_guild_locale(1, "ja")
    assert await store.guild_locale(1) == "ja" and await store.guild_locale(2) is None
    assert (await store.guild_settings(1)).lobby_limit == 2, "the locale leaves the settings alone"


async def test_two_admins_changing_different_settings_at_once_both_land(store: Store) -> None:
    """Each change is read and written in one transaction: run at once, none overwrites another's."""
    changes = [GuildSettingsChange(threads=(channel, False)) for channel in range(200, 230)]
    changes += [GuildSettingsChange(clock="12h"), GuildSettingsChange(lobby_limit=7)]
    await asyncio.gather(*(store.change_guild_settings(5, change) for change in changes))
    settings = await store.guild_settings(5)
    assert sorted(settings.threads_off) == list(range(200, 230))
    assert (settings.clock, settings.lobby_limit) == ("12h", 7)


async def test_members_settings(store: Store) -> None:
    assert (await store.member_settings(3)).dm is False
    await store.set_member_dm(3, True, "ja")
    await store.set_member_dm(3, False, None)  # no locale given: the one stored stays
    mine = await store.member_settings(3)
    assert (mine.dm, mine.locale) == (False, "ja")


def guild_of_shard(shard: int, count: int, n: int = 0) -> int:
    """A guild id Discord would route to ``shard`` of ``count``."""
    return ((n * count + shard) << 22) | 12345


async def test_the_queries_that_read_every_game_take_a_shard_filter(store: Store) -> None:
    count = 4
    games = {}
    for shard in range(count):
        guild = guild_of_shard(shard, count, n=shard + 1)
        assert Shards((shard,), count).owns(guild)
        pk = await new_lobby(store, channel=1000 + shard, guild=guild)
        rec = await store.update(pk, 0, status=Status.RUNNING, state_json="{}")
        await store.set_feed(pk, {"picture_stale": True})
        await store.set_clock(
            pk,
            ClockWrite(state={}, timers=[TimerItem(seat="p1", kind="timeout", due_at=10 + shard, version=1)]),
        )
        games[shard] = rec.id
    mine = Shards((1, 3), count)
    assert [g.id for g in await store.live_games(shards=mine)] == [games[1], games[3]]
    assert await store.games_with_pending(mine) == [games[1], games[3]]
    assert [t.game_pk for t in await store.due_timers(100.0, shards=mine)] == [games[1], games[3]]
    assert await store.next_due(mine) == 11.0
    assert await store.next_due(Shards((2,), count)) == 12.0
    # Without a filter, every game (one process owning every shard).
    assert len(await store.live_games()) == count and await store.next_due() == 10.0
    assert len(await store.games_with_pending()) == count and len(await store.due_timers(100.0)) == count
    # A DM's guild id 0 is shard 0, as on Discord.
    assert Shards((0,), count).owns(0)


async def test_a_filter_of_every_shard_is_no_filter(store: Store) -> None:
    pk = await new_lobby(store, guild=guild_of_shard(3, 4))
    for every in (Shards(), Shards(None, 4), Shards((0, 1, 2, 3), 4)):
        assert [g.id for g in await store.live_games(shards=every)] == [pk]
    assert await store.live_games(shards=Shards((0,), 4)) == []


async def test_the_night_host_role_is_set_replaced_and_cleared(store: Store) -> None:
    """Issue 26 item 1: the role whose members may host game nights, one per server, beside the others."""
    await store.change_guild_settings(7, GuildSettingsChange(lobby_limit=3))
    await store.change_guild_settings(7, GuildSettingsChange(night_host_role=2**60 + 5))
    assert await store.guild_settings(7) == GuildSettings(lobby_limit=3, night_host_role=2**60 + 5)
    await store.change_guild_settings(7, GuildSettingsChange(night_host_role=42))
    assert (await store.guild_settings(7)).night_host_role == 42
    await store.change_guild_settings(7, GuildSettingsChange(night_host_role=None))
    assert await store.guild_settings(7) == GuildSettings(lobby_limit=3)
    assert (await store.guild_settings(8)).night_host_role is None
