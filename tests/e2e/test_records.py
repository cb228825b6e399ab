"""``/game history``, ``/game replay`` and ``/game stats`` through the fake Discord, on whole games of the
test game Climb (short, with private events: a drawn card is seen by its drawer only, a 7's gift by giver
and receiver).

What the players were shown is checked against the game rebuilt independently from the stored log with
``engines.core.replay`` and the engine itself, not against the bot's own records code.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import pytest
from PIL import Image, ImageChops

import engines
from bot.games import manifest, ui_for
from bot.store import GameRecord, Status
from engines.core import Event, replay
from tests.e2e.tables import open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot, StartBot
from tests.fakediscord.channels import FakeThread
from tests.fakediscord.harness import FakeMember, Reply, SeenMessage

pytestmark = pytest.mark.timeout(180)

GAME = "test-climb"
ENGINE = engines.get(GAME)
UI = ui_for(GAME)
R = manifest(GAME).renderer
NAVIGATION = {"◀ Previous", "Next ▶", "◀ Back", "My hand"}
MOVE = re.compile(r"· move (\d+)")


# -- setting up and playing -----------------------------------------------------------------------------
async def start_game(
    fake: FakeDiscord, host: FakeMember, *, players: tuple[FakeMember, ...] = (), ais: int = 0
) -> FakeThread:
    """Game setup in one place: ``/game new`` (the game gets its own thread), seats, Start. Returns where
    the game is played; every member named is in there."""
    host.in_channel(fake.guild.default_channel)  # a new game is opened from the channel, not a thread
    opened = await open_game(fake, host, GAME, players=players, ais=ais, start=True)
    return opened.thread


def tables(runner: RunningBot) -> Any:
    assert runner.bot is not None
    return runner.bot.tables  # type: ignore[attr-defined]


async def game_in(runner: RunningBot, where: FakeThread) -> GameRecord:
    store = tables(runner).store
    rows = await store._fetch(
        "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (where.id,)
    )
    assert rows, f"no game in {where.name}"
    rec: GameRecord = rows[0]
    return rec


def the_message(reply: Reply) -> SeenMessage:
    message = reply.message or (reply.followups[-1] if reply.followups else None)
    assert message is not None, reply
    return message


async def move(member: FakeMember, draw: bool) -> None:
    """One move from the member's hand (``/game hand``): draw when asked and possible, else the first card
    the select offers, else whatever button is left (Pass, Draw)."""
    hand = the_message(await member.slash("game hand"))
    assert hand.ephemeral
    buttons = [b for b in hand.button_labels() if b not in NAVIGATION]
    if draw and "Draw a card" in buttons:
        await member.click("Draw a card", message=hand)
        return
    if hand.selects():
        menu = hand.selects()[0]
        await member.choose(menu.custom_id, [menu.options[0].value], message=hand)
        return
    assert buttons, f"{member.name} has no move: {hand.text()}"
    await member.click(buttons[0], message=hand)


async def play_to_the_end(
    runner: RunningBot, where: FakeThread, members: list[FakeMember], draws: int = 0
) -> GameRecord:
    """Humans move until the game ends (the AI seats move by themselves); each human draws on their first
    ``draws`` turns when the deck allows."""
    by_id = {m.id: m for m in members}
    turns = {m.id: 0 for m in members}
    for _ in range(400):
        rec = await game_in(runner, where)
        if rec.status is Status.FINISHED:
            return rec
        state = tables(runner).state(rec)
        humans = [s for s in ENGINE.to_move(state) if not rec.seat_info(s).is_ai]
        if not humans:
            await asyncio.sleep(0.05)  # the AI is thinking
            continue
        member = by_id[rec.seat_info(humans[0]).user_id]
        turns[member.id] += 1
        await move(member, draw=turns[member.id] <= draws)
    pytest.fail("the game did not end")


async def rebuilt(runner: RunningBot, rec: GameRecord) -> tuple[list[Any], list[tuple[str, list[Event]]]]:
    """Every state of the game (0: the deal) and each action's seat and events, from the stored log."""
    log = [(a.seat, a.action) for a in await tables(runner).store.actions(rec.id)]
    players = [s.seat for s in rec.seats]
    states = [replay(ENGINE, players, rec.options, rec.seed, log[:k]) for k in range(len(log) + 1)]
    steps = [(seat, ENGINE.apply(states[k], seat, action).events) for k, (seat, action) in enumerate(log)]
    return states, steps


def same_picture(a: bytes, b: bytes) -> bool:
    one = Image.open(io.BytesIO(a)).convert("RGB")
    two = Image.open(io.BytesIO(b)).convert("RGB")
    return one.size == two.size and ImageChops.difference(one, two).getbbox() is None


