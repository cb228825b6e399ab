"""A click on a public answer button (``bot.table.answer_buttons``) without Discord: a table service that
reads one stored game and records what is played, and an interaction that keeps what the bot said."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

import engines
from bot.games import ui_for
from bot.store import GameRecord, StaleVersion


@dataclass
class FakeTables:
    rec: GameRecord
    acted: list[tuple[int, int, Any, int | None]] = field(default_factory=list)
    stale: bool = False

    @property
    def store(self) -> Any:
        async def get_game(pk: int) -> GameRecord:
            assert pk == self.rec.id
            return self.rec

        return SimpleNamespace(get_game=get_game)

    def state(self, rec: GameRecord) -> Any:
        return engines.get(rec.game_id).load_state(rec.state_json or "")

    def ui(self, rec: GameRecord) -> Any:
        return ui_for(rec.game_id)

    async def act(self, pk: int, user_id: int, action: Any, expected_version: int | None = None) -> Any:
        if self.stale:
            raise StaleVersion(pk, expected_version or 0)
        self.acted.append((pk, user_id, action, expected_version))
        return SimpleNamespace(record=self.rec)


@dataclass
class FakeInteraction:
    tables: FakeTables
    user_id: int
    locale: str = "en-US"
    said: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.client = SimpleNamespace(tables=self.tables)
        self.user = SimpleNamespace(id=self.user_id)
        self.guild_id = 1
        self.guild_locale = None
        outer = self

        class Response:
            done = False

            def is_done(self) -> bool:
                return self.done

            async def defer(self, **kwargs: Any) -> None:
                self.done = True

            async def send_message(self, text: str, **kwargs: Any) -> None:
                assert kwargs.get("ephemeral")
                outer.said.append(text)
                self.done = True

        class Followup:
            async def send(self, text: str, **kwargs: Any) -> None:
                assert kwargs.get("ephemeral")
                outer.said.append(text)

        self.response = Response()
        self.followup = Followup()


async def click(button_type: Any, custom_id: str, tables: FakeTables, user: int) -> FakeInteraction:
    """``button_type`` (a game's answer button) built from ``custom_id`` as discord.py would, then clicked."""
    interaction = FakeInteraction(tables, user)
    item: discord.ui.Button[Any] = discord.ui.Button(custom_id=custom_id, label="x")
    button = await button_type.from_custom_id(interaction, item, None)
    await button.callback(interaction)
    return interaction
