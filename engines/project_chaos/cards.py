"""The deck: data in ``cards.toml``, validated here once at import (PC-1, PC-2, PC-12).

A card's play effect is a list of named effect types with parameters; the engine interprets ``effect.type``
(see ``effects.py``), never a card id. Talk effects (``vote``, ``claim``, PC-12) carry their outcomes as lists
of plain effects, so a decision can never open another decision."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core import Text

Category = Literal["tech", "user", "mgmt"]
#: the workplaces in board order (PC-3)
CATEGORIES: tuple[Category, ...] = ("tech", "user", "mgmt")
CATEGORY_NAMES: dict[Category, Text] = {
    "tech": Text(en="Technology", ja="テクノロジー"),
    "user": Text(en="User", ja="ユーザー"),
    "mgmt": Text(en="Management", ja="マネジメント"),
}
VALUES = range(-3, 4)
CARDS_PER_VALUE = 6  # PC-2


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- conditions (for ``if``)
# ----------------------------------------------------------------------------------


class WorkplaceValue(_Model):
    """Some workplace (or the workplace of ``category``) holds a card of value >= ``at_least``."""

    type: Literal["workplace_value"] = "workplace_value"
    at_least: int = Field(ge=-3, le=3)
    category: Category | None = None


class DieAtLeast(_Model):
    type: Literal["die_at_least"] = "die_at_least"
    value: int = Field(ge=0, le=3)


class TokensAtLeast(_Model):
    type: Literal["tokens_at_least"] = "tokens_at_least"
    value: int = Field(ge=0, le=3)


Condition = Annotated[WorkplaceValue | DieAtLeast | TokensAtLeast, Field(discriminator="type")]


# --- effects
# --------------------------------------------------------------------------------------------------


class Tokens(_Model):
    """Resource tokens +/- ``amount``, clamped to 0..3 (PC-3)."""

    type: Literal["tokens"] = "tokens"
    amount: int = Field(ge=-3, le=3)


class Die(_Model):
    """Chaos die +/- ``amount``. Below 0 it stays at 0; above 3 the game is lost (PC-10, PC-11)."""

    type: Literal["die"] = "die"
    amount: int = Field(ge=-3, le=3)


class Roll(_Model):
    """Roll the weighted chaos die (PC-4)."""

    type: Literal["roll"] = "roll"


class SetDie(_Model):
    type: Literal["set_die"] = "set_die"
    value: int = Field(ge=0, le=3)


Pick = Literal["highest", "lowest", "choose"]


class DiscardWorkplace(_Model):
    """Discard one workplace card: the highest or lowest value (ties: the player picks) or any of the player's
    choice, among the cards whose value lies in ``min_value..max_value``."""

    type: Literal["discard_workplace"] = "discard_workplace"
    pick: Pick
    min_value: int = Field(-3, ge=-3, le=3)
    max_value: int = Field(3, ge=-3, le=3)


class ShipWorkplace(_Model):
    """Move one workplace card to the completed-product lane for free (same choice rules as discarding)."""

    type: Literal["ship_workplace"] = "ship_workplace"
    pick: Pick
    min_value: int = Field(-3, ge=-3, le=3)
    max_value: int = Field(3, ge=-3, le=3)


class Recycle(_Model):
    """Shuffle ``count`` random cards of the discard pile back into the deck (fewer if it holds fewer)."""

    type: Literal["recycle"] = "recycle"
    count: int = Field(ge=1, le=10)


class If(_Model):
    type: Literal["if"] = "if"
    condition: Condition
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()


class Vote(_Model):
    """PC-12 "all players agree": every player votes; ``yes`` applies only if every vote is yes."""

    type: Literal["vote"] = "vote"
    question: Text
    yes: tuple[Effect, ...]
    no: tuple[Effect, ...] = ()


class Claim(_Model):
    """PC-12 "someone has lived this": ``claimed`` applies if a player claims it, else ``unclaimed``."""

    type: Literal["claim"] = "claim"
    question: Text
    claimed: tuple[Effect, ...]
    unclaimed: tuple[Effect, ...] = ()


Effect = Annotated[
    Tokens | Die | Roll | SetDie | DiscardWorkplace | ShipWorkplace | Recycle | If | Vote | Claim,
    Field(discriminator="type"),
]
If.model_rebuild()
Vote.model_rebuild()
Claim.model_rebuild()

TALK_TYPES = ("vote", "claim")


def _nested(effects: tuple[Effect, ...]) -> list[Effect]:
    out: list[Effect] = []
    for e in effects:
        out.append(e)
        if isinstance(e, If):
            out += _nested(e.then) + _nested(e.otherwise)
        elif isinstance(e, Vote):
            out += _nested(e.yes) + _nested(e.no)
        elif isinstance(e, Claim):
            out += _nested(e.claimed) + _nested(e.unclaimed)
    return out


def _inner(effects: tuple[Effect, ...]) -> list[Effect]:
    """Effects inside a branch (not the card's top level)."""
    out: list[Effect] = []
    for e in effects:
        if isinstance(e, If):
            out += _nested(e.then) + _nested(e.otherwise)
        elif isinstance(e, Vote):
            out += _nested(e.yes) + _nested(e.no)
        elif isinstance(e, Claim):
            out += _nested(e.claimed) + _nested(e.unclaimed)
    return out


class CardDef(_Model):
    id: str = Field(pattern=r"^pc-[a-z0-9-]+$")
    name: Text
    flavour: Text
    categories: tuple[Category, ...] = Field(min_length=1, max_length=2)
    value: int = Field(ge=-3, le=3)
    play: tuple[Effect, ...] = ()
    aliases: tuple[str, ...] = ()
    #: one of the seed's three example cards (kept exactly as the seed wrote them)
    seed: bool = False

    @model_validator(mode="after")
    def _check(self) -> CardDef:
        if len(set(self.categories)) != len(self.categories):
            raise ValueError(f"{self.id}: a category twice")
        if any(e.type in TALK_TYPES for e in _inner(self.play)):
            raise ValueError(f"{self.id}: a vote or claim may only stand at the top of a play effect")
        if sum(e.type in TALK_TYPES for e in self.play) > 1:
            raise ValueError(f"{self.id}: at most one talk effect per card")
        return self

    @property
    def playable(self) -> bool:
        """PC-7 A: a card without a play effect cannot be played."""
        return bool(self.play)

    @property
    def talk(self) -> Literal["vote", "claim"] | None:
        for e in self.play:
            if isinstance(e, Vote):
                return "vote"
            if isinstance(e, Claim):
                return "claim"
        return None

    @property
    def effects(self) -> list[Effect]:
        """Every effect on the card, branches included."""
        return _nested(self.play)


class Deck(_Model):
    card: tuple[CardDef, ...]

    @model_validator(mode="after")
    def _check(self) -> Deck:
        ids = [c.id for c in self.card]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate card id")
        for v in VALUES:
            n = sum(c.value == v for c in self.card)
            if n != CARDS_PER_VALUE:
                raise ValueError(f"PC-2: {n} cards of value {v}, want {CARDS_PER_VALUE}")
        if sum(c.talk is not None for c in self.card) < 4:
            raise ValueError("PC-12: ship at least four talk cards")
        if sum(c.seed for c in self.card) != 3:
            raise ValueError("PC-2: the seed's three example cards must be in the deck")
        return self


def _load() -> Deck:
    raw = tomllib.loads(Path(__file__).with_name("cards.toml").read_text(encoding="utf-8"))
    return Deck.model_validate(raw)


DECK: Deck = _load()
CARDS: dict[str, CardDef] = {c.id: c for c in DECK.card}
CARD_IDS: tuple[str, ...] = tuple(CARDS)

# Hot-path tables.
VALUE: dict[str, int] = {k: c.value for k, c in CARDS.items()}
CATS: dict[str, tuple[Category, ...]] = {k: c.categories for k, c in CARDS.items()}
#: cards of each value in the whole deck: a goal that counts cards of one value can run out of them (PC-5)
SUPPLY: dict[int, int] = {v: sum(VALUE[c] == v for c in CARD_IDS) for v in VALUES}
PLAYABLE: dict[str, bool] = {k: c.playable for k, c in CARDS.items()}
