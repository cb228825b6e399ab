"""Discord's bad days: with faults injected on a tenth of the bot's requests (seeded; 500, 502 and 503
answers and 429 rate limits with ``retry_after``, on every route: posts, edits, interaction callbacks and
webhooks), whole games played by members through the fake still end with every move published once:

- the table messages are exactly those the game's log calls for (one per human turn, edited in place
  within it), none posted twice, the final message once;
- the outbox is empty, every stored state equals the replay of its log;
- every click the bot acknowledged as played is in the log exactly once; a click Discord lost (the
  interaction callback failed past its 3 s) did nothing, and the member clicks again, as a person does.

Also the fake's ``nonce`` + ``enforce_nonce`` (Discord's deduplication of a repeated send), which the
bot's own nonce per outbox entry relies on: a table post Discord carried out but answered with a 5xx is
retried by the outbox and still posted once. And a fault found here, now fixed: a failed edit of the
summary card after a post was never made good, so the card could show a finished game as still in its
lobby or running.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from i18n import t
from tests.e2e.tables import open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.reliability.conftest import FIGURES, count
from tests.reliability.crashkit import (
    BotProcess,
    CrashAudit,
    Seat,
    TableSpec,
    Watch,
    audit_answers,
    audit_store,
    audit_tables,
    expected_table_posts,
    is_final,
    kind_of,
    logged_errors,
    move_clicks,
    read_store,
    table_messages,
)

SEED = int(os.environ.get("DECKHAND_FAULTS_SEED") or 16)
RATE = 0.1
#: Games per kind played under faults: one each in ``make test``, more in ``make soak``.
ROUNDS = int(os.environ.get("DECKHAND_SOAK_FAULT_GAMES") or count(1, 5))


def inject(fake: FakeDiscord, seed: int, rate: float = RATE) -> None:
    """A tenth of every request the bot makes fails before Discord does it, a quarter of those each way
    (the rules are tried in order, each with its own seeded draw, so together they hit ``rate``). On top,
    a few of the posts and edits of messages are carried out and then answered 502/503, as when Discord's
    edge times out on a request that went through: a retry repeats them (the nonce makes a repeated post
    the same message)."""
    each = 1 - (1 - rate) ** (1 / 4)
    fake.faults.server_error(500, rate=each, seed=seed)
    fake.faults.server_error(502, rate=each, seed=seed + 1)
    fake.faults.server_error(503, rate=each, seed=seed + 2)
    fake.faults.rate_limit(retry_after=0.3, rate=each, seed=seed + 3)
    messages = "/channels/*/messages**"
    fake.faults.server_error(502, path=messages, rate=each, seed=seed + 4, processed=True)
    fake.faults.server_error(503, path=messages, rate=each, seed=seed + 5, processed=True)


async def start_game(watch: Watch, spec: TableSpec) -> tuple[int, int]:
    """Open the lobby (no faults yet), then press Start under faults until the game runs: a Start whose
    interaction Discord lost did nothing, and the host presses it again."""
    fake = watch.fake
    host, *others = spec.members
    opened = await open_game(fake, host, spec.game, players=others, ais=spec.ais)
    join = next(b for b in opened.lobby.buttons() if kind_of(b.custom_id) == "lobby")
    pk = int((join.custom_id or "").rsplit(":", 1)[1])
    spec.games.append((opened.thread.id, pk))
    return opened.thread.id, pk


async def press_start(watch: Watch, spec: TableSpec, thread_id: int, timeout: float = 60.0) -> None:
    host = spec.members[0]
    deadline = time.perf_counter() + timeout
    while not table_messages(watch.fake, thread_id):
        lobby = next(m for m in host.visible_messages(thread_id) if not m.ephemeral)
        if any(b.label and "Start" in b.label for b in lobby.buttons()):
            reply = await host.click("Start", message=lobby)
            await Seat(watch, host, thread_id, random.Random(0)).finished(reply.interaction.id)
        await asyncio.sleep(0.2)
        assert time.perf_counter() < deadline, f"{spec.game}: never started under faults"


async def play_to_the_end(watch: Watch, spec: TableSpec, thread_id: int, seed: int, timeout: float) -> None:
    seats = [Seat(watch, m, thread_id, random.Random(seed + i)) for i, m in enumerate(spec.members)]
    spec.seats.extend(seats)
    deadline = time.perf_counter() + timeout

    async def run(seat: Seat) -> None:
        while True:
            tables = table_messages(watch.fake, thread_id)
            if tables and is_final(tables[-1]):
                return
            assert time.perf_counter() < deadline, f"{spec.game}: not over after {timeout:g} s under faults"
            if await seat.act() is None:
                await asyncio.sleep(0.1)

    await asyncio.gather(*(run(seat) for seat in seats))


async def outbox_drained(database: Path, timeout: float = 60.0) -> None:
    deadline = time.perf_counter() + timeout
    while any(g.pending for g in read_store(database)):
        assert time.perf_counter() < deadline, "the outbox was not drained after the faults stopped"
        await asyncio.sleep(0.1)


def summary_problems(fake: FakeDiscord, watch: Watch, specs: list[TableSpec]) -> list[str]:
    """The summary card of each finished game in the channel says it is over."""
    over = t("en", "summary.finished", place="").split("{")[0].strip().rstrip(".")
    problems = []
    for spec in specs:
        for thread_id, pk in spec.games:
            thread = fake.store.channels[thread_id]
            card = fake.store.messages.get(thread_id)  # the thread was started from the summary card
            text = " ".join(str(e.get("description", "")) for e in card.embeds) if card else ""
            if over.split(" Replay")[0] not in text:
                problems.append(f"game {pk} ({thread.name}): the summary card still says {text[:120]!r}")
    return problems


@pytest.fixture
async def bot_process(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    """The bot in a process of its own, as in production: the fake's own work (it validates every body
    against the spec) does not take the bot's CPU, so a missed 3 s deadline is the bot's, or a fault's."""
    bot = BotProcess(fake, tmp_path / "deckhand.db", tmp_path / "bot.log")
    try:
        yield bot
    finally:
        await bot.kill()


