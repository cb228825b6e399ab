"""The foundation's flows, played by simulated members against the real bot over the fake Discord.

Three humans play Glorious Crown: every turn passes to a human, so each accepted move posts one new table
message in the game's thread (with AI seats, AI moves would be gathered into the next human's message)."""

from __future__ import annotations

from tests.e2e.tables import OpenedGame, open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, SeenMessage
from tests.fakediscord.replies import Reply

GAME = "glorious-crown"


def table_messages(member: FakeMember) -> list[SeenMessage]:
    """Every table message so far in the game's thread (one per human turn, with the table picture)."""
    return [
        m
        for m in member.visible_messages()
        if not m.ephemeral and any(a.filename in ("table.png", "final.png") for a in m.attachments)
    ]


def to_move(fake: FakeDiscord, message: SeenMessage) -> FakeMember:
    """The member the table message names as next to act."""
    line = next(line for line in message.content.splitlines() if line.startswith("▶"))
    for member in fake.guild.members:
        if f"<@{member.id}>" in line:
            return member
    raise AssertionError(f"no member to move in {line!r}")


def english(labels: list[str]) -> list[str]:
    """Public buttons read in both languages ("Join · 参加"): their English half."""
    return [label.split(" · ")[0] for label in labels]


async def lobby_of_three(fake: FakeDiscord) -> tuple[FakeMember, FakeMember, FakeMember, OpenedGame]:
    alice, bob, carol = (fake.guild.member(n) for n in ("alice", "bob", "carol"))
    opened = await open_game(fake, alice, GAME)
    assert english(opened.lobby.button_labels()) == ["Join", "Leave", "Start"]
    opened.follow(bob, carol)
    await bob.click("Join")
    await carol.click("Join")
    return alice, bob, carol, opened


async def test_new_join_start_and_a_private_hand(fake: FakeDiscord, running_bot: StartBot) -> None:
    await running_bot()
    alice, bob, carol, opened = await lobby_of_three(fake)
    text = opened.lobby.text()
    assert all(f"<@{m.id}>" in opened.lobby.content or m.name in text for m in (alice, bob, carol))
    # The channel keeps one summary card for the game, linking to its thread.
    assert "Alice" in opened.summary.text() and "Bob" in opened.summary.text()
    started = await alice.click("Start")
    assert started.acknowledged
    tables = table_messages(alice)
    assert len(tables) == 1
    table = tables[0]
    assert english(table.button_labels()) == ["My hand"]
    assert table.images() and table.images()[0].size[0] >= 400  # a real picture, drawn for a phone (560 px)
    mover = to_move(fake, table)

    hand = await mover.click("My hand", message=table)
    assert hand.ephemeral and hand.images()
    assert hand.selects(), "the player to move gets the moves to choose from"
    others = [m for m in (alice, bob, carol) if m is not mover]
    for other in others:
        assert all(seen.id != hand.message.id for seen in other.visible_messages())
    # Someone else's hand shows their cards but no moves: it is not their turn.
    waiting = await others[0].click("My hand", message=table)
    assert waiting.ephemeral and not waiting.selects()


async def test_refusals_are_ephemeral_localised_and_change_nothing(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    await running_bot()
    alice = fake.guild.member("alice")
    taro = fake.guild.member("taro", locale="ja")
    opened = await open_game(fake, alice, GAME)
    lobby = opened.lobby
    taro.in_channel(opened.thread)
    before = lobby.text()
    refused = await taro.click("Start", message=lobby)
    assert [
        m.text() for m in refused.messages if m.ephemeral
    ] and "ホストだけが操作できます。" in refused.text()
    assert all(not m.ephemeral for m in alice.visible_messages()), "taro's refusal is only for taro"
    assert lobby.text() == before
    unknown = await taro.slash("game new", game="chess", channel="#general")
    assert unknown.ephemeral and "`chess` というゲームはありません" in unknown.text()
    bad = await alice.slash("game join")
    assert bad.ephemeral and "already in this game" in bad.text()
    threads = len(fake.guild.threads)
    with_bad_option = await fake.guild.member("bob").slash(
        "game new",
        channel=await fake.guild.add_channel("second-table"),
        options={"game": GAME, "options": "blind=7"},  # our option is named like the harness's argument
    )
    assert with_bad_option.ephemeral and "`blind` is not an option" in with_bad_option.text()
    assert len(fake.guild.threads) == threads, "a refused /game new opens no thread"


async def moves_of(member: FakeMember, hand: Reply) -> Reply:
    """The hand's select of moves: where the plays are too many for one select (grouped, cards first), the
    first group opened."""
    menu = hand.selects()[0]
    if menu.custom_id.startswith("dh:grp:"):
        return await member.choose(menu.custom_id, [menu.options[0].value], message=hand.message)
    return hand


async def test_a_stale_hand_is_refused_and_the_table_is_unchanged(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    await running_bot()
    alice, _bob, _carol, _ = await lobby_of_three(fake)
    await alice.click("Start")
    table = table_messages(alice)[-1]
    mover = to_move(fake, table)
    first = await moves_of(mover, await mover.click("My hand", message=table))
    second = await moves_of(mover, await mover.click("My hand", message=table))
    option = first.selects()[0].options[0]
    played = await mover.choose(first.selects()[0].placeholder, [option.value], message=first.message)
    assert played.acknowledged
    tables = table_messages(alice)
    assert len(tables) == 2, "one accepted move, one new table message"
    assert tables[0].buttons() == [], "the previous table message lost its buttons"
    stale = await mover.choose(second.selects()[0].placeholder, [option.value], message=second.message)
    assert "table changed" in stale.message.text()
    assert len(table_messages(alice)) == 2, "the stale pick did nothing"


async def test_abort_asks_first(fake: FakeDiscord, running_bot: StartBot) -> None:
    await running_bot()
    alice, bob, _carol, _ = await lobby_of_three(fake)
    await alice.click("Start")
    refused = await bob.slash("game abort")
    assert refused.ephemeral and "Only the host" in refused.text()
    ask = await alice.slash("game abort")
    assert ask.ephemeral and ask.button_labels() == ["Abort the game", "Keep playing"]
    kept = await alice.click("Keep playing", message=ask.message)
    assert "goes on" in kept.message.text()
    ask = await alice.slash("game abort")
    await alice.click("Abort the game", message=ask.message)
    assert any("aborted" in m.text() for m in bob.visible_messages() if not m.ephemeral)
    status = await bob.slash("game status")
    assert status.ephemeral and "was aborted" in status.text()
    listed = await alice.slash("game list")
    assert "No games are running" in listed.text()


async def test_a_restart_mid_game_keeps_the_game_and_its_buttons(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice, bob, carol, _ = await lobby_of_three(fake)
    await alice.click("Start")
    table = table_messages(alice)[-1]
    mover = to_move(fake, table)
    hand = await moves_of(mover, await mover.click("My hand", message=table))

    await runner.restart()  # the bot process stops and starts again on the same SQLite file

    option = hand.selects()[0].options[0]
    played = await mover.choose(hand.selects()[0].placeholder, [option.value], message=hand.message)
    assert played.acknowledged and "table changed" not in played.message.text()
    tables = table_messages(alice)
    assert len(tables) == 2
    fresh = await bob.click("My hand", message=tables[-1])
    assert fresh.ephemeral and fresh.images()
    status = await carol.slash("game status")
    assert not status.ephemeral and status.images()
