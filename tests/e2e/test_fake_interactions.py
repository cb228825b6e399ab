"""Slash commands, buttons, selects, autocomplete, modals and attachments through the fake."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.fakediscord import FakeDiscord, NotPossible
from tests.fakediscord.botrunner import RunningBot

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(30)]


async def test_slash_command_is_answered_publicly(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    reply = await alice.slash("game new", game="glorious-crown", seats=3)
    assert reply.content == "alice opened a table."
    assert not reply.ephemeral
    assert reply.embeds[0]["title"] == "New table: glorious-crown"
    assert reply.embeds[0]["description"] == "3 seats"
    assert reply.button_labels() == ["Join"]
    assert reply.message is not None and bob.last_message().id == reply.message.id
    original = fake.store.messages[reply.interaction.original_message_id or 0]
    assert original.type == 20 and original.interaction_metadata is not None
    assert reply.latency.first_response is not None


async def test_ephemeral_is_visible_only_to_its_member(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    await bob.slash("game new", game="yggdrasil")
    reply = await alice.slash("game hand")
    assert reply.ephemeral and reply.content.startswith("Your hand")
    assert reply.message is not None
    assert [m.id for m in alice.ephemerals()] == [reply.message.id]
    assert all(not m.ephemeral for m in bob.visible_messages())
    assert "Your hand" not in bob.last_message().text()
    assert bob.ephemerals() == []
    with pytest.raises(NotPossible):
        await bob.choose("Play a card", ["S3"])


async def test_button_click_round_trip(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    await alice.slash("game new", game="glorious-crown")
    reply = await bob.click("Join")
    assert reply.callback_type == 7
    assert reply.content == "Players: bob"
    (followup,) = reply.followups
    assert followup.content.startswith("You joined table") and followup.ephemeral
    assert alice.last_message().content == "Players: bob"
    assert not any("You joined" in m.content for m in alice.visible_messages())
    again = await bob.click("Join")
    assert again.content == "You are already seated." and again.ephemeral


async def test_select_menu_choice(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    hand = await alice.slash("game hand")
    assert [o.label for o in hand.selects()[0].options] == ["S3", "H4", "D5", "C6", "S7"]
    reply = await alice.choose("Play a card", ["S3"])
    assert reply.content == "You played S3." and reply.ephemeral
    assert reply.message is not None and reply.message.selects() == []
    assert bob.last_message().content == "alice played S3."


async def test_autocomplete_offers_choices(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    choices = await alice.autocomplete("game new", "game", "glo")
    assert [c.value for c in choices] == ["glorious-crown"]
    assert [c.name for c in await alice.autocomplete("game new", "game", "aws")] == [
        "aws-builder-cards",
        "aws-deckbuilding",
    ]


async def test_deferred_reply_with_multipart_png(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    reply = await alice.slash("game think")
    assert reply.callback_type == 5
    assert reply.message is not None and not reply.message.raw.loading
    assert reply.content == "Rendered."
    (image,) = reply.images()
    assert image.format == "PNG" and image.size == (400, 240)
    upload = next(r for r in fake.requests if r.uploads)
    assert upload.uploads[0].filename == "board.png" and upload.content_type == "multipart/form-data"
    # discord.py can download the attachment from the URL the fake gave it.
    assert minibot.bot is not None
    channel = minibot.bot.get_channel(fake.guild.default_channel.id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.fetch_message(reply.message.id)
    assert await message.attachments[0].read() == reply.attachments[0].data


async def test_subcommand_group_with_choices(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    assert (await alice.slash("game settings language", value="ja")).content == "Language set to ja."
    assert (await alice.slash("game settings language", value="English")).content == "Language set to en."
    with pytest.raises(NotPossible, match="not one of"):
        await alice.slash("game settings language", value="fr")


async def test_modal_submit(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    opened = await alice.slash("game form")
    assert opened.callback_type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Name your table"
    reply = await alice.submit({"Table name": "Friday night"})
    assert reply.content == "Table renamed to Friday night."


async def test_locale_reaches_the_bot(fake: FakeDiscord, minibot: RunningBot) -> None:
    taro = fake.guild.member("taro", locale="ja")
    assert (await taro.slash("game hello")).content == "こんにちは (en-US)"
    fake.guild.locale = "ja"
    assert (await fake.guild.member("alice").slash("game hello")).content == "Hello (ja)"


async def test_impossible_actions_fail_clearly(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    with pytest.raises(NotPossible, match=r"/poker is not a synced slash command \(synced: /game, /setup\)"):
        await alice.slash("poker")
    with pytest.raises(NotPossible, match="needs a subcommand"):
        await alice.slash("game")
    with pytest.raises(NotPossible, match="required option"):
        await alice.slash("game new")
    with pytest.raises(NotPossible, match="sees no button 'Start'"):
        await alice.click("Start")


async def test_two_members_click_at_once(fake: FakeDiscord, minibot: RunningBot) -> None:
    await fake.guild.member("alice").slash("game new", game="project-chaos")
    bob, carol = fake.guild.member("bob"), fake.guild.member("carol")
    first, second = await asyncio.gather(bob.click("Join"), carol.click("Join"))
    assert first.acknowledged and second.acknowledged
    assert fake.guild.member("alice").last_message().content == "Players: bob, carol"