async def whole_history(member: FakeMember, **options: Any) -> tuple[str, SeenMessage]:
    """Every page of ``/game history`` as the member reads them, oldest first (it opens on the newest)."""
    reply = await member.slash("game history", **options)
    message = the_message(reply)
    assert message.ephemeral, "a history is shown to the one who asked only"
    pages = [message.embeds[0]["description"]]
    for _ in range(50):
        if "◀ Previous" not in message.button_labels():
            break
        message = the_message(await member.click("◀ Previous", message=message))
        pages.insert(0, message.embeds[0]["description"])
    return "\n".join(pages), message


# -- the tests ------------------------------------------------------------------------------------------
async def test_history_shows_a_player_their_own_private_events_only(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice, bob, carol = fake.guild.member("alice"), fake.guild.member("bob"), fake.guild.member("carol")
    where = await start_game(fake, alice, players=(bob,))
    rec = await play_to_the_end(runner, where, [alice, bob], draws=2)
    _, steps = await rebuilt(runner, rec)
    names = rec.names()
    seat_of = {m.id: rec.seat_of(m.id).seat for m in (alice, bob)}  # type: ignore[union-attr]
    drew = {
        seat: sum(1 for s, evs in steps for e in evs if e.kind == "drew" and e.seat == seat) for seat in names
    }
    assert all(drew.values()), f"both players drew: {drew}"

    carol.in_channel(where)
    for member in (alice, bob, carol):
        text, first = await whole_history(member)
        seat = seat_of.get(member.id)
        private = [ln.removeprefix("🔒 ") for ln in text.splitlines() if ln.startswith("🔒 ")]
        expected = [
            UI.describe_event(e, "en", names)
            for _, evs in steps
            for e in evs
            if e.visible_to is not None and seat is not None and seat in e.visible_to
        ]
        assert private == expected, f"{member.name}'s private lines"
        # Every public event is there for everyone, in order.
        public = [UI.describe_event(e, "en", names) for _, evs in steps for e in evs if e.public]
        lines = [ln.removeprefix("• ") for ln in text.splitlines() if ln.startswith("• ")]
        assert lines == public
        assert text.count("You drew") == (drew[seat] if seat else 0)
        assert "The game begins" in text and "Game over" in text
        footer = first.embeds[0]["footer"]["text"]
        assert ("your own private ones" in footer) == (seat is not None), footer

    # A finished game is found from its thread, and by number from anywhere in the server.
    by_number, _ = await whole_history(alice, channel=fake.guild.default_channel, options={"game": rec.id})
    assert by_number == (await whole_history(alice))[0]
    offered = await alice.autocomplete("game history", "game", "")
    assert [(c.name, c.value) for c in offered] == [
        (f"#{rec.id} · Climb (test game) · The game is over.", rec.id)
    ]
    missing = await alice.slash("game history", options={"game": rec.id + 99})
    assert missing.ephemeral and f"no game number {rec.id + 99}" in missing.text()


async def test_replay_of_a_step_is_the_table_posted_after_it(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice = fake.guild.member("alice")
    where = await start_game(fake, alice, ais=1)
    rec = await play_to_the_end(runner, where, [alice])
    states, _ = await rebuilt(runner, rec)
    assert ENGINE.dump_state(states[-1]) == rec.state_json
    posted = [
        m
        for m in alice.visible_messages(where)
        if not m.ephemeral and [a.filename for a in m.attachments] == ["table.png"]
    ]
    assert len(posted) >= 2
    checked = 0
    for message in posted[-3:]:
        match = MOVE.search(message.embeds[0]["title"])
        assert match, message.embeds[0]["title"]
        step = int(match[1]) - 1
        reply = await alice.slash("game replay", options={"step": step})
        shown = the_message(reply)
        assert shown.ephemeral and f"after move {step} of {len(states) - 1}" in shown.embeds[0]["title"]
        (picture,) = shown.attachments
        assert same_picture(picture.data, message.attachments[0].data), f"step {step}"
        drawn = R.render_table(
            ENGINE.view(states[step], None), "en", names=rec.names(), ai_seats=rec.ai_seats()
        )
        assert same_picture(picture.data, drawn)
        assert "Audit: the stored game is exactly the replay" in shown.embeds[0]["description"]
        checked += 1
    assert checked

    # Stepping back with the button shows the table one move earlier, in place.
    first = the_message(await alice.slash("game replay", options={"step": 2}))
    earlier = the_message(await alice.click("◀ Previous", message=first))
    assert "after move 1 of" in earlier.embeds[0]["title"]
    drawn = R.render_table(ENGINE.view(states[1], None), "en", names=rec.names(), ai_seats=rec.ai_seats())
    assert same_picture(earlier.attachments[0].data, drawn)

    too_far = await alice.slash("game replay", options={"step": len(states)})
    assert too_far.ephemeral and f"from 0 (the deal) to {len(states) - 1}" in too_far.text()

    # The audit: a stored state that is not the replay of its log is reported.
    store = tables(runner).store
    await store.update(rec.id, rec.version, state_json=ENGINE.dump_state(states[1]))
    audited = the_message(await alice.slash("game replay", options={"step": 0}))
    assert "differs from the replay" in audited.embeds[0]["description"]


def expected_stats(games: list[tuple[GameRecord, Any]], user_id: int) -> dict[str, Any]:
    """The member's numbers counted from the replayed outcomes, oldest game first."""
    places, scores, wins = [], [], []
    for rec, final in games:
        seat = rec.seat_of(user_id)
        assert seat is not None
        outcome = ENGINE.outcome(final)
        assert outcome is not None
        places.append(outcome.place_of(seat.seat))
        scores.append(outcome.scores[seat.seat])
        wins.append(seat.seat in outcome.winners)
    streak = 0
    for won in wins:
        streak = (streak + 1 if streak > 0 else 1) if won else (streak - 1 if streak < 0 else -1)
    return {
        "played": len(games),
        "wins": sum(wins),
        "rate": round(100 * sum(wins) / len(wins)),
        "place": f"{sum(places) / len(places):.1f}".rstrip("0").rstrip("."),
        "best": f"{max(scores):.2f}".rstrip("0").rstrip("."),
        "streak": streak,
    }


async def test_stats_count_three_finished_games_and_ignore_an_aborted_one(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    channel = fake.guild.default_channel
    finished = []
    for players in ((), (bob,), ()):
        where = await start_game(fake, alice, players=players, ais=1)
        rec = await play_to_the_end(runner, where, [alice, *players])
        states, _ = await rebuilt(runner, rec)
        finished.append((rec, states[-1]))
    # A fourth game, aborted after a move: it must not count.
    where = await start_game(fake, alice, ais=1)
    rec = await game_in(runner, where)
    await move(alice, draw=True)
    abort = await alice.slash("game abort")
    await alice.click("Abort the game", message=the_message(abort))
    assert (await game_in(runner, where)).status is Status.ABORTED

    want = expected_stats(finished, alice.id)
    assert want["played"] == 3
    board = the_message(await alice.slash("game stats", channel=channel))
    assert board.ephemeral
    (picture,) = board.attachments
    assert picture.filename == "leaderboard.png" and picture.image().width == 560
    field = board.embeds[0]["fields"][0]
    assert field["name"].startswith("Climb (test game) — 3 games"), field
    rows = field["value"].splitlines()
    mine = next(r for r in rows if f"<@{alice.id}>" in r)
    assert (
        f"3 games · won {want['wins']} ({want['rate']}%) · avg place {want['place']} · best {want['best']}"
        in mine
    ), mine
    ai = [r for r in rows if r.startswith("🤖 AI (")]
    assert len(ai) == 1 and "3 games" in ai[0], rows  # the computer apart from people: one AI seat a game
    assert any(f"<@{bob.id}>" in r and "1 game ·" in r for r in rows)

    mine_only = the_message(await alice.slash("game stats", channel=channel, options={"member": alice}))
    (field,) = mine_only.embeds[0]["fields"]
    assert "Games played: 3" in field["value"]
    assert f"Wins: {want['wins']} ({want['rate']}%)" in field["value"]
    streak = want["streak"]
    words = (
        ("won the last game" if streak == 1 else f"won the last {streak} in a row")
        if streak > 0
        else ("no win in the last game" if streak == -1 else f"no win in the last {-streak}")
    )
    assert f"Current streak: {words}" in field["value"], field["value"]

    offered = await alice.autocomplete("game stats", "game", "crown", channel=channel)
    assert [c.value for c in offered] == ["glorious-crown"]
    other_game = the_message(
        await alice.slash("game stats", channel=channel, options={"game": "glorious-crown"})
    )
    assert (
        other_game.content
        == "No finished game of Glorious Crown in this server yet (aborted games do not count)."
    )

    nobody = await alice.slash("game stats", channel=channel, options={"member": fake.guild.member("dave")})
    assert nobody.ephemeral and "has not finished a game" in nobody.text()
