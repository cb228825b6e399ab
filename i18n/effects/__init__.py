"""Card effects and card descriptions in words, above the engines.

The engines return effects as typed data (the card files' effect models in their views, ids, names and
aliases from ``cards()``); the modules here word them from the catalogs' ``<game-id>.effect.*`` and
``<game-id>.describe.*`` templates, one module per game, for the renderers (card faces, hands) and the bot
(``/card``, rules answers) alike. Unlike the rest of ``i18n`` they import the engines' data models (never the
other way round), and nothing of Discord, the bot or the pictures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engines.core import CardInfo, RuleSection


class HasCards(Protocol):
    @property
    def id(self) -> str: ...

    def cards(self) -> list[CardInfo]: ...


class HasRules(Protocol):
    @property
    def id(self) -> str: ...

    def rules(self) -> list[RuleSection]: ...


def _aws_builder_cards() -> list[CardInfo]:
    from i18n.effects.aws_builder_cards import card_infos

    return card_infos(None)


def _aws_deckbuilding() -> list[CardInfo]:
    from i18n.effects.aws_deckbuilding import card_infos

    return card_infos()


def _project_chaos() -> list[CardInfo]:
    from i18n.effects.project_chaos import card_infos

    return card_infos()


def _yggdrasil() -> list[CardInfo]:
    from i18n.effects.yggdrasil import card_infos

    return card_infos()


#: game id -> its described ``/card`` entries; imported on first use so one game's lookup loads one game
DESCRIBED: dict[str, Callable[[], list[CardInfo]]] = {
    "aws-builder-cards": _aws_builder_cards,
    "aws-deckbuilding": _aws_deckbuilding,
    "project-chaos": _project_chaos,
    "yggdrasil": _yggdrasil,
}


def cards(engine: HasCards) -> list[CardInfo]:
    """The ``/card`` entries of a game with their descriptions: the engine's own where its cards carry no
    effects to word (Glorious Crown's playing cards), else the words layer's from the card data."""
    describe = DESCRIBED.get(engine.id)
    return engine.cards() if describe is None else describe()


def _project_chaos_rules() -> list[RuleSection]:
    from i18n.effects.project_chaos import rule_sections

    return rule_sections()


def _yggdrasil_rules() -> list[RuleSection]:
    from i18n.effects.yggdrasil import rule_sections

    return rule_sections()


#: game id -> its ``/rules`` sections with the parts worded from its data (scenario goals, ready decks)
WORDED_RULES: dict[str, Callable[[], list[RuleSection]]] = {
    "project-chaos": _project_chaos_rules,
    "yggdrasil": _yggdrasil_rules,
}


def rules(engine: HasRules) -> list[RuleSection]:
    """The ``/rules`` sections of a game: the engine's own, with what its data says worded here."""
    word = WORDED_RULES.get(engine.id)
    return engine.rules() if word is None else word()
