"""Load: many tables playing at once in one bot process against the fake Discord.

    python -m tests.bench.bench_load [--tables 100] [--seconds 60] [--profile out.pstats]

The real bot runs in its own process (``botprocess``; AI delay 0). Each table is one member and AI seats
(every listed game in turn); the member clicks the first legal move as soon as their hand refreshes, opens
their hand as soon as a table message asks them to play, and opens a new game when one ends. Games are opened
before the clock starts. Measured over the window:

- actions per second: every action the store committed (human and AI seats), and the members' moves;
- first response: INTERACTION_CREATE -> the bot's first callback, for every click of the members (goal: p95
  under 100 ms, far inside Discord's 3 s);
- table message: a member's move -> the first table picture posted or edited after it (goal: p95 under 1 s);
  a click the bot refused as stale (the game moved on while the hand was drawn) is no move and is not timed;
- interactions that missed Discord's 3-second deadline (goal: none);
- one action's commit in the store (goal: p95 <= 5 ms), and the same including the wait for the store.

The floor: a no-op (autocomplete of ``/game new``) answered by the same bot, before the load and, every
quarter second, during it. The fake runs without request validation here (the e2e tests validate): it plays
Discord's part and should not be what is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import os
import pstats
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bot.games import GameManifest
from tests import postgres
from tests.bench.botprocess import BotProcess
from tests.bench.play import (
    STEP_TIMEOUT,
    Table,
    create_game,
    first_legal,
    listed_games,
    med_p95,
    ms,
    refreshed,
    refused_as_stale,
    reply_to,
    table_after,
    table_controls,
    until_answered,
    verdict,
    wait_for_turn,
)
from tests.fakediscord import FakeDiscord, FakeMember, NotPossible, crowd
from tests.fakediscord.crowd import MessageWatch
from tests.fakediscord.state import Channel, Interaction, Message

GOAL_FIRST = 0.100
GOAL_TABLE = 1.0
GOAL_COMMIT = 0.005
FLOOR_EVERY = 0.25
OPEN_AT_ONCE = 8


@dataclass
class LoadResult:
    tables: int = 0
    seconds: float = 0.0
    opened: int = 0  # games opened during the window (one ended)
    moves: int = 0
    stale: int = 0  # clicks the bot refused: the game had moved on since the hand was drawn
    first: list[float] = field(default_factory=list)  # every member click
    move_first: list[float] = field(default_factory=list)
    first_by_kind: dict[str, list[float]] = field(default_factory=dict)  # "button", "select", ...
    table: list[float] = field(default_factory=list)
    table_by_game: dict[str, list[float]] = field(default_factory=dict)
    no_table: int = 0
    floor_idle: list[float] = field(default_factory=list)
    floor_load: list[float] = field(default_factory=list)
    interactions: int = 0
    late: int = 0
    unanswered: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    commits: list[float] = field(default_factory=list)
    commits_with_wait: list[float] = field(default_factory=list)
    store_calls: list[float] = field(default_factory=list)
    loop_lag: list[float] = field(default_factory=list)
    bot_cpu: float = 0.0
    pictures_cpu: float = 0.0
    store_cpu: float = 0.0
    store_rss_mb: float = 0.0
    pictures: dict[str, list[float]] = field(default_factory=dict)  # by kind: asking to bytes, seconds
    fake_cpu: float = 0.0
    rss_mb: float = 0.0

    @property
    def actions(self) -> int:
        return len(self.commits)


class Run:
    def __init__(self, fake: FakeDiscord, watch: MessageWatch, result: LoadResult, until: float) -> None:
        self.fake, self.watch, self.result = fake, watch, result
        self.until = until
        self.inters: list[Interaction] = []
        self.pending: set[asyncio.Task[None]] = set()

    @property
    def running(self) -> bool:
        return time.perf_counter() < self.until

    def sent(self, inter: Interaction) -> Interaction:
        self.inters.append(inter)
        return inter

    def time_table(self, table: Table, inter: Interaction) -> None:
        """Record when the table message after this move comes, without holding the member up."""

        async def wait() -> None:
            try:
                change = await table_after(table, inter.dispatched_perf)
            except TimeoutError:
                self.result.no_table += 1
                return
            self.result.table.append(change.perf - inter.dispatched_perf)
            self.result.table_by_game.setdefault(table.game.id, []).append(
                change.perf - inter.dispatched_perf
            )

        task = asyncio.create_task(wait())
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def member_loop(
        self, table: Table, member: FakeMember, channel: Channel, game: GameManifest
    ) -> None:
        """Play until the window closes; a reply that never comes (a missed deadline) is counted, and the
        member looks at the table again, as a person would."""
        since = table.started_at
        while self.running:
            try:
                table, since = await self.turn(table, member, channel, game, since)
            except (TimeoutError, NotPossible) as exc:
                self.result.failures[f"{type(exc).__name__} waiting for a reply {exc}".strip()] += 1
                since = time.perf_counter()

    async def turn(
        self, table: Table, member: FakeMember, channel: Channel, game: GameManifest, since: float
    ) -> tuple[Table, float]:
        """One turn of the member: wait until a table message asks them (a new game when one ended or never
        asks), open the hand, play the first legal move until the hand offers none. The table and the
        moment to look for the next turn from."""
        fake, watch, result = self.fake, self.watch, self.result
        try:
            message, seen_at = await wait_for_turn(table, member, since)
        except TimeoutError:
            result.failures["no turn within the step timeout (a new game)"] += 1
            message, seen_at = None, 0.0
        if not self.running:
            return table, since
        if message is None or table.over(message):
            table = await create_game(fake, watch, member, channel, game)
            result.opened += 1
            return table, table.started_at
        since = seen_at + 1e-9
        opened = self.sent(await crowd.click(member, message, _hand_id(message)))
        hand = await reply_to(table, opened)
        while self.running:
            control = first_legal(hand)
            on = hand
            if control is None:
                on = fake.store.messages[message.id]
                offered = table_controls(on)
                if not offered:
                    break
                control = offered[0]
            clicked = time.perf_counter()
            inter = self.sent(await control.press(member, on))
            since = clicked
            await until_answered(table, inter)
            if on is not hand:
                if not control.navigation:
                    result.moves += 1
                    self.time_table(table, inter)
                break
            hand = await refreshed(table, hand, clicked)
            if control.navigation:
                continue
            if refused_as_stale(hand):
                result.stale += 1
            else:
                result.moves += 1
                self.time_table(table, inter)
        return table, since

    async def floor_loop(self, member: FakeMember, channel: Channel) -> None:
        while self.running:
            inter = self.sent(await crowd.autocomplete(member, "game new", "game", "", channel))
            await asyncio.sleep(FLOOR_EVERY)
            if inter.callback_perf is not None:
                self.result.floor_load.append(inter.callback_perf - inter.dispatched_perf)


async def _floor(fake: FakeDiscord, member: FakeMember, channel: Channel, n: int) -> list[float]:
    found = []
    for _ in range(n):
        inter = await crowd.autocomplete(member, "game new", "game", "", channel)
        deadline = time.perf_counter() + STEP_TIMEOUT
        while inter.callback_perf is None and time.perf_counter() < deadline:
            await asyncio.sleep(0.001)
        if inter.callback_perf is not None:
            found.append(inter.callback_perf - inter.dispatched_perf)
        await asyncio.sleep(0.02)
    return found


def _control_kind(inter: Interaction) -> str:
    """What was clicked, by the control's kind (``dh:<kind>:…``): the hand button, a move, a page …"""
    custom_id = str(inter.data.get("custom_id", ""))
    parts = custom_id.split(":")
    return parts[1] if len(parts) > 2 and parts[0] == "dh" else inter.kind.split()[0]