@pytest.mark.timeout(600 if ROUNDS > 1 else 240)
async def test_with_a_tenth_of_requests_failing_every_move_is_published_once(
    fake: FakeDiscord, bot_process: BotProcess
) -> None:
    bot, database = bot_process, bot_process.database
    await bot.start()
    watch = Watch(fake)
    watch.ready()
    guild = fake.guild
    result = CrashAudit()
    specs: list[TableSpec] = []
    with fake.expect_violations() as caught:
        for round_no in range(ROUNDS):
            fake.faults.clear()
            pair = [
                TableSpec("glorious-crown", [guild.member(f"alice{round_no}")], ais=2),
                TableSpec("yggdrasil", [guild.member(f"bob{round_no}")], ais=1),
            ]
            specs += pair
            threads = [(await start_game(watch, spec))[0] for spec in pair]
            inject(fake, SEED + 10 * round_no)
            await asyncio.gather(
                *(press_start(watch, spec, th) for spec, th in zip(pair, threads, strict=True))
            )
            await asyncio.gather(
                *(
                    play_to_the_end(watch, spec, th, SEED + 100 * round_no + i, timeout=200)
                    for i, (spec, th) in enumerate(zip(pair, threads, strict=True))
                )
            )
        fake.faults.clear()
        await outbox_drained(database)
    await bot.stop()
    # A click Discord lost (its callback failed past the 3 s deadline) is the only violation allowed, and
    # only where a fault hit that callback.
    for violation in caught:
        if violation.kind != "deadline":
            result.problem(f"violation: {violation.describe()}")
    for inter in fake.store.interactions.values():
        if inter.late and inter.id not in watch.cut:
            if any(r.injected for r in watch.requests.of(inter.id)):
                watch.cut.add(inter.id)
            else:
                first = min((r.started for r in watch.requests.of(inter.id)), default=None)
                delay = (
                    "no answer"
                    if first is None
                    else f"first answer after {first - inter.dispatched_perf:.2f} s"
                )
                result.problem(f"{inter.kind!r} missed its deadline with no fault on its callback ({delay})")
    games = read_store(database)
    audit_tables(fake, games, result)
    audit_store(games, move_clicks(fake, watch.requests), result)
    audit_answers(fake, watch, result, cut_label="clicks Discord lost to a fault (clicked again)")
    # A summary card whose edit failed after a post is brought up to date by the entry's retry.
    result.figures["summary cards left out of date"] = len(summary_problems(fake, watch, specs))

    figures = result.figures
    # A click Discord lost ends in 404 Unknown interaction (10062) when the bot answers it: the bot logs a
    # warning for it (not an error). Counted apart; any other error is a problem.
    errors = logged_errors(bot.log_file)
    lost = [e for e in errors if "(error code: 10062)" in e]
    figures["errors the bot logged"] = len(errors) - len(lost)
    figures["'unexpected error' logged for a click Discord lost (10062)"] = len(lost)
    result.problems += [f"the bot logged: {entry}" for entry in errors if entry not in lost][:5]
    if len(lost) > figures["clicks Discord lost to a fault (clicked again)"]:
        result.problem(f"{len(lost)} errors of lost interactions for fewer lost clicks")
    injected = fake.faults.injected()
    figures["faults injected"] = len(injected)
    for fault in injected:
        done = " after carrying the request out" if "processed" in fault.rule else ""
        figures[f"faults: {fault.status} answers injected{done}"] += 1
    figures["requests made by the bot"] = len(fake.requests)
    figures["retried sends answered with the first message (nonce)"] = len(fake.messages.deduplicated)
    figures["games finished under faults"] = sum(1 for g in games if g.status == "finished")
    stale_buttons = 0
    for spec in specs:
        for thread_id, _pk in spec.games:
            posted = table_messages(fake, thread_id)
            stale_buttons += sum(1 for m in posted[:-1] if m.buttons())
    figures["older table messages still showing buttons"] = stale_buttons
    FIGURES["faults"].update(figures)
    print(f"\nfaults figures (seed {SEED}):")
    for name, value in sorted(figures.items()):
        print(f"  {name:<72} {value:>8}")
    assert not result.problems, "\n".join(result.problems[:40])
    assert figures["games finished under faults"] == 2 * ROUNDS
    assert figures["finished games published to their final message"] == 2 * ROUNDS
    assert figures["duplicate table messages"] == 0
    assert figures["actions lost"] == 0 and figures["actions doubled"] == 0
    assert len(injected) >= 10, "too few faults to mean anything"


