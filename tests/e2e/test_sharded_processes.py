"""Two bot processes, four shards, one PostgreSQL (issue 25, "Done means"): a fake Discord with four shards
and a server on each; one process runs shards 0-1, another 2-3. A game in every server is played by its
member against two AI seats (with a turn clock, so every turn has timers). Mid-game the first process is
SIGKILLed; the pending timers of its servers are made due as if their time had passed; a new process takes
shards 0-1 and fires them. Then a re-shard: the timers of every server are made due again, one process for
all four shards starts while the two still run, then the two stop; the games play to their end. Afterwards:

- every move the fake saw acknowledged is in the action log exactly once, every logged human move was sent
  by a click, every stored state is the replay of its log (the crash kit's ``audit_store``);
- every table is published up to its last move, once (``audit_tables``), nothing is left in the outbox;
- every timer fired once: one reminder notice per reminder fired, one timed-out notice per deadline fired,
  no due timer left pending;
- no game is lost by the re-shard: every game finished, published to its final message.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests import postgres
from tests.e2e.shardkit import SHARD_COUNT, ShardProcess, make_timers_due, timer_figures
from tests.e2e.tables import open_game
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.reliability.crashkit import (
    CrashAudit,
    Seat,
    Watch,
    audit_store,
    audit_tables,
    is_final,
    kind_of,
    logged_errors,
    move_clicks,
    read_store,
    settled,
    table_messages,
)

#: Moves each member makes before the kill, and before the re-shard (the rest after it).
MOVES_BEFORE_KILL, MOVES_BEFORE_RESHARD = 1, 1


@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(shard_count=SHARD_COUNT, max_concurrency=16) as fake:
        # Guild ids come from the clock: servers are added until every shard owns one besides the first's.
        names = iter(range(100))
        while {fake.shard_of(g) for g in fake.guilds} != set(range(SHARD_COUNT)):
            await fake.add_guild(f"Server {next(names)}")
            await asyncio.sleep(0.002)
        yield fake


def one_per_shard(fake: FakeDiscord) -> dict[int, FakeGuild]:
    found: dict[int, FakeGuild] = {}
    for guild in fake.guilds:
        found.setdefault(fake.shard_of(guild), guild)
    return found


async def open_table(fake: FakeDiscord, guild: FakeGuild, n: int) -> tuple[int, int]:
    host = guild.member(f"player{n}")
    host.in_channel(guild.default_channel)
    opened = await open_game(fake, host, "test-climb", ais=2, options="clock=5m")
    join = next(b for b in opened.lobby.buttons() if kind_of(b.custom_id) == "lobby")
    pk = int((join.custom_id or "").rsplit(":", 1)[1])
    await host.click("Start", message=opened.lobby)
    return opened.thread.id, pk


async def play(seat: Seat, moves: int | None, timeout: float = 60.0) -> None:
    """The member's steps until ``moves`` moves were played (None: until the game ends)."""
    played = 0
    deadline = time.perf_counter() + timeout
    while moves is None or played < moves:
        tables = table_messages(seat.fake, seat.channel_id)
        if tables and is_final(tables[-1]):
            return
        if time.perf_counter() > deadline:
            raise AssertionError(f"{seat.member.name} could not play on in {timeout} s")
        reply = await seat.act()
        if reply is None:
            await asyncio.sleep(0.05)
        elif kind_of(reply.interaction.data.get("custom_id")) in ("act", "quick"):
            played += 1


# A hang guard, not a speed goal: four bot processes start here (two, a taker, the re-sharded one), 20 s on an
# idle machine, 44 s beside two busy cores, and over the e2e default of 60 s once in a full `make test` run
# whose other worker was busy.
@pytest.mark.timeout(240)
async def test_two_processes_a_kill_and_a_reshard_lose_nothing_and_double_nothing(
    sharded: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    fake = sharded
    url = postgres.fresh(request.getfixturevalue("postgres_url"))
    log_file = tmp_path / "bots.log"
    first = ShardProcess(fake, url, log_file, (0, 1))
    second = ShardProcess(fake, url, log_file, (2, 3))
    watch = Watch(fake)
    began = time.perf_counter()
    await asyncio.gather(first.start(), second.start())
    watch.ready()
    guilds = one_per_shard(fake)
    tables = {shard: await open_table(fake, guild, shard) for shard, guild in guilds.items()}
    seats = {
        shard: Seat(watch, guilds[shard].member(f"player{shard}"), thread, random.Random(shard))
        for shard, (thread, _pk) in tables.items()
    }
    processes = [first, second]
    figures: dict[str, int] = {}
    try:
        with fake.expect_violations() as caught:
            await asyncio.gather(*(play(seat, MOVES_BEFORE_KILL) for seat in seats.values()))
            # SIGKILL the process of shards 0-1 mid-game; its servers' turns run out meanwhile.
            watch.up.clear()
            await first.kill()
            figures["timers made due after the kill"] = make_timers_due(url, [guilds[0].id, guilds[1].id])
            taker = ShardProcess(fake, url, log_file, (0, 1))
            processes.append(taker)
            await taker.start()
            watch.ready()
            await asyncio.gather(*(play(seat, MOVES_BEFORE_RESHARD) for seat in seats.values()))
            running = [g.pk for g in read_store(url) if g.status == "running"]
            figures["games running at the re-shard"] = len(running)
            # The re-shard: 2 processes x 2 shards -> 1 process x 4 shards, overlapping: the new process
            # starts (and finds the timers due) while the old two still run, as a rolling re-shard does;
            # the leases keep the three from doing one thing twice.
            watch.up.clear()
            figures["timers made due at the re-shard"] = make_timers_due(url, [g.id for g in guilds.values()])
            alone = ShardProcess(fake, url, log_file, range(SHARD_COUNT))
            processes.append(alone)
            await alone.start()
            await asyncio.gather(taker.stop(), second.stop())
            watch.ready()
            await asyncio.gather(*(play(seat, None) for seat in seats.values()))
            games = await settled(url)
            result = CrashAudit()
            audit_tables(fake, games, result)
        await alone.stop()
        figures.update(timer_figures(url))
        games = read_store(url)
        audit_store(games, move_clicks(fake, watch.requests), result)
        figures.update(result.figures)
        figures["games finished"] = sum(g.status == "finished" for g in games)
        figures["seconds"] = round(time.perf_counter() - began)
        print("\nsharded processes figures:")
        for name, value in sorted(figures.items()):
            print(f"  {name:<60} {value:>6}")
        problems = list(result.problems)
        problems += [f"violation: {v.describe()}" for v in caught if v.kind != "deadline"]
        problems += [f"a bot logged: {entry}" for entry in logged_errors(log_file)[:5]]
        assert not problems, "\n".join(problems[:40])
        assert figures["actions lost"] == 0 and figures["actions doubled"] == 0
        assert figures["duplicate table messages"] == 0
        assert figures["games finished"] == len(tables) == SHARD_COUNT, "a game was lost"
        assert figures["finished games published to their final message"] == SHARD_COUNT
        assert figures["reminders fired"] == figures["reminder notices queued"], "a reminder fired twice"
        assert figures["deadlines fired"] == figures["timed-out notices queued"], "a deadline fired twice"
        assert figures["deadlines fired"] > 0, "no deadline fired: the takeover of timers was not tested"
        assert figures["due timers left pending"] == 0
        assert figures["games running at the re-shard"] > 0, "no game met the re-shard: it was not tested"
        assert figures["move clicks played"] > 0
    finally:
        for process in processes:
            await process.kill()
