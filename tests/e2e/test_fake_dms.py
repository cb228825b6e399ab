"""Direct messages through the fake: the bot opens a DM and writes; a member with closed DMs gets none."""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord, NotPossible
from tests.fakediscord.botrunner import RunningBot

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(30)]


async def test_bot_sends_a_dm(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    reply = await alice.slash("game dm")
    assert reply.content == "Sent you a DM." and reply.ephemeral
    opened = next(r for r in fake.requests if r.path == "/users/@me/channels")
    assert int(opened.body["recipient_id"]) == alice.id and opened.status == 200
    assert [m.content for m in alice.dms()] == ["A secret for you."]
    assert alice.last_dm().channel.id == alice.dm_channel.id
    assert bob.dms() == []
    # The DM is nowhere in the guild's channels.
    assert "A secret for you." not in [m.content for m in fake.guild.default_channel.messages()]


async def test_click_in_a_dm_comes_without_a_guild(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    await alice.slash("game dm")
    pong = await alice.click("Ping", channel=alice.dm_channel)
    assert pong.content == "Pong in a DM."
    assert pong.interaction.guild_id is None
    assert [m.content for m in alice.dms()] == ["A secret for you.", "Pong in a DM."]
    with pytest.raises(NotPossible, match="sees no button 'Ping'"):
        await fake.guild.member("bob").click("Ping", channel=alice.dm_channel)


async def test_closed_dms_answer_50007(fake: FakeDiscord, minibot: RunningBot) -> None:
    bob = fake.guild.member("bob", dms_open=False)
    reply = await bob.slash("game dm")
    assert reply.content == "Cannot DM you (50007)."
    assert [(r.status, r.code, r.message) for r in fake.rejections] == [
        (403, 50007, "Cannot send messages to this user")
    ]
    assert bob.dms() == []
    bob.dms_open = True
    assert (await bob.slash("game dm")).content == "Sent you a DM."
    assert [m.content for m in bob.dms()] == ["A secret for you."]


async def test_guild_commands_are_not_offered_in_a_dm(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    assert alice.commands(alice.dm_channel) == []
    with pytest.raises(NotPossible, match="not a synced slash command"):
        await alice.slash("game hello", channel=alice.dm_channel)
