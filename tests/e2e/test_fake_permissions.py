"""Permissions through the fake: the bot's per channel (403/50013 when it lacks one, app_permissions),
members' roles (interaction member.permissions) and default_member_permissions hiding commands."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import FakeDiscord, NotPossible, Permission
from tests.fakediscord.botrunner import RunningBot
from tests.fakediscord.permissions import to_bits

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(30)]


def refusals(fake: FakeDiscord) -> list[tuple[int, int]]:
    return [(r.status, r.code) for r in fake.rejections]


def bot_view(minibot: RunningBot, fake: FakeDiscord, name: str) -> discord.Permissions:
    """What discord.py itself computes for the bot in a channel (from the overwrites the fake sent)."""
    assert minibot.bot is not None
    guild = minibot.bot.get_guild(fake.guild.id)
    assert guild is not None
    channel = discord.utils.get(guild.text_channels, name=name)
    assert channel is not None
    return channel.permissions_for(guild.me)


async def test_bot_without_create_public_threads_is_refused(fake: FakeDiscord, minibot: RunningBot) -> None:
    await fake.guild.set_bot_permissions("game-night", deny=Permission.CREATE_PUBLIC_THREADS)
    assert not fake.guild.bot_permissions("game-night") & Permission.CREATE_PUBLIC_THREADS
    # discord.py got CHANNEL_UPDATE with the overwrite and agrees.
    assert not bot_view(minibot, fake, "game-night").create_public_threads
    assert bot_view(minibot, fake, "general").create_public_threads
    reply = await fake.guild.member("alice").slash("game thread", name="Table 1")
    assert reply.content == "Forbidden (50013)."
    assert refusals(fake) == [(403, 50013)]
    assert fake.rejections[0].message == "Missing Permissions"
    assert fake.guild.threads == []
    ok = await fake.guild.member("alice").slash("game thread", name="Table 2", channel="#general")
    assert ok.content.startswith("Opened")


async def test_send_messages_and_send_messages_in_threads_are_separate(
    fake: FakeDiscord, minibot: RunningBot
) -> None:
    alice = fake.guild.member("alice")
    await fake.guild.set_bot_permissions("game-night", deny="SEND_MESSAGES")
    # The slash command's own answer is an interaction response: allowed without SEND_MESSAGES.
    assert (await alice.slash("game post", kind="text")).content == "Forbidden (50013)."
    # In a thread SEND_MESSAGES_IN_THREADS counts, not SEND_MESSAGES.
    assert (await alice.slash("game thread", name="Table 1")).content.startswith("Opened")
    assert [m.content for m in fake.guild.thread("Table 1").messages()] == ["Welcome to Table 1."]
    await fake.guild.set_bot_permissions("game-night", deny="send_messages_in_threads")
    assert (await alice.slash("game thread", name="Table 2")).content == "Forbidden (50013)."
    assert fake.guild.thread("Table 2").messages() == []
    assert refusals(fake) == [(403, 50013), (403, 50013)]


async def test_files_and_embeds_need_their_permissions(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    await fake.guild.set_bot_permissions(deny=[Permission.ATTACH_FILES, Permission.EMBED_LINKS])
    assert (await alice.slash("game post", kind="file")).content == "Forbidden (50013)."
    assert (await alice.slash("game post", kind="embed")).content == "Forbidden (50013)."
    # Embeds beside text are dropped silently, as Discord does; the fake notes it.
    assert (await alice.slash("game post", kind="embed+text")).content == "Posted."
    posted = fake.guild.default_channel.messages()[-1]
    assert posted.content == "Posted text with embed." and posted.embeds == []
    assert [n.text for n in fake.notices] == ["embeds dropped: the bot lacks EMBED_LINKS in #game-night"]
    assert (await alice.slash("game post", kind="text", channel="#general")).content == "Posted."
    assert refusals(fake) == [(403, 50013), (403, 50013)]
    await fake.guild.set_bot_permissions(allow=Permission.ATTACH_FILES | Permission.EMBED_LINKS)
    assert (await alice.slash("game post", kind="file")).content == "Posted."


async def test_app_permissions_and_member_permissions_reach_discord_py(
    fake: FakeDiscord, minibot: RunningBot
) -> None:
    await fake.guild.set_bot_permissions("game-night", deny=Permission.EMBED_LINKS)
    alice = fake.guild.member("alice")
    mod = fake.guild.member("mod", roles=["Moderator"])
    where = await alice.slash("game where")
    app = int(fake.guild.bot_permissions())
    assert not app & Permission.EMBED_LINKS and app & Permission.SEND_MESSAGES
    assert where.content == f"#game-night; app {app}; member {int(alice.permissions_in())}"
    assert not alice.permissions & Permission.MANAGE_GUILD
    assert mod.permissions & Permission.MANAGE_GUILD
    mod_where = await mod.slash("game where")
    assert mod_where.content.endswith(f"member {int(mod.permissions_in())}")
    assert int(mod.permissions_in()) & Permission.MANAGE_GUILD


async def test_default_member_permissions_hide_a_command(fake: FakeDiscord, minibot: RunningBot) -> None:
    bob = fake.guild.member("bob")
    assert bob.commands() == ["game"]
    with pytest.raises(NotPossible, match=r"does not offer /setup to bob: /setup needs MANAGE_GUILD"):
        await bob.slash("setup")
    mod = fake.guild.member("mod", roles=["Moderator"])
    assert mod.commands() == ["game", "setup"]
    assert (await mod.slash("setup")).content == "Setup done."
    admin = fake.guild.member("admin", roles=[fake.guild.role("Admin", Permission.ADMINISTRATOR)])
    assert (await admin.slash("setup")).content == "Setup done."
    await bob.add_roles("Moderator")
    assert (await bob.slash("setup")).content == "Setup done."
    await bob.remove_roles("Moderator")
    with pytest.raises(NotPossible):
        await bob.slash("setup")
    # Subcommands carry no default_member_permissions of their own: everyone gets /game's.
    assert (await bob.slash("game hello")).content.startswith("Hello")


async def test_members_without_view_channel_cannot_act_there(fake: FakeDiscord, minibot: RunningBot) -> None:
    staff = fake.guild.role("Staff")
    general = fake.guild.channel("#general")
    await general.set_permissions("@everyone", deny=Permission.VIEW_CHANNEL)
    await general.set_permissions(staff, allow=Permission.VIEW_CHANNEL)
    bob, carol = fake.guild.member("bob"), fake.guild.member("carol", roles=[staff])
    with pytest.raises(NotPossible, match="bob cannot see #general"):
        await bob.slash("game hello", channel=general)
    assert (await carol.slash("game hello", channel=general)).content.startswith("Hello")
    await general.set_permissions("@everyone", deny=Permission.USE_APPLICATION_COMMANDS)
    with pytest.raises(NotPossible, match="lacks USE_APPLICATION_COMMANDS"):
        await carol.slash("game hello", channel=general)


async def test_bot_without_view_channel_gets_missing_access(fake: FakeDiscord, minibot: RunningBot) -> None:
    await fake.guild.set_bot_permissions("general", deny="view_channel")
    assert minibot.bot is not None
    channel = minibot.bot.get_channel(fake.guild.channel("#general").id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("hello?")
    assert refused.value.code == 50001


def test_permission_names_and_bits() -> None:
    assert to_bits("manage_guild") == to_bits("MANAGE_GUILD") == 1 << 5
    assert to_bits(["SEND_MESSAGES", Permission.ATTACH_FILES]) == (1 << 11) | (1 << 15)
    with pytest.raises(ValueError, match="no Discord permission called 'fly'"):
        to_bits("fly")
    # The fake's table agrees with discord.py's flag values, name for name.
    for name, value in discord.Permissions.VALID_FLAGS.items():
        if name.upper() in Permission.__members__:
            assert int(Permission[name.upper()]) == value, name
