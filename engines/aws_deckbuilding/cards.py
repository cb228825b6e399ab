"""Card data: the schema of ``cards.toml``, its validation, and the resolved catalogue the rules read.

Card instance ids are ``<kind>#<n>`` (``ec2#3``, ``wa-1#2``); on-premises cards carry their colour
(``mainframe#blue1``), so every instance id in a game is unique and ``key_of`` strips the suffix.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engines.core.i18n import Text

Currency = Literal["tco", "awsome"]
Which = Literal["primary", "secondary"]
WHICH: tuple[Which, Which] = ("primary", "secondary")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ------------------------------------------------------------------------------------------------ effects
class AwsomeEffect(_Strict):
    """AD-2: +N AWSome credits (the orange number)."""

    type: Literal["awsome"]
    amount: int = Field(ge=1, le=5)


class DrawEffect(_Strict):
    """AD-2: draw a card from your deck (the black square with ?); it is revealed at once (AD-9)."""

    type: Literal["draw"]
    amount: int = Field(1, ge=1, le=2)


class BuyEffect(_Strict):
    """AD-2: one more buy this turn (the gold dollar)."""

    type: Literal["buy"]
    amount: int = Field(1, ge=1, le=2)


Effect = Annotated[AwsomeEffect | DrawEffect | BuyEffect, Field(discriminator="type")]


class ServiceCondition(_Strict):
    """Another revealed card is one of these services (names or keys in the file, keys once resolved)."""

    type: Literal["service"]
    any: tuple[str, ...] = Field(min_length=1)


class CategoryCondition(_Strict):
    type: Literal["category"]
    any: tuple[str, ...] = Field(min_length=1)


class NoOnpremCondition(_Strict):
    type: Literal["no_onprem"]


class CategoriesCondition(_Strict):
    """The other revealed service cards span at least N categories."""

    type: Literal["categories"]
    at_least: int = Field(ge=2, le=6)


Condition = Annotated[
    ServiceCondition | CategoryCondition | NoOnpremCondition | CategoriesCondition,
    Field(discriminator="type"),
]


class EffectDef(_Strict):
    effect: Effect
    when: Condition | None = None


# ------------------------------------------------------------------------------------------------ file
class Category(_Strict):
    en: str
    ja: str
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    short_en: str | None = None
    short_ja: str | None = None

    @property
    def name(self) -> Text:
        return Text(en=self.en, ja=self.ja)

    @property
    def short(self) -> Text:
        return Text(en=self.short_en or self.en, ja=self.short_ja or self.ja)


class Colour(_Strict):
    en: str
    ja: str
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")


KEY = r"^[a-z0-9][a-z0-9-]*$"


class ServiceDef(_Strict):
    key: str = Field(pattern=KEY)
    en: str
    ja: str
    aliases: tuple[str, ...] = ()
    qty: int = Field(ge=1, le=10)
    category: str
    cost: int = Field(ge=1, le=10)
    currency: Currency
    tco: int = Field(ge=0, le=5)
    awsome: int = Field(ge=0, le=5)
    primary: EffectDef
    secondary: EffectDef
    why_en: str
    why_ja: str


class OnpremDef(_Strict):
    key: str = Field(pattern=KEY)
    en: str
    ja: str
    qty: int = Field(ge=1, le=10)
    tco: int = Field(ge=0, le=5)


class WaDef(_Strict):
    key: str = Field(pattern=KEY)
    points: int = Field(ge=1)
    cost: int = Field(ge=1)
    copies: dict[int, int]


class CardFile(_Strict):
    categories: dict[str, Category]
    colours: dict[str, Colour]
    onprem: tuple[OnpremDef, ...]
    wa: tuple[WaDef, ...]
    services: tuple[ServiceDef, ...]

    @model_validator(mode="after")
    def _check(self) -> CardFile:
        problems = _problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self


class CardDataError(ValueError):
    """The card file is not valid; the message lists the problems."""


def _problems(data: CardFile) -> list[str]:
    problems: list[str] = []
    keys = [*(c.key for c in data.services), *(c.key for c in data.onprem), *(c.key for c in data.wa)]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        problems.append(f"duplicate card keys: {dupes}")
    names = {c.en for c in data.services} | {c.key for c in data.services}
    for card in data.services:
        if card.category not in data.categories or card.category in ("onprem", "wa"):
            problems.append(f"{card.key}: unknown service category {card.category!r}")
        for which in WHICH:
            cond = getattr(card, which).when
            if isinstance(cond, ServiceCondition):
                problems += [f"{card.key}.{which}: unknown service {s!r}" for s in cond.any if s not in names]
                own = {card.key, card.en}
                if own & set(cond.any):
                    problems.append(f"{card.key}.{which}: a card cannot name itself")
            elif isinstance(cond, CategoryCondition):
                problems += [
                    f"{card.key}.{which}: unknown category {c!r}"
                    for c in cond.any
                    if c not in data.categories
                ]
    for wa in data.wa:
        if set(wa.copies) != {2, 3, 4}:
            problems.append(f"{wa.key}: copies must give 2, 3 and 4 players")
    if not {"onprem", "wa"} <= set(data.categories):
        problems.append("categories need 'onprem' and 'wa'")
    if len(data.colours) < 4:
        problems.append("four on-premises colours are needed (AD-6)")
    return problems


# ------------------------------------------------------------------------------------------------ catalogue
@dataclass(frozen=True)
class Cond:
    """A resolved condition: ``kind`` and, for service/category conditions, the keys that satisfy it."""

    kind: Literal["service", "category", "no_onprem", "categories"]
    keys: frozenset[str] = frozenset()
    at_least: int = 0


@dataclass(frozen=True)
class Eff:
    which: Which
    type: Literal["awsome", "draw", "buy"]
    amount: int
    cond: Cond | None


@dataclass(frozen=True)
class Card:
    """One card kind. ``kind``: service, onprem or wa. ``cost``/``currency`` for services and W-A cards
    (W-A cards are paid with AWSome, AD-5)."""

    key: str
    kind: Literal["service", "onprem", "wa"]
    name: Text
    category: str
    cost: int
    currency: Currency | None
    tco: int
    awsome: int
    points: int
    effects: tuple[Eff, ...]
    aliases: tuple[str, ...]
    why: Text | None
    qty: int

    @property
    def is_service(self) -> bool:
        return self.kind == "service"

    @property
    def is_onprem(self) -> bool:
        return self.kind == "onprem"

    @property
    def is_wa(self) -> bool:
        return self.kind == "wa"

    def effect(self, which: Which) -> Eff | None:
        for e in self.effects:
            if e.which == which:
                return e
        return None


WA_NAMES = {
    1: Text(en="Well-Architected (1 point)", ja="Well-Architected（1ポイント）"),
    3: Text(en="Well-Architected (3 points)", ja="Well-Architected（3ポイント）"),
}


class CardDB:
    """The validated catalogue."""

    def __init__(self, data: CardFile) -> None:
        self.data = data
        self.categories = data.categories
        self.colours = data.colours
        by_name = {c.en: c.key for c in data.services} | {c.key: c.key for c in data.services}
        self.cards: dict[str, Card] = {}
        for s in data.services:
            effs = tuple(
                Eff(
                    which=which,
                    type=getattr(s, which).effect.type,
                    amount=getattr(s, which).effect.amount,
                    cond=_resolve(getattr(s, which).when, by_name),
                )
                for which in WHICH
            )
            self.cards[s.key] = Card(
                key=s.key,
                kind="service",
                name=Text(en=s.en, ja=s.ja),
                category=s.category,
                cost=s.cost,
                currency=s.currency,
                tco=s.tco,
                awsome=s.awsome,
                points=0,
                effects=effs,
                aliases=s.aliases,
                why=Text(en=s.why_en, ja=s.why_ja),
                qty=s.qty,
            )
        for o in data.onprem:
            self.cards[o.key] = Card(
                key=o.key,
                kind="onprem",
                name=Text(en=o.en, ja=o.ja),
                category="onprem",
                cost=0,
                currency=None,
                tco=o.tco,
                awsome=0,
                points=0,
                effects=(),
                aliases=(),
                why=None,
                qty=o.qty,
            )
        for w in data.wa:
            self.cards[w.key] = Card(
                key=w.key,
                kind="wa",
                name=WA_NAMES.get(
                    w.points,
                    Text(
                        en=f"Well-Architected ({w.points} points)",
                        ja=f"Well-Architected（{w.points}ポイント）",
                    ),
                ),
                category="wa",
                cost=w.cost,
                currency="awsome",
                tco=0,
                awsome=0,
                points=w.points,
                effects=(),
                aliases=(f"W-A {w.points}", f"WA{w.points}"),
                why=None,
                qty=max(w.copies.values()),
            )
        self.services = tuple(c for c in self.cards.values() if c.is_service)
        self.onprem = tuple(c for c in self.cards.values() if c.is_onprem)
        self.wa = tuple(c for c in self.cards.values() if c.is_wa)
        #: every instance id a game can hold -> its card kind (the rules look cards up on every step; hot
        #: loops index this dict directly)
        self.by_id: dict[str, Card] = {}
        for card in self.services:
            self.by_id.update((i, card) for i in self.service_ids(card))
        for card in self.onprem:
            for colour in self.colours:
                self.by_id.update((i, card) for i in self.onprem_ids(card, colour))
        for card in self.wa:
            self.by_id.update((i, card) for i in self.wa_ids(card, card.qty))

    @staticmethod
    def service_ids(card: Card) -> list[str]:
        """AD-3: ``ec2#1`` ... ``ec2#8``."""
        return [f"{card.key}#{n}" for n in range(1, card.qty + 1)]

    @staticmethod
    def onprem_ids(card: Card, colour: str) -> list[str]:
        """AD-4: ``mainframe#blue1``, ``bare-metal#blue1`` ... (the colour keeps ids unique per player)."""
        return [f"{card.key}#{colour}{n}" for n in range(1, card.qty + 1)]

    @staticmethod
    def wa_ids(card: Card, copies: int) -> list[str]:
        return [f"{card.key}#{n}" for n in range(1, copies + 1)]

    def card(self, instance_or_key: str) -> Card:
        found = self.by_id.get(instance_or_key)
        return found if found is not None else self.cards[key_of(instance_or_key)]


def _resolve(cond: Condition | None, by_name: dict[str, str]) -> Cond | None:
    if cond is None:
        return None
    if isinstance(cond, ServiceCondition):
        return Cond("service", frozenset(by_name[s] for s in cond.any))
    if isinstance(cond, CategoryCondition):
        return Cond("category", frozenset(cond.any))
    if isinstance(cond, NoOnpremCondition):
        return Cond("no_onprem")
    return Cond("categories", at_least=cond.at_least)


def key_of(instance: str) -> str:
    """``"ec2#3"`` -> ``"ec2"``."""
    hash_at = instance.find("#")
    return instance if hash_at < 0 else instance[:hash_at]


def parse_card_file(text: str) -> CardFile:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"not TOML: {exc}") from None
    try:
        return CardFile.model_validate(raw)
    except ValidationError as exc:
        raise CardDataError(
            "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        ) from None


@cache
def default_db() -> CardDB:
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    return CardDB(parse_card_file(text))


DB = default_db()
