"""The AWS Deckbuilding Game in "What you built" (``bot.games.built``): the engine's architecture, the card
names, the category colours and the lines of ``services.toml``. The game has no missions."""

from __future__ import annotations

from bot.games.built import Lessons
from engines.aws_deckbuilding.cards import DB
from engines.aws_deckbuilding.lessons import architecture
from engines.aws_deckbuilding.models import ADState
from engines.aws_deckbuilding.services import service_lines
from engines.core import Text


def names(state: ADState) -> dict[str, Text]:
    return {key: card.name for key, card in DB.cards.items()}


def colours(state: ADState) -> dict[str, str]:
    return {key: cat.colour for key, cat in DB.categories.items()}


def does() -> dict[str, Text]:
    return {key: line.text for key, line in service_lines().lines.items()}


LESSONS = Lessons(
    words="aws-deckbuilding",
    architecture=architecture,
    does=does,
    names=names,
    why=lambda _: {},
    colours=colours,
)
