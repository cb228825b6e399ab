"""Records and states for the presenters, built with the engines directly (no store, no client, no fake
Discord), the bot's real control builders, and Discord's limits checked on any payload."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.games import manifest
from bot.presenters.payload import Payload
from bot.store import GameRecord, SeatInfo, Status
from bot.table import custom_ids
from bot.table.custom_ids import ControlId

ALICE, BOB = 101, 202
GAME = "glorious-crown"
PK = 7


@pytest.fixture(params=["en", "ja"])
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def seats(ai: bool = True) -> list[SeatInfo]:
    found = [SeatInfo(seat="p1", user_id=ALICE, name="Alice"), SeatInfo(seat="p2", user_id=BOB, name="Bob")]
    if ai:
        found.append(SeatInfo(seat="p3", name="AI-1", ai_level="strong"))
    return found


def record(game_id: str = GAME, **update: Any) -> GameRecord:
    """A running game of Alice, Bob and an AI, from its engine's own first state."""
    taken = update.pop("seats", None) or seats()
    state = manifest(game_id).engine.new_game([s.seat for s in taken], {}, 3)
    fields: dict[str, Any] = {
        "id": PK,
        "guild_id": 1,
        "channel_id": 2,
        "parent_channel_id": 3,
        "summary_message_id": 4,
        "game_id": game_id,
        "status": Status.RUNNING,
        "host_id": ALICE,
        "seed": 3,
        "seats": taken,
        "state_json": manifest(game_id).engine.dump_state(state),
        "version": 1,
    }
    fields.update(update)
    return GameRecord(**fields)


def state_of(rec: GameRecord) -> Any:
    assert rec.state_json is not None
    return manifest(rec.game_id).engine.load_state(rec.state_json)


def mention(user_id: int | None) -> str:
    return f"<@{user_id}>"


def controls(payload: Payload) -> list[ControlId]:
    """The bot's controls on a payload, read back by the one parser (links have no custom id)."""
    if payload.view is None:
        return []
    found = []
    for item in payload.view.children:
        custom_id = getattr(item, "custom_id", None)
        if custom_id is not None:
            found.append(custom_ids.parse(custom_id))
    return found


def pinged(payload: Payload) -> list[int]:
    """The members a post may ping: none unless the payload names them."""
    mentions = payload.allowed_mentions
    if mentions is None or mentions.users is False:
        return []
    if mentions.users is True:
        raise AssertionError("a payload must never allow every user mention")
    return [u.id for u in mentions.users]


def within_discord_limits(payload: Payload) -> None:
    """Discord's limits: 2,000 characters of content; an embed's title 256, description 4,096, 25 fields
    (name 256, value 1,024), footer 2,048, 6,000 in all; 5 rows of components, 25 options a select, 80
    characters a label, 100 a custom id."""
    assert payload.content is None or len(payload.content) <= 2000
    for embed in payload.embeds():
        assert len(embed.title or "") <= 256
        assert len(embed.description or "") <= 4096
        assert len(embed.fields) <= 25
        assert all(len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in embed.fields)
        assert len(embed.footer.text or "") <= 2048
        assert len(embed) <= 6000
    assert sum(len(e) for e in payload.embeds()) <= 6000
    if payload.view is None:
        return
    assert len(payload.view.to_components()) <= 5
    for item in payload.view.children:
        if isinstance(item, discord.ui.Select):
            assert 1 <= len(item.options) <= 25
            assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in item.options)
            assert len(item.placeholder or "") <= 150
        if isinstance(item, discord.ui.Button):
            assert len(item.label or "") <= 80
        assert len(getattr(item, "custom_id", None) or "") <= 100
