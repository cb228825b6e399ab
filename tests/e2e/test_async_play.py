"""Playing over days (issue 12) through the fake Discord, with the real bot and a real SQLite file: turn
clocks on the table message, reminders in the thread (and by DM for those who asked), the AI playing a turn
whose time ran out, the seat handed over after three, ``/game mine``, ``/game list``, ``/game auto`` and
Rematch.

Time is the fake's clock (``fake.clock``), given to the bot's scheduler as its clock: a test moves it forward
and asks the scheduler to fire what is due (``scheduler.tick()``), then waits until the bot went quiet."""

from __future__ import annotations

import re
from collections import Counter
from secrets import token_hex
from types import SimpleNamespace
from typing import Any

import pytest

import engines
from bot.store import GameRecord, Status
from engines.core import Rng
from tests.e2e.tables import OpenedGame, open_game
from tests.e2e.test_every_game import latest_table
from tests.e2e.test_records import game_in, move, play_to_the_end, tables
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot, StartBot
from tests.fakediscord.harness import FakeMember, SeenMessage
from tests.fakediscord.quiet import settle

pytestmark = pytest.mark.timeout(180)

GAME = "test-climb"
HOUR = 3600
HALF = "half the time for your turn is gone"
NEAR = "your time is almost up"


async def bot_with_fake_time(fake: FakeDiscord, running_bot: StartBot) -> RunningBot:
    runner = await running_bot()
    use_fake_time(runner, fake)
    return runner


def use_fake_time(runner: RunningBot, fake: FakeDiscord) -> None:
    tables(runner).scheduler.clock = fake.clock


async def fire(fake: FakeDiscord, runner: RunningBot) -> None:
    """Whatever is due now fires; then the bot's posts, AI moves and DMs are all done."""
    await tables(runner).scheduler.tick()
    await settle(fake)


async def timed_game(
    fake: FakeDiscord, host: FakeMember, players: list[FakeMember], options: str = "clock=1h hand_size=5"
) -> OpenedGame:
    """A game in its own thread, seats in join order (the host moves first), started."""
    host.in_channel(fake.guild.default_channel)
    opened = await open_game(fake, host, GAME, players=players, options=options)
    await host.slash("game start", options={"order": "fixed"}, channel=opened.thread)
    return opened


def posts(opened: OpenedGame, words: str) -> list[SeenMessage]:
    return [m for m in opened.thread.messages() if m.author.bot and words in m.content]


def allowed_users(fake: FakeDiscord, content_part: str) -> list[list[int]]:
    """For each message the bot posted containing ``content_part``: the users it allowed to be pinged."""
    out = []
    for request in fake.requests:
        body = request.body if isinstance(request.body, dict) else {}
        if request.method == "POST" and content_part in str(body.get("content", "")):
            allowed = body.get("allowed_mentions") or {}
            assert "users" not in allowed.get("parse", []), body
            out.append([int(u) for u in allowed.get("users", [])])
    return out


def game_numbers(listing: str) -> list[int]:
    """The game numbers (``#12``) of a ``/game mine`` listing, in its order."""
    return [int(number) for number in re.findall(r"#(\d+)", listing)]


async def finish_turn(member: FakeMember, runner: RunningBot, opened: OpenedGame, seat: str) -> None:
    """Moves until ``seat`` is no longer to act: in Climb a move can leave the turn with the same player."""
    service = tables(runner)
    for _ in range(10):
        await move(member, draw=True)
        rec = await game_in(runner, opened.thread)
        if seat not in service.engine(rec).to_move(service.state(rec)):
            return
    raise AssertionError(f"{member.name} kept the turn")


async def deadline_of(runner: RunningBot, opened: OpenedGame, seat: str) -> float:
    rec = await game_in(runner, opened.thread)
    return float(rec.clock_state.turns[seat].deadline)


