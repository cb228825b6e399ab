"""A table that fits a busy team server (issue 11), through the real bot and the fake Discord: a thread per
game with one summary card in the channel, one table message per human turn, pings only for the seats to
act, leaving and coming back, the settings for Manage Server only, and a refused thread that leaves
nothing behind.

``-s`` prints the message counts and picture bytes per game (the issue's before: a 3-seat AWS game posted
157 messages in the channel, a 4-seat Glorious Crown game about 90, each with a picture)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.store import GuildSettings
from tests.e2e.tables import OpenedGame, open_game
from tests.e2e.test_every_game import latest_table, play_my_turn
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, SeenMessage
from tests.fakediscord.permissions import CREATE_PUBLIC_THREADS

pytestmark = pytest.mark.timeout(300)


def table_messages(messages: list[SeenMessage]) -> list[SeenMessage]:
    return [m for m in messages if any(a.filename in ("table.png", "final.png") for a in m.attachments)]


def human_turns(log: list[Any], seat: str) -> int:
    """Runs of consecutive actions by ``seat`` in the action log: the turns the human played."""
    turns, previous = 0, None
    for row in log:
        if row.seat == seat and previous != seat:
            turns += 1
        previous = row.seat
    return turns


def mention_posts(fake: FakeDiscord, channel_id: int) -> list[dict[str, Any]]:
    """The bodies of every message the bot posted in a channel (with the mentions it allowed)."""
    out = []
    for request in fake.requests:
        if request.method == "POST" and request.path.endswith(f"/channels/{channel_id}/messages"):
            body = request.body if isinstance(request.body, dict) else {}
            out.append(body)
    return out


async def play_alone_with_ais(
    fake: FakeDiscord, running_bot: StartBot, game: str, ais: int, seed: str
) -> tuple[OpenedGame, Any, FakeMember]:
    runner = await running_bot()
    alice = fake.guild.member("alice")
    opened = await open_game(fake, alice, game, ais=ais, start=True)
    rng = random.Random(seed)
    for _ in range(3000):
        table = latest_table(alice)
        if any(a.filename == "final.png" for a in table.attachments):
            break
        if f"<@{alice.id}>" not in table.content:
            await asyncio.sleep(0.1)
            continue
        await play_my_turn(alice, table, rng)
    else:
        pytest.fail("no end")
    return opened, runner.bot.tables, alice  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "ais"), [("aws-builder-cards", 2), ("glorious-crown", 3)])
async def test_one_table_message_per_human_turn_and_one_card_in_the_channel(
    fake: FakeDiscord, running_bot: StartBot, game: str, ais: int
) -> None:
    opened, tables, alice = await play_alone_with_ais(fake, running_bot, game, ais, game)
    rec = await tables.store.get_game(1)  # the one game of this test
    assert rec.channel_id == opened.thread.id and rec.parent_channel_id == opened.thread.parent.id
    pk = rec.id
    log = await tables.store.actions(pk)
    me = rec.seat_of(alice.id).seat
    turns = human_turns(log, me)

    thread_messages = opened.thread.messages()
    tables_posted = table_messages(thread_messages)
    finals = [m for m in tables_posted if any(a.filename == "final.png" for a in m.attachments)]
    assert len(finals) == 1
    # The start message plus at most one per human turn (an AI starting the game adds none of its own).
    assert len(tables_posted) - 1 <= turns + 1, (len(tables_posted), turns)
    # In the channel: the summary card only, edited as the game went, now with the standings.
    in_channel = [m for m in opened.thread.parent.messages() if m.author.bot]
    assert [m.id for m in in_channel] == [opened.summary.id]
    assert opened.summary.edited and "over" in opened.summary.text().lower()

    # Pictures only on table messages (and the final one), never on lines about single events.
    with_pictures = [m for m in thread_messages if m.attachments]
    assert {m.id for m in with_pictures} == {m.id for m in tables_posted}
    picture_bytes = sum(len(a.data) for m in with_pictures for a in m.attachments)
    print(
        f"\n{game}: {len(log)} actions, {turns} human turns; thread: {len(thread_messages)} public messages,"
        f" {len(tables_posted)} with a picture ({picture_bytes / 1024:.0f} KiB in total); channel: "
        f"{len(in_channel)} message"
    )

    # Each table message pinged exactly the seats to act: here only alice, and only on her turns.
    for body in mention_posts(fake, opened.thread.id):
        allowed = body.get("allowed_mentions")
        assert allowed is not None, f"a post without allowed_mentions may ping anyone: {body.get('content')}"
        users = [int(u) for u in allowed.get("users", [])]
        assert "users" not in allowed.get("parse", [])
        if users:
            assert users == [alice.id]
            assert f"<@{alice.id}>" in body.get("content", "")


async def test_status_pings_nobody_and_two_humans_are_each_pinged_on_their_turn(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await open_game(fake, alice, "glorious-crown", players=[bob], ais=1, start=True)
    before = len(fake.requests)
    status = await bob.slash("game status")
    assert not status.ephemeral and status.images()
    bodies = [r.body for r in fake.requests[before:] if isinstance(r.body, dict) and "content" in r.body]
    for body in bodies:
        allowed = body.get("allowed_mentions") or body.get("data", {}).get("allowed_mentions")
        assert allowed == {"parse": []} or allowed.get("users") in (None, []), body
    rng = random.Random(4)
    tables = runner.bot.tables  # type: ignore[attr-defined]
    for _ in range(6):  # a few turns: each table message's ▶ line names exactly the humans to act
        table = latest_table(alice)
        line = next((ln for ln in table.content.splitlines() if ln.startswith("▶")), "")
        named = [m for m in (alice, bob) if f"<@{m.id}>" in line]
        if not named:
            await asyncio.sleep(0.1)
            continue
        rec = (await tables.store.live_games())[0]
        to_act = {rec.seat_info(s).user_id for s in tables.engine(rec).to_move(tables.state(rec))}
        assert {m.id for m in named} == to_act - {None}
        await play_my_turn(named[0], table, rng)
    for body in mention_posts(fake, opened.thread.id):
        users = [int(u) for u in (body.get("allowed_mentions") or {}).get("users", [])]
        assert len(users) <= 2 and all(u in (alice.id, bob.id) for u in users)


async def test_leave_is_confirmed_announced_and_the_seat_comes_back(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice, bob, carol = (fake.guild.member(n) for n in ("alice", "bob", "carol"))
    opened = await open_game(fake, alice, "glorious-crown", players=[bob], ais=1, start=True)
    ask = await bob.slash("game leave")
    assert ask.ephemeral and "Leave the game" in ask.button_labels()
    stay = await bob.click("Stay", message=ask.message)
    assert "stay" in stay.message.text().lower()
    ask = await bob.slash("game leave")
    await bob.click("Leave the game", message=ask.message)
    notice = [m for m in opened.thread.messages() if "left the game" in m.content]
    assert len(notice) == 1 and "Bob" in notice[0].content
    tables = runner.bot.tables  # type: ignore[attr-defined]
    rec = (await tables.store.live_games())[0]
    assert rec.seat_of(bob.id) is None and any(s.left_by == bob.id for s in rec.seats)

    # Someone else cannot take bob's seat with the button; bob can.
    opened.follow(carol)
    refused = await carol.click("Take my seat back", message=notice[0])
    assert refused.ephemeral and "no seat to take back" in refused.text()
    back = await bob.click("Take my seat back", message=notice[0])
    assert back.ephemeral and "Welcome back" in back.text()
    assert any("is back" in m.content for m in opened.thread.messages())
    rec = (await tables.store.live_games())[0]
    assert rec.seat_of(bob.id) is not None

    # Bob acts again when it is his turn (the AI may have played his seat meanwhile).
    rng = random.Random(2)
    for _ in range(40):
        table = latest_table(bob)
        if f"<@{bob.id}>" in table.content:
            assert await play_my_turn(bob, table, rng) > 0
            break
        if f"<@{alice.id}>" in table.content:
            await play_my_turn(alice, table, rng)
        else:
            await asyncio.sleep(0.1)
    else:
        pytest.fail("bob never got a turn back")

    # The host seats carol in the AI's seat; then everybody leaves: the game ends as abandoned.
    ai_name = next(s.name for s in rec.seats if s.is_ai)
    seated = await alice.slash("game seat", seat=ai_name, member=carol)
    assert seated.ephemeral and "Carol" in seated.text()
    for member in (bob, carol, alice):
        ask = await member.slash("game leave")
        await member.click("Leave the game", message=ask.message)
    rec = await tables.store.get_game(rec.id)
    assert rec.status.value == "aborted" and rec.end_reason == "abandoned"
    assert await tables.store.results(rec.id) == []
    assert any("abandoned" in m.content for m in opened.thread.messages())
    assert "abandoned" in opened.summary.text()


async def test_settings_are_for_manage_server_only(fake: FakeDiscord, running_bot: StartBot) -> None:
    runner = await running_bot()
    member = fake.guild.member("mallory")
    admin = fake.guild.member("ada", roles=["Moderator"])
    store = runner.bot.tables.store  # type: ignore[attr-defined]
    refused = await member.slash("game settings", language="ja", threads="off")
    assert refused.ephemeral and "Manage Server" in refused.text()
    assert (
        await store.guild_locale(fake.guild.id) is None
        and await store.guild_settings(fake.guild.id) == GuildSettings()
    )
    done = await admin.slash("game settings", threads="off", language="ja")
    assert done.ephemeral and await store.guild_locale(fake.guild.id) == "ja"
    # Threads off here: the next game stays in the channel, and the lobby is the reply itself.
    lobby = await admin.slash("game new", game="yggdrasil")
    assert lobby.message is not None and lobby.message.thread is None and not fake.guild.threads
    assert "参加" in lobby.text()


async def test_a_missing_thread_permission_is_named_and_leaves_nothing_behind(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice = fake.guild.member("alice")
    await fake.guild.set_bot_permissions("#game-night", deny=CREATE_PUBLIC_THREADS)
    before = [m.id for m in alice.visible_messages() if not m.ephemeral]
    reply = await alice.slash("game new", game="glorious-crown")
    assert reply.ephemeral and "Create Public Threads" in reply.text()
    assert [m.id for m in alice.visible_messages() if not m.ephemeral] == before
    assert not fake.guild.threads
    assert await runner.bot.tables.store.live_games() == []  # type: ignore[attr-defined]


async def test_the_yggdrasil_final_message_carries_the_time_lapse(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    opened, tables, _alice = await play_alone_with_ais(fake, running_bot, "yggdrasil", 1, "ygg")
    final = table_messages(opened.thread.messages())[-1]
    names = [a.filename for a in final.attachments]
    assert names[0] == "final.png" and "timelapse.gif" in names
    gif = next(a for a in final.attachments if a.filename == "timelapse.gif")
    placements = sum(1 for row in await tables.store.actions(1) if row.action.get("type") == "place")
    assert getattr(gif.image(), "n_frames", 1) >= placements > 0
    assert len(gif.data) < 8 * 1024 * 1024


async def test_many_games_per_channel_each_in_its_thread(fake: FakeDiscord, running_bot: StartBot) -> None:
    await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    first = await open_game(fake, alice, "glorious-crown")
    second = await open_game(fake, bob, "yggdrasil")
    assert first.thread.id != second.thread.id and first.thread.parent.id == second.thread.parent.id
    assert [t.name for t in fake.guild.threads] == ["Glorious Crown #1 · Alice", "The Yggdrasil #2 · Bob"]
    # In the channel, a game command cannot tell which game is meant: it points to the threads.
    asked = await alice.slash("game status", channel=first.thread.parent)
    assert (
        asked.ephemeral
        and f"<#{first.thread.id}>" in asked.content
        and f"<#{second.thread.id}>" in asked.content
    )
    # In a thread, it is that thread's game; a second /game new there is refused (one game per thread).
    here = await alice.slash("game status")
    assert "Glorious Crown" in here.text()
    again = await alice.slash("game new", game="yggdrasil")
    assert again.ephemeral and len(fake.guild.threads) == 2
