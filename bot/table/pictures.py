"""Pictures for the table: the game's renderer, run in a worker thread so the event loop stays free."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Collection, Mapping
from typing import Any, Literal

import discord

from bot.games import manifest

log = logging.getLogger(__name__)


async def render(
    game_id: str,
    kind: Literal["table", "hand", "final"],
    view: Any,
    lang: str,
    filename: str,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> discord.File | None:
    """``kind`` is ``table``, ``hand`` or ``final``; ``None`` when the game has no pictures. ``names`` maps
    seats to the players' display names, ``ai_seats`` are the computer's (``renderers.contract``)."""
    renderer = manifest(game_id).renderer
    if renderer is None:
        return None
    func = {"table": renderer.render_table, "hand": renderer.render_hand, "final": renderer.render_final}[
        kind
    ]
    data: bytes = await asyncio.to_thread(
        func, view, lang, names=dict(names) if names is not None else None, ai_seats=frozenset(ai_seats)
    )
    return discord.File(io.BytesIO(data), filename=filename)
