"""The Yggdrasil's time-lapse for the final message: both trees growing, one frame per placement, rebuilt
from the action log (``UI.timelapse``; ``bot.records.timelapse`` attaches it)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.records.replay import replay_log
from bot.store import ActionRecord, GameRecord
from engines.yggdrasil.events import Placed
from renderers.yggdrasil.timelapse import Placement, render_timelapse


def placements(rec: GameRecord, actions: Sequence[ActionRecord]) -> list[Placement]:
    """The public view after every placement of the log, with who placed where."""
    replayed = replay_log(rec, actions, keep=range(len(actions) + 1))
    engine = replayed.engine
    return [
        Placement(view=engine.view(replayed.state_after(move.seq), None), seat=event.seat, cell=event.cell)
        for move in replayed.moves
        for event in move.events
        if isinstance(event, Placed)
    ]


def timelapse(rec: GameRecord, actions: Sequence[ActionRecord], lang: str) -> bytes | None:
    found = placements(rec, actions)
    if not found:
        return None
    return render_timelapse(found, lang, names=rec.names(), ai_seats=rec.ai_seats())
