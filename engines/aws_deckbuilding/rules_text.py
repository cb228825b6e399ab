"""``/rules`` sections (for players, in both languages) and the ``/card`` index (ids, names, search aliases;
the descriptions are worded from the card data above the engines, in ``i18n.effects.aws_deckbuilding``)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict

from engines.aws_deckbuilding.cards import DB
from engines.aws_deckbuilding.faces import short_name
from engines.core import CardInfo, RuleSection, Text


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    rule_ids: list[str]
    title_en: str
    title_ja: str
    en: str
    ja: str


class _RulesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    sections: list[_Section]


@cache
def _sections() -> tuple[RuleSection, ...]:
    text = resources.files(__package__).joinpath("rules.toml").read_text(encoding="utf-8")
    data = _RulesFile.model_validate(tomllib.loads(text))
    return tuple(
        RuleSection(
            id=s.id,
            title=Text(en=s.title_en, ja=s.title_ja),
            body=Text(en=s.en, ja=s.ja),
            rule_ids=tuple(s.rule_ids),
        )
        for s in data.sections
    )


def rule_sections() -> list[RuleSection]:
    return list(_sections())


@cache
def _infos() -> tuple[CardInfo, ...]:
    out: list[CardInfo] = []
    for card in DB.cards.values():
        aliases = [card.key, *card.aliases]
        for lang in ("en", "ja"):
            for name in (card.name.get(lang), short_name(card, lang)):
                if name not in aliases:
                    aliases.append(name)
        out.append(
            CardInfo(
                id=card.key,
                name=card.name,
                aliases=tuple(aliases),
            )
        )
    return tuple(out)


def card_infos() -> list[CardInfo]:
    return list(_infos())
