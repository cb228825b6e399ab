"""The printed face of every AWS Deckbuilding card and colour, as the pictures and the bot show them (the
card data of ``cards.toml`` with its words in both languages): the part of the views that does not depend on
a game's state."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engines.aws_deckbuilding.cards import DB, Card, Currency, Eff, Which
from engines.aws_deckbuilding.text import condition, short_name
from engines.core import Text


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ------------------------------------------------------------------------------------------------ faces
class ConditionFace(_M):
    type: str
    services: list[str]  # card keys
    categories: list[str]
    at_least: int | None
    text: Text  # short


class EffectFace(_M):
    """An effect as printed: what it gives (``type``, ``amount``) and when (``condition``, ``None``: always).
    Full sentences are in ``engine.cards()``."""

    which: Which
    type: Literal["awsome", "draw", "buy"]
    amount: int
    condition: ConditionFace | None


class CardFace(_M):
    """What is printed on a card kind (why a condition is good architecture: ``engine.cards()``)."""

    key: str
    kind: Literal["service", "onprem", "wa"]
    name: Text
    short: Text
    category: str
    category_name: Text
    category_short: Text
    colour: str
    cost: int
    currency: Currency | None
    tco: int
    awsome: int
    points: int
    primary: EffectFace | None
    secondary: EffectFace | None


class ColourFace(_M):
    key: str
    name: Text
    colour: str


def _effect_face(eff: Eff | None) -> EffectFace | None:
    if eff is None:
        return None
    cond = eff.cond
    cface = None
    if cond is not None:
        cface = ConditionFace(
            type=cond.kind,
            services=sorted(cond.keys) if cond.kind == "service" else [],
            categories=sorted(cond.keys) if cond.kind == "category" else [],
            at_least=cond.at_least or None,
            text=condition(cond),
        )
    return EffectFace(
        which=eff.which,
        type=eff.type,
        amount=eff.amount,
        condition=cface,
    )


def card_face(card: Card) -> CardFace:
    cat = DB.categories[card.category]
    return CardFace(
        key=card.key,
        kind=card.kind,
        name=card.name,
        short=Text(en=short_name(card, "en"), ja=short_name(card, "ja")),
        category=card.category,
        category_name=cat.name,
        category_short=cat.short,
        colour=cat.colour,
        cost=card.cost,
        currency=card.currency,
        tco=card.tco,
        awsome=card.awsome,
        points=card.points,
        primary=_effect_face(card.effect("primary")),
        secondary=_effect_face(card.effect("secondary")),
    )


@cache
def all_faces() -> dict[str, CardFace]:
    return {k: card_face(c) for k, c in DB.cards.items()}


@cache
def colour_faces() -> dict[str, ColourFace]:
    return {k: ColourFace(key=k, name=Text(en=c.en, ja=c.ja), colour=c.colour) for k, c in DB.colours.items()}
