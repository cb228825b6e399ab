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
import contextlib
import logging
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
from tests.bench import load_shards
from tests.bench.botprocess import BotProcess
from tests.bench.load_report import processes_line, report
from tests.bench.play import (
    STEP_TIMEOUT,
    Table,
    create_game,
    first_legal,
    listed_games,
    refreshed,
    refused_as_stale,
    reply_to,
    table_after,
    table_controls,
    until_answered,
    wait_for_turn,
)
from tests.fakediscord import FakeDiscord, FakeGuild, FakeMember, NotPossible, crowd
from tests.fakediscord.crowd import MessageWatch
from tests.fakediscord.seen import SeenMessage
from tests.fakediscord.state import Channel, Interaction, Message

FLOOR_EVERY = 0.25
OPEN_AT_ONCE = 8
#: ``--reviews``: games played to their end before the window, whose reviews are asked for as it opens.
REVIEW_GAMES = 12


@dataclass
class LoadResult:
    tables: int = 0
    backend: str = "sqlite"
    processes: int = 1
    sharded: bool = False  # a fake with two shards (``--processes``)
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
    game_locks: list[float] = field(default_factory=list)  # what each change's lock across processes cost
    loop_lag: list[float] = field(default_factory=list)
    bot_cpu: float = 0.0
    pictures_cpu: float = 0.0
    store_cpu: float = 0.0
    store_rss_mb: float = 0.0
    pictures: dict[str, list[float]] = field(default_factory=dict)  # by kind: asking to bytes, seconds
    fake_cpu: float = 0.0
    rss_mb: float = 0.0
    #: ``--reviews``: each member asks for the review of every game of theirs that ends (the Review button),
    #: and goes on to the next game without waiting for it; ``reviews_done`` of them came in the window.
    reviews: bool = False
    reviews_asked: int = 0
    reviews_done: int = 0
    review_first: list[float] = field(default_factory=list)  # the Review clicks' first responses
    reviews_no_end: int = 0  # games the member left without a final message within 30 s

    @property
    def actions(self) -> int:
        return len(self.commits)


class Run:
    def __init__(self, fake: FakeDiscord, watch: MessageWatch, result: LoadResult, until: float) -> None:
        self.fake, self.watch, self.result = fake, watch, result
        self.until = until
        self.inters: list[Interaction] = []
        self.review_clicks: list[Interaction] = []
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
            if message is not None and result.reviews:
                self.ask_review(member, table)
            table = await create_game(fake, watch, member, channel, game)
            result.opened += 1
            return table, table.started_at
        return table, await self.play(table, member, message, seen_at)

    async def play(self, table: Table, member: FakeMember, message: Message, seen_at: float) -> float:
        """The member's turn asked for by ``message``: open the hand, play the first legal move until the
        hand offers none. The moment to look for the next turn from."""
        fake, result = self.fake, self.result
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
        return since

    async def play_to_the_end(self, table: Table, member: FakeMember) -> Table | None:
        """The member plays the table's game to its end (``None``: it stalled, or the time ran out)."""
        since = table.started_at
        while self.running:
            try:
                message, seen_at = await wait_for_turn(table, member, since)
            except TimeoutError:
                return None
            if message is None:
                return None
            if table.over(message):
                # A table message without "My hand" is not always the end (``Table.over`` reads it so):
                # the game has ended when its final message, with its Review button, is posted.
                if await _final_posted(self.fake, table):
                    return table
                since = seen_at + 1e-9
                continue
            since = await self.play(table, member, message, seen_at)
        return None

    def ask_review(self, member: FakeMember, table: Table) -> None:
        """The Review button of the game's final message (issue 27), clicked once it is posted (it may come
        a moment after the table's last picture), while the member goes on to a new game: the click is a
        member's like any other (its first response is timed); the review itself is computed in the bot's
        analysis process."""

        async def when_posted() -> None:
            for _ in range(60):
                found = _review_button(self.fake, table)
                if found is not None:
                    message, custom_id = found
                    self.review_clicks.append(self.sent(await crowd.click(member, message, custom_id)))
                    self.result.reviews_asked += 1
                    return
                await asyncio.sleep(0.5)
            # The member left a game that had not ended (``Table.over`` reads a table message without "My
            # hand" as the end): no final message, so no review to ask for.
            self.result.reviews_no_end += 1

        task = asyncio.create_task(when_posted())
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

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