async def test_reminders_at_half_time_and_near_the_end_once_each_across_a_restart(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await bot_with_fake_time(fake, running_bot)
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await timed_game(fake, alice, [bob])
    rec = await game_in(runner, opened.thread)
    assert rec.clock == HOUR and [s.user_id for s in rec.seats] == [alice.id, bob.id]
    deadline = await deadline_of(runner, opened, "p1")
    assert deadline == pytest.approx(fake.clock.now() + 2 * HOUR, abs=30)  # 1h + 1h of reserve
    # The table message shows alice's time as relative timestamps, which count down by themselves: the
    # turn's own hour, and apart from it the reserve.
    shown = (
        f"⏳ Turn time ends <t:{int(deadline - HOUR)}:R> · reserve: 1 hour (runs out <t:{int(deadline)}:R>)"
    )
    assert shown in latest_table(alice).content
    assert "`clock` = `1h`" in opened.lobby.embeds[0]["fields"][-1]["value"]
    status = await bob.slash("game status")
    assert shown in status.content

    fake.clock.advance(HOUR - 60)
    await fire(fake, runner)
    assert posts(opened, HALF) == []
    fake.clock.advance(60)
    await fire(fake, runner)
    await fire(fake, runner)
    (half,) = posts(opened, HALF)
    assert f"<@{alice.id}>" in half.content and f"<t:{int(deadline)}:R>" in half.content
    assert allowed_users(fake, HALF) == [[alice.id]]  # the reminder pings its player, and only them

    await runner.restart()
    use_fake_time(runner, fake)
    await fire(fake, runner)
    assert len(posts(opened, HALF)) == 1 and posts(opened, NEAR) == []
    fake.clock.advance(HOUR - 6 * 60)  # a tenth of the 1h clock before the end
    await fire(fake, runner)
    await fire(fake, runner)
    assert len(posts(opened, HALF)) == 1
    (near,) = posts(opened, NEAR)
    assert f"<@{alice.id}>" in near.content and "the AI plays this turn" in near.content
    assert allowed_users(fake, NEAR) == [[alice.id]]
    outcomes = {t.kind: t.outcome for t in await tables(runner).store.timers(rec.id)}
    assert outcomes == {"half": "fired", "near": "fired", "timeout": None}


async def test_a_played_turn_cancels_its_deadline(fake: FakeDiscord, running_bot: StartBot) -> None:
    runner = await bot_with_fake_time(fake, running_bot)
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await timed_game(fake, alice, [bob])
    first = await deadline_of(runner, opened, "p1")
    fake.clock.advance(HOUR / 2)
    await finish_turn(alice, runner, opened, "p1")
    # bob's turn: his own deadline, on the new table message that mentions him.
    assert f"(runs out <t:{int(await deadline_of(runner, opened, 'p2'))}:R>)" in latest_table(bob).content
    fake.clock.advance(first - fake.clock.now() + 60)  # past alice's old deadline, before bob's
    await fire(fake, runner)
    # Nothing for alice's played turn; bob, an hour and a half into his, is reminded of his own.
    assert posts(opened, "Time ran out") == [] and posts(opened, f"<@{alice.id}>, ") == []
    assert len(posts(opened, f"<@{bob.id}>, {HALF}")) == 1
    rec = await game_in(runner, opened.thread)
    timers = await tables(runner).store.timers(rec.id)
    assert [t.outcome for t in timers if t.seat == "p1"] == ["cancelled"] * 3
    assert all(a.user_id is not None for a in await tables(runner).store.actions(rec.id))


async def test_a_timeout_makes_the_ai_play_that_turn_and_three_hand_the_seat_over(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await bot_with_fake_time(fake, running_bot)
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await timed_game(fake, alice, [bob])
    store = tables(runner).store
    for n in (1, 2, 3):
        await finish_turn(alice, runner, opened, "p1")
        fake.clock.advance(await deadline_of(runner, opened, "p2") - fake.clock.now())
        await fire(fake, runner)
        rec = await game_in(runner, opened.thread)
        log = await store.actions(rec.id)
        assert log[-1].seat == "p2" and log[-1].user_id is None, "the AI played bob's turn"
        # bob is not seated to act any more: alice is (her turn message names her).
        assert f"<@{alice.id}>" in latest_table(alice).content
        assert len(posts(opened, "Time ran out for **Bob**")) == n
    announced = posts(opened, "Time ran out for **Bob**")
    assert "the AI plays this turn for them (1 of 3 in a row" in announced[0].text()
    assert "3 turns in a row: the AI takes the seat" in announced[2].text()
    rec = await game_in(runner, opened.thread)
    assert rec.seat_info("p2").is_ai and rec.seat_info("p2").left_by == bob.id
    # bob comes back with the button under the announcement.
    back = await bob.click("Take my seat back", message=announced[2])
    assert back.ephemeral
    rec = await game_in(runner, opened.thread)
    assert rec.seat_info("p2").user_id == bob.id


async def test_dm_reminders_for_those_who_ask_and_closed_dms_break_nothing(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await bot_with_fake_time(fake, running_bot)
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob", dms_open=False)
    carol = fake.guild.member("carol")
    opened = await timed_game(fake, alice, [bob, carol])
    on = await alice.slash("game notify", options={"dm": "on"})
    assert on.ephemeral and "direct message" in on.text()
    await bob.slash("game notify", options={"dm": "on"})

    fake.clock.advance(await deadline_of(runner, opened, "p1") - fake.clock.now() - HOUR)
    await fire(fake, runner)
    (dm,) = alice.dms()
    rec = await game_in(runner, opened.thread)
    assert "Half the time for your turn in Climb (test game)" in dm.content and f"#{rec.id}" in dm.content
    assert f"/channels/{fake.guild.id}/{opened.thread.id}/{rec.table_message_id}" in dm.content
    await finish_turn(alice, runner, opened, "p1")

    # bob asked for DMs but closed them: Discord refuses (50007); the thread's reminder is there all the same.
    fake.clock.advance(await deadline_of(runner, opened, "p2") - fake.clock.now() - HOUR)
    await fire(fake, runner)
    assert [(r.status, r.code) for r in fake.rejections] == [(403, 50007)]
    assert bob.dms() == [] and len(posts(opened, f"<@{bob.id}>, {HALF}")) == 1
    await finish_turn(bob, runner, opened, "p2")  # the game goes on

    # carol did not ask: the thread only. alice turns DMs off: the thread only from now on.
    fake.clock.advance(await deadline_of(runner, opened, "p3") - fake.clock.now() - HOUR)
    await fire(fake, runner)
    assert carol.dms() == [] and len(posts(opened, f"<@{carol.id}>, {HALF}")) == 1
    await finish_turn(carol, runner, opened, "p3")
    await alice.slash("game notify", options={"dm": "off"})
    fake.clock.advance(await deadline_of(runner, opened, "p1") - fake.clock.now() - HOUR)
    await fire(fake, runner)
    assert len(posts(opened, f"<@{alice.id}>, {HALF}")) == 2 and len(alice.dms()) == 1


async def test_game_mine_lists_exactly_the_games_waiting_for_the_caller_oldest_first(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await bot_with_fake_time(fake, running_bot)
    alice, bob, carol = fake.guild.member("alice"), fake.guild.member("bob"), fake.guild.member("carol")
    bobs_first = await timed_game(fake, bob, [alice], options="hand_size=5")  # no clock
    alices = await timed_game(fake, alice, [bob])  # 1h clock: alice to move now
    others = await timed_game(fake, bob, [carol])  # alice not in it
    alice.in_channel(fake.guild.default_channel)
    lobby = await open_game(fake, alice, GAME, players=[bob])  # not started
    fake.clock.advance(20 * 60)
    bob.in_channel(bobs_first.thread)
    await move(bob, draw=True)  # alice's turn in the first game begins now, later than in the second
    ids = [(await game_in(runner, g.thread)).id for g in (bobs_first, alices, others, lobby)]

    reply = await alice.slash("game mine", channel=fake.guild.default_channel)
    assert reply.ephemeral
    embed = reply.embeds[0]
    assert embed["title"] == "2 games wait for your move"
    rows = embed["description"].strip().splitlines()
    assert game_numbers(embed["description"]) == [ids[1], ids[0]]
    assert "⏳ <t:" in rows[0] and "⏳" not in rows[1]  # only the clocked game has time left
    alice_game = await game_in(runner, alices.thread)
    assert f"/channels/{fake.guild.id}/{alices.thread.id}/{alice_game.table_message_id})" in rows[0]
    since = int(alice_game.clock_state.turns["p1"].since)
    assert f"your turn since <t:{since}:R>" in rows[0]

    assert game_numbers((await bob.slash("game mine")).embeds[0]["description"]) == [ids[2]]
    nothing = await carol.slash("game mine")
    assert nothing.content == "No game in this server is waiting for your move."

    # /game list says whose turn it is and since when.
    listed = (await carol.slash("game list", channel=fake.guild.default_channel)).embeds[0]["description"]
    assert f"▶ Alice · since <t:{since}:R>" in listed
    assert listed.count("▶ ") == 3  # the lobby has no turn yet


async def test_game_auto_hands_the_seat_to_the_ai_until_taken_back(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await bot_with_fake_time(fake, running_bot)
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await timed_game(fake, alice, [bob])
    handed = await alice.slash("game auto")
    assert handed.ephemeral and "The AI plays your seat now" in handed.text()
    rec = await game_in(runner, opened.thread)
    assert rec.seat_info("p1").left_by == alice.id
    assert (await tables(runner).store.actions(rec.id))[0].user_id is None  # it played alice's turn
    (notice,) = posts(opened, "lets the AI play for them")
    assert "Take my seat back" in " ".join(notice.button_labels())
    lone = await bob.slash("game auto")
    assert "You are the last player at this table" in lone.text()
    back = await alice.slash("game auto")
    assert "Your seat is yours again" in back.text()
    assert (await game_in(runner, opened.thread)).seat_info("p1").user_id == alice.id


async def test_the_server_default_clock_is_set_in_game_settings(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await bot_with_fake_time(fake, running_bot)
    owner = fake.guild.member("owner", roles=[fake.guild.role("admins", "manage_guild")])
    alice = fake.guild.member("alice")
    settings = await owner.slash("game settings", options={"clock": "24h"})
    assert any(f["value"] == "`24h`" for f in settings.embeds[0]["fields"])
    opened = await open_game(fake, alice, GAME)
    assert (await game_in(runner, opened.thread)).clock == 24 * HOUR
    assert "`clock` = `24h`" in opened.lobby.embeds[0]["fields"][-1]["value"]
    alice.in_channel(fake.guild.default_channel)
    unclocked = await open_game(fake, alice, GAME, options="clock=off")
    assert (await game_in(runner, unclocked.thread)).clock == 0
    cleared = await owner.slash("game settings", options={"clock": "off"})
    assert any(f["value"] == "`off`" for f in cleared.embeds[0]["fields"])


def rematch_label(message: SeenMessage) -> str:
    return next(label for label in message.button_labels() if label.startswith("Rematch"))


async def test_rematch_opens_a_lobby_with_the_same_players_options_and_place(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice, bob, carol = fake.guild.member("alice"), fake.guild.member("bob"), fake.guild.member("carol")
    alice.in_channel(fake.guild.default_channel)
    opened = await open_game(
        fake, alice, GAME, players=[bob], ais=1, options="clock=5m hand_size=2", start=True
    )
    old = await play_to_the_end(runner, opened.thread, [alice, bob])
    final = latest_table(alice)
    assert any(a.filename == "final.png" for a in final.attachments)

    carol.in_channel(opened.thread)
    stranger = await carol.click(rematch_label(final), message=final)
    assert "Only the players of this game" in stranger.text()
    answer = await bob.click(rematch_label(final), message=final)
    assert answer.ephemeral and "Your rematch is open in" in answer.text()
    new_thread_id = int(re.search(r"<#(\d+)>", answer.content)[1])  # type: ignore[index]
    new = await game_in(runner, fake.guild.thread(new_thread_id))
    assert new.rematch_of == old.id and new.status.value == "lobby" and new.host_id == bob.id
    assert new.game_id == old.game_id and new.options == old.options and new.clock == old.clock == 300
    assert [(s.user_id, s.name) for s in new.seats] == [(bob.id, "Bob"), (None, "AI-1")]
    # In the same place: a new thread under a new summary card in the channel the game was opened from.
    thread = fake.guild.thread(new_thread_id)
    assert thread.parent.id == opened.thread.parent.id and thread.id != opened.thread.id
    cards = [m for m in fake.guild.default_channel.messages() if m.author.bot and m.thread is not None]
    assert [m.thread.id for m in cards][-1] == thread.id  # type: ignore[union-attr]
    lobby = next(m for m in thread.messages() if m.author.bot and m.embeds)
    assert f"<@{alice.id}>" in lobby.content and f"<@{bob.id}>" not in lobby.content
    assert allowed_users(fake, "Rematch of game") == [[alice.id]]
    assert "`hand_size` = `2`" in lobby.embeds[0]["fields"][1]["value"]
    assert "`clock` = `5m`" in lobby.embeds[0]["fields"][-1]["value"]

    again = await alice.click(rematch_label(final), message=final)
    assert f"The rematch is open already: <#{thread.id}>" in again.content
    alice.in_channel(thread)
    await alice.click("Join", message=lobby)
    new = await game_in(runner, thread)
    assert [s.user_id for s in new.seats] == [bob.id, None, alice.id]
    await bob.click("Start", message=lobby)
    assert (await game_in(runner, thread)).status.value == "running"


async def test_rematch_of_a_game_played_inside_a_thread_stays_there(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice = fake.guild.member("alice")
    place = await alice.open_thread("friday games")
    alice.in_channel(place)
    await alice.slash("game new", options={"game": GAME, "options": "hand_size=2"})
    await alice.slash("game add-ai")
    await alice.click("Start")
    old = await play_to_the_end(runner, place, [alice])
    final = latest_table(alice)
    answer = await alice.click(rematch_label(final), message=final)
    assert f"<#{place.id}>" in answer.content
    new = await game_in(runner, place)
    assert new.id != old.id and new.rematch_of == old.id and new.parent_channel_id is None
    assert [(s.user_id, s.name) for s in new.seats] == [(alice.id, "Alice"), (None, "AI-1")]
    lobby = [m for m in place.messages() if m.author.bot and m.embeds][-1]
    assert lobby.content == f"🔁 Rematch of game #{old.id}."
    await alice.click("Start", message=lobby)
    assert (await game_in(runner, place)).status.value == "running"


# -- one Project Chaos game with an idle member (the issue "one turn counted as two timeouts") ------------
CHAOS_SEED = 103
CHAOS_SCENARIO = "innovation"


def bob_reminded(opened: OpenedGame, bob: FakeMember) -> list[SeenMessage]:
    return [m for m in posts(opened, HALF) + posts(opened, NEAR) if f"<@{bob.id}>" in m.content]


def bob_ran_out(opened: OpenedGame) -> int:
    """The notices of turns of bob's own that ran out (not of votes in another's turn)."""
    return sum("on a decision" not in m.content for m in posts(opened, "Time ran out for **Bob**"))


def owners(rec: GameRecord, actions: list[tuple[str, Any]], seat: str) -> list[tuple[str, bool]]:
    """Whose turn it was after each move of the log (the deal first), and whether ``seat`` had to decide:
    replayed by the engine (PC-7: a turn runs from when it passes to a player until it passes on; the votes
    and chaos steps inside it are part of it), not read from the bot's clock under test."""
    chaos = engines.get(rec.game_id)
    state = chaos.new_game([s.seat for s in rec.seats], rec.options, rec.seed)
    steps = [(state.players[state.current], seat in chaos.to_move(state))]
    for mover, action in actions:
        state = chaos.apply(state, mover, action).state
        steps.append((state.players[state.current], seat in chaos.to_move(state)))
    return steps


def turns_of(steps: list[tuple[str, bool]], seat: str) -> tuple[int, int, int]:
    """From ``owners``: the turns begun so far (anyone's), those of ``seat``, and how many of the latter had
    the decision go to others and come back to ``seat`` (a vote, then a chaos step: PC-9, PC-12)."""
    turns = mine = back = 0
    away = False
    for i, (owner, deciding) in enumerate(steps):
        if i == 0 or steps[i - 1][0] != owner:
            turns += 1
            mine += owner == seat
            away = False
        elif owner == seat and not deciding:
            away = True
        elif owner == seat and away:
            back, away = back + 1, False
    return turns, mine, back


async def test_pc_7_an_idle_member_times_out_once_per_turn_and_hears_by_dm_that_the_seat_went(
    fake: FakeDiscord, running_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Project Chaos, 2 members and an AI, ``clock=5m``: alice plays, bob (reminders by DM) never does.
    Each of bob's turns (the votes and chaos steps inside it included, PC-9/PC-12) times out once, has at
    most the two reminders of the README, and the AI plays it to its end; after three real turns his seat
    goes to the AI and he is told by DM. Prints the message counts (the lead's measurement)."""
    # The deal and seat order from a fixed seed (the service's name only: discord.py's nonces stay random).
    monkeypatch.setattr(
        "bot.table.service.secrets", SimpleNamespace(randbits=lambda _bits: CHAOS_SEED, token_hex=token_hex)
    )
    runner = await bot_with_fake_time(fake, running_bot)
    service, store = tables(runner), tables(runner).store
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    alice.in_channel(fake.guild.default_channel)
    opened = await open_game(
        fake, alice, "project-chaos", players=[bob], ais=1, options=f"clock=5m scenario={CHAOS_SCENARIO}"
    )
    await bob.slash("game notify", options={"dm": "on"})
    await alice.slash("game start", options={"order": "fixed"}, channel=opened.thread)
    chaos = engines.get("project-chaos")
    ran_out: list[int] = []  # the number of bob's turn (turns_of) at each timeout of a turn of his own
    reminded: Counter[tuple[int, bool]] = Counter()  # bob's reminders by turn (anyone's) and whether his
    for _ in range(400):
        rec = await game_in(runner, opened.thread)
        if rec.status is not Status.RUNNING or rec.seat_info("p2").is_ai:
            break
        state = service.state(rec)
        movers = chaos.to_move(state)
        if "p1" in movers:  # alice plays as the engine's AI would, by /chaos with its autocomplete value
            action = chaos.ai("normal").choose(state, "p1", Rng.from_seed(rec.version))
            index = chaos.legal_actions(state, "p1").index(action)
            command, option = {
                "play": ("chaos play", "card"),
                "place": ("chaos place", "card"),
                "discard": ("chaos discard", "card"),
            }.get(action.type, ("chaos decide", "choice"))
            await alice.slash(command, options={option: f"{rec.version}:{index}"}, channel=opened.thread)
            await settle(fake)
            continue
        if "p2" in movers and not rec.clock_state.ai_plays("p2"):
            due = await store.next_due()
            assert due is not None, "bob is to act and his clock runs"
            fake.clock.advance(max(0.0, due - fake.clock.now()))
            timeouts, reminders = bob_ran_out(opened), len(bob_reminded(opened, bob))
            log = [(a.seat, chaos.parse_action(a.action)) for a in await store.actions(rec.id)]
            turns, mine, _back = turns_of(owners(rec, log, "p2"), "p2")
            await fire(fake, runner)
            reminded[turns, state.players[state.current] == "p2"] += (
                len(bob_reminded(opened, bob)) - reminders
            )
            if bob_ran_out(opened) > timeouts:
                ran_out.append(mine)
            continue
        await settle(fake)
    rec = await game_in(runner, opened.thread)
    log = [(a.seat, chaos.parse_action(a.action)) for a in await store.actions(rec.id)]
    _turns, _mine, back = turns_of(owners(rec, log, "p2"), "p2")
    reminders = posts(opened, HALF) + posts(opened, NEAR)
    decisions = posts(opened, "on a decision in another player's turn")
    print(
        f"\nProject Chaos, clock=5m, bob idle (seed {CHAOS_SEED}): {len(opened.thread.messages())} posts"
        f" in the thread, {len(reminders)} reminders (bob's by turn: {sorted(reminded.values())}),"
        f" timeouts of bob's turns {len(ran_out)} (at his turns {ran_out}), {len(decisions)} of his votes,"
        f" DMs alice {len(alice.dms())} bob {len(bob.dms())}; {back} of his turns had the decision come back"
        f" to him; his seat to the AI: {rec.seat_info('p2').is_ai}"
    )
    # Three real turns of bob's ran out, one timeout each; the third handed his seat to the AI.
    assert ran_out == [1, 2, 3], ran_out
    assert rec.seat_info("p2").is_ai and rec.seat_info("p2").left_by == bob.id
    (taken,) = posts(opened, "3 turns in a row")
    assert "Bob" in taken.content
    # At most the README's two reminders per turn (his own, or another's with a vote of his).
    assert back >= 1, "the seed gives a turn whose decision comes back to bob after a vote (PC-9, PC-12)"
    assert max(reminded.values()) <= 2, reminded
    assert sum(reminded.values()) == len(bob_reminded(opened, bob)) == len(reminders)  # alice played in time
    # By DM: the same reminders, and the seat taken.
    assert len(bob.dms()) == len(reminders) + 1 and alice.dms() == []
    assert "the AI took your seat" in bob.dms()[-1].content
