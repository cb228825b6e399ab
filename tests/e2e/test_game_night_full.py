"""Issue 26's "Done means", whole, through the fake Discord with the real bot: 11 members sign up for AWS
Builder Cards, 2 sets of 30 (simulated) minutes at 4 + 4 + 3 (GN-7); in each set one table plays its game to
its end and the others are called at the limit and finish as GN-2 says; the bot restarts in the middle of
set 1 and loses nothing; set 2 is reseated with the fewest repeated pairs there can be (GN-8); the standings
equal a computation by hand from the games' final results (GN-9, GN-11, GN-12); what members wrote after
each set is in the closing message, under their table."""

from __future__ import annotations

import random
from collections.abc import Callable
from math import comb
from typing import Any

import pytest

import engines
from bot.store import GameRecord, Status
from engines.core import Outcome
from engines.night.seating import pairs_of, repeated_pairs
from tests.e2e.test_game_night import (
    _called,
    _posted,
    _set_over,
    bot_posts,
    host_of,
    nights,
    open_night,
    play_human_seats,
    until,
)
from tests.e2e.test_game_night_reflections import ASKED, write
from tests.e2e.test_records import tables
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot, StartBot
from tests.fakediscord.harness import SeenMessage

pytestmark = pytest.mark.timeout(240)

GAME = "aws-builder-cards"


async def play_to_end(runner: RunningBot, pk: int, *, moves: int | None = None) -> None:
    """The one member still seated plays as the AI would, until the game ends (or for ``moves`` of their
    own moves); the AI plays the other seats."""
    rec = await tables(runner).store.get_game(pk)
    await play_human_seats(runner, rec, moves=moves, rounds=5000, must_end=moves is None)


async def waiting_on_members(runner: RunningBot, pk: int) -> bool:
    """The AI has played what it could: the game waits on a member (or is over)."""
    service = tables(runner)
    rec = await service.store.get_game(pk)
    if rec.status is not Status.RUNNING:
        return True
    movers = service.engine(rec).to_move(service.state(rec))
    return all(not rec.seat_info(m).is_ai for m in movers)


def holder(rec: GameRecord, seat: str) -> int | None:
    """GN-12: the member a seat's result belongs to (who holds it, or who handed it to the AI)."""
    info = rec.seat_info(seat)
    return info.user_id if info.user_id is not None else info.left_by


def by_hand(finished: list[tuple[GameRecord, Outcome]]) -> dict[int, tuple[float, int, float]]:
    """GN-9 and GN-11 worked out again here: points, first places, normalised raw scores per member."""
    sums: dict[int, list[float]] = {}
    for rec, outcome in finished:
        n = len(rec.seats)
        best = max(outcome.scores.values())
        place = 1
        for group in outcome.ranking:
            share = sum(10 * (n - p) / (n - 1) for p in range(place, place + len(group))) / len(group)
            for seat in group:
                member = holder(rec, seat)
                assert member is not None, "no AI seat at these tables"
                row = sums.setdefault(member, [0.0, 0.0, 0.0])
                score = outcome.scores[seat]
                row[0] += share
                row[1] += 1 if place == 1 else 0
                row[2] += score / best if best > 0 else float(score == best)
            place += len(group)
    return {m: (p, int(f), x) for m, (p, f, x) in sums.items()}


def fewest_repeats(earlier: list[list[int]], tables_now: int) -> int:
    """A lower bound of the pairs any seating of ``tables_now`` tables repeats: a table of k members of
    the set before, spread as evenly as can be over the new tables, still keeps some of them together."""
    bound = 0
    for table in earlier:
        base, extra = divmod(len(table), tables_now)
        bound += extra * comb(base + 1, 2) + (tables_now - extra) * comb(base, 2)
    return bound


async def snapshot(runner: RunningBot, night_pk: int) -> Any:
    store = nights(runner).store
    night = await store.get_night(night_pk)
    games = [await store.get_game(t.game_pk) for t in await store.night_tables(night_pk)]
    return (
        night,
        await store.signups(night_pk),
        await store.night_tables(night_pk),
        [(g.version, g.status, g.state_json, g.seats) for g in games],
    )


