"""``/rules`` sections (for players, in both languages) and ``/card`` entries generated from the card data."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

from pydantic import BaseModel, ConfigDict

from engines.aws_builder_cards.cards import catalogue
from engines.aws_builder_cards.notation import card_name as full_name
from engines.aws_builder_cards.setup import mission_id
from engines.aws_builder_cards.text import combo_line, long_text
from engines.core import CardInfo, RuleSection, Text
from engines.core.models import CardField


def _f(en_name: str, ja_name: str, en: str, ja: str) -> CardField:
    return CardField(name=Text(en=en_name, ja=ja_name), value=Text(en=en, ja=ja))


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
    db = catalogue(text)
    out: list[CardInfo] = []
    for key, card in db.cards.items():
        d = card.defn
        cat = db.categories[d.category]
        aliases = tuple(dict.fromkeys([key, *d.aliases, *([d.ja] if d.ja != d.en else [])]))
        fields = [
            _f("Category", "カテゴリー", cat.en, cat.ja),
            _f("Copies", "枚数", str(d.qty), str(d.qty)),
        ]
        if d.kind != "starter":
            cost = str(d.cost) if d.cost else "free"
            fields.append(_f("Cost", "コスト", cost, str(d.cost) if d.cost else "無料"))
        if d.kind == "wa":
            fields.append(_f("Points", "ポイント", str(d.points), str(d.points)))
        else:
            fields.append(_f("Credits", "クレジット", str(d.credits), str(d.credits)))
        combo = combo_line(db, key, "en")
        if combo:
            fields.append(_f("Combo", "コンボ", combo, combo_line(db, key, "ja")))
        partners = db.partner_names(key)
        if partners:
            fields.append(
                _f(
                    "Partners",
                    "パートナー",
                    ", ".join(full_name(db, p, "en") for p in partners),
                    "、".join(full_name(db, p, "ja") for p in partners),
                )
            )
        out.append(
            CardInfo(id=key, name=d.name, text=long_text(db, key), aliases=aliases, fields=tuple(fields))
        )
    for key, m in db.missions.items():
        needs_en = " + ".join(" or ".join(full_name(db, r, "en") for r in sorted(n)) for n in m.needs)
        needs_ja = " + ".join("か".join(full_name(db, r, "ja") for r in sorted(n)) for n in m.needs)
        out.append(
            CardInfo(
                id=mission_id(key),
                name=Text(en=f"Mission: {m.name.en}", ja=f"ミッション：{m.name.ja}"),
                text=Text(
                    en=f"{needs_en}. {m.why.en} (+3 points)", ja=f"{needs_ja}。{m.why.ja}（+3ポイント）"
                ),
                aliases=(key, m.name.en, m.name.ja),
                fields=(_f("Kind", "種類", "Mission (+3 points)", "ミッション（+3ポイント）"),),
            )
        )
    return out
