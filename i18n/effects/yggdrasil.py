"""Yggdrasil's card effects (YG-14) and ``/card`` entries in words, from the card data and the catalogs'
``yggdrasil.effect.card.*`` / ``yggdrasil.describe.*`` templates."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, partial

from engines.core import CardInfo, RuleSection, Text
from engines.yggdrasil import ENGINE
from engines.yggdrasil.cards import CARDS, DECKS, CardDef, Effect
from engines.yggdrasil.geometry import branch_count
from i18n.catalog import t
from i18n.effects.bilingual import field, per_lang

NS = "yggdrasil"


def effect_params(effect: Effect) -> dict[str, str]:
    """The effect's parameters as the view carries them (``EffectInfo.params``)."""
    return {k: str(v) for k, v in effect.model_dump().items() if k != "type"}


def effect_text(kind: str, params: Mapping[str, str], lang: str) -> str:
    """What a card's effect does (YG-14), by its type and parameters: the view's ``EffectInfo`` or the
    card file's effect model through :func:`effect_params`."""
    whose = t(lang, f"{NS}.effect.card.whose.{params.get('whose', 'any')}")
    return t(lang, f"{NS}.effect.card.{kind}", whose=whose)


def _directions(card: CardDef, lang: str) -> str:
    return "".join(t(lang, f"{NS}.describe.direction.{c}") for c in card.branches)


def _stats(card: CardDef, lang: str) -> str:
    stats = t(
        lang,
        f"{NS}.describe.stats",
        branches=_directions(card, lang),
        count=branch_count(card.mask),
        power=card.power,
        fruit=card.fruit,
    )
    return t(lang, f"{NS}.describe.stats_root", stats=stats) if card.root else stats


def description(card: CardDef, lang: str) -> str:
    stats = _stats(card, lang)
    flavour = card.flavour.get(lang)
    if card.effect is None:
        return t(lang, f"{NS}.describe.text", stats=stats, flavour=flavour)
    effect = effect_text(card.effect.type, effect_params(card.effect), lang)
    return t(lang, f"{NS}.describe.text_effect", stats=stats, effect=effect, flavour=flavour)


def _info(card: CardDef, aliases: tuple[str, ...]) -> CardInfo:
    effect = card.effect
    fields = [
        field(f"{NS}.describe.field.branches", per_lang(lambda lang: _directions(card, lang))),
        field(f"{NS}.describe.field.power", per_lang(lambda _lang: str(card.power))),
        field(f"{NS}.describe.field.fruit", per_lang(lambda _lang: str(card.fruit))),
        field(
            f"{NS}.describe.field.colour",
            per_lang(lambda lang: t(lang, f"{NS}.describe.colour.{card.colour}")),
        ),
    ]
    if effect is not None:
        params = effect_params(effect)
        fields.append(
            field(
                f"{NS}.describe.field.effect", per_lang(lambda lang: effect_text(effect.type, params, lang))
            )
        )
    return CardInfo(
        id=card.id,
        name=card.name,
        text=per_lang(lambda lang: description(card, lang)),
        aliases=aliases,
        fields=tuple(fields),
    )


@cache
def _infos() -> tuple[CardInfo, ...]:
    return tuple(_info(CARDS[entry.id], entry.aliases) for entry in ENGINE.cards())


def card_infos() -> list[CardInfo]:
    """Every card of the pool as ``/card`` shows it, in the engine's order with the engine's aliases."""
    return list(_infos())


# ------------------------------------------------------------------------------------------------ /rules
def _with_decks(intro: Text, lang: str) -> str:
    item = f"{NS}.describe.deck"
    decks = t(lang, f"{item}.separator").join(
        t(lang, f"{item}.item", name=d.name.get(lang), plan=d.plan.get(lang)) for d in DECKS.values()
    )
    return t(lang, f"{item}.section", intro=intro.get(lang), decks=decks)


@cache
def _sections() -> tuple[RuleSection, ...]:
    return tuple(
        s.model_copy(update={"body": per_lang(partial(_with_decks, s.body))}) if s.id == "decks" else s
        for s in ENGINE.rules()
    )


def rule_sections() -> list[RuleSection]:
    """The ``/rules`` sections with the ready decks and their plans worded from the deck data (YG-12)."""
    return list(_sections())
