"""Sharding through the fake, with the real discord.py ``AutoShardedClient``: GET /gateway/bot recommends the
shard count, IDENTIFY carries ``[shard_id, shard_count]``, and each connection hears only about the guilds its
shard owns (``(guild_id >> 22) % shard_count``), as on Discord; two processes' worth of clients split the
guilds between them."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import GUILD_READY_TIMEOUT
from tests.fakediscord.gateway import owner_shard

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(60)]

SHARDS = 4


class ShardedClient(discord.AutoShardedClient):
    """Only what the test needs: which guilds and channels each client learned about."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py waits 5 s between shards for Discord's identify limit; the fake does not limit.
        return None


@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(shard_count=SHARDS, max_concurrency=16) as fake:
        # Guild ids come from the clock, so shards are filled by adding guilds until each owns one.
        names = iter(range(100))
        while {fake.shard_of(g) for g in fake.guilds} != set(range(SHARDS)):
            await fake.add_guild(f"Server {next(names)}")
            await asyncio.sleep(0.002)
        yield fake
        fake.assert_no_violations()


async def start(fake: FakeDiscord, shard_ids: list[int]) -> ShardedClient:
    Route.BASE = fake.api_base
    client = ShardedClient(
        intents=discord.Intents.default(),
        shard_ids=shard_ids,
        shard_count=SHARDS,
        guild_ready_timeout=GUILD_READY_TIMEOUT,
    )
    await client.login(fake.token)
    # Given its shard count, discord.py dials DEFAULT_GATEWAY without asking: ask, as the bot must.
    _, url, _ = await client.http.get_bot_gateway()
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
    asyncio.get_running_loop().create_task(client.connect(reconnect=False))
    await asyncio.wait_for(client.wait_until_ready(), 20)
    return client


async def test_the_fake_recommends_the_shard_count(sharded: FakeDiscord) -> None:
    Route.BASE = sharded.api_base
    client = ShardedClient(intents=discord.Intents.default())
    await client.login(sharded.token)
    try:
        shards, url, limits = await client.http.get_bot_gateway()
        assert (shards, url, limits["max_concurrency"]) == (SHARDS, sharded.gateway_url, 16)
    finally:
        await client.close()


async def test_two_processes_split_the_guilds_by_shard(sharded: FakeDiscord) -> None:
    first = await start(sharded, [0, 1])
    second = await start(sharded, [2, 3])
    try:
        assert set(sharded.gateway.sessions) == {(i, SHARDS) for i in range(SHARDS)}
        owned = {g.id: sharded.shard_of(g) for g in sharded.guilds}
        assert {g.id for g in first.guilds} == {gid for gid, shard in owned.items() if shard in (0, 1)}
        assert {g.id for g in second.guilds} == {gid for gid, shard in owned.items() if shard in (2, 3)}
        assert all(g.shard_id == owned[g.id] for g in [*first.guilds, *second.guilds])
        # An event that names a guild reaches only the connection of the shard that owns it.
        target = next(g for g in sharded.guilds if owned[g.id] == 3)
        heard = heard_by([first, second], "guild_channel_create", lambda c: c.name == "late-night")
        channel = await target.add_channel("late-night")
        assert await heard == [second]
        assert second.get_channel(channel.id) is not None and first.get_channel(channel.id) is None
        # A guild joined later is announced to its owner only.
        heard = heard_by([first, second], "guild_join", lambda g: g.name == "Joined later")
        joined = await sharded.add_guild("Joined later")
        owner = first if sharded.shard_of(joined) in (0, 1) else second
        assert await heard == [owner]
        assert owner.get_guild(joined.id) is not None
    finally:
        await first.close()
        await second.close()


def heard_by(
    clients: list[ShardedClient], event: str, check: Callable[[Any], bool]
) -> asyncio.Task[list[ShardedClient]]:
    """Start listening now; the task answers which clients dispatched ``event`` (it waits for the first,
    then a moment for any other to hear it too)."""
    waiters = {asyncio.ensure_future(c.wait_for(event, check=check)): c for c in clients}

    async def collect() -> list[ShardedClient]:
        try:
            done, _ = await asyncio.wait(waiters, timeout=10, return_when=asyncio.FIRST_COMPLETED)
            if done:
                await asyncio.wait(waiters, timeout=0.3)
            return [c for task, c in waiters.items() if task.done() and not task.cancelled()]
        finally:
            for task in waiters:
                task.cancel()

    return asyncio.ensure_future(collect())


async def identify(fake: FakeDiscord, shard: list[int]) -> int | None:
    """IDENTIFY by hand and return the close code the gateway answers with (None: it said READY)."""
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{fake.gateway_url}?v=10&encoding=json") as ws,
    ):
        await ws.receive_json()  # HELLO
        payload: dict[str, Any] = {"token": fake.token, "intents": 1, "properties": {}, "shard": shard}
        await ws.send_str(json.dumps({"op": 2, "d": payload}))
        message = await ws.receive()
        if message.type is aiohttp.WSMsgType.TEXT:
            return None
        return ws.close_code


async def test_an_invalid_shard_or_too_few_shards_are_refused(sharded: FakeDiscord) -> None:
    assert await identify(sharded, [4, 4]) == 4010
    sharded.gateway.required_shards = 2
    assert await identify(sharded, [0, 1]) == 4011
    assert await identify(sharded, [1, 2]) is None


def test_the_sharding_formula_is_discords() -> None:
    # Discord's documentation: shard_id = (guild_id >> 22) % num_shards.
    guild_id = 197038439483310086
    assert owner_shard(guild_id, 4) == (guild_id >> 22) % 4
    assert owner_shard(guild_id, 1) == 0