def _hand_id(message: Message) -> str:
    from tests.bench.play import hand_button

    found = hand_button(message)
    if found is None:
        raise NotPossible("no My hand button")
    return found


async def run(
    tables: int, seconds: float, database: Path | str, *, profile: Path | None = None
) -> LoadResult:
    result = LoadResult(tables=tables)
    games = listed_games()
    async with FakeDiscord(validate=False, check_responses=False) as fake:
        with MessageWatch(fake) as watch:
            async with BotProcess(fake, database, profile=profile) as bot:
                floor_member = fake.guild.member("floor")
                floor_channel = await crowd.add_channel(fake, "load-floor")
                result.floor_idle = await _floor(fake, floor_member, floor_channel, 20)
                members = [fake.guild.member(f"load-{n}") for n in range(tables)]
                channels = [await crowd.add_channel(fake, f"load-{n}") for n in range(tables)]
                gate = asyncio.Semaphore(OPEN_AT_ONCE)

                async def open_one(n: int) -> Table:
                    async with gate:
                        game = games[n % len(games)]
                        return await create_game(fake, watch, members[n], channels[n], game)

                opened = await asyncio.gather(*(open_one(n) for n in range(tables)))
                cpu_helpers = await bot.reset()
                cpu_bot, cpu_fake = bot.cpu_seconds(), time.process_time()
                first_inter = max(fake.store.interactions, default=0)
                started = time.perf_counter()
                load = Run(fake, watch, result, started + seconds)
                loops = [
                    asyncio.create_task(load.member_loop(t, members[n], channels[n], games[n % len(games)]))
                    for n, t in enumerate(opened)
                ]
                loops.append(asyncio.create_task(load.floor_loop(floor_member, floor_channel)))
                await asyncio.wait(loops, timeout=seconds + STEP_TIMEOUT)
                result.seconds = time.perf_counter() - started
                for task in loops:
                    if not task.done():
                        task.cancel()
                    elif task.exception() is not None:
                        exc = task.exception()
                        result.failures[f"{type(exc).__name__}: {str(exc)[:100]}"] += 1
                await asyncio.gather(*loops, return_exceptions=True)
                await asyncio.gather(*load.pending, return_exceptions=True)
                stats = await bot.stats()
                result.bot_cpu = bot.cpu_seconds() - cpu_bot
                result.fake_cpu = time.process_time() - cpu_fake
                result.commits = stats["commits"]
                result.commits_with_wait = stats["commits_with_wait"]
                result.store_calls = stats["store_calls"]
                result.loop_lag = stats["loop_lag"]
                result.rss_mb = stats["rss_mb"]
                result.pictures = stats["pictures"]
                result.pictures_cpu = stats["pictures_cpu"] - cpu_helpers["pictures_cpu"]
                result.store_cpu = stats["store_cpu"] - cpu_helpers["store_cpu"]
                result.store_rss_mb = stats["store_rss_mb"]
                members_inters = [i for i in load.inters if not i.kind.startswith("autocomplete")]
                result.first = [
                    i.callback_perf - i.dispatched_perf for i in members_inters if i.callback_perf is not None
                ]
                for i in members_inters:
                    if i.callback_perf is not None:
                        kind = _control_kind(i)
                        result.first_by_kind.setdefault(kind, []).append(i.callback_perf - i.dispatched_perf)
                window = [i for i in fake.store.interactions.values() if i.id > first_inter]
                result.interactions = len(window)
                result.late = sum(1 for i in window if i.late)
                result.unanswered = sum(1 for i in window if not i.acknowledged and not i.late)
        fake.violations.clear()
    return result


