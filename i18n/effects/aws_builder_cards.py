"""AWS Builder Cards' combos and effects (AB-5) and its ``/card`` entries in words, from the card data (a
corrected card file is described correctly too) and the catalogs' ``aws-builder-cards.effect.*`` /
``aws-builder-cards.describe.*`` templates.

``short`` forms fit a card face ("w/ S3: +2 Cr"); long forms are for ``/card``. The names an effect gives
are looked up by ``name(ref, lang)``: a card face carries the short names (``CardFace.names``), ``/card``
reads the full ones from the card file."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

from engines.aws_builder_cards.cards import (
    AdoptEffect,
    CardDB,
    CreditsPer,
    DiscardToDeck,
    DrawEffect,
    DrawPer,
    Effect,
    StackEffect,
    WaDiscount,
    WithEffect,
    catalogue,
)
from engines.aws_builder_cards.models import CardFace
from engines.aws_builder_cards.notation import card_name as full_name
from engines.aws_builder_cards.notation import short_name
from engines.aws_builder_cards.rules_text import card_infos as card_index
from engines.aws_builder_cards.setup import mission_id
from engines.core import CardField, CardInfo, Text
from i18n.catalog import t
from i18n.effects.bilingual import field, per_lang

NS = "aws-builder-cards"
E = f"{NS}.effect"
D = f"{NS}.describe"

#: the name of a card or partner token (``cmp``, ``builder``) in a language
Namer = Callable[[str, str], str]


def gives_text(credits: int, draw: int, adopt: int, lang: str) -> str:
    """What a combo gives, e.g. "+2 Cr, Draw 1" (the pictures' shorter form is their catalog's)."""
    parts = [
        t(lang, f"{E}.gives.{what}", n=n)
        for what, n in (("credits", credits), ("draw", draw), ("adopt", adopt))
        if n
    ]
    return t(lang, f"{E}.gives.separator").join(parts)


def effect_text(name: Namer, eff: Effect, lang: str, *, short: bool) -> str:
    form = "short" if short else "long"
    if isinstance(eff, WithEffect):
        who = t(lang, f"{E}.partners.{form}").join(name(p, lang) for p in eff.partners)
        if eff.count > 1:
            who = t(lang, f"{E}.partners.times", who=who, n=eff.count)
        g = eff.gives
        return t(lang, f"{E}.with", who=who, gives=gives_text(g.credits, g.draw, g.adopt, lang))
    if isinstance(eff, CreditsPer | DrawPer):
        credits, draw = (eff.amount, 0) if isinstance(eff, CreditsPer) else (0, eff.amount)
        return t(lang, f"{E}.per", what=gives_text(credits, draw, 0, lang), who=name(eff.per, lang))
    if isinstance(eff, StackEffect):
        steps = [
            t(lang, f"{E}.stack_step", k=k, total=n) for k, n in enumerate(eff.totals, start=1) if k >= 2
        ]
        adopt = "" if eff.adopt_at is None else t(lang, f"{E}.stack_adopt", at=eff.adopt_at)
        return t(lang, f"{E}.stack", steps=" ".join(steps), adopt=adopt)
    if isinstance(eff, DrawEffect):
        return gives_text(0, eff.amount, 0, lang)
    if isinstance(eff, AdoptEffect):
        base = gives_text(0, 0, eff.amount, lang)
        return t(lang, f"{E}.sunset", gives=base) if eff.sunset else base
    if isinstance(eff, DiscardToDeck):
        return t(lang, f"{E}.discard_to_deck")
    if isinstance(eff, WaDiscount):
        return t(lang, f"{E}.wa_discount", costs="/".join(str(eff.costs[p]) for p in sorted(eff.costs)))
    raise TypeError(eff)


def combo_line(face: CardFace, lang: str) -> str:
    """The line at the bottom of a card face: every effect, short ("w/ S3: +2 Cr · Draw 1")."""

    def name(ref: str, lang: str) -> str:
        return face.names[ref].get(lang)

    return t(lang, f"{E}.separator").join(effect_text(name, e, lang, short=True) for e in face.effects)


def _db_combo(db: CardDB, key: str, lang: str) -> str:
    short = partial(short_name, db)
    effects = db.cards[key].defn.effects
    return t(lang, f"{E}.separator").join(effect_text(short, e, lang, short=True) for e in effects)


def long_text(db: CardDB, key: str, lang: str) -> str:
    """A /card entry: category, cost, credits and every effect in full, plus the combo rule reminder."""
    card = db.cards[key]
    d = card.defn
    cat = db.categories[d.category]
    parts: list[str] = [Text(en=cat.en, ja=cat.ja).get(lang)]
    if d.kind == "wa":
        parts.append(t(lang, f"{D}.wa", n=d.points, cost=d.cost))
        if d.players > 2:
            parts.append(t(lang, f"{D}.players", n=d.players))
    elif d.kind == "starter":
        parts.append(t(lang, f"{D}.starter"))
    else:
        parts.append(t(lang, f"{D}.free_deck") if d.cost == 0 else t(lang, f"{D}.costs", cost=d.cost))
        parts.append(t(lang, f"{D}.credits", n=d.credits))
    full = partial(full_name, db)
    parts += [effect_text(full, eff, lang, short=False) for eff in d.effects]
    if card.cmp_needs:
        needs = t(lang, f"{E}.partners.long").join(full(k, lang) for k in sorted(card.cmp_needs))
        parts.append(t(lang, f"{D}.cmp_needs", needs=needs))
    return t(lang, f"{D}.separator").join(parts)


def _card_fields(db: CardDB, key: str) -> list[CardField]:
    d = db.cards[key].defn
    cat = db.categories[d.category]
    fields = [
        field(f"{D}.field.category", Text(en=cat.en, ja=cat.ja)),
        field(f"{D}.field.copies", per_lang(lambda _lang: str(d.qty))),
    ]
    if d.kind != "starter":
        fields.append(
            field(f"{D}.field.cost", per_lang(lambda lang: str(d.cost) if d.cost else t(lang, f"{D}.free")))
        )
    if d.kind == "wa":
        fields.append(field(f"{D}.field.points", per_lang(lambda _lang: str(d.points))))
    else:
        fields.append(field(f"{D}.field.credits", per_lang(lambda _lang: str(d.credits))))
    combo = per_lang(partial(_db_combo, db, key))
    if combo.en:
        fields.append(field(f"{D}.field.combo", combo))
    partners = db.partner_names(key)
    if partners:
        fields.append(
            field(
                f"{D}.field.partners",
                per_lang(lambda lang: t(lang, f"{D}.list").join(full_name(db, p, lang) for p in partners)),
            )
        )
    return fields


def _mission_info(db: CardDB, key: str, aliases: tuple[str, ...]) -> CardInfo:
    m = db.missions[key]

    def needs(lang: str) -> str:
        any_of = t(lang, f"{E}.partners.long")
        return " + ".join(any_of.join(full_name(db, r, lang) for r in sorted(n)) for n in m.needs)

    return CardInfo(
        id=mission_id(key),
        name=per_lang(lambda lang: t(lang, f"{D}.mission.name", name=m.name.get(lang))),
        text=per_lang(lambda lang: t(lang, f"{D}.mission.text", needs=needs(lang), why=m.why.get(lang))),
        aliases=aliases,
        fields=(field(f"{D}.field.kind", per_lang(lambda lang: t(lang, f"{D}.mission.kind"))),),
    )


@lru_cache(maxsize=16)
def _infos(text: str | None) -> tuple[CardInfo, ...]:
    db = catalogue(text)
    missions = {mission_id(k): k for k in db.missions}
    out: list[CardInfo] = []
    for entry in card_index(text):
        if entry.id in missions:
            out.append(_mission_info(db, missions[entry.id], entry.aliases))
            continue
        out.append(
            CardInfo(
                id=entry.id,
                name=entry.name,
                text=per_lang(partial(long_text, db, entry.id)),
                aliases=entry.aliases,
                fields=tuple(_card_fields(db, entry.id)),
            )
        )
    return tuple(out)


def card_infos(text: str | None) -> list[CardInfo]:
    """Every card and mission of a card file (``None``: the printed one) as ``/card`` shows it, in the
    engine's order with the engine's aliases."""
    return list(_infos(text))
