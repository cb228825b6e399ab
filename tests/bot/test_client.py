"""The client registers every control of the bot with discord.py in one place: exactly the registry."""

from __future__ import annotations

from typing import Any

import pytest

from bot.client import Deckhand
from bot.settings import Settings
from bot.table import controls


async def test_the_client_registers_exactly_the_registry_of_controls(monkeypatch: pytest.MonkeyPatch) -> None:
    client = Deckhand(Settings(_env_file=None))  # type: ignore[call-arg]
    added: list[tuple[type[Any], ...]] = []
    monkeypatch.setattr(client, "add_dynamic_items", lambda *items: added.append(items))
    client.register_controls()
    assert added == [controls.registered()]
    names = {cls.__name__ for cls in added[0]}
    # the table's, the seats', the rematch's, the records', each game's own and the catch-all
    for name in ("HandButton", "TakeBackButton", "RematchButton", "ReplayButton", "TalkButton", "VoteButton"):
        assert name in names
    assert "UnknownControl" in names
    await client.close()
