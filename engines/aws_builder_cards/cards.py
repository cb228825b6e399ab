"""Card data: the schema of ``cards.toml``, its validation, and the resolved catalogue the rules use.

The engine never reads files itself except its own package data at import. A server owner's corrected card
file reaches it as *text* (option ``card_file``, filled by the bot from the configured path) and goes
through ``load_cards(text)``: same schema, same validation, so a bad file is refused with a clear message.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engines.core.i18n import Text

#: Partner / counting tokens that are not card names.
CMP = "cmp"  # any compute or containers card (that can run on its own, see ``cmp_needs``)
BUILDER = "builder"  # any other Builder card
OTHER = "other"  # any other deployed card
TOKENS = {CMP, BUILDER, OTHER}
CMP_CATEGORIES = frozenset({"compute", "containers"})


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Gives(_Strict):
    credits: int = Field(0, ge=0)
    draw: int = Field(0, ge=0)
    adopt: int = Field(0, ge=0)


class WithEffect(_Strict):
    """A combo: needs ``count`` partners; each partner serves only one combo (AB-5)."""

    type: Literal["with"]
    partners: list[str] = Field(min_length=1)
    count: int = Field(1, ge=1, le=4)
    gives: Gives


class CreditsPer(_Strict):
    """A "for each" combo: counting does not use partners up."""

    type: Literal["credits_per"]
    per: str
    amount: int = Field(ge=1)


class DrawPer(_Strict):
    type: Literal["draw_per"]
    per: str
    amount: int = Field(ge=1)


class StackEffect(_Strict):
    """Identical cards deployed together (Amazon EC2)."""

    type: Literal["stack"]
    totals: list[int] = Field(min_length=2)
    adopt_at: int | None = Field(None, ge=2)


class DrawEffect(_Strict):
    type: Literal["draw"]
    amount: int = Field(ge=1)


class AdoptEffect(_Strict):
    type: Literal["adopt"]
    amount: int = Field(ge=1)
    sunset: bool = False


class DiscardToDeck(_Strict):
    type: Literal["discard_to_deck"]
    amount: int = Field(1, ge=1)


class WaDiscount(_Strict):
    type: Literal["wa_discount"]
    costs: dict[int, int]


Effect = Annotated[
    WithEffect | CreditsPer | DrawPer | StackEffect | DrawEffect | AdoptEffect | DiscardToDeck | WaDiscount,
    Field(discriminator="type"),
]


class Category(_Strict):
    en: str
    ja: str
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    #: a short name for the coloured band of a narrow card (defaults to the full name)
    short_en: str | None = None
    short_ja: str | None = None


class CardDef(_Strict):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    en: str
    ja: str
    aliases: list[str] = Field(default_factory=list)
    kind: Literal["builder", "starter", "wa"]
    qty: int = Field(ge=1, le=20)
    category: str
    cost: int = Field(0, ge=0)
    credits: int = Field(0, ge=0)
    points: int = Field(0, ge=0)
    players: int = Field(2, ge=2, le=4)
    cmp_needs: list[str] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    #: the Japanese name cut where a card face may break the line (katakana compounds have no spaces)
    ja_lines: list[str] = Field(default_factory=list)

    @property
    def name(self) -> Text:
        return Text(en=self.en, ja=self.ja)

    @model_validator(mode="after")
    def _lines_spell_the_name(self) -> CardDef:
        if self.ja_lines and "".join(self.ja_lines).replace(" ", "") != self.ja.replace(" ", ""):
            raise ValueError(f"{self.key}: ja_lines {self.ja_lines} do not spell ja {self.ja!r}")
        return self


class MissionDef(_Strict):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    en: str
    ja: str
    why_en: str
    why_ja: str
    needs: list[list[str]] = Field(min_length=2)


class CardFile(_Strict):
    categories: dict[str, Category]
    cards: list[CardDef]
    missions: list[MissionDef] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> CardFile:
        _check_references(self)
        return self


class CardDataError(ValueError):
    """The card file is not valid; the message lists the problems."""


def _check_references(data: CardFile) -> None:
    problems: list[str] = []
    keys = [c.key for c in data.cards]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        problems.append(f"duplicate card keys: {dupes}")
    names = {c.en for c in data.cards} | set(keys)
    for card in data.cards:
        if card.key in TOKENS:
            problems.append(f"{card.key}: reserved key")
        if card.category not in data.categories:
            problems.append(f"{card.key}: unknown category {card.category!r}")
        refs: list[str] = list(card.cmp_needs)
        for eff in card.effects:
            if isinstance(eff, WithEffect):
                refs += [p for p in eff.partners if p not in (CMP, BUILDER)]
            elif isinstance(eff, CreditsPer | DrawPer):
                refs += [eff.per] if eff.per not in TOKENS else []
            elif isinstance(eff, WaDiscount) and not set(eff.costs) <= {1, 3}:
                problems.append(f"{card.key}: wa_discount costs are by points (1, 3)")
        problems += [f"{card.key}: unknown card {r!r}" for r in refs if r not in names]
        if card.kind == "wa" and card.points <= 0:
            problems.append(f"{card.key}: a W-A card needs points")
        if card.kind != "builder" and card.cost and card.kind != "wa":
            problems.append(f"{card.key}: only Builder and W-A cards have a cost")
    missions = [m.key for m in data.missions]
    if len(set(missions)) != len(missions):
        problems.append("duplicate mission keys")
    for m in data.missions:
        problems += [
            f"mission {m.key}: unknown card {r!r}" for alt in m.needs for r in alt if r not in names | {CMP}
        ]
    kinds = {c.kind for c in data.cards}
    if not {"builder", "starter", "wa"} <= kinds:
        problems.append("the file needs Builder, Starter and W-A cards")
    if not any(c.kind == "builder" and c.cost == 0 for c in data.cards):
        problems.append("no free Builder cards")
    if problems:
        raise ValueError("; ".join(problems))


# ------------------------------------------------------------------------------------------------ catalogue
@dataclass(frozen=True)
class Combo:
    """A resolved ``with`` effect: ``partners`` holds card keys and/or the tokens ``cmp`` / ``builder``."""

    index: int
    partners: frozenset[str]
    count: int
    credits: int
    draw: int
    adopt: int


@dataclass(frozen=True)
class PerEffect:
    index: int
    per: str  # card key or token
    amount: int
    what: Literal["credits", "draw"]


@dataclass
class Card:
    """One card kind with its effects resolved to keys (names in the file may be English names)."""

    key: str
    defn: CardDef
    combos: list[Combo] = field(default_factory=list)
    per: list[PerEffect] = field(default_factory=list)
    stack: StackEffect | None = None
    draw: int = 0
    adopt: int = 0
    sunset: bool = False
    discard_to_deck: int = 0
    wa_costs: dict[int, int] | None = None
    cmp_needs: frozenset[str] = frozenset()

    @property
    def is_builder(self) -> bool:
        return self.defn.kind == "builder"

    @property
    def is_onprem(self) -> bool:
        return self.defn.kind == "starter"

    @property
    def is_wa(self) -> bool:
        return self.defn.kind == "wa"

    @property
    def paid(self) -> bool:
        return self.defn.kind == "builder" and self.defn.cost > 0

    @property
    def name(self) -> Text:
        return self.defn.name


@dataclass(frozen=True)
class Mission:
    key: str
    name: Text
    why: Text
    needs: tuple[frozenset[str], ...]


class CardDB:
    """The validated catalogue. ``key_of(instance_id)`` strips the ``#n`` suffix."""

    def __init__(self, data: CardFile) -> None:
        self.data = data
        self.categories = data.categories
        by_name = {c.en: c.key for c in data.cards} | {c.key: c.key for c in data.cards}

        def res(ref: str) -> str:
            return ref if ref in TOKENS else by_name[ref]

        self.cards: dict[str, Card] = {}
        for d in data.cards:
            card = Card(key=d.key, defn=d, cmp_needs=frozenset(res(r) for r in d.cmp_needs))
            for i, eff in enumerate(d.effects):
                if isinstance(eff, WithEffect):
                    g = eff.gives
                    parts = frozenset(res(p) for p in eff.partners)
                    card.combos.append(Combo(i, parts, eff.count, g.credits, g.draw, g.adopt))
                elif isinstance(eff, CreditsPer):
                    card.per.append(PerEffect(i, res(eff.per), eff.amount, "credits"))
                elif isinstance(eff, DrawPer):
                    card.per.append(PerEffect(i, res(eff.per), eff.amount, "draw"))
                elif isinstance(eff, StackEffect):
                    card.stack = eff
                elif isinstance(eff, DrawEffect):
                    card.draw += eff.amount
                elif isinstance(eff, AdoptEffect):
                    card.adopt += eff.amount
                    card.sunset = card.sunset or eff.sunset
                elif isinstance(eff, DiscardToDeck):
                    card.discard_to_deck += eff.amount
                elif isinstance(eff, WaDiscount):
                    card.wa_costs = dict(eff.costs)
            self.cards[d.key] = card
        self.missions: dict[str, Mission] = {
            m.key: Mission(
                key=m.key,
                name=Text(en=m.en, ja=m.ja),
                why=Text(en=m.why_en, ja=m.why_ja),
                needs=tuple(frozenset(res(r) for r in alt) for alt in m.needs),
            )
            for m in data.missions
        }
        self.builder_keys = frozenset(k for k, c in self.cards.items() if c.is_builder)
        self.wa_points = {k: c.defn.points for k, c in self.cards.items() if c.is_wa}
        #: architecture evaluations, keyed by the deployed multiset (see architecture.py)
        self.eval_cache: dict[object, object] = {}

    def card(self, instance_or_key: str) -> Card:
        return self.cards[key_of(instance_or_key)]

    def by_kind(self, kind: str) -> list[Card]:
        return [c for c in self.cards.values() if c.defn.kind == kind]

    def partner_names(self, key: str) -> list[str]:
        """Every card key that can be a partner of this card's combos ("cmp"/"builder" kept as tokens)."""
        found: list[str] = []
        card = self.cards[key]
        for combo in card.combos:
            for p in sorted(combo.partners):
                if p not in found:
                    found.append(p)
        for per in card.per:
            if per.per not in found:
                found.append(per.per)
        return found


