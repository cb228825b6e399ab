"""AWS Deckbuilding's effects, conditions and costs (AD-1, AD-2) and its ``/card`` entries in words, from
the card data and the catalogs' ``aws-deckbuilding.effect.*`` / ``aws-deckbuilding.describe.*`` templates.

``short`` forms fit a picture ("S3 → +2 AWSome"); long forms are for ``/card`` ("If you revealed Amazon S3:
+2 AWSome")."""

from __future__ import annotations

from functools import cache, partial
from typing import Literal

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB, Card, Cond, Eff
from engines.aws_deckbuilding.faces import ConditionFace, short_name
from engines.core import CardField, CardInfo, Text
from i18n.catalog import t
from i18n.effects.bilingual import field, per_lang

NS = "aws-deckbuilding"
E = f"{NS}.effect"
D = f"{NS}.describe"
KINDS: tuple[Literal["service", "category", "no_onprem", "categories"], ...] = (
    "service",
    "category",
    "no_onprem",
    "categories",
)


def cond_of(face: ConditionFace) -> Cond:
    """The condition a view's ``ConditionFace`` carries, as the card data holds it."""
    kind = next((k for k in KINDS if k == face.type), None)
    if kind is None:
        raise ValueError(f"not a condition kind: {face.type!r}")
    return Cond(kind, frozenset(face.services or face.categories), face.at_least or 0)


def effect_gives(eff: Eff, lang: str) -> str:
    return t(lang, f"{E}.gives.{eff.type}", n=eff.amount)


def _names(cond: Cond, lang: str, *, short: bool) -> list[str]:
    if cond.kind == "service":
        return [
            short_name(DB.cards[k], lang) if short else DB.cards[k].name.get(lang) for k in sorted(cond.keys)
        ]
    return [(DB.categories[k].short if short else DB.categories[k].name).get(lang) for k in sorted(cond.keys)]


def _joined(names: list[str], lang: str, *, short: bool) -> str:
    """ "A", "A or B", "A, B or C" in English; "A・B" (short) or "A、B" in Japanese: the catalog's glue."""
    form = "short" if short else "long"
    if len(names) == 1:
        return names[0]
    rest = t(lang, f"{E}.list.{form}.separator").join(names[:-1])
    return t(lang, f"{E}.list.{form}.last", rest=rest, last=names[-1])


def _revealed(cond: Cond, lang: str, *, short: bool) -> str:
    names = _names(cond, lang, short=short)
    what = _joined(names, lang, short=short)
    if cond.kind == "category":
        article = "vowel" if what[0] in "AEIOU" else "consonant"
        what = t(lang, f"{E}.category_card.{article}", names=what) + t(lang, f"{E}.category_card.noun")
    if short:
        return what
    # "Amazon S3 を公開していれば": AWS Japan spaces a Latin name from the Japanese after it.
    gap = t(lang, f"{E}.latin_gap") if what[-1].isascii() else ""
    return t(lang, f"{E}.condition.{cond.kind}.{'one' if len(names) == 1 else 'several'}", what=what, gap=gap)


def condition_text(cond: Cond | None, lang: str, *, short: bool) -> str:
    """What must be revealed besides the card itself (AD-2)."""
    form = "short" if short else "long"
    if cond is None:
        return t(lang, f"{E}.condition.always.{form}")
    if cond.kind in ("service", "category"):
        return _revealed(cond, lang, short=short)
    return t(lang, f"{E}.condition.{cond.kind}.{form}", n=cond.at_least)


def effect_line(eff: Eff, lang: str, *, short: bool = True) -> str:
    """``S3 → +2 AWSome`` / ``If you revealed Amazon S3: +2 AWSome``."""
    gives = effect_gives(eff, lang)
    if eff.cond is None:
        return gives if short else t(lang, f"{E}.line.always", gives=gives)
    cond = condition_text(eff.cond, lang, short=short)
    return t(lang, f"{E}.line.{'short' if short else 'long'}", cond=cond, gives=gives)


