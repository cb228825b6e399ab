"""Extras for a game's final message, rebuilt from the action log: a game's time-lapse (``GameUI.timelapse``;
The Yggdrasil's shows both trees growing, one frame per placement) and its story (``GameUI.chronicle``).

``final_extras`` is what the publisher calls when a game ends; a game without extras gets ``[]``. Building
one must never keep the final message from being posted: any failure is logged and the extra left out.
"""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.games import GameUI, manifest, ui_for
from bot.store import GameRecord, SqliteStore
from engines.core import Event

log = logging.getLogger(__name__)

#: Every time-lapse is a GIF: lossless WebP was 4–6 MiB a game, lossy WebP slow and blurred.
TIMELAPSE_FILE = "timelapse.gif"


async def final_extras(rec: GameRecord, lang: str, store: SqliteStore) -> list[discord.File]:
    """Files to attach to the final message of ``rec`` (its words in ``lang``); ``[]`` for most games."""
    ui = ui_for(rec.game_id)
    if type(ui).timelapse is GameUI.timelapse:
        return []
    try:
        actions = await store.actions(rec.id)
        data = await asyncio.to_thread(ui.timelapse, rec, actions, lang)
    except Exception:  # an extra must never keep the final message from being posted
        log.exception(
            "the time-lapse of game %s could not be built; the final message goes without it", rec.id
        )
        return []
    if data is None:
        return []
    return [discord.File(io.BytesIO(data), filename=TIMELAPSE_FILE)]


async def chronicle(rec: GameRecord, lang: str, store: SqliteStore) -> str | None:
    """The game's own end-of-game story (``GameUI.chronicle``) from every public event, replayed."""
    ui = ui_for(rec.game_id)
    if type(ui).chronicle is GameUI.chronicle:
        return None
    engine = manifest(rec.game_id).engine
    players = [s.seat for s in rec.seats]
    state = engine.new_game(players, rec.options, rec.seed)
    public: list[Event] = [Event(kind="game_started")]
    for action in await store.actions(rec.id):
        step = engine.apply(state, action.seat, action.action)
        state = step.state
        public.extend(e for e in step.events if e.public)
    return ui.chronicle(public, lang, rec.names())
