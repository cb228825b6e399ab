"""Moves: per game, how long a player waits after choosing a move in their hand, against a no-op floor.

    python -m tests.bench.bench_moves [--moves 20] [--profile out.pstats]

The real bot runs in its own process (``botprocess``) against the fake Discord. Per listed game, one member
plays with AI seats (no AI delay), choosing moves at random in their ephemeral hand as a person does (groups
opened first where a game groups its moves). Before each measured click the bot is idle (no request in
flight for 0.1 s). For each move:

- first response: INTERACTION_CREATE -> the bot's first callback (the "thinking" acknowledgement);
- table message: INTERACTION_CREATE -> the first picture posted or edited by the bot in the game's channel or
  its threads (the table message, however publication arranges it);
- hand: INTERACTION_CREATE -> the player's hand refreshed (the end of the click for the player; for a
  decision on the table message, its private answer).

The floor: a no-op answered by the same bot in the same run (autocomplete of ``/game new``'s game: no store,
no picture), interleaved with the moves. Ratios are medians over the floor's median.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.games import GameManifest
from tests.bench.botprocess import BotProcess
from tests.bench.play import (
    STEP_TIMEOUT,
    Table,
    create_game,
    listed_games,
    med_p95,
    ms,
    open_hand,
    random_control,
    refreshed,
    refused_as_stale,
    table_after,
    table_controls,
    until_answered,
    wait_for_turn,
)
from tests.fakediscord import FakeDiscord, FakeMember, crowd
from tests.fakediscord.crowd import MessageWatch
from tests.fakediscord.state import Channel

GOAL_FIRST = 0.100  # the load run's goals, for reference: a first response far inside Discord's 3 s
GOAL_TABLE = 1.0
IDLE = 0.1
MAX_STALLS = 2


@dataclass
class GameFigures:
    game: str
    first: list[float] = field(default_factory=list)
    table: list[float] = field(default_factory=list)
    hand: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # the bot's CPU seconds from the click to the next turn
    stalled: list[str] = field(default_factory=list)  # games where the human's turn never came
    missed: list[str] = field(default_factory=list)  # moves with no table message within STEP_TIMEOUT
    stale: int = 0  # clicks refused as stale (the game moved on since the hand was drawn): not moves


@dataclass
class MovesResult:
    floor: list[float] = field(default_factory=list)
    games: list[GameFigures] = field(default_factory=list)
    late: int = 0  # interactions that missed the 3 s deadline
    interactions: int = 0


async def idle(fake: FakeDiscord, quiet: float = IDLE, timeout: float = 30.0) -> None:
    """Until no request has been in flight at the fake for ``quiet`` seconds."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if fake.inflight == 0 and time.perf_counter() - fake.last_activity >= quiet:
            return
        await asyncio.sleep(0.01)


async def noop(fake: FakeDiscord, member: FakeMember, channel: Channel) -> float:
    """One no-op answered by the bot: seconds to its first (only) callback."""
    inter = await crowd.autocomplete(member, "game new", "game", "", channel)
    deadline = time.perf_counter() + STEP_TIMEOUT
    while not (inter.acknowledged or inter.late) and time.perf_counter() < deadline:
        await asyncio.sleep(0.001)
    if inter.callback_perf is None:
        raise TimeoutError("the no-op was not answered")
    return inter.callback_perf - inter.dispatched_perf


async def play_game(
    fake: FakeDiscord,
    watch: MessageWatch,
    bot: BotProcess,
    game: GameManifest,
    moves: int,
    result: MovesResult,
    number: int,
) -> GameFigures:
    figures = GameFigures(game.id)
    rng = random.Random(game.id)
    human = fake.guild.member(f"mover-{number}")
    floor_member = fake.guild.member("floor")
    tables = 0
    table: Table | None = None
    since = 0.0
    while len(figures.first) < moves:
        if table is None:
            channel = await crowd.add_channel(fake, f"moves-{game.id}-{tables}")
            tables += 1
            table = await create_game(fake, watch, human, channel, game)
            since = table.started_at
        try:
            message, seen_at = await wait_for_turn(table, human, since)
        except TimeoutError:
            newest = table.newest_table()
            text = " | ".join(newest.content.splitlines()[-2:]) if newest else "no table message"
            figures.stalled.append(text[:160])
            if len(figures.stalled) >= MAX_STALLS:
                break
            table = None
            continue
        if table.over(message):
            table = None
            continue
        since = seen_at + 1e-9  # an empty hand: wait for the next change
        await idle(fake)
        result.floor.append(await noop(fake, floor_member, table.place))
        await idle(fake)
        _, hand = await open_hand(table, human, message)
        result.interactions += 1
        while len(figures.first) < moves:
            control = random_control(hand, rng)
            on = hand
            if control is None:
                on = fake.store.messages[message.id]
                offered = table_controls(on)  # a decision on the table message itself (a vote …)
                if not offered:
                    break
                control = rng.choice(offered)
            await idle(fake)
            cpu = bot.cpu_seconds()
            clicked = time.perf_counter()
            inter = await control.press(human, on)
            result.interactions += 1
            since = clicked
            await until_answered(table, inter)
            if on is hand:
                hand = await refreshed(table, hand, clicked)
            replied = watch.changed_at.get(inter.original_message_id or 0, time.perf_counter())
            if control.navigation:
                continue
            if on is hand and refused_as_stale(hand):
                figures.stale += 1
                continue
            try:
                change = await table_after(table, clicked)
            except TimeoutError:
                note = fake.store.messages[hand.id].content.splitlines()
                figures.missed.append(f"{control.label!r} ({note[0][:80] if note else ''})")
                continue
            if inter.callback_perf is not None:
                figures.first.append(inter.callback_perf - inter.dispatched_perf)
            figures.table.append(change.perf - inter.dispatched_perf)
            figures.hand.append(replied - inter.dispatched_perf)
            await idle(fake)
            figures.cpu.append(bot.cpu_seconds() - cpu)
            if on is not hand:
                break
    return figures


