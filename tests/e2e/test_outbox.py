"""A failed table post never strands a game (issue 16): the move is saved with its outbox entry in one
transaction, the publisher retries, a restart resumes, and the player is told what is true.

Before the outbox these failed: the player read "The game is unchanged" although their move counted, and
the AI seat to move next never moved until the bot restarted, even after the permission came back."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from tests.e2e.tables import choose_first_move, open_game
from tests.e2e.test_every_game import latest_table
from tests.e2e.test_quiet_table import human_turns
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, SeenMessage
from tests.fakediscord.permissions import SEND_MESSAGES_IN_THREADS

pytestmark = pytest.mark.timeout(120)
GAME = "glorious-crown"


async def my_turn(alice: FakeMember) -> SeenMessage:
    for _ in range(200):
        table = latest_table(alice)
        if f"<@{alice.id}>" in table.content:
            return table
        await asyncio.sleep(0.05)
    raise AssertionError("alice never got a turn")


async def play_one_move(alice: FakeMember, table: SeenMessage) -> str:
    hand = (await alice.click("My hand", message=table)).message
    assert hand is not None
    if hand.selects():
        reply = await choose_first_move(alice, hand)
    else:
        reply = await alice.click(random.choice(hand.button_labels()), message=hand)
    return reply.text()


async def until_no_ai_to_move(tables: Any, *, published: bool = False) -> bool:
    """Wait until the game waits for a human or has ended (the AI seats moved on), and with ``published``
    until nothing is left in the outbox too; ``False`` if that never happened."""
    for _ in range(200):
        rec = await tables.store.get_game(1)
        movers = tables.engine(rec).to_move(tables.state(rec))
        ai_to_move = rec.status.value == "running" and any(rec.seat_info(m).is_ai for m in movers)
        if not ai_to_move and not (published and await tables.store.pending(1)):
            return True
        await asyncio.sleep(0.05)
    return False


async def test_a_post_refused_for_a_missing_permission_keeps_the_move_and_the_game_going(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    tables = runner.bot.tables  # type: ignore[attr-defined]
    alice = fake.guild.member("alice")
    opened = await open_game(fake, alice, GAME, ais=3, start=True)
    table = await my_turn(alice)
    actions_before = len(await tables.store.actions(1))
    await fake.guild.set_bot_permissions(opened.thread.parent, deny=SEND_MESSAGES_IN_THREADS)
    said = await play_one_move(alice, table)
    assert "Your move was played" in said and "Send Messages in Threads" in said, said
    assert "unchanged" not in said
    # The move counts, and the AIs after alice move on although nothing can be posted: they play until
    # it is alice's turn again (or the game ends).
    assert (await tables.store.actions(1))[actions_before].user_id == alice.id
    assert await until_no_ai_to_move(tables), "the AI seats stalled"
    assert await tables.store.pending(1), "what could not be posted waits in the outbox"

    # The permission is back: the next look at the game publishes everything, once.
    await fake.guild.set_bot_permissions(opened.thread.parent, allow=SEND_MESSAGES_IN_THREADS)
    await alice.slash("game hand")
    for _ in range(100):
        if not await tables.store.pending(1):
            break
        await asyncio.sleep(0.05)
    assert not await tables.store.pending(1)
    table = latest_table(alice)
    rec = await tables.store.get_game(1)
    assert rec.feed.message_id == table.id
    posted = [m for m in opened.thread.messages() if m.attachments]
    assert len({m.id for m in posted}) == len(posted)


async def test_discord_errors_are_retried_and_every_turn_is_posted_once(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    tables = runner.bot.tables  # type: ignore[attr-defined]
    tables.outbox.retry_base = 0.05
    alice = fake.guild.member("alice")
    opened = await open_game(fake, alice, GAME, ais=3, start=True)
    for _ in range(3):
        table = await my_turn(alice)
        # Discord answers 503 (not retried by discord.py) to the next two posts in the thread.
        fake.faults.server_error(503, method="POST", path=f"/channels/{opened.thread.id}/messages", times=2)
        await play_one_move(alice, table)
        for _ in range(200):
            if not await tables.store.pending(1) and latest_table(alice).id != table.id:
                break
            await asyncio.sleep(0.05)
        if (await tables.store.get_game(1)).status.value != "running":
            break
    assert fake.faults.injected(), "the faults were hit"
    assert not await tables.store.pending(1)
    posted = [m for m in opened.thread.messages() if m.attachments]
    rec = await tables.store.get_game(1)
    me = rec.seat_of(alice.id)
    assert me is not None
    turns = human_turns(await tables.store.actions(1), me.seat)
    assert len(posted) <= turns + 2, "a retried entry was posted twice (start + one per turn + final)"


async def test_a_restart_publishes_what_a_crash_left_unposted(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    tables = runner.bot.tables  # type: ignore[attr-defined]
    alice = fake.guild.member("alice")
    opened = await open_game(fake, alice, GAME, ais=3, start=True)
    table = await my_turn(alice)
    await fake.guild.set_bot_permissions(opened.thread.parent, deny=SEND_MESSAGES_IN_THREADS)
    await play_one_move(alice, table)
    assert await tables.store.pending(1)
    await runner.stop()
    await fake.guild.set_bot_permissions(opened.thread.parent, allow=SEND_MESSAGES_IN_THREADS)
    runner = await running_bot()  # the same SQLite file: the new process takes the outbox up
    tables = runner.bot.tables  # type: ignore[attr-defined]
    # The stop may have come before the AI seats after alice moved: settled means nothing left to post
    # and a human (or nobody: the game ended) to move, not just an outbox empty between two AI moves.
    await until_no_ai_to_move(tables, published=True)
    assert not await tables.store.pending(1)
    # The newest table message shows the game as stored: a new message, or the same one edited when
    # alice is still the one to move (Glorious Crown: everyone else passed).
    rec = await tables.store.get_game(1)
    state = tables.state(rec)
    newest = latest_table(alice)
    assert rec.feed.message_id == newest.id
    title = newest.embeds[0].get("title", "") if newest.embeds else ""
    assert f"move {state.turn + 1}" in title, (title, state.turn)
    assert state.turn > 0 and (newest.id != table.id or newest.raw.edited_at is not None)


async def test_a_backlog_is_worded_entry_by_entry_and_drawn_once_per_message(
    fake: FakeDiscord, running_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A burst of entries (here: three turns played while the bot could not post) is published with the
    words of every entry but one table picture per new message, not one per entry; when the burst is
    over, the table message shows the game as it stands."""
    import bot.table.publisher as publisher_module
    from bot.table.pictures import draw

    runner = await running_bot()
    tables = runner.bot.tables  # type: ignore[attr-defined]
    alice = fake.guild.member("alice")
    opened = await open_game(fake, alice, GAME, ais=3, start=True)
    table = await my_turn(alice)
    # No retry while the backlog builds: a retry would publish the burst before it is counted (on a slow
    # machine the loop below outlasts the first retries); the burst is published by the kick further down.
    tables.outbox.retry_base = 3600.0
    await fake.guild.set_bot_permissions(opened.thread.parent, deny=SEND_MESSAGES_IN_THREADS)
    said = await play_one_move(alice, table)
    assert "Send Messages in Threads" in said, said
    for _ in range(2):  # two more of alice's turns, played from /game hand while nothing can be posted
        await until_no_ai_to_move(tables)  # alice is the only human: her turn, or the game ended
        if (await tables.store.get_game(1)).status.value != "running":
            break
        hand = (await alice.slash("game hand")).message
        assert hand is not None
        if hand.selects():
            await choose_first_move(alice, hand)
        else:
            await alice.click(hand.button_labels()[0], message=hand)
    backlog = len(await tables.store.pending(1))
    assert backlog >= 4, backlog

    drawn: list[str] = []
    real = publisher_module.render_bytes

    async def counted(game_id: str, kind: str, *args: object, **kwargs: object) -> bytes | None:
        drawn.append(kind)
        return await real(game_id, kind, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(publisher_module, "render_bytes", counted)
    posted_before = {m.id for m in opened.thread.messages()}
    await fake.guild.set_bot_permissions(opened.thread.parent, allow=SEND_MESSAGES_IN_THREADS)
    tables.outbox.kick(1)
    await alice.slash("game hand")
    for _ in range(200):
        if not await tables.store.pending(1):
            break
        await asyncio.sleep(0.05)
    assert not await tables.store.pending(1)
    new_tables = [
        m
        for m in opened.thread.messages()
        if m.id not in posted_before and any(a.filename == "table.png" for a in m.attachments)
    ]
    # One picture per new table message, and at most one more for the message the burst ends on.
    assert drawn.count("table") <= len(new_tables) + 1 < backlog, (drawn, len(new_tables), backlog)
    rec = await tables.store.get_game(1)
    if rec.status.value == "running":
        latest = next(m for m in opened.thread.messages() if m.id == rec.feed.message_id)
        shown = next(a.data for a in latest.attachments if a.filename == "table.png")
        engine = tables.engine(rec)
        lang = await tables.publisher.public_lang(rec.guild_id)
        now = draw(
            rec.game_id, "table", engine.view(tables.state(rec), None), lang, rec.names(), rec.ai_seats()
        )
        assert shown == now, "the table message shows the game as it stands"