async def _finished_games(
    fake: FakeDiscord, watch: MessageWatch, guild: FakeGuild, count: int
) -> list[tuple[FakeMember, Table]]:
    """Before the window: ``count`` members each play a game of Yggdrasil against the AI to its end (a game
    lasts longer than a window, so few end in it); the window opens with each asking for its review, so
    reviews run in the bot's analysis process all through the window. Not measured."""
    game = next(g for g in listed_games() if g.id == "yggdrasil")
    warm = Run(fake, watch, LoadResult(), time.perf_counter() + 600)

    async def one(n: int) -> tuple[FakeMember, Table] | None:
        member = guild.member(f"reviewer-{n}")
        channel = await crowd.add_channel(fake, f"review-{n}", guild)
        table = await create_game(fake, watch, member, channel, game)
        ended = await warm.play_to_the_end(table, member)
        return None if ended is None else (member, ended)

    found = await asyncio.gather(*(one(n) for n in range(count)))
    await asyncio.gather(*warm.pending, return_exceptions=True)
    return [f for f in found if f is not None]


async def _final_posted(fake: FakeDiscord, table: Table, wait: float = 10.0) -> bool:
    """Whether the table's final message (with its Review button) comes within ``wait`` seconds."""
    for _ in range(round(wait / 0.25)):
        if _review_button(fake, table) is not None:
            return True
        await asyncio.sleep(0.25)
    return False


def _review_button(fake: FakeDiscord, table: Table) -> tuple[Message, str] | None:
    """The newest message of the table's place with a Review button, and that button's custom id."""
    for message in reversed(fake.store.messages.values()):  # newest first: ids grow as messages come
        if message.id < table.lobby.id:
            return None
        if message.channel_id != table.place.id or not message.author.bot:
            continue
        for button in SeenMessage(fake, message).buttons():
            if button.custom_id is not None and button.custom_id.split(":")[1:2] == ["review"]:
                return message, button.custom_id
    return None


def _reviews_done(fake: FakeDiscord, since: int) -> int:
    """Review answers that came: an ephemeral reply holding a review's title (the progress line gave way)."""
    marks = ("🔍 Your review", "🔍 振り返り")
    return sum(
        1
        for m in fake.store.messages.values()
        if m.id > since and m.ephemeral and any((e.get("title") or "").startswith(marks) for e in m.embeds)
    )


def _hand_id(message: Message) -> str:
    from tests.bench.play import hand_button

    found = hand_button(message)
    if found is None:
        raise NotPossible("no My hand button")
    return found


async def run(
    tables: int,
    seconds: float,
    database: Path | str,
    *,
    profile: Path | None = None,
    processes: int = 0,
    reviews: bool = False,
    review_games: int = 0,
) -> LoadResult:
    """``processes`` 0: one bot on a fake with one shard; 1 or 2: a fake with two shards and a server on
    each (the tables split between them), run by one process or by two with a shard each. ``reviews``:
    every ended game's member asks for its review, and ``review_games`` games played to their end before the
    window have theirs asked for as it opens."""
    result = LoadResult(tables=tables, backend="sqlite" if isinstance(database, Path) else "postgresql")
    result.processes, result.sharded = max(1, processes), processes > 0
    result.reviews = reviews
    games = listed_games()
    shard_count = 2 if processes else 1
    async with FakeDiscord(validate=False, check_responses=False, shard_count=shard_count) as fake:
        guilds = await load_shards.one_guild_per_shard(fake)
        async with contextlib.AsyncExitStack() as stack:
            watch = stack.enter_context(MessageWatch(fake))
            bots = [
                await stack.enter_async_context(BotProcess(fake, database, profile=profile, shards=shards))
                for shards in load_shards.split(shard_count, processes)
            ]
            floor_member = fake.guild.member("floor")
            floor_channel = await crowd.add_channel(fake, "load-floor")
            result.floor_idle = await _floor(fake, floor_member, floor_channel, 20)
            members = [guilds[n % len(guilds)].member(f"load-{n}") for n in range(tables)]
            channels = [
                await crowd.add_channel(fake, f"load-{n}", guilds[n % len(guilds)]) for n in range(tables)
            ]
            gate = asyncio.Semaphore(OPEN_AT_ONCE)

            async def open_one(n: int) -> Table:
                async with gate:
                    game = games[n % len(games)]
                    return await create_game(fake, watch, members[n], channels[n], game)

            finished = await _finished_games(fake, watch, guilds[0], review_games) if reviews else []
            opened = await asyncio.gather(*(open_one(n) for n in range(tables)))
            cpu_helpers = [await bot.reset() for bot in bots]
            cpu_bot, cpu_fake = sum(bot.cpu_seconds() for bot in bots), time.process_time()
            first_inter = max(fake.store.interactions, default=0)
            first_message = max(fake.store.messages, default=0)
            started = time.perf_counter()
            load = Run(fake, watch, result, started + seconds)
            loops = [
                asyncio.create_task(load.member_loop(t, members[n], channels[n], games[n % len(games)]))
                for n, t in enumerate(opened)
            ]
            loops.append(asyncio.create_task(load.floor_loop(floor_member, floor_channel)))
            for member, table in finished:  # their reviews run through the window, one after the other
                load.ask_review(member, table)
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
            every = [await bot.stats() for bot in bots]
            stats = load_shards.merged(every)
            result.bot_cpu = sum(bot.cpu_seconds() for bot in bots) - cpu_bot
            result.fake_cpu = time.process_time() - cpu_fake
            result.commits = stats["commits"]
            result.commits_with_wait = stats["commits_with_wait"]
            result.store_calls = stats["store_calls"]
            result.game_locks = stats["game_locks"]
            result.loop_lag = stats["loop_lag"]
            result.rss_mb = stats["rss_mb"]
            result.pictures = stats["pictures"]
            result.pictures_cpu = stats["pictures_cpu"] - sum(c["pictures_cpu"] for c in cpu_helpers)
            result.store_cpu = stats["store_cpu"] - sum(c["store_cpu"] for c in cpu_helpers)
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
            result.reviews_done = _reviews_done(fake, first_message)
            result.review_first = [
                i.callback_perf - i.dispatched_perf for i in load.review_clicks if i.callback_perf is not None
            ]
        fake.violations.clear()
    return result


