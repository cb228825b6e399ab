"""``/rules`` sections (for players, in both languages) and ``/card`` entries generated from the card data."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict

from engines.aws_deckbuilding.cards import DB, Card
from engines.aws_deckbuilding.text import cost_text, effect_text, short_name
from engines.core import CardField, CardInfo, RuleSection, Text


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


def _f(en_name: str, ja_name: str, en: str, ja: str) -> CardField:
    return CardField(name=Text(en=en_name, ja=ja_name), value=Text(en=en, ja=ja))


def _cost_field(card: Card) -> CardField:
    colour = {"tco": ("black", "黒"), "awsome": ("orange", "オレンジ")}[card.currency or "tco"]
    return _f(
        "Cost",
        "コスト",
        f"{cost_text(card, 'en')} ({colour[0]})",
        f"{cost_text(card, 'ja')}（{colour[1]}）",
    )


def _fields(card: Card) -> list[CardField]:
    cat = DB.categories[card.category]
    fields = [_f("Category", "カテゴリー", cat.en, cat.ja)]
    if card.is_service:
        fields += [
            _cost_field(card),
            _f(
                "Gives",
                "得られるクレジット",
                f"TCO {card.tco}, AWSome {card.awsome}",
                f"TCO {card.tco}、AWSome {card.awsome}",
            ),
        ]
        for eff, label in (
            (card.effect("primary"), ("Primary effect", "主効果")),
            (card.effect("secondary"), ("Secondary effect", "副効果")),
        ):
            if eff is not None:
                t = effect_text(eff)
                fields.append(_f(label[0], label[1], t.en, t.ja))
        if card.why is not None:
            fields.append(_f("Why", "なぜ", card.why.en, card.why.ja))
        fields.append(_f("Copies", "枚数", str(card.qty), str(card.qty)))
    elif card.is_onprem:
        fields += [
            _f("Gives", "得られるクレジット", f"TCO {card.tco}, AWSome 0", f"TCO {card.tco}、AWSome 0"),
            _f("Copies", "枚数", f"{card.qty} per colour", f"各色{card.qty}枚"),
        ]
    else:
        copies = next(w.copies for w in DB.data.wa if w.key == card.key)
        fields += [
            _cost_field(card),
            _f("Points", "点数", str(card.points), str(card.points)),
            _f(
                "Copies",
                "枚数",
                " / ".join(f"{copies[n]} with {n} players" for n in sorted(copies)),
                "／".join(f"{n}人で{copies[n]}枚" for n in sorted(copies)),
            ),
        ]
    return fields


def _summary(card: Card) -> Text:
    if card.is_service:
        lines: dict[str, list[str]] = {"en": [], "ja": []}
        for lang in ("en", "ja"):
            cat = DB.categories[card.category]
            lines[lang].append(
                f"{cat.en}. Costs {cost_text(card, lang)}; gives TCO {card.tco}, AWSome {card.awsome}."
                if lang == "en"
                else f"{cat.ja}。コスト {cost_text(card, lang)}、"
                f"TCO {card.tco}・AWSome {card.awsome} を生む。"
            )
            for which, label in (("primary", ("Primary", "主効果")), ("secondary", ("Secondary", "副効果"))):
                eff = card.effect(which)  # type: ignore[arg-type]
                if eff is not None:
                    t = effect_text(eff).get(lang)
                    lines[lang].append(f"{label[0]}: {t}." if lang == "en" else f"{label[1]}：{t}。")
            if card.why is not None:
                lines[lang].append(card.why.get(lang))
        return Text(en=" ".join(lines["en"]), ja="".join(lines["ja"]))
    if card.is_onprem:
        return Text(
            en=f"On-premises card: gives TCO {card.tco}, no AWSome, no effects. May be removed from the game "
            "at the end of a turn when your hand holds at least as many AWS cards as on-premises.",
            ja=f"オンプレミスカード：TCO {card.tco} を生み、AWSome と効果はありません。"
            "手番の終わりに手札の AWS カードがオンプレミスカード以上なら、ゲームから取り除けます。",
        )
    return Text(
        en=f"Well-Architected card worth {card.points} point(s), bought with {card.cost} AWSome credits from "
        "the top of the W-A pile. The game ends when the last one is bought.",
        ja=f"{card.points}点の Well-Architected カード。W-A の山の一番上から AWSome {card.cost} で買います。"
        "最後の1枚が買われるとゲーム終了です。",
    )


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
                text=_summary(card),
                aliases=tuple(aliases),
                fields=tuple(_fields(card)),
            )
        )
    return tuple(out)


def card_infos() -> list[CardInfo]:
    return list(_infos())
