"""Analysis jobs as the pool runs them (``bot.analysis.pool``): module-level functions of picklable
arguments, importing only the engines, so a worker process starts them without the bot's Discord layer."""

from __future__ import annotations

import engines
from bot.analysis.pool import ProgressCallback
from engines.core.analysis import COACH_SETTINGS, Suggestion, suggest


def coach_suggestion(
    game_id: str, state_json: str, seat: str, seed: int, samples: int, *, progress: ProgressCallback
) -> Suggestion:
    """The coach's suggestion for ``seat`` in a stored state (issue 27, ``bot.table.coach``)."""
    engine = engines.get(game_id)
    settings = COACH_SETTINGS.model_copy(update={"samples": samples})
    return suggest(engine, engine.load_state(state_json), seat, settings, seed, progress)