def print_profile(path: Path, top: int = 25) -> None:
    stats = pstats.Stats(str(path))
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


def _run_on(
    args: argparse.Namespace, backend: str, processes: int, *, reviews: bool = False
) -> LoadResult | None:
    with tempfile.TemporaryDirectory(prefix="deckhand-bench-") as tmp:
        if backend == "sqlite":
            database = Path(tmp) / "bench.db"
            result = asyncio.run(
                run(args.tables, args.seconds, database, profile=args.profile, reviews=reviews)
            )
        else:
            reason = postgres.unreachable()
            if reason:
                print(f"Load on PostgreSQL: skipped ({reason})")
                return None
            url = postgres.create_database("deckhand_bench")
            try:
                result = asyncio.run(
                    run(args.tables, args.seconds, url, profile=args.profile, processes=processes)
                )
            finally:
                postgres.drop_database(url)
    print(
        "Load against the local fake Discord, the real bot in its own process"
        f" ({len(listed_games())} games), store on {backend}"
        + (", every ended game's review asked for" if reviews else "")
    )
    print(report(result))
    sys.stdout.flush()
    return result


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
    parser.add_argument(
        "--processes",
        choices=("none", "1", "2", "both"),
        default=os.environ.get("BENCH_PROCESSES") or "both",
        help="after the backends' runs, on PostgreSQL, a fake with two shards run by one bot process or two"
        " (both, the default: the two runs and the bot CPU per action of each; none: skip it)",
    )
    parser.add_argument(
        "--reviews",
        choices=("on", "off", "only"),
        default=os.environ.get("BENCH_REVIEWS") or "on",
        help="after the backends' runs, one more on SQLite with every ended game's review asked for"
        " (issue 27: the goals hold with reviews running); only: that run alone; off: skip it",
    )
    args, _ = parser.parse_known_args()
    logging.basicConfig(level=logging.CRITICAL)
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    if args.reviews == "only":
        _run_on(args, "sqlite", 0, reviews=True)
        return
    for backend in backends:
        _run_on(args, backend, 0)
    if args.reviews == "on":
        _run_on(args, "sqlite", 0, reviews=True)
    if args.processes != "none":
        counts = (1, 2) if args.processes == "both" else (int(args.processes),)
        by_count = {n: _run_on(args, "postgresql", n) for n in counts}
        if len(by_count) == 2 and all(by_count.values()):
            print(processes_line(by_count[1], by_count[2]))  # type: ignore[arg-type]
    if args.profile:
        print_profile(args.profile)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
