"""Memory: many live games in one bot process, and what finishing them gives back.

    python -m tests.bench.bench_memory [--games 1000] [--waves 2]

The real bot runs in its own process (``botprocess``) against the fake Discord. A wave opens ``--games`` games
(each in a channel of its own, a quarter of them left as lobbies with an AI seat, the rest started and played
until their member has made one move), reads the bot's resident memory (goal: under 300 MB), then aborts every
game and reads it again. The floor is the bot's resident memory when ready, before any game.

"Frees what they held": after the games end, the per-game structures of the bot and of discord.py are counted
(each should fall back to what it was, or stay bounded), and the renderers' caches are shown against their
bounds. A second wave shows whether memory keeps growing with every game ever played (a leak) or is reused.
Resident memory is read after a full garbage collection, and again after glibc's ``malloc_trim`` (memory the
process freed but had not handed back to the system).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.bench.botprocess import BotProcess
from tests.bench.play import (
    Table,
    abort_game,
    create_game,
    first_legal,
    listed_games,
    open_hand,
    refreshed,
    table_after,
    until_answered,
    wait_for_turn,
)
from tests.fakediscord import FakeDiscord, FakeMember, NotPossible, crowd
from tests.fakediscord.crowd import MessageWatch

GOAL_MB = 300.0
AT_ONCE = 8
LOBBY_SHARE = 2  # every other game stays a lobby


@dataclass
class Wave:
    games: int = 0
    running: int = 0
    seconds: float = 0.0
    live: dict[str, Any] = field(default_factory=dict)
    finished: dict[str, Any] = field(default_factory=dict)
    trimmed: dict[str, Any] = field(default_factory=dict)
    without_caches: float = 0.0
    failures: list[str] = field(default_factory=list)
    #: games that ended on their own between their move and the abort
    ended_first: int = 0


async def play_one_move(table: Table, member: FakeMember) -> None:
    """Until the member has made one move (AI seats may move first: that is an action played too)."""
    since = table.started_at
    for _ in range(10):
        message, seen_at = await wait_for_turn(table, member, since)
        if table.over(message):
            return
        since = seen_at + 1e-9
        _, hand = await open_hand(table, member, message)
        control = first_legal(hand)
        while control is not None and control.navigation:
            clicked = time.perf_counter()
            await control.press(member, hand)
            hand = await refreshed(table, hand, clicked)
            control = first_legal(hand)
        if control is None:
            continue
        clicked = time.perf_counter()
        inter = await control.press(member, hand)
        await until_answered(table, inter)
        await table_after(table, clicked)
        return


async def wave(
    fake: FakeDiscord, watch: MessageWatch, bot: BotProcess, games: int, number: int, *, clear: bool = False
) -> Wave:
    result = Wave(games=games)
    listed = listed_games()
    members = [fake.guild.member(f"mem-{n}") for n in range(50)]
    gate = asyncio.Semaphore(AT_ONCE)
    started = time.perf_counter()

    async def open_one(n: int) -> tuple[Table, FakeMember] | None:
        async with gate:
            member = members[n % len(members)]
            channel = await crowd.add_channel(fake, f"mem-{number}-{n}")
            lobby_only = n % LOBBY_SHARE == 0
            try:
                table = await create_game(
                    fake, watch, member, channel, listed[n % len(listed)], start=not lobby_only
                )
                if not lobby_only:
                    await play_one_move(table, member)
            except (TimeoutError, NotPossible) as exc:
                result.failures.append(f"game {n}: {type(exc).__name__} {exc}")
                return None
            return table, member

    opened = [t for t in await asyncio.gather(*(open_one(n) for n in range(games))) if t is not None]
    result.running = sum(1 for n in range(games) if n % LOBBY_SHARE)
    result.live = await bot.stats()

    async def finish(table: Table, member: FakeMember) -> None:
        async with gate:
            try:
                await abort_game(table, member)
            except (TimeoutError, NotPossible) as exc:
                newest = table.newest_table()
                if newest is not None and table.over(newest):
                    # It ended on its own before the abort (Project Chaos can be lost on the AI's first
                    # turns): finished all the same, nothing to abort.
                    result.ended_first += 1
                    return
                result.failures.append(f"abort of {table.game.id}: {type(exc).__name__} {exc}")

    await asyncio.gather(*(finish(t, m) for t, m in opened))
    await asyncio.sleep(1.0)  # the last publications (end notices, summary cards)
    result.finished = await bot.stats()
    result.trimmed = await bot.stats(trim=True)
    if clear:
        result.without_caches = await bot.clear_caches()
    result.seconds = time.perf_counter() - started
    return result


async def run(games: int, waves: int, database: Path) -> tuple[dict[str, Any], list[Wave]]:
    done = []
    async with FakeDiscord(validate=False, check_responses=False) as fake:
        with MessageWatch(fake) as watch:
            async with BotProcess(fake, database) as bot:
                floor = await bot.stats()
                for number in range(waves):
                    done.append(await wave(fake, watch, bot, games, number, clear=number == waves - 1))
        fake.violations.clear()
    return floor, done


def _holdings_lines(before: dict[str, Any], live: dict[str, Any], after: dict[str, Any]) -> list[str]:
    lines = [f"  {'held by the bot':38} {'ready':>8} {'live':>8} {'finished':>9}"]
    for key, value in after.get("holdings", {}).items():
        if key in ("render caches", "asyncio tasks by coroutine"):
            continue
        was, now = before["holdings"].get(key, 0), live["holdings"].get(key, "-")
        lines.append(f"  {key:38} {was!s:>8} {now!s:>8} {value!s:>9}")
    tasks = after.get("holdings", {}).get("asyncio tasks by coroutine", {})
    lines.append(f"  asyncio tasks alive after finishing, by coroutine: {tasks}")
    caches = after.get("holdings", {}).get("render caches", {})
    full = [f"{name.rsplit('.', 1)[-1]} {size}/{bound}" for name, (size, bound) in caches.items()]
    lines.append(f"  render caches in use (size/bound, every one an LRU): {', '.join(full) or 'none'}")
    return lines


def report(floor: dict[str, Any], waves: list[Wave]) -> str:
    lines = [f"floor: the bot ready, no game: {floor['rss_mb']:.0f} MB resident"]
    for number, w in enumerate(waves, 1):
        live_mb = w.live["rss_mb"]
        lines += [
            f"wave {number}: {w.games} live games ({w.running} running with a move played, "
            f"{w.games - w.running} lobbies), {w.seconds:.0f} s",
            f"  resident with the games live: {live_mb:6.0f} MB   goal < {GOAL_MB:.0f} MB: "
            f"{'met' if live_mb < GOAL_MB else 'MISSED'}   floor {floor['rss_mb']:.0f} MB "
            f"(+{(live_mb - floor['rss_mb']) * 1024 / max(1, w.games):.0f} KiB a game); "
            f"beside it the picture process {w.live.get('pictures_rss_mb', 0.0):.0f} MB and the store's "
            f"writer {w.live.get('store_rss_mb', 0.0):.0f} MB",
            f"  after finishing them ({w.ended_first} had ended on their own): "
            f"{w.finished['rss_mb']:.0f} MB; after malloc_trim "
            f"{w.trimmed['rss_mb']:.0f} MB (peak {w.trimmed['peak_rss_mb']:.0f} MB)",
        ]
        if w.without_caches:
            lines.append(
                f"  the renderers' caches emptied: {w.without_caches:6.0f} MB (they held "
                f"{w.trimmed['rss_mb'] - w.without_caches:.0f} MB)"
            )
        lines += _holdings_lines(floor, w.live, w.trimmed)
        if w.failures:
            lines.append(f"  {len(w.failures)} games failed: " + "; ".join(w.failures[:3]))
    if len(waves) > 1:
        first, last = waves[0].trimmed["rss_mb"], waves[-1].trimmed["rss_mb"]
        games = sum(w.games for w in waves[1:])
        lines.append(
            f"growth after finishing, wave 1 -> wave {len(waves)}: {last - first:+.0f} MB "
            f"({(last - first) * 1024 / max(1, games):+.1f} KiB per game ever played)"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_memory", description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--waves", type=int, default=1)
    args, _ = parser.parse_known_args()
    logging.basicConfig(level=logging.CRITICAL)
    with tempfile.TemporaryDirectory(prefix="deckhand-bench-") as tmp:
        floor, waves = asyncio.run(run(args.games, args.waves, Path(tmp) / "bench.db"))
    print(f"Memory of the real bot in its own process, {args.games} live games a wave")
    print(report(floor, waves))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