def cost_text(card: Card, lang: str) -> str:
    """``4 TCO`` / ``3 AWSome`` (AD-1: black cost = TCO, orange = AWSome)."""
    if card.currency is None:
        return t(lang, f"{E}.cost.none")
    return t(lang, f"{E}.cost.{card.currency}", n=card.cost)


# ------------------------------------------------------------------------------------------------ /card
def _long_line(eff: Eff, lang: str) -> str:
    return effect_line(eff, lang, short=False)


def _cost_field(card: Card) -> CardField:
    colour = f"{D}.colour.{card.currency or 'tco'}"
    return field(
        f"{D}.field.cost",
        per_lang(lambda lang: t(lang, f"{D}.cost", cost=cost_text(card, lang), colour=t(lang, colour))),
    )


def _fields(card: Card) -> list[CardField]:
    cat = DB.categories[card.category]
    fields = [field(f"{D}.field.category", Text(en=cat.en, ja=cat.ja))]
    if card.is_service:
        fields += [
            _cost_field(card),
            field(
                f"{D}.field.gives",
                per_lang(lambda lang: t(lang, f"{D}.gives", tco=card.tco, awsome=card.awsome)),
            ),
        ]
        for which in ("primary", "secondary"):
            eff = card.effect(which)
            if eff is not None:
                fields.append(field(f"{D}.field.{which}", per_lang(partial(_long_line, eff))))
        if card.why is not None:
            fields.append(field(f"{D}.field.why", card.why))
        fields.append(field(f"{D}.field.copies", per_lang(lambda _lang: str(card.qty))))
    elif card.is_onprem:
        fields += [
            field(f"{D}.field.gives", per_lang(lambda lang: t(lang, f"{D}.gives", tco=card.tco, awsome=0))),
            field(f"{D}.field.copies", per_lang(lambda lang: t(lang, f"{D}.copies_per_colour", n=card.qty))),
        ]
    else:
        copies = next(w.copies for w in DB.data.wa if w.key == card.key)
        fields += [
            _cost_field(card),
            field(f"{D}.field.points", per_lang(lambda _lang: str(card.points))),
            field(
                f"{D}.field.copies",
                per_lang(
                    lambda lang: t(lang, f"{D}.copies_separator").join(
                        t(lang, f"{D}.copies_with_players", copies=copies[n], n=n) for n in sorted(copies)
                    )
                ),
            ),
        ]
    return fields


def _summary(card: Card, lang: str) -> str:
    if card.is_onprem:
        return t(lang, f"{D}.summary.onprem", tco=card.tco)
    if card.is_wa:
        return t(lang, f"{D}.summary.wa", n=card.points, cost=card.cost)
    cat = DB.categories[card.category]
    lines = [
        t(
            lang,
            f"{D}.summary.service",
            category=cat.name.get(lang),
            cost=cost_text(card, lang),
            tco=card.tco,
            awsome=card.awsome,
        )
    ]
    for which in ("primary", "secondary"):
        eff = card.effect(which)
        if eff is not None:
            lines.append(t(lang, f"{D}.summary.{which}", text=effect_line(eff, lang, short=False)))
    if card.why is not None:
        lines.append(card.why.get(lang))
    return t(lang, f"{D}.summary.separator").join(lines)


@cache
def _infos() -> tuple[CardInfo, ...]:
    return tuple(
        CardInfo(
            id=entry.id,
            name=entry.name,
            text=per_lang(partial(_summary, DB.cards[entry.id])),
            aliases=entry.aliases,
            fields=tuple(_fields(DB.cards[entry.id])),
        )
        for entry in ENGINE.cards()
    )


def card_infos() -> list[CardInfo]:
    """Every card kind as ``/card`` shows it, in the engine's order with the engine's aliases."""
    return list(_infos())
