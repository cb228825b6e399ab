"""Bilingual wording of costs, credits, effects and conditions, generated from the card data.

``short`` forms fit a picture ("S3 → +2 AWSome"); ``long`` forms are for /card ("If you revealed Amazon S3:
+2 AWSome credits")."""

from __future__ import annotations

from engines.aws_deckbuilding.cards import DB, Card, Cond, Eff
from engines.core import Text

PREFIXES = ("Amazon ", "AWS ")


def short_name(card: Card, lang: str) -> str:
    """``Amazon S3`` -> ``S3``: enough where space is short."""
    name = card.name.get(lang)
    for prefix in PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix) :]
    return name


def effect_gives(eff: Eff, lang: str) -> str:
    if eff.type == "awsome":
        return f"+{eff.amount} AWSome"
    if eff.type == "buy":
        return f"+{eff.amount} Buy" if lang == "en" else f"購入+{eff.amount}"
    return f"Draw {eff.amount}" if lang == "en" else f"{eff.amount}枚ドロー"


def _category(key: str, lang: str, *, short: bool) -> str:
    cat = DB.categories[key]
    return (cat.short if short else cat.name).get(lang)


def condition_text(cond: Cond | None, lang: str, *, short: bool) -> str:
    """What must be revealed besides the card itself."""
    if cond is None:
        return ("always" if short else "Always") if lang == "en" else "無条件"
    if cond.kind in ("service", "category"):
        if cond.kind == "service":
            names = [
                short_name(DB.cards[k], lang) if short else DB.cards[k].name.get(lang)
                for k in sorted(cond.keys)
            ]
        else:
            names = [_category(k, lang, short=short) for k in sorted(cond.keys)]
        if lang == "en":
            joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
            if cond.kind == "category":
                article = "an" if joined[0] in "AEIOU" else "a"
                joined = f"{article} {joined} card"
                return joined if short else f"If you revealed {joined}"
            return joined if short else f"If you revealed {joined}"
        joined = "・".join(names) if short else "、".join(names)
        if cond.kind == "category":
            joined += "カード"
        if short:
            return joined
        gap = " " if joined[-1].isascii() else ""  # "Amazon S3 を" as AWS Japan writes it
        return (
            f"{joined}{gap}を公開していれば" if len(names) == 1 else f"{joined}{gap}のどれかを公開していれば"
        )
    if cond.kind == "no_onprem":
        if lang == "en":
            return "no on-prem" if short else "If you revealed no on-premises card"
        return "オンプレなし" if short else "オンプレミスカードを1枚も公開していなければ"
    if lang == "en":
        return (
            f"{cond.at_least}+ categories"
            if short
            else (f"If your other revealed services span {cond.at_least} or more categories")
        )
    return (
        f"{cond.at_least}種以上のカテゴリー"
        if short
        else (f"他に公開したサービスのカテゴリーが{cond.at_least}種類以上なら")
    )


def effect_line(eff: Eff, lang: str, *, short: bool = True) -> str:
    """``S3 → +2 AWSome`` / ``If you revealed Amazon S3: +2 AWSome``."""
    gives = effect_gives(eff, lang)
    if eff.cond is None:
        return gives if short else (f"Always: {gives}" if lang == "en" else f"無条件：{gives}")
    cond = condition_text(eff.cond, lang, short=short)
    if short:
        return f"{cond} → {gives}"
    return f"{cond}: {gives}" if lang == "en" else f"{cond}：{gives}"


def effect_text(eff: Eff) -> Text:
    return Text(en=effect_line(eff, "en", short=False), ja=effect_line(eff, "ja", short=False))


def condition(cond: Cond | None) -> Text:
    return Text(en=condition_text(cond, "en", short=True), ja=condition_text(cond, "ja", short=True))


def cost_text(card: Card, lang: str) -> str:
    """``4 TCO`` / ``3 AWSome`` (AD-1: black cost = TCO, orange = AWSome)."""
    if card.currency is None:
        return "—"
    return f"{card.cost} {'TCO' if card.currency == 'tco' else 'AWSome'}"