def key_of(instance: str) -> str:
    """``"ec2#3"`` -> ``"ec2"``."""
    hash_at = instance.find("#")
    return instance if hash_at < 0 else instance[:hash_at]


def parse_card_file(text: str) -> CardFile:
    """TOML or JSON text -> validated ``CardFile``; raises ``CardDataError``."""
    stripped = text.lstrip()
    try:
        raw = json.loads(text) if stripped.startswith("{") else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CardDataError(f"not TOML or JSON: {exc}") from None
    try:
        return CardFile.model_validate(raw)
    except ValidationError as exc:
        raise CardDataError(
            "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        ) from None


@lru_cache(maxsize=16)
def load_cards(text: str) -> CardDB:
    """Validated catalogue from a card file's text (cached: a game's state carries the text)."""
    return CardDB(parse_card_file(text))


def default_text() -> str:
    return resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")


DEFAULT_TEXT = default_text()
DEFAULT_DB = load_cards(DEFAULT_TEXT)


def catalogue(text: str | None) -> CardDB:
    return DEFAULT_DB if text is None else load_cards(text)


def instance_ids(cards: Iterable[Card], start: dict[str, int] | None = None) -> list[str]:
    """``qty`` instance ids per card kind: ``ec2#1`` ... ``ec2#8``."""
    counters = start if start is not None else {}
    out: list[str] = []
    for card in cards:
        for _ in range(card.defn.qty):
            counters[card.key] = counters.get(card.key, 0) + 1
            out.append(f"{card.key}#{counters[card.key]}")
    return out
