"""Extras for a game's final message: for The Yggdrasil, an animated picture of both trees growing, one
frame per placement, rebuilt from the action log.

``final_extras`` is what the publisher calls when a game ends; a game without extras gets ``[]``. Building
one must never keep the final message from being posted: any failure is logged and the extra left out.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence

import discord

from bot.records.replay import replay_log
from bot.store import ActionRecord, GameRecord, SqliteStore
from engines.yggdrasil.events import Placed
from renderers.yggdrasil.timelapse import GIF_SUFFIX, Placement, render_timelapse

log = logging.getLogger(__name__)

TIMELAPSE_FILE = f"timelapse{GIF_SUFFIX}"


def yggdrasil_placements(rec: GameRecord, actions: Sequence[ActionRecord]) -> list[Placement]:
    """The public view after every placement of the log, with who placed where."""
    replayed = replay_log(rec, actions, keep=range(len(actions) + 1))
    engine = replayed.engine
    return [
        Placement(view=engine.view(replayed.state_after(move.seq), None), seat=event.seat, cell=event.cell)
        for move in replayed.moves
        for event in move.events
        if isinstance(event, Placed)
    ]


def yggdrasil_timelapse(rec: GameRecord, actions: Sequence[ActionRecord], lang: str) -> bytes | None:
    placements = yggdrasil_placements(rec, actions)
    if not placements:
        return None
    return render_timelapse(placements, lang, names=rec.names(), ai_seats=rec.ai_seats())


#: Game id -> the builder of its time-lapse (CPU work, run in a worker thread).
TIMELAPSES: dict[str, Callable[[GameRecord, Sequence[ActionRecord], str], bytes | None]] = {
    "yggdrasil": yggdrasil_timelapse,
}


async def final_extras(rec: GameRecord, lang: str, store: SqliteStore) -> list[discord.File]:
    """Files to attach to the final message of ``rec`` (its words in ``lang``); ``[]`` for most games."""
    build = TIMELAPSES.get(rec.game_id)
    if build is None:
        return []
    try:
        actions = await store.actions(rec.id)
        data = await asyncio.to_thread(build, rec, actions, lang)
    except Exception:  # an extra must never keep the final message from being posted
        log.exception(
            "the time-lapse of game %s could not be built; the final message goes without it", rec.id
        )
        return []
    if data is None:
        return []
    return [discord.File(io.BytesIO(data), filename=TIMELAPSE_FILE)]
