"""The real Deckhand against the fake: starts, syncs, answers, survives a restart. (Foundation flows go in
their own modules once the command names settle.)"""

from __future__ import annotations

import pytest

from tests.e2e.tables import open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(60)]


async def test_deckhand_starts_answers_and_keeps_its_buttons_across_a_restart(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    assert "game" in {c["name"] for c in fake.commands()}
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await open_game(fake, alice, "glorious-crown")
    opened.follow(bob)
    assert "Join" in opened.lobby.text()
    await runner.restart()
    joined = await bob.click("Join", message=opened.lobby)
    assert joined.acknowledged
    assert "@bob" in opened.lobby.text()
    # The summary card's own Join works after the restart too, from the channel.
    carol = fake.guild.member("carol")
    from_card = await carol.click("Join", message=opened.summary)
    assert from_card.ephemeral and "Carol" in opened.summary.text() and "@carol" in opened.lobby.text()


async def test_the_bot_asks_only_for_the_guilds_intent(fake: FakeDiscord, running_bot: StartBot) -> None:
    """A slash-command bot reads no messages: Discord sends it no event for the messages and edits of its
    channels (with a hundred tables, parsing its own table messages back was most of its gateway work)."""
    await running_bot()
    alice = fake.guild.member("alice")
    opened = await open_game(fake, alice, "glorious-crown", ais=2, start=True)
    await alice.click("My hand", channel=opened.thread)
    session = fake.gateway.session
    assert session is not None
    assert session.intents == 1  # GUILDS: guilds, channels, threads
    kinds = {event["t"] for event in session.sent}
    assert "INTERACTION_CREATE" in kinds and "THREAD_CREATE" in kinds
    assert not {k for k in kinds if k.startswith("MESSAGE_")}, kinds
