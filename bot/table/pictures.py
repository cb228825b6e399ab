"""Pictures for the table: the game's renderer, run in a worker thread so the event loop stays free."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Mapping
from typing import Any

import discord

from renderers import registry

log = logging.getLogger(__name__)


async def render(
    game_id: str, kind: str, view: Any, lang: str, filename: str, names: Mapping[str, str] | None = None
) -> discord.File | None:
    """``kind`` is ``table``, ``hand`` or ``final``. ``None`` when the game has no such picture.
    ``names`` maps seats to the players' display names (see ``renderers.registry.GameRenderer``)."""
    renderer = registry.get(game_id)
    func = getattr(renderer, f"render_{kind}", None) if renderer else None
    if func is None and kind == "final" and renderer is not None:
        func = renderer.render_table
    if func is None:
        return None
    data: bytes = await asyncio.to_thread(func, view, lang, names=dict(names) if names is not None else None)
    return discord.File(io.BytesIO(data), filename=filename)
