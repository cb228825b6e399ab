"""The fake's gateway and login, driven by the real discord.py client (the mini bot)."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot
from tests.fakediscord.minibot import MiniBot

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(30)]


async def test_login_ready_and_guild_create_build_discord_objects(
    fake: FakeDiscord, minibot: RunningBot
) -> None:
    bot = minibot.bot
    assert bot is not None and bot.user is not None
    assert bot.user.id == fake.store.bot_user.id
    assert bot.application_id == fake.store.application_id
    guild = bot.get_guild(fake.guild.id)
    assert guild is not None and guild.name == "Deckhand Test"
    assert {c.name for c in guild.text_channels} == {"game-night", "general"}
    assert isinstance(guild.get_channel(fake.guild.default_channel.id), discord.TextChannel)
    assert {"@everyone", "Deckhand", "Moderator"} <= {r.name for r in guild.roles}
    assert guild.me is not None and guild.me.id == bot.user.id
    # The gateway URL came from GET /gateway/bot, and the real zlib-stream path was used.
    assert any(r.path == "/gateway/bot" for r in fake.requests)
    assert fake.gateway.queries[0] == {"v": "10", "encoding": "json", "compress": "zlib-stream"}
    assert fake.gateway.identifies == 1


async def test_command_sync_is_stored_with_ids(fake: FakeDiscord, minibot: RunningBot) -> None:
    game, setup = sorted(fake.commands(guild=True), key=lambda c: c["name"])
    assert game["name"] == "game" and int(game["id"]) > 0
    assert setup["name"] == "setup" and setup["default_member_permissions"] == str(1 << 5)  # MANAGE_GUILD
    subcommands = {o["name"]: o for o in game["options"]}
    assert {"new", "hand", "think", "form", "hello", "settings"} <= set(subcommands)
    assert subcommands["settings"]["type"] == 2  # a subcommand group
    assert isinstance(minibot.bot, MiniBot)
    fetched = await minibot.bot.tree.fetch_commands(guild=discord.Object(fake.guild.id))
    assert sorted((c.id, c.name) for c in fetched) == [(int(game["id"]), "game"), (int(setup["id"]), "setup")]


async def test_resume_after_the_fake_drops_the_websocket(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    await fake.gateway.drop()
    # Dispatched while the bot is away: buffered by the fake, replayed on RESUME.
    reply = await alice.slash("game hello")
    await asyncio.wait_for(fake.gateway.resumed.wait(), 5)
    assert fake.gateway.resumes == 1 and fake.gateway.identifies == 1
    assert reply.content == "Hello (en-US)"


async def test_reconnect_opcode_resumes(fake: FakeDiscord, minibot: RunningBot) -> None:
    await fake.gateway.request_reconnect()
    await asyncio.wait_for(fake.gateway.resumed.wait(), 5)
    reply = await fake.guild.member("alice").slash("game hello")
    assert reply.content.startswith("Hello")


async def test_restart_keeps_persistent_buttons_working(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    await alice.slash("game new", game="yggdrasil")
    await minibot.restart()
    assert fake.gateway.identifies == 2
    reply = await bob.click("Join")
    assert reply.content == "Players: bob"
