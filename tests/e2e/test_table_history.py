"""The table messages read as the game's history (issue "Fixes found by playing every game as a new user
would", item 2), through the real bot and the fake Discord, in a game's thread and in a channel with
threads off: a message that a newer one follows keeps the words of the moves it announced and its own
picture, so no two table messages in a row show the same picture, and the text of the table messages,
read top to bottom, holds every public event of the game.

Before the fix, the turn passing from one human to the other edited the previous message into a copy of
the new one (same words, same picture), which took the lines it had shown out of the thread."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.games import manifest, ui_for
from bot.table.service import TableService
from engines.core import Event
from tests.e2e.tables import open_game
from tests.e2e.test_every_game import latest_table, play_my_turn
from tests.e2e.test_quiet_table import table_messages
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, SeenMessage

pytestmark = pytest.mark.timeout(300)
GAME = "glorious-crown"


async def public_lines(tables: TableService, pk: int) -> list[str]:
    """Every public event of the game in the words of its table messages ("• …"), replayed from the log."""
    rec = await tables.store.get_game(pk)
    engine = manifest(rec.game_id).engine
    ui = ui_for(rec.game_id)
    lang = await tables.publisher.public_lang(rec.guild_id)
    state = engine.new_game([s.seat for s in rec.seats], rec.options, rec.seed)
    events: list[Event] = []
    for action in await tables.store.actions(pk):
        step = engine.apply(state, action.seat, action.action)
        state = step.state
        events.extend(e for e in step.events if e.public)
    out = []
    for event in events:
        text = ui.describe_event(event, lang, rec.names())
        if text:  # a description may take several lines: each is a line of the message
            out.extend(f"• {text}".splitlines())
    return out


def missing_in_order(text: list[str], wanted: list[str]) -> list[str]:
    """The wanted lines that ``text`` (lines, top to bottom) does not hold in that order."""
    missing, at = [], 0
    for line in wanted:
        try:
            at = text.index(line, at) + 1
        except ValueError:
            missing.append(line)
    return missing


async def play_to_the_end(players: list[FakeMember], seed: int) -> None:
    """Each human plays when the newest table message names them, until the final message."""
    rng = random.Random(seed)
    for _ in range(3000):
        table = latest_table(players[0])
        if any(a.filename == "final.png" for a in table.attachments):
            return
        turn = next((ln for ln in table.content.splitlines() if ln.startswith("▶")), "")
        named = [p for p in players if f"<@{p.id}>" in turn]
        if named:
            await play_my_turn(named[0], table, rng)
        else:
            await asyncio.sleep(0.05)
    pytest.fail("the game never ended")


def table_history(fake: FakeDiscord, channel_id: int) -> list[str]:
    """Replays the bot's requests to a channel and returns what was wrong with its table messages as it
    happened: a new table message showing the picture or the words of the one before it, and an edit that
    changed the words or the picture of a table message a newer one already followed."""
    faults: list[str] = []
    pictures: dict[int, bytes] = {}
    words: dict[int, str] = {}
    order: list[int] = []  # the table messages, oldest first
    prefix = f"/channels/{channel_id}/messages"
    for request in fake.requests:
        if request.status is None or request.status >= 300 or not request.path.startswith(prefix):
            continue
        body = request.body if isinstance(request.body, dict) else {}
        picture = next((u.data for u in request.uploads if u.filename == "table.png"), None)
        if request.method == "POST" and request.path == prefix and picture is not None:
            new = int(request.response["id"])
            if new in pictures:  # the same post, returned again for its nonce
                continue
            if order and pictures[order[-1]] == picture:
                faults.append(f"same picture as the message before: {body.get('content')!r}")
            if order and words[order[-1]] == body.get("content"):
                faults.append(f"same words as the message before: {body.get('content')!r}")
            order.append(new)
            pictures[new], words[new] = picture, str(body.get("content"))
        elif request.method == "PATCH" and request.path != prefix:
            edited = int(request.path.rsplit("/", 1)[1])
            if edited not in pictures:
                continue
            rewritten = picture is not None or body.get("content", words[edited]) != words[edited]
            if edited != order[-1] and rewritten:
                faults.append(f"an older table message was rewritten: {body.get('content')!r}")
            if picture is not None:
                pictures[edited] = picture
            if "content" in body:
                words[edited] = str(body["content"])
    return faults


@pytest.mark.parametrize("threads", ["on", "off"])
async def test_table_messages_are_never_doubled_or_rewritten_and_hold_every_public_event(
    fake: FakeDiscord, running_bot: StartBot, threads: str
) -> None:
    runner = await running_bot()
    tables = runner.bot.tables  # type: ignore[attr-defined]
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    if threads == "on":
        opened = await open_game(fake, alice, GAME, players=[bob], ais=1, start=True)
        place = opened.thread
    else:
        admin = fake.guild.member("ada", roles=["Moderator"])
        await admin.slash("game settings", threads="off")
        lobby = (await alice.slash("game new", game=GAME)).message
        assert lobby is not None and lobby.thread is None
        await bob.click("Join", message=lobby)
        await alice.slash("game add-ai")
        await alice.click("Start", message=lobby)
        place = fake.guild.channel()
    await play_to_the_end([alice, bob], seed=7)

    faults = table_history(fake, place.id)
    assert not faults, "\n".join(faults[:5])
    posted: list[SeenMessage] = table_messages(place.messages())
    assert len(posted) > 3
    text = [line for m in posted for line in m.content.splitlines()]
    wanted = await public_lines(tables, 1)  # the one game of this test
    assert wanted
    missing = missing_in_order(text, wanted)
    assert not missing, f"{len(missing)} of {len(wanted)} public events are not in the thread: {missing[:5]}"
    # A message that a newer one follows tells nothing stale: no turn line, no clock.
    for older in posted[:-1]:
        assert not any(ln.startswith(("▶", "⏳")) for ln in older.content.splitlines()), older.content


async def test_an_aborted_game_leaves_no_clock_or_turn_on_its_table_message(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await open_game(fake, alice, GAME, players=[bob], ais=1, options="clock=24h", start=True)
    for _ in range(200):  # a human's turn with its clock (the AI may have been seated first)
        posted = table_messages(opened.thread.messages())
        if posted and "⏳" in posted[-1].content:
            break
        await asyncio.sleep(0.05)
    else:
        pytest.fail("no table message with a clock")
    events = [ln for ln in posted[-1].content.splitlines() if not ln.startswith(("▶", "⏳"))]
    ask = await alice.slash("game abort")
    await alice.click("Abort the game", message=ask.message)
    assert any("aborted" in m.text() for m in opened.thread.messages())
    table = latest_table(alice)
    assert not any(ln.startswith(("▶", "⏳")) for ln in table.content.splitlines()), table.content
    assert table.content.splitlines() == events and not table.buttons(), "its lines stay, its buttons go"
