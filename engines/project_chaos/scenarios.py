"""Scenario cards (PC-5): victory conditions and starting boards, data in ``scenarios.toml``.

Each goal is a named type with parameters; :func:`progress` measures a board against it, for the end-of-turn
victory check and for the pictures ("User 2/2 · Tech 1/2 · Mgmt 0/2").

Decisions taken here (the rule page leaves them open):

- PC-5a, the crunch: a scenario may name its own shorter deck, ``start.deck`` cards. It is used only with the
  difficulty option ``deck=short`` (PC-6: by default every card is in the deck): once the board is set the
  deck is cut to that many cards and the rest are set aside face down, hidden from everyone, for the whole
  game. The deck is the project's time: running out of it at the refill loses (PC-8).
- PC-5b: "MVP launch" (4 User cards of value >= 0 in the lane) and "Stable release" (the lane's values add up
  to +10) are our two scenarios; a trouble in the lane does not spoil the MVP, it just does not count.
- PC-5c: the balanced product counts a two-category card once, for whichever category makes the goal (the
  best assignment is searched), as the rule page says."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core import Text
from engines.project_chaos.cards import CATEGORIES, CATS, SUPPLY, VALUE, Category

HAND_SIZE = 3  # PC-6: the cards each player is dealt before the start board is set


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CategoriesGoal(_Model):
    """Balanced product: ``per_category`` lane cards of each category; a two-category card counts once, for
    whichever of its categories helps (any assignment that satisfies wins, PC-5)."""

    type: Literal["categories"] = "categories"
    per_category: int = Field(ge=1, le=5)


class ValueCountGoal(_Model):
    """World-changing innovation: ``count`` lane cards of value exactly ``value``."""

    type: Literal["value_count"] = "value_count"
    value: int = Field(ge=-3, le=3)
    count: int = Field(ge=1, le=6)

    def lost(self, out_of_reach: Sequence[str]) -> int:
        """Cards of the goal's value among ``out_of_reach`` (played or discarded, set aside): the lane can
        never take them."""
        return sum(VALUE[c] == self.value for c in out_of_reach)

    def spare(self, lost: int) -> int:
        """How many more of the goal's cards may be lost, ``lost`` being gone already: the deck holds
        ``SUPPLY[value]`` (six +3 cards for five); below 0 the goal can no longer be met."""
        return SUPPLY[self.value] - self.count - lost


class DieFaceGoal(_Model):
    """Firefighting: the chaos die shows ``value`` at the end of a turn."""

    type: Literal["die_face"] = "die_face"
    value: int = Field(ge=0, le=3)


class CategoryCountGoal(_Model):
    """MVP launch: ``count`` lane cards of ``category`` whose value is at least ``min_value``."""

    type: Literal["category_count"] = "category_count"
    category: Category
    count: int = Field(ge=1, le=10)
    min_value: int = Field(-3, ge=-3, le=3)


class LaneTotalGoal(_Model):
    """Stable release: the values of all lane cards add up to at least ``at_least``."""

    type: Literal["lane_total"] = "lane_total"
    at_least: int = Field(ge=1, le=30)


Goal = Annotated[
    CategoriesGoal | ValueCountGoal | DieFaceGoal | CategoryCountGoal | LaneTotalGoal,
    Field(discriminator="type"),
]


class Seed(_Model):
    """A card the start board takes from the deck: the top-most one in the value range (and category)."""

    min_value: int = Field(-3, ge=-3, le=3)
    max_value: int = Field(3, ge=-3, le=3)
    category: Category | None = None


class Start(_Model):
    die: int = Field(ge=0, le=3)
    tokens: int = Field(ge=0, le=3)
    #: PC-5a, the crunch (option ``deck=short`` only): cards left in the deck once the board is set; the rest
    #: are set aside face down for the whole game (None: the whole deck even then)
    deck: int | None = Field(None, ge=3, le=42)
    workplaces: dict[Category, Seed] = Field(default_factory=dict)
    lane: tuple[Seed, ...] = ()


class ScenarioDef(_Model):
    id: str = Field(pattern=r"^[a-z]+$")
    name: Text
    story: Text
    goal: Goal
    start: Start


class _File(_Model):
    scenario: tuple[ScenarioDef, ...]

    @model_validator(mode="after")
    def _check(self) -> _File:
        ids = [s.id for s in self.scenario]
        if len(set(ids)) != len(ids) or "random" in ids:
            raise ValueError("scenario ids must be unique and not 'random'")
        if len(ids) < 5:
            raise ValueError("PC-5: the three of the rule page and at least two more")
        return self


def _load() -> _File:
    raw = tomllib.loads(Path(__file__).with_name("scenarios.toml").read_text(encoding="utf-8"))
    return _File.model_validate(raw)


SCENARIOS: dict[str, ScenarioDef] = {s.id: s for s in _load().scenario}
SCENARIO_IDS: tuple[str, ...] = tuple(SCENARIOS)


class Part(_Model):
    """One measure of progress: ``key`` is a category, ``value_<v>``, ``die`` or ``total``."""

    key: str
    have: int
    need: int
    done: bool


def category_fill(lane: Sequence[str], need: int) -> dict[Category, int]:
    """How many of the ``need`` slots per category the lane fills at best (PC-5 balanced product)."""
    singles = [0, 0, 0]
    pairs = [0, 0, 0]  # tech+user, user+mgmt, tech+mgmt
    for card in lane:
        cats = CATS[card]
        if len(cats) == 1:
            singles[_INDEX[cats[0]]] += 1
        else:
            pairs[_PAIR[frozenset(cats)]] += 1
    fill = _best_fill(tuple(min(need, n) for n in singles), tuple(min(2 * need, n) for n in pairs), need)
    return dict(zip(CATEGORIES, fill, strict=True))


_INDEX: dict[Category, int] = {c: i for i, c in enumerate(CATEGORIES)}
_PAIRS: tuple[tuple[int, int], ...] = ((0, 1), (1, 2), (0, 2))
_PAIR: dict[frozenset[str], int] = {
    frozenset((CATEGORIES[a], CATEGORIES[b])): i for i, (a, b) in enumerate(_PAIRS)
}


@lru_cache(maxsize=4096)
def _best_fill(singles: tuple[int, ...], pairs: tuple[int, ...], need: int) -> tuple[int, ...]:
    """Two-category cards go to whichever side helps most: try every split of each pair kind."""
    best = singles
    if not any(pairs) or min(singles) >= need:
        return best
    for split in product(*(range(n + 1) for n in pairs)):
        trial = list(singles)
        for (a, b), first, n in zip(_PAIRS, split, pairs, strict=True):
            trial[a] += first
            trial[b] += n - first
        capped = tuple(min(need, v) for v in trial)
        if sum(capped) > sum(best):
            best = capped
    return best


def progress(goal: Goal, lane: Sequence[str], die: int) -> list[Part]:
    if isinstance(goal, CategoriesGoal):
        fill = category_fill(lane, goal.per_category)
        return [
            Part(key=c, have=fill[c], need=goal.per_category, done=fill[c] >= goal.per_category)
            for c in CATEGORIES
        ]
    if isinstance(goal, ValueCountGoal):
        n = sum(VALUE[c] == goal.value for c in lane)
        return [Part(key=f"value_{goal.value}", have=n, need=goal.count, done=n >= goal.count)]
    if isinstance(goal, DieFaceGoal):
        return [Part(key="die", have=die, need=goal.value, done=die == goal.value)]
    if isinstance(goal, CategoryCountGoal):
        n = sum(goal.category in CATS[c] and VALUE[c] >= goal.min_value for c in lane)
        return [Part(key=goal.category, have=n, need=goal.count, done=n >= goal.count)]
    total = sum(VALUE[c] for c in lane)
    return [Part(key="total", have=total, need=goal.at_least, done=total >= goal.at_least)]


def is_met(goal: Goal, lane: Sequence[str], die: int) -> bool:
    """PC-5 victory check (run at the end of every turn)."""
    if isinstance(goal, DieFaceGoal):
        return die == goal.value
    if isinstance(goal, CategoriesGoal):
        return sum(category_fill(lane, goal.per_category).values()) >= 3 * goal.per_category
    if isinstance(goal, ValueCountGoal):
        return sum(VALUE[c] == goal.value for c in lane) >= goal.count
    if isinstance(goal, CategoryCountGoal):
        return sum(goal.category in CATS[c] and VALUE[c] >= goal.min_value for c in lane) >= goal.count
    return sum(VALUE[c] for c in lane) >= goal.at_least


def closeness(goal: Goal, lane: Sequence[str], die: int) -> float:
    """How close a board is to ``goal``, 0..1 (``progress.team_progress``): the mean over the goal's parts
    of the share of each that is filled (a lane total of 0 or less is 0); for the die face, how near the die
    is to the face on the die's 0..3 scale (PC-5). A met goal is 1."""
    if is_met(goal, lane, die):
        return 1.0
    if isinstance(goal, DieFaceGoal):
        return 1.0 - abs(die - goal.value) / 3
    parts = progress(goal, lane, die)
    return sum(min(1.0, max(0.0, p.have / p.need)) for p in parts) / len(parts)
