"""The load bench on a fake Discord with two shards (issue 25): a server on each shard, the bot run by one
process holding both shards or by two processes with one shard each, their figures added up."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.fakediscord import FakeDiscord, FakeGuild


async def one_guild_per_shard(fake: FakeDiscord) -> list[FakeGuild]:
    """A server on every shard of the fake (the first is the fake's own); guild ids come from the clock, so
    servers are added until every shard owns one."""
    found: dict[int, FakeGuild] = {fake.shard_of(fake.guild): fake.guild}
    names = iter(range(1000))
    while len(found) < fake.shard_count:
        guild = await fake.add_guild(f"Load server {next(names)}")
        found.setdefault(fake.shard_of(guild), guild)
        await asyncio.sleep(0.002)
    return [found[shard] for shard in sorted(found)]


def split(shard_count: int, processes: int) -> list[tuple[int, ...]]:
    """Each process's shards: ``processes`` 0 is the classic run (one process, the fake's one shard)."""
    if processes == 0:
        return [()]
    return [tuple(range(shard_count))[n::processes] for n in range(processes)]


def merged(every: list[dict[str, Any]]) -> dict[str, Any]:
    """The processes' stats as one: times pooled, memory and CPU added up."""
    out: dict[str, Any] = {}
    for stats in every:
        for key, value in stats.items():
            if isinstance(value, list):
                out.setdefault(key, []).extend(value)
            elif isinstance(value, int | float):
                out[key] = out.get(key, 0) + value
            elif key == "pictures":
                pooled = out.setdefault(key, {})
                for kind, waits in value.items():
                    pooled.setdefault(kind, []).extend(waits)
    return out
