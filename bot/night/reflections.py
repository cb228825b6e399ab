"""What we learned (issue 26 item 5), the night's pure part: a reflection as the form sent it, checked
again (a forged submit could carry anything), and the closing message's stories of the tables."""

from __future__ import annotations

from bot.errors import UserError
from bot.games.manifest import SomeEngine
from bot.presenters import night as words
from bot.presenters.night import REFLECTION_LIMIT, REFLECTION_LINES, TableStory
from bot.store import GameRecord, Status
from bot.store.night_models import NightTable


def reflection_text(raw: str) -> str:
    """One to three lines of at most 300 characters, blank lines and outer spaces dropped; anything else is
    refused whole (nothing is cut or stored)."""
    lines = [line.strip() for line in raw.strip().splitlines() if line.strip()]
    text = "\n".join(lines)
    if not lines or len(lines) > REFLECTION_LINES or len(text) > REFLECTION_LIMIT:
        raise UserError("night_reflect_lines", limit=REFLECTION_LIMIT)
    return text


def table_story(table: NightTable, rec: GameRecord, engine: SomeEngine, lang: str) -> TableStory:
    """A table's one line; ``None`` when its game has not finished (ended by the host mid-game)."""
    if rec.status is not Status.FINISHED or rec.state_json is None:
        return TableStory(table, None)
    outcome = engine.outcome(engine.load_state(rec.state_json))
    return TableStory(table, None if outcome is None else words.story_line(rec, outcome, lang))