async def test_eleven_members_play_two_timed_sets_of_aws_builder_cards_through_a_restart(
    fake: FakeDiscord, running_bot: StartBot, look: Callable[[SeenMessage, str], bytes]
) -> None:
    runner = await running_bot()
    tables(runner).scheduler.clock = fake.clock
    host = host_of(fake)
    card, members = await open_night(fake, host, GAME, 11, sets=2, minutes=30)
    assert "2 × 30 min sets" in card.text() and "4 + 4 + 3" in card.text()
    service = nights(runner)
    night = await service.live_in(fake.guild.default_channel.id)
    engine = engines.get(GAME)
    finished: list[tuple[GameRecord, Outcome]] = []
    wrote: dict[tuple[int, int], str] = {}
    for set_no in (1, 2):
        started = await host.slash("night start")
        assert f"Set {set_no} started at 3 tables." in started.content
        made = await service.store.night_tables(night.id, set_no)
        assert sorted(len(t.members) for t in made) == [3, 4, 4]
        seated = [m for t in made for m in t.members]
        assert None not in seated and sorted(seated) == sorted(m.id for m in members)  # each once, no AI
        if set_no == 2:  # GN-8: no seating could repeat fewer pairs than this one does
            before = [[str(m) for m in t.members] for t in await service.store.night_tables(night.id, 1)]
            now = [[str(m) for m in t.members] for t in made]
            least = fewest_repeats([[int(m) for m in t] for t in before], len(now))
            assert repeated_pairs(now, pairs_of(before)) == least == 2
            # A random reseat of the same 4 + 4 + 3 repeats about 4 of set 1's 15 pairs.
            pool, rng = [m for t in before for m in t], random.Random(night.seed)
            randomly = []
            for _ in range(300):
                rng.shuffle(pool)
                randomly.append(repeated_pairs([pool[:4], pool[4:8], pool[8:]], pairs_of(before)))
            assert least < sum(randomly) / len(randomly)
        for table in made:  # the AI plays all but the first member's seat (GN-12: they keep its result)
            for member in table.members[1:]:
                assert member is not None
                await tables(runner).auto(table.game_pk, member, str(member))
        if set_no == 1:  # a restart in the middle of set 1 loses nothing
            for table in made:
                await until(lambda pk=table.game_pk: waiting_on_members(runner, pk), fake)
            kept = await snapshot(runner, night.id)
            await runner.restart()
            tables(runner).scheduler.clock = fake.clock
            service = nights(runner)
            assert await snapshot(runner, night.id) == kept
            assert (await service.store.get_night(night.id)).deadline_at == kept[0].deadline_at
        # Table 1's game is played to its end before the time runs out; the others are called (GN-1, GN-2).
        await play_to_end(runner, made[0].game_pk)
        for table in made[1:]:  # the others are some turns in when their time runs out
            await play_to_end(runner, table.game_pk, moves=4 * set_no)
        fake.clock.advance(30 * 60 + 1)
        for table in made[1:]:
            await until(lambda pk=table.game_pk, s=service: _called(s, pk), fake)
            await play_to_end(runner, table.game_pk)
        await until(lambda s=service: _set_over(s, night.id), fake)
        for table in made:
            rec = await service.store.get_game(table.game_pk)
            assert rec.status is Status.FINISHED
            outcome = engine.outcome(engine.load_state(rec.state_json or ""))
            assert outcome is not None
            assert (outcome.reason == "called") is (table is not made[0]), (table.table_no, outcome.reason)
            finished.append((rec, outcome))
            # The table's first member writes what they learned in its thread.
            thread = next(th for th in fake.guild.default_channel.threads if th.id == rec.channel_id)
            writer = next(m for m in members if m.id == table.members[0])
            await until(lambda th=thread, w=writer: _asked(w, th), fake)
            (ask,) = [m for m in writer.visible_messages(thread) if m.author.bot and ASKED in m.text()]
            text = f"Set {set_no}, table {table.table_no}: I learned to watch the shared board."
            assert "Thank you" in await write(writer, ask, text)
            wrote[(set_no, writer.id)] = text
    # The standings equal GN-9 … GN-12 worked out by hand from every game's final result.
    hand = by_hand(finished)
    rows = await service.standings(await service.store.get_night(night.id))
    assert sorted(int(r.member) for r in rows) == sorted(m.id for m in members)
    for row in rows:
        points, firsts, normalised = hand[int(row.member)]
        assert (row.points, row.firsts, row.normalised) == pytest.approx((points, firsts, normalised))
        assert set(row.per_set) == {1, 2}
    order = sorted(hand, key=lambda m: (-round(hand[m][0], 6), -hand[m][1], -round(hand[m][2], 6)))
    shown = [x for r in rows for x in hand[int(r.member)]]
    assert shown == pytest.approx([x for m in order for x in hand[m]])
    # The closing message: the final standings, every table's story, and both sets' reflections.
    await host.slash("night end")
    await until(lambda: _posted(host, "Tables and what we learned"), fake)
    closing = "\n".join(m.text() for m in bot_posts(host, "Final standings")[-1:]) + "\n".join(
        m.text() for m in bot_posts(host, "Tables and what we learned")
    )
    for i, message in enumerate(
        bot_posts(host, "Standings after set 1")[-1:] + bot_posts(host, "Final standings")
    ):
        look(message, f"standings-{i}")
    for i, message in enumerate(bot_posts(host, "Tables and what we learned")):
        look(message, f"closing-{i}")
    names = {m.id: m.name for m in members}
    for row in rows:
        assert f"{row.rank}. {names[int(row.member)]} — points:".casefold() in closing.casefold()
    for set_no in (1, 2):
        for table_no in (1, 2, 3):
            assert f"Set {set_no} · table {table_no}" in closing
    for (_set_no, member), text in wrote.items():
        assert f"**{names[member]}**: {text}".casefold() in closing.casefold()


async def _asked(member: Any, thread: Any) -> bool:
    return any(m.author.bot and ASKED in m.text() for m in member.visible_messages(thread))
