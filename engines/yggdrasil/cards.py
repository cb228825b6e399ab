"""The card pool and the ready decks: data in ``cards.toml``, validated here once at import (YG-3, YG-13).

Effects are named types with parameters (YG-14), never per-card code: the engine looks at ``effect.type``.
"""

from __future__ import annotations

import tomllib
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core import Text
from engines.yggdrasil.geometry import BIT, DIRS, LETTERS, S, mask_text, parse_mask, turn_half

Colour = Literal["green", "red", "gold", "blue", "any"]
Direction = Literal["N", "E", "S", "W"]


class ExtraPlacement(BaseModel):
    """成長が早い枝: if this is the only card you placed this turn, you may place one more."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: Literal["extra_placement"] = "extra_placement"


class SwapCards(BaseModel):
    """入れ替え: choose a card on the field and swap it with another card of the same owner such that
    every connection is kept. ``whose`` limits whose cards may be chosen (the seed's card: ``any``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: Literal["swap"] = "swap"
    whose: Literal["any", "own", "opponent"] = "any"


Effect = Annotated[ExtraPlacement | SwapCards, Field(discriminator="type")]


class CardDef(BaseModel):
    """One card of the pool, printed as its owner sees it: N is the branch pointing away from its owner."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: Text
    flavour: Text
    branches: str
    power: int = Field(ge=0, le=9)
    fruit: int = Field(ge=0, le=5)
    effect: Effect | None = None
    root: bool = False
    colour: Colour = "green"
    #: per-branch colour overrides for multi-coloured cards (YG-15)
    branch_colours: dict[Direction, Colour] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> CardDef:
        mask = parse_mask(self.branches)
        if not mask:
            raise ValueError(f"{self.id}: a card needs at least one branch")
        if mask_text(mask) != self.branches:
            raise ValueError(f"{self.id}: write branches in N,E,S,W order ({mask_text(mask)})")
        if self.root and mask & BIT[S]:
            raise ValueError(f"{self.id}: a root's branch would point off the field (YG-2)")
        for d in self.branch_colours:
            if not mask & BIT[LETTERS.index(d)]:
                raise ValueError(f"{self.id}: colour given for missing branch {d}")
        return self

    @cached_property
    def mask(self) -> int:
        return parse_mask(self.branches)

    def table_mask(self, seat_index: int) -> int:
        """Branches on the table: player 2's cards are turned 180 degrees (YG-4)."""
        return self.mask if seat_index == 0 else turn_half(self.mask)

    def printed_colours(self) -> tuple[str, ...]:
        """Colour of each printed branch by direction ("" where there is no branch)."""
        return tuple(
            (self.branch_colours.get(LETTERS[d], self.colour) if self.mask & BIT[d] else "")  # type: ignore[call-overload]
            for d in DIRS
        )

    def table_colours(self, seat_index: int) -> tuple[str, ...]:
        printed = self.printed_colours()
        return printed if seat_index == 0 else tuple(printed[(d + 2) % 4] for d in DIRS)


class DeckDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: Text
    plan: Text
    root: str
    #: card id -> copies, in the order the deck is built (see :meth:`build_order`)
    cards: dict[str, int]

    def build_order(self) -> list[str]:
        """Round-robin over the entries, so any deck size D takes a balanced slice (YG-12)."""
        left = dict(self.cards)
        order: list[str] = []
        while any(left.values()):
            for kind in self.cards:
                if left[kind]:
                    order.append(kind)
                    left[kind] -= 1
        return order


class Pool(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    card: list[CardDef]
    deck: list[DeckDef]

    @model_validator(mode="after")
    def _check(self) -> Pool:
        ids = [c.id for c in self.card]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate card id")
        playable = [c for c in self.card if not c.root]
        if len(playable) < 30:
            raise ValueError("the pool needs at least 30 distinct cards (YG-13)")
        if {c.mask for c in playable} != set(range(1, 16)):
            raise ValueError("the pool must cover all 15 branch patterns (YG-3)")
        by_id = {c.id: c for c in self.card}
        if len(self.deck) < 2:
            raise ValueError("ship at least two ready decks (YG-13)")
        for deck in self.deck:
            if deck.root not in by_id or not by_id[deck.root].root:
                raise ValueError(f"deck {deck.id}: {deck.root} is not a root card")
            for kind, copies in deck.cards.items():
                if kind not in by_id or by_id[kind].root or copies < 1:
                    raise ValueError(f"deck {deck.id}: bad entry {kind}")
        return self


def _load() -> Pool:
    raw = tomllib.loads((Path(__file__).with_name("cards.toml")).read_text(encoding="utf-8"))
    return Pool.model_validate(raw)


POOL: Pool = _load()
CARDS: dict[str, CardDef] = {c.id: c for c in POOL.card}
DECKS: dict[str, DeckDef] = {d.id: d for d in POOL.deck}
DECK_IDS: tuple[str, ...] = tuple(DECKS)

#: Hot-path tables, indexed [kind][seat_index]
TABLE_MASK: dict[str, tuple[int, int]] = {k: (c.table_mask(0), c.table_mask(1)) for k, c in CARDS.items()}
TABLE_COLOURS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    k: (c.table_colours(0), c.table_colours(1)) for k, c in CARDS.items()
}
POWER: dict[str, int] = {k: c.power for k, c in CARDS.items()}
FRUIT: dict[str, int] = {k: c.fruit for k, c in CARDS.items()}
