"""The real Deckhand against the fake: starts, syncs, answers, survives a restart. (Foundation flows go in
their own modules once the command names settle.)"""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(60)]


async def test_deckhand_starts_answers_and_keeps_its_buttons_across_a_restart(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    assert "game" in {c["name"] for c in fake.commands()}
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    lobby = await alice.slash("game new", game="glorious-crown")
    assert lobby.message is not None and not lobby.ephemeral
    assert "Join" in lobby.button_labels()
    await runner.restart()
    joined = await bob.click("Join", message=lobby.message)
    assert joined.acknowledged
    assert "@bob" in lobby.message.text()
