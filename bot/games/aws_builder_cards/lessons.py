"""AWS Builder Cards in "What you built" (``bot.games.built``): the engine's architecture, the card
data's names and category colours (the card file the game was played with), the lines of ``services.toml``
and the missions' lines on how their services work together."""

from __future__ import annotations

from bot.games.built import Lessons
from engines.aws_builder_cards.cards import catalogue
from engines.aws_builder_cards.lessons import architecture
from engines.aws_builder_cards.models import ABState
from engines.aws_builder_cards.services import service_lines
from engines.aws_builder_cards.setup import mission_id
from engines.core import Text


def names(state: ABState) -> dict[str, Text]:
    db = catalogue(state.card_file)
    found = {key: card.name for key, card in db.cards.items()}
    found.update({mission_id(key): m.name for key, m in db.missions.items()})
    return found


def why(state: ABState) -> dict[str, Text]:
    return {mission_id(key): m.why for key, m in catalogue(state.card_file).missions.items()}


def colours(state: ABState) -> dict[str, str]:
    return {key: cat.colour for key, cat in catalogue(state.card_file).categories.items()}


def does() -> dict[str, Text]:
    return {key: line.text for key, line in service_lines().lines.items()}


LESSONS = Lessons(
    words="aws-builder-cards", architecture=architecture, does=does, names=names, why=why, colours=colours
)
