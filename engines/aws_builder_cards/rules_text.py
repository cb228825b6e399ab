"""``/rules`` sections (for players, in both languages) and the ``/card`` index of a card file."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

from pydantic import BaseModel, ConfigDict

from engines.aws_builder_cards.cards import catalogue
from engines.aws_builder_cards.setup import mission_id
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


@lru_cache(maxsize=1)
def rule_sections_cached() -> tuple[RuleSection, ...]:
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
    """The ``/rules`` sections, kept as data in ``rules.toml`` (long bilingual prose reads better there)."""
    return list(rule_sections_cached())


def card_infos(text: str | None) -> list[CardInfo]:
    """The ``/card`` index of a card file (ids, names, search aliases); the descriptions are worded from the
    card data above the engines (``i18n.effects.aws_builder_cards``)."""
    db = catalogue(text)
    out: list[CardInfo] = []
    for key, card in db.cards.items():
        d = card.defn
        aliases = tuple(dict.fromkeys([key, *d.aliases, *([d.ja] if d.ja != d.en else [])]))
        out.append(CardInfo(id=key, name=d.name, aliases=aliases))
    for key, m in db.missions.items():
        out.append(CardInfo(id=mission_id(key), name=m.name, aliases=(key, m.name.en, m.name.ja)))
    return out