def report(r: LoadResult) -> str:
    idle_med, idle_p95 = med_p95(r.floor_idle)
    load_med, load_p95 = med_p95(r.floor_load)
    first_med, first_p95 = med_p95(r.first)
    table_med, table_p95 = med_p95(r.table)
    commit_med, commit_p95 = med_p95(r.commits)
    wait_med, wait_p95 = med_p95(r.commits_with_wait)
    secs = r.seconds or math.nan
    lag_med, lag_p95 = med_p95(r.loop_lag)
    call_med, call_p95 = med_p95(r.store_calls)
    lines = [
        f"{r.tables} tables for {r.seconds:.0f} s ({r.opened} more games opened as games ended)",
        f"floor (no-op answered by the same bot): idle median {ms(idle_med)}, p95 {ms(idle_p95)}; "
        f"during the load median {ms(load_med)}, p95 {ms(load_p95)}",
        f"actions per second:   {r.actions / secs:7.1f} committed (every seat; {r.actions} actions), "
        f"{r.moves / secs:.1f} members' moves, {r.stale} clicks refused as stale  (goal: none set; "
        f"bot CPU {r.bot_cpu / secs:.2f} cores, "
        f"{r.bot_cpu / max(1, r.actions) * 1000:.0f} ms per action)",
        f"first response p95:   {ms(first_p95):>10} (median {ms(first_med)}, n={len(r.first)})   goal < "
        f"{ms(GOAL_FIRST)}: {verdict(first_p95, GOAL_FIRST)}   floor p95 {ms(load_p95)} under load, "
        f"{ms(idle_p95)} idle",
        f"table message p95:    {ms(table_p95):>10} (median {ms(table_med)}, n={len(r.table)}, "
        f"{r.no_table} moves without one)   goal < {ms(GOAL_TABLE)}: {verdict(table_p95, GOAL_TABLE)}   "
        f"floor p95 {ms(load_p95)}",
        "   by game: "
        + ", ".join(
            f"{game} p95 {ms(med_p95(found)[1])} (median {ms(med_p95(found)[0])}, n={len(found)})"
            for game, found in sorted(r.table_by_game.items())
        ),
        "   by kind: "
        + ", ".join(
            f"{kind} p95 {ms(med_p95(found)[1])} (n={len(found)})"
            for kind, found in sorted(r.first_by_kind.items())
        ),
        f"missed the 3 s deadline: {r.late} of {r.interactions} interactions ({r.unanswered} never answered)"
        f"   goal 0: {'met' if r.late == 0 and r.unanswered == 0 else 'MISSED'}",
        f"store commit p95:     {ms(commit_p95):>10} (median {ms(commit_med)}, n={len(r.commits)})   goal <= "
        f"{ms(GOAL_COMMIT)}: {'met' if commit_p95 <= GOAL_COMMIT else 'MISSED'}   "
        f"(with the wait for the store: median {ms(wait_med)}, p95 {ms(wait_p95)})",
        f"where the bot waits: event loop lag median {ms(lag_med)}, p95 {ms(lag_p95)}; "
        f"{len(r.store_calls) / secs:.0f} store calls/s (reads and writes), each median "
        f"{ms(call_med)}, p95 {ms(call_p95)} from asking to done; the store's writer process used "
        f"{r.store_cpu / secs:.2f} cores, {r.store_rss_mb:.0f} MB resident",
        f"pictures: {picture_line(r)}; the picture processes used {r.pictures_cpu / secs:.2f} cores",
        f"bot resident memory after the run: {r.rss_mb:.0f} MB; the fake and the members used "
        f"{r.fake_cpu / secs:.2f} cores",
    ]
    if r.failures:
        lines.append("failures: " + "; ".join(f"{n}x {what}" for what, n in r.failures.most_common()))
    return "\n".join(lines)