async def run(
    moves: int, database: Path, *, profile: Path | None = None, only: str | None = None
) -> MovesResult:
    result = MovesResult()
    async with FakeDiscord() as fake:
        with MessageWatch(fake) as watch:
            async with BotProcess(fake, database, profile=profile) as bot:
                games = [g for g in listed_games() if only is None or only in g.id]
                for number, game in enumerate(games):
                    result.games.append(await play_game(fake, watch, bot, game, moves, result, number))
            result.late = sum(1 for i in fake.store.interactions.values() if i.late)
        fake.violations.clear()
    return result


def report(result: MovesResult) -> str:
    floor_med, floor_p95 = med_p95(result.floor)
    lines = [
        f"floor: a no-op answered by the same bot (autocomplete of /game new), first response: "
        f"median {ms(floor_med)}, p95 {ms(floor_p95)} (n={len(result.floor)})",
        "",
        f"{'game':20} {'n':>3}  {'first med':>9} {'first p95':>9} {'x floor':>7}  {'table med':>9} "
        f"{'table p95':>9} {'x floor':>7}  {'hand med':>9} {'hand p95':>9}  {'bot CPU/move':>12}",
    ]
    for g in result.games:
        f_med, f_p95 = med_p95(g.first)
        t_med, t_p95 = med_p95(g.table)
        h_med, h_p95 = med_p95(g.hand)
        c_med, _ = med_p95(g.cpu)
        lines.append(
            f"{g.game:20} {len(g.first):>3}  {ms(f_med):>9} {ms(f_p95):>9} {f_med / floor_med:>6.1f}x  "
            f"{ms(t_med):>9} {ms(t_p95):>9} {t_med / floor_med:>6.0f}x  {ms(h_med):>9} {ms(h_p95):>9}  "
            f"{ms(c_med):>12}"
        )
        for stalled in g.stalled:
            lines.append(
                f"{'':20} STALLED: no turn for the player within {STEP_TIMEOUT:.0f} s; last: {stalled}"
            )
        for missed in g.missed:
            lines.append(f"{'':20} no table message after the move {missed}")
        if g.stale:
            lines.append(f"{'':20} {g.stale} clicks refused as stale (the game had moved on): not timed")
    every_first = [v for g in result.games for v in g.first]
    every_table = [v for g in result.games for v in g.table]
    _, all_first_p95 = med_p95(every_first)
    _, all_table_p95 = med_p95(every_table)
    lines += [
        "",
        f"all moves: first response p95 {ms(all_first_p95)} (goal < {ms(GOAL_FIRST)}; floor p95 "
        f"{ms(floor_p95)}), table message p95 {ms(all_table_p95)} (goal < {ms(GOAL_TABLE)}; floor p95 "
        f"{ms(floor_p95)})",
        f"interactions that missed Discord's 3 s deadline: {result.late} of {result.interactions} (goal 0)",
        "bot CPU/move: the bot process's CPU time from the click until it is idle again (the move, the AI "
        "seats' replies and every picture)",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_moves", description=__doc__)
    parser.add_argument("--moves", type=int, default=20, help="measured moves per game")
    parser.add_argument("--profile", type=Path, help="write the bot's cProfile stats here")
    parser.add_argument("--game", help="only the games whose id contains this")
    args, _ = parser.parse_known_args()
    logging.basicConfig(level=logging.CRITICAL)
    with tempfile.TemporaryDirectory(prefix="deckhand-bench-") as tmp:
        result = asyncio.run(run(args.moves, Path(tmp) / "bench.db", profile=args.profile, only=args.game))
    print(f"Moves against the local fake Discord, the real bot in its own process, {args.moves} per game")
    print(report(result))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
