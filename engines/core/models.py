"""The data every engine speaks: actions, events, steps, views, outcomes, options, rule sections, cards."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engines.core.i18n import Text

Seat = str


class Action(BaseModel):
    """An action is data. Each game subclasses it with ``type: Literal["..."]`` and its own fields,
    and parses the union with a discriminator on ``type``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str

    def key(self) -> str:
        """A stable, compact identity, e.g. for comparing with legal actions or building custom ids."""
        return self.model_dump_json()


class Event(BaseModel):
    """Something that happened, as a record the bot words and the renderer draws.

    Each game subclasses it once per kind (``kind: Literal["played"] = "played"`` plus typed fields: card ids
    in ``card``/``cards``/``*_card(s)``, seats in ``*_seat``/``seats``) and unions them, discriminated by
    ``kind``. ``visible_to`` is ``None`` for public events, otherwise the seats that may see it (a 7-pass
    shows each side only what it gave and got); a public event must never carry a hidden card.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    seat: Seat | None = None
    visible_to: tuple[Seat, ...] | None = None

    @property
    def public(self) -> bool:
        return self.visible_to is None

    def visible_for(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class Outcome(BaseModel):
    """How a finished game ended. ``ranking`` groups tied seats: ``[["p2"], ["p1", "p3"]]``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    scores: dict[Seat, float]
    ranking: list[list[Seat]]
    winners: list[Seat]
    reason: str
    details: dict[str, Any] = Field(default_factory=dict)

    def place_of(self, seat: Seat) -> int:
        place = 1
        for group in self.ranking:
            if seat in group:
                return place
            place += len(group)
        raise KeyError(seat)


def group_ranking(ordered: Iterable[tuple[Seat, Hashable]]) -> list[list[Seat]]:
    """Seats already sorted best first, with the value that ranks them: neighbours with equal values
    share a placing. ``[("p2", 9), ("p1", 7), ("p3", 7)]`` -> ``[["p2"], ["p1", "p3"]]``."""
    ranking: list[list[Seat]] = []
    previous: object = object()
    for seat, value in ordered:
        if not ranking or value != previous:
            ranking.append([])
            previous = value
        ranking[-1].append(seat)
    return ranking


class Options(BaseModel):
    """Base for each game's options: every field has a default equal to the rule page."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class View(BaseModel):
    """What one seat (or the public, ``seat=None``) may see. Renderers draw views, never states."""

    model_config = ConfigDict(extra="forbid")

    game: str
    seat: Seat | None
    players: list[Seat]
    to_move: list[Seat]
    finished: bool


class GameState(BaseModel):
    """Base of every engine state. ``rng`` is the whole generator state, so replay is exact."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    game: str
    players: list[Seat]
    seed: int
    rng: int
    turn: int = 0
    #: GN-1: the table called the game (rules/game-night.md); states saved before calling existed load as
    #: not called.
    called: bool = False


OptionsT = TypeVar("OptionsT", bound=Options)
StateT = TypeVar("StateT", bound=GameState)
ActionT = TypeVar("ActionT", bound=Action)
ViewT = TypeVar("ViewT", bound=View)


class Step(BaseModel, Generic[StateT]):
    """The result of ``apply``: a new state and what happened."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: StateT
    events: list[Event]


class RuleSection(BaseModel):
    """One ``/rules`` topic, written for players. ``rule_ids`` cites the decisions it explains (GC-7 …)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    title: Text
    body: Text
    rule_ids: tuple[str, ...] = ()


class CardField(BaseModel):
    """A labelled fact on a ``/card`` answer (cost, credits, combo …), both sides bilingual."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Text
    value: Text


class CardInfo(BaseModel):
    """One ``/card`` entry. ``aliases`` are extra search keys (e.g. "S3", "spade 3", "スペード3")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: Text
    #: the description; empty where the game's words layer (``i18n.effects``) describes the card from its data
    text: Text = Text(en="", ja="")
    aliases: tuple[str, ...] = ()
    fields: tuple[CardField, ...] = ()


class Explanation(BaseModel):
    """Why a move is worth making, for the coach (``Engine.explain``): a code the game's catalog words as
    ``<game>.coach.<code>`` and its parameters (card ids under ``card``/``cards``/``*_card(s)`` keys, so the
    bot names them; counts as ints), never a sentence."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    params: dict[str, str | int | list[str]] = Field(default_factory=dict)