def picture_line(r: LoadResult) -> str:
    """Per kind: how many were drawn a second, and the wait from asking to the bytes (queue included)."""
    secs = r.seconds or math.nan
    parts = []
    for kind, waits in sorted(r.pictures.items()):
        med, p95 = med_p95(waits)
        parts.append(f"{kind} {len(waits) / secs:.1f}/s (asked to drawn median {ms(med)}, p95 {ms(p95)})")
    return ", ".join(parts) or "none"


def print_profile(path: Path, top: int = 25) -> None:
    stats = pstats.Stats(str(path))
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_load", description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--profile", type=Path, help="run the bot under cProfile; write and print its stats")
    parser.add_argument(
        "--backend",
        choices=("sqlite", "postgresql", "both"),
        default=os.environ.get("BENCH_BACKEND", "both"),
        help="the bot's store (postgresql: a throw-away database on DECKHAND_TEST_POSTGRES's server)",
    )
    args, _ = parser.parse_known_args()
    logging.basicConfig(level=logging.CRITICAL)
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    for backend in backends:
        with tempfile.TemporaryDirectory(prefix="deckhand-bench-") as tmp:
            if backend == "sqlite":
                result = asyncio.run(
                    run(args.tables, args.seconds, Path(tmp) / "bench.db", profile=args.profile)
                )
            else:
                reason = postgres.unreachable()
                if reason:
                    print(f"Load on PostgreSQL: skipped ({reason})")
                    continue
                url = postgres.create_database("deckhand_bench")
                try:
                    result = asyncio.run(run(args.tables, args.seconds, url, profile=args.profile))
                finally:
                    postgres.drop_database(url)
        print(
            "Load against the local fake Discord, the real bot in its own process"
            f" ({len(listed_games())} games), store on {backend}"
        )
        print(report(result))
    if args.profile:
        print_profile(args.profile)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
