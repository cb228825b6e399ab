"""The lobby and a game's life cycle as a new member meets them, against the real bot over the fake Discord:
the thread and the summary card name the game by its number, a member cannot open lobbies without end, the
host frees an AI seat and changes the options before the start, an abort is told once, ``/game status``
in the channel calls nobody, and an ended game's thread and controls say that the game ended."""

from __future__ import annotations

from tests.e2e.tables import OpenedGame, open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, SeenMessage

GAME = "glorious-crown"


def bot_posts(opened: OpenedGame) -> list[SeenMessage]:
    return [m for m in opened.thread.messages() if m.author.bot and not m.ephemeral]


def lobby_field(opened: OpenedGame, index: int) -> dict[str, str]:
    field: dict[str, str] = opened.lobby.embeds[0]["fields"][index]
    return field


async def test_the_thread_and_card_carry_the_game_number_and_keep_it_when_the_host_leaves(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await open_game(fake, alice, GAME, players=[bob])
    rec = await runner.bot.tables.store.live_game_in(opened.thread.id)  # type: ignore[union-attr]
    assert rec is not None and rec.channel_id == opened.thread.id
    assert opened.thread.name == f"Glorious Crown #{rec.id} · Alice"
    assert opened.summary.embeds[0]["title"] == f"Glorious Crown #{rec.id}"
    await alice.click("Leave", message=opened.lobby)  # bob hosts now
    title = opened.summary.embeds[0]["title"]
    assert title == f"Glorious Crown #{rec.id}", title
    await bob.click("Leave", message=opened.lobby)  # nobody is left: the lobby closes
    assert opened.summary.embeds[0]["title"] == f"Glorious Crown #{rec.id}"


async def test_a_member_may_hold_three_open_lobbies_in_a_channel(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    for _ in range(3):
        await open_game(fake, alice, GAME)
        alice.in_channel(fake.guild.default_channel)
    refused = await alice.slash("game new", game=GAME)
    assert refused.ephemeral and "the limit is 3" in refused.text() and "/game abort" in refused.text()
    assert len(fake.guild.threads) == 3, "a refused /game new opens no thread"
    await open_game(fake, bob, GAME)  # another member has a limit of their own
    owner = fake.guild.member("owner", roles=[fake.guild.role("admins", "manage_guild")])
    settings = await owner.slash("game settings", options={"lobbies": 4})
    assert any(f["value"] == "`4`" for f in settings.embeds[0]["fields"])
    alice.in_channel(fake.guild.default_channel)
    await open_game(fake, alice, GAME)


async def test_the_host_frees_an_ai_seat_and_changes_the_options_in_the_lobby(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await open_game(fake, alice, GAME, players=[bob], ais=2)
    assert lobby_field(opened, 0)["value"].count("(AI") == 2
    refused = await bob.slash("game remove-ai")
    assert refused.ephemeral and "Only the host" in refused.text()
    freed = await alice.slash("game remove-ai", seat="ai-1")
    assert freed.ephemeral and "free again" in freed.text()
    players = lobby_field(opened, 0)["value"]
    assert (
        "AI-1" not in players and "AI-2" in players and lobby_field(opened, 0)["name"] == "Players: 3 of 3–5"
    )
    changed = await alice.slash("game options", options={"options": "ONCE_PASSED_MAY_REPLAY=TRUE Clock=1H"})
    assert changed.ephemeral and "changed" in changed.text()
    options = lobby_field(opened, 1)["value"]
    assert "`once_passed_may_replay=true`" in options, options
    assert "`clock` = `1h`" in lobby_field(opened, -1)["value"]
    before = opened.lobby.text()
    bad = await alice.slash("game options", options={"options": "show_blind_at_end=maybe"})
    assert bad.ephemeral and "`show_blind_at_end` = `maybe` is not allowed" in bad.text()
    assert opened.lobby.text() == before, "a refused change changes nothing"


async def test_an_abort_is_told_once_in_the_games_thread(fake: FakeDiscord, running_bot: StartBot) -> None:
    await running_bot()
    alice, bob, carol = (fake.guild.member(n) for n in ("alice", "bob", "carol"))
    opened = await open_game(fake, alice, GAME, players=[bob, carol], start=True)
    before = len(bot_posts(opened))
    ask = await alice.slash("game abort")
    await alice.click("Abort the game", message=ask.message)
    told = bot_posts(opened)[before:]
    assert [m.content for m in told] == ["Alice aborted the game."], [m.content for m in told]


async def test_status_in_the_channel_names_the_players_without_calling_them(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    await running_bot()
    alice, bob, carol = (fake.guild.member(n) for n in ("alice", "bob", "carol"))
    opened = await open_game(fake, alice, GAME, players=[bob, carol], start=True)
    status = await carol.slash("game status", channel=opened.thread.parent)
    assert not status.ephemeral and status.images()
    line = next(line for line in status.content.splitlines() if line.startswith("▶"))
    assert "<@" not in line and any(m.name.capitalize() in line for m in (alice, bob, carol)), line


async def test_an_ended_games_thread_and_controls_say_it_ended(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    await running_bot()
    alice, bob, carol = (fake.guild.member(n) for n in ("alice", "bob", "carol"))
    opened = await open_game(fake, alice, GAME, players=[bob, carol], start=True)
    table = next(m for m in bot_posts(opened) if any(a.filename == "table.png" for a in m.attachments))
    line = next(line for line in table.content.splitlines() if line.startswith("▶"))
    mover: FakeMember = next(m for m in (alice, bob, carol) if f"<@{m.id}>" in line)
    hand = await mover.click("My hand", message=table)
    ask = await alice.slash("game abort")
    await alice.click("Abort the game", message=ask.message)
    option = hand.selects()[0].options[0]
    late = await mover.choose(hand.selects()[0].placeholder, [option.value], message=hand.message)
    assert "was aborted" in late.text() and "table changed" not in late.text(), late.text()
    status = await bob.slash("game hand")
    assert (
        status.ephemeral
        and "This game was aborted" in status.text()
        and "no game in this channel" not in status.text()
    )


async def test_a_step_towards_a_move_in_an_ended_game_says_it_ended(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    """Yggdrasil's hand asks for a card first (a group of moves): that first step too says the game ended."""
    await running_bot()
    alice = fake.guild.member("alice")
    opened = await open_game(fake, alice, "yggdrasil", ais=1)
    await alice.slash("game start", order="fixed")  # alice is p1 and moves first
    table = next(m for m in bot_posts(opened) if any(a.filename == "table.png" for a in m.attachments))
    hand = await alice.click("My hand", message=table)
    cards = hand.selects()[0]
    assert cards.placeholder == "Choose a card", cards.placeholder
    ask = await alice.slash("game abort")
    await alice.click("Abort the game", message=ask.message)
    late = await alice.choose(cards.placeholder, [cards.options[0].value], message=hand.message)
    assert "This game was aborted" in late.text() and "table changed" not in late.text(), late.text()
