"""Latency probe: how long members wait for the bot, per kind of action, against the local fake Discord.

    python -m tests.bench.bench_latency [--rounds 20] [--bot auto|deckhand|minibot]

For every interaction the fake measures the time from sending INTERACTION_CREATE to the bot's first
callback ("first") and to the end of its last request while the action settled ("last": follow-ups,
edits, channel messages). Prints median and p95 per kind. A benchmark, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tests.fakediscord import (
    FakeDiscord,
    FakeGuild,
    LatencySample,
    NotPossible,
    SeenMessage,
    ViolationError,
)
from tests.fakediscord.botrunner import (
    BotFactory,
    RunningBot,
    deckhand_factory,
    deckhand_import_error,
    minibot_factory,
)

log = logging.getLogger(__name__)

Step = Callable[[FakeGuild, str], Awaitable[object]]  # (guild, channel name)


def minibot_round() -> list[Step]:
    return [
        lambda g, c: g.member("alice").autocomplete("game new", "game", "glo", channel=c),
        lambda g, c: g.member("alice").slash("game new", game="glorious-crown", channel=c),
        lambda g, c: g.member("bob").click("Join", channel=c),
        lambda g, c: g.member("alice").slash("game hand", channel=c),
        lambda g, c: g.member("alice").choose("Play", ["S3"], channel=c),
        lambda g, c: g.member("alice").slash("game think", channel=c),
    ]


def deckhand_round() -> list[Step]:
    """The lobby as a server sees it: ``/game new`` opens the game's thread, the players follow it there,
    join, the host starts, and opens her hand on the first table message."""
    place: dict[str, Any] = {}

    async def new(guild: FakeGuild, channel: str) -> None:
        card = await guild.member("alice").slash("game new", game="glorious-crown", channel=channel)
        if card.message is None or card.message.thread is None:
            raise NotPossible("/game new opened no thread")
        place["thread"] = card.message.thread
        for name in ("alice", "bob", "carol"):
            guild.member(name).in_channel(place["thread"])

    def lobby(guild: FakeGuild) -> SeenMessage:
        if "thread" not in place:
            raise NotPossible("no game thread this round")
        found = [m for m in guild.member("alice").visible_messages(place["thread"]) if not m.ephemeral]
        if not found:
            raise NotPossible("no lobby message in the game's thread")
        return found[0]

    return [
        lambda g, c: g.member("alice").autocomplete("game new", "game", "glo", channel=c),
        new,
        lambda g, c: g.member("bob").click("Join", message=lobby(g)),
        lambda g, c: g.member("carol").click("Join", message=lobby(g)),
        lambda g, c: g.member("alice").click("Start", message=lobby(g)),
        lambda g, c: g.member("alice").click("My hand", channel=place.get("thread")),
    ]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def report(samples: list[LatencySample]) -> str:
    by_kind: dict[str, list[LatencySample]] = defaultdict(list)
    for sample in samples:
        by_kind[sample.kind].append(sample)
    lines = [f"{'action':34} {'n':>4} {'first med':>10} {'first p95':>10} {'last med':>10} {'last p95':>10}"]
    for kind, group in sorted(by_kind.items()):
        first = [s.first_response * 1000 for s in group if s.first_response is not None]
        last = [s.last_request * 1000 for s in group if s.last_request is not None]
        cells = [
            f"{statistics.median(v):8.1f}ms {percentile(v, 0.95):8.1f}ms" if v else f"{'-':>10} {'-':>10}"
            for v in (first, last)
        ]
        lines.append(f"{kind[:34]:34} {len(group):>4} {cells[0]} {cells[1]}")
    return "\n".join(lines)


async def run(factory: BotFactory, steps: Callable[[], list[Step]], rounds: int, database: Path) -> str:
    async with FakeDiscord() as fake, RunningBot(fake, factory, database):
        failures: dict[str, int] = defaultdict(int)
        for number in range(rounds):
            # A fresh channel per round: one table per channel, as on a real server.
            channel = (await fake.guild.add_channel(f"bench-{number}")).name
            for step in steps():
                try:
                    await step(fake.guild, channel)
                except (NotPossible, ViolationError, TimeoutError) as exc:
                    failures[type(exc).__name__ + ": " + str(exc).splitlines()[0][:90]] += 1
        text = report(fake.latencies)
        if failures:
            text += "\n\nsteps that failed (left out of the figures):\n" + "\n".join(
                f"  {count}x {what}" for what, count in failures.items()
            )
        fake.violations.clear()
        return text


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tests.bench.bench_latency",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--bot", choices=("auto", "deckhand", "minibot"), default="auto")
    args, _ = parser.parse_known_args()  # the runner's own arguments (bench names) are not ours
    logging.basicConfig(level=logging.CRITICAL)
    missing = deckhand_import_error()
    if args.bot == "deckhand" and missing:
        parser.error(missing)
    if args.bot == "deckhand" or (args.bot == "auto" and missing is None):
        name, factory, steps = "Deckhand", deckhand_factory, deckhand_round
    else:
        name, factory, steps = "the mini test bot", minibot_factory, minibot_round
    with tempfile.TemporaryDirectory(prefix="deckhand-bench-") as tmp:
        table = asyncio.run(run(factory, steps, args.rounds, Path(tmp) / "bench.db"))
    print(f"Interaction latency against the local fake Discord, {name}, {args.rounds} rounds")
    print("first = INTERACTION_CREATE -> first callback; last = -> end of the last request of the action\n")
    print(table)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
