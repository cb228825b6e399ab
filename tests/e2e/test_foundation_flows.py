"""The foundation's flows, played by simulated members against the real bot over the fake Discord."""

from __future__ import annotations

from typing import Any

from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, SeenMessage

GAME = "glorious-crown"


def table_messages(member: FakeMember) -> list[SeenMessage]:
    """Every table message so far (each accepted move posts one with the table picture)."""
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


async def lobby_of_three(fake: FakeDiscord) -> tuple[FakeMember, FakeMember, FakeMember, Any]:
    alice, bob, carol = (fake.guild.member(n) for n in ("alice", "bob", "carol"))
    lobby = await alice.slash("game new", game=GAME)
    assert not lobby.ephemeral and lobby.button_labels() == ["Join", "Leave", "Start"]
    await bob.click("Join")
    await carol.click("Join")
    return alice, bob, carol, lobby


async def test_new_join_start_and_a_private_hand(fake: FakeDiscord, running_bot: StartBot) -> None:
    await running_bot()
    alice, bob, carol, lobby = await lobby_of_three(fake)
    text = lobby.message.text()
    assert all(f"<@{m.id}>" in lobby.message.content or m.name in text for m in (alice, bob, carol))
    started = await alice.click("Start")
    assert started.acknowledged
    tables = table_messages(alice)
    assert len(tables) == 1
    table = tables[0]
    assert table.button_labels() == ["My hand"]
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
    lobby = await alice.slash("game new", game=GAME)
    before = lobby.message.text()
    refused = await taro.click("Start", message=lobby.message)
    assert [
        m.text() for m in refused.messages if m.ephemeral
    ] and "ホストだけが操作できます。" in refused.text()
    assert all(not m.ephemeral for m in alice.visible_messages()), "taro's refusal is only for taro"
    assert lobby.message.text() == before
    unknown = await taro.slash("game new", game="chess")
    assert unknown.ephemeral and "`chess` というゲームはありません" in unknown.text()
    bad = await alice.slash("game join")
    assert bad.ephemeral and "already in this game" in bad.text()
    with_bad_option = await fake.guild.member("bob").slash(
        "game new",
        channel=await fake.guild.add_channel("second-table"),
        options={"game": GAME, "options": "blind=7"},  # our option is named like the harness's argument
    )
    assert with_bad_option.ephemeral and "`blind` is not an option" in with_bad_option.text()


async def test_a_stale_hand_is_refused_and_the_table_is_unchanged(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    await running_bot()
    alice, _bob, _carol, _ = await lobby_of_three(fake)
    await alice.click("Start")
    table = table_messages(alice)[-1]
    mover = to_move(fake, table)
    first = await mover.click("My hand", message=table)
    second = await mover.click("My hand", message=table)
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
    assert status.ephemeral and "no game in this channel" in status.text()
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
    hand = await mover.click("My hand", message=table)

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
