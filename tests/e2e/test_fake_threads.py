"""Threads through the fake: opened by the bot (with or without a starter message) or by a member,
THREAD_CREATE reaching discord.py's cache, messages and interactions inside a thread."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import FakeDiscord, FakeThread, NotPossible, Permission
from tests.fakediscord.botrunner import RunningBot
from tests.fakediscord.raw import raw

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(30)]


def bot_guild(minibot: RunningBot, fake: FakeDiscord) -> discord.Guild:
    assert minibot.bot is not None
    guild = minibot.bot.get_guild(fake.guild.id)
    assert guild is not None
    return guild


async def test_bot_opens_a_public_thread_and_posts_in_it(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    reply = await alice.slash("game thread", name="Table 1")
    (thread,) = fake.guild.threads
    assert isinstance(thread, FakeThread)
    assert (thread.name, thread.parent.name, thread.private) == ("Table 1", "game-night", False)
    assert thread.owner.id == fake.store.bot_user.id
    assert reply.content == f"Opened <#{thread.id}>." and reply.ephemeral
    create = next(r for r in fake.requests if r.path.endswith("/threads"))
    assert create.body["type"] == 11 and create.status == 201
    # discord.py learned about it from THREAD_CREATE.
    cached = bot_guild(minibot, fake).get_thread(thread.id)
    assert cached is not None and cached.parent_id == fake.guild.default_channel.id
    # The parent shows Discord's "started a thread" notice; the thread shows what was posted in it.
    notice = fake.guild.default_channel.messages()[-1]
    assert notice.type == 18 and notice.content == "Table 1"
    assert notice.thread is not None and notice.thread.id == thread.id
    assert "started a thread: Table 1" in notice.text()
    assert [m.content for m in thread.messages()] == ["Welcome to Table 1."]
    assert "Welcome to Table 1." not in [m.content for m in fake.guild.default_channel.messages()]
    assert fake.guild.default_channel.threads[0].id == thread.id
    assert str(thread) == "#game-night/Table 1"


async def test_click_inside_a_thread_comes_from_the_thread(fake: FakeDiscord, minibot: RunningBot) -> None:
    await fake.guild.member("alice").slash("game thread", name="Table 1")
    thread = fake.guild.thread("Table 1")
    bob = fake.guild.member("bob")
    with pytest.raises(NotPossible, match="sees no button 'Ping'"):
        await bob.click("Ping")  # the button is in the thread, not in #game-night
    reply = await bob.click("Ping", channel=thread)
    assert reply.content == "Pong in thread Table 1 of #game-night (cached: True)."
    assert reply.interaction.channel_id == thread.id
    assert [m.content for m in thread.messages()][-1] == reply.content
    assert reply.content not in [m.content for m in fake.guild.default_channel.messages()]


async def test_slash_from_inside_a_thread_carries_the_thread_channel(
    fake: FakeDiscord, minibot: RunningBot
) -> None:
    alice = fake.guild.member("alice")
    await alice.slash("game thread", name="Table 1")
    where = await alice.in_channel("Table 1").slash("game where")
    assert alice.channel.id == fake.guild.thread("Table 1").id
    app = int(fake.guild.bot_permissions("Table 1"))
    member = int(alice.permissions_in())
    assert where.content == f"thread Table 1 of #game-night (cached: True); app {app}; member {member}"
    assert where.message is not None and where.message.channel.id == alice.channel.id
    back = await alice.in_channel("#game-night").slash("game where")
    assert back.content.startswith("#game-night;")


async def test_thread_from_a_message_shares_its_id(fake: FakeDiscord, minibot: RunningBot) -> None:
    reply = await fake.guild.member("alice").slash("game spinoff")
    assert reply.message is not None
    thread = fake.guild.thread("Spin-off")
    assert thread.id == reply.message.id
    starter = thread.starter_message
    assert starter is not None and starter.id == reply.message.id
    assert reply.message.thread is not None and reply.message.thread.id == thread.id
    assert "(thread: Spin-off)" in reply.message.text()
    assert [m.content for m in thread.messages()] == ["In the spin-off."]
    # No "started a thread" notice for a thread started from a message.
    assert [m.type for m in fake.guild.default_channel.messages()] == [20]
    status, data = await raw(
        fake,
        "POST",
        f"/channels/{fake.guild.default_channel.id}/messages/{reply.message.id}/threads",
        {"name": "Again"},
    )
    assert (status, data["code"]) == (400, 160004)


async def test_discord_py_reads_threads_back(fake: FakeDiscord, minibot: RunningBot) -> None:
    await fake.guild.member("alice").slash("game thread", name="Table 1")
    thread = fake.guild.thread("Table 1")
    bot = minibot.bot
    assert bot is not None
    fetched = await bot.fetch_channel(thread.id)
    assert isinstance(fetched, discord.Thread) and fetched.parent_id == thread.parent.id
    assert fetched.type is discord.ChannelType.public_thread
    guild = bot_guild(minibot, fake)
    assert [t.id for t in await guild.active_threads()] == [thread.id]
    assert thread.id not in [c.id for c in await guild.fetch_channels()]
    history = [m async for m in fetched.history()]
    assert [m.content for m in history] == ["Welcome to Table 1."]


async def test_a_member_opens_a_thread_and_talks_there(fake: FakeDiscord, minibot: RunningBot) -> None:
    bob = fake.guild.member("bob")
    thread = await bob.open_thread("Banter")
    assert thread.owner.id == bob.id and thread.parent.name == "game-night"
    assert bot_guild(minibot, fake).get_thread(thread.id) is not None
    said = await bob.in_channel(thread).say("gg")
    assert said.channel.id == thread.id and [m.content for m in thread.messages()] == ["gg"]
    assert bob.id in thread.member_ids
    reply = await bob.slash("game where")
    assert reply.content.startswith("thread Banter of #game-night")


async def test_private_threads_are_seen_by_their_members_only(fake: FakeDiscord, minibot: RunningBot) -> None:
    bob, carol = fake.guild.member("bob"), fake.guild.member("carol")
    secret = await bob.open_thread("Secret", private=True)
    assert secret.private
    await bob.say("psst", channel=secret)
    assert [m.content for m in bob.visible_messages(secret)] == ["psst"]
    assert carol.visible_messages(secret) == []
    with pytest.raises(NotPossible, match="carol cannot see #game-night/Secret"):
        carol.in_channel(secret)
    # The bot adds carol (PUT /thread-members/{user_id}); then she sees it.
    status, _ = await raw(fake, "PUT", f"/channels/{secret.id}/thread-members/{carol.id}")
    assert status == 204
    assert [m.content for m in carol.visible_messages(secret)] == ["psst"]


async def test_thread_type_left_out_means_private(fake: FakeDiscord, minibot: RunningBot) -> None:
    status, data = await raw(
        fake, "POST", f"/channels/{fake.guild.default_channel.id}/threads", {"name": "No type"}
    )
    assert status == 201 and data["type"] == 12
    assert fake.guild.default_channel.messages() == []  # no notice for a private thread


async def test_thread_names_resolve_near_the_member_first(fake: FakeDiscord, minibot: RunningBot) -> None:
    general = await fake.guild.member("alice").open_thread("Lobby", channel="#general")
    night = await fake.guild.member("alice").open_thread("Lobby")
    bob = fake.guild.member("bob")
    assert bob.in_channel("#general").in_channel("Lobby").channel.id == general.id
    assert bob.in_channel("#game-night").in_channel("Lobby").channel.id == night.id
    assert fake.guild.thread("Lobby", parent="#general").id == general.id
    with pytest.raises(NotPossible, match="no thread 'Nope'"):
        fake.guild.thread("Nope")


async def test_creating_a_thread_needs_the_members_permission(fake: FakeDiscord, minibot: RunningBot) -> None:
    await fake.guild.default_channel.set_permissions("@everyone", deny=Permission.CREATE_PUBLIC_THREADS)
    with pytest.raises(NotPossible, match="lacks CREATE_PUBLIC_THREADS"):
        await fake.guild.member("bob").open_thread("Nope")