# -- Discord's nonce deduplication, and what the bot makes of it ------------------------------------------
async def post(fake: FakeDiscord, channel_id: int, body: dict[str, Any]) -> dict[str, Any]:
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"{fake.api_base}/channels/{channel_id}/messages", json=body, headers=headers
        ) as response,
    ):
        assert response.status == 200, await response.text()
        answer: dict[str, Any] = await response.json()
        return answer


async def test_the_fake_answers_a_repeated_enforced_nonce_with_the_first_message(fake: FakeDiscord) -> None:
    channel = fake.guild.default_channel
    first = await post(fake, channel.id, {"content": "one", "nonce": "n-1", "enforce_nonce": True})
    again = await post(fake, channel.id, {"content": "one", "nonce": "n-1", "enforce_nonce": True})
    assert again["id"] == first["id"]
    # Without enforce_nonce, or with another nonce, a send is a new message.
    loose = await post(fake, channel.id, {"content": "one", "nonce": "n-1"})
    other = await post(fake, channel.id, {"content": "one", "nonce": "n-2", "enforce_nonce": True})
    assert len({first["id"], loose["id"], other["id"]}) == 3
    assert [m.content for m in channel.messages()] == ["one", "one", "one"]
    # "The past few minutes": an old nonce no longer deduplicates.
    fake.clock.advance(600)
    late = await post(fake, channel.id, {"content": "one", "nonce": "n-1", "enforce_nonce": True})
    assert late["id"] != first["id"]


async def test_a_table_post_discord_carried_out_but_answered_503_is_not_posted_twice(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    """The outbox retries the post as a new send; the bot names each entry's post with a nonce of its own
    (``enforce_nonce``), so Discord answers the repeat with the message it already created. Before that
    nonce (discord.py's random one per send) this posted the start's table message twice."""
    runner = await running_bot()
    tables = runner.bot.tables  # type: ignore[union-attr]
    tables.outbox.retry_base = 0.05
    alice = fake.guild.member("alice")
    opened = await open_game(fake, alice, "glorious-crown", ais=2)
    fake.faults.server_error(
        503, method="POST", path=f"/channels/{opened.thread.id}/messages", processed=True
    )
    await alice.click("Start", message=opened.lobby)
    for _ in range(200):
        if not await tables.store.pending(1):
            break
        await asyncio.sleep(0.05)
    assert fake.faults.injected(), "the post was hit"
    (game,) = read_store(runner.database)
    posted = table_messages(fake, opened.thread.id)
    # The AIs may have played on to alice's turn meanwhile: as many messages as the log calls for, no more.
    assert len(posted) == expected_table_posts(game), (
        f"{len(posted)} table messages for {len(game.actions)} moves"
    )
    assert fake.messages.deduplicated, "the repeated post was answered with the first message"


async def test_the_summary_card_shows_the_end_after_its_edits_failed(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    """The summary card in the channel is edited after each new table message; when that edit fails
    (Discord 503) the entry is retried, and the retry must still bring the card up to date (the final
    standings above all: nothing edits the card after the game's last entry)."""
    runner = await running_bot()
    runner.bot.tables.outbox.retry_base = 0.05  # type: ignore[union-attr]
    watch = Watch(fake)
    watch.ready()
    spec = TableSpec("test-climb", [fake.guild.member("bob")], ais=1)
    thread_id, _pk = await start_game(watch, spec)
    card = f"/channels/{fake.guild.default_channel.id}/messages/{thread_id}"
    fake.faults.server_error(503, method="PATCH", path=card, seconds=3600)
    await press_start(watch, spec, thread_id)
    await play_to_the_end(watch, spec, thread_id, SEED, timeout=120)
    fake.faults.clear()
    await outbox_drained(runner.database)
    assert fake.faults.injected(), "the card's edits failed"
    # The outbox edits a stale card again on its backoff (bounded wait: the retry is the bot's own).
    for _ in range(200):
        if not summary_problems(fake, watch, [spec]):
            break
        await asyncio.sleep(0.05)
    assert summary_problems(fake, watch, [spec]) == []
