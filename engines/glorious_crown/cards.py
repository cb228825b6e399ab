"""The 54 cards (GC-1), loaded from ``cards.toml`` and validated at import.

Hot paths use the plain lookup tables at the bottom (``RANK``, ``SUIT``, ``ORDER``) rather than the models.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core import Text

FoulWhen = Literal["never", "always", "normal", "revolution"]
EffectType = Literal[
    "skip_next", "trade_cards", "clear_field", "discard", "reverse_until_clear", "joker_counter"
]

JOKERS = ("JK1", "JK2")
SUIT_CODES = ("S", "H", "D", "C")
RANKS = tuple(range(3, 16))


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Points(_Data):
    normal: int = Field(ge=0)
    revolution: int = Field(ge=0)


class Effect(_Data):
    """A card's special effect as a named type with parameters (GC-11..GC-16)."""

    type: EffectType
    optional: bool
    per_card: int = 1
    count: int = 1


class SuitDef(_Data):
    code: Literal["S", "H", "D", "C"]
    symbol: str
    name: Text
    aliases: tuple[str, ...]


class RankDef(_Data):
    rank: int = Field(ge=3, le=15)
    points: Points
    title: Text | None = None
    effect: Effect | None = None
    foul_finish: FoulWhen = "never"


class CardTitle(_Data):
    id: str
    title: Text
    effect: Effect | None = None


class JokerRules(_Data):
    name: Text
    aliases: tuple[str, ...]
    points: Points
    foul_finish: FoulWhen


class CardData(_Data):
    suits: tuple[SuitDef, ...]
    ranks: tuple[RankDef, ...]
    cards: tuple[CardTitle, ...]
    jokers: tuple[CardTitle, ...]
    joker_rules: JokerRules

    @model_validator(mode="after")
    def _complete(self) -> CardData:
        if [s.code for s in self.suits] != list(SUIT_CODES):
            raise ValueError("suits must be S, H, D, C in that order")
        if sorted(r.rank for r in self.ranks) != list(RANKS):
            raise ValueError("every rank 3..15 needs an entry")
        if tuple(j.id for j in self.jokers) != JOKERS:
            raise ValueError("two jokers JK1, JK2")
        titled = {c.id for c in self.cards}
        for r in self.ranks:
            for s in SUIT_CODES:
                cid = f"{s}{r.rank}"
                if (r.title is None) == (cid not in titled):
                    raise ValueError(f"{cid}: needs exactly one title (rank-wide or its own)")
        return self


class Card(_Data):
    """One card instance as players see it."""

    id: str
    rank: int  # 0 for a Joker
    suit: str  # "" for a Joker
    title: Text
    points: Points
    effect: Effect | None
    foul_finish: FoulWhen

    @property
    def is_joker(self) -> bool:
        return self.rank == 0


def _load() -> CardData:
    raw = resources.files(__name__.rpartition(".")[0]).joinpath("cards.toml").read_text(encoding="utf-8")
    return CardData.model_validate(tomllib.loads(raw))


DATA = _load()
SUITS: dict[str, SuitDef] = {s.code: s for s in DATA.suits}
RANK_DEFS: dict[int, RankDef] = {r.rank: r for r in DATA.ranks}


def _build() -> dict[str, Card]:
    own = {c.id: c for c in DATA.cards}
    cards: dict[str, Card] = {}
    for s in SUIT_CODES:
        for r in RANKS:
            cid = f"{s}{r}"
            rd = RANK_DEFS[r]
            mine = own.get(cid)
            title = mine.title if mine is not None else rd.title
            assert title is not None
            effect = mine.effect if mine is not None and mine.effect is not None else rd.effect
            cards[cid] = Card(
                id=cid,
                rank=r,
                suit=s,
                title=title,
                points=rd.points,
                effect=effect,
                foul_finish=rd.foul_finish,
            )
    for j in DATA.jokers:
        cards[j.id] = Card(
            id=j.id,
            rank=0,
            suit="",
            title=j.title,
            points=DATA.joker_rules.points,
            effect=None,
            foul_finish=DATA.joker_rules.foul_finish,
        )
    return cards


CARDS: dict[str, Card] = _build()
ALL_IDS: tuple[str, ...] = tuple(CARDS)

# Plain tables for the hot paths.
RANK: dict[str, int] = {c.id: c.rank for c in CARDS.values()}
SUIT: dict[str, str] = {c.id: c.suit for c in CARDS.values()}
#: canonical order of card ids inside an action: by rank, then suit S H D C, Jokers last (JK1 before JK2)
ORDER: dict[str, int] = {
    cid: (99 * 10 + i if RANK[cid] == 0 else RANK[cid] * 10 + SUIT_CODES.index(SUIT[cid]))
    for i, cid in enumerate(ALL_IDS)
}
POINTS: dict[int, tuple[int, int]] = {r.rank: (r.points.normal, r.points.revolution) for r in DATA.ranks}
POINTS[0] = (DATA.joker_rules.points.normal, DATA.joker_rules.points.revolution)
FOUL: dict[int, FoulWhen] = {r.rank: r.foul_finish for r in DATA.ranks}
FOUL[0] = DATA.joker_rules.foul_finish
#: rank -> effect of that rank's cards (the spade 3's counter is handled by the play rules, GC-7)
RANK_EFFECT: dict[int, Effect] = {r.rank: r.effect for r in DATA.ranks if r.effect is not None}


def canonical(cards: list[str] | tuple[str, ...]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def effect_rank(effect_type: EffectType) -> int:
    """The rank whose cards carry ``effect_type`` (each rank-wide effect belongs to one rank)."""
    for rank, eff in RANK_EFFECT.items():
        if eff.type == effect_type:
            return rank
    raise KeyError(effect_type)
