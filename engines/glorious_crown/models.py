"""Glorious Crown data: options, actions, the state and the views (all pydantic, JSON round-trip exact)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.core import Action, GameState, Options, Seat, View


class GCOptions(Options):
    """House rules (GC-23). Every default equals the rule page."""

    once_passed_may_replay: bool = Field(
        False,
        description=(
            "GC-10 house rule: a player who passed may play again later in the same trick "
            "(default: once passed, you sit out until the field is cleared)"
        ),
    )
    show_blind_at_end: bool = Field(
        True, description="GC-2: reveal the blind cards on the final standings once the game is over"
    )


# -- actions ---------------------------------------------------------------------------------------------
class Play(Action):
    """Play a group (GC-4): the exact card ids. Jokers take the rank of the other cards; a group of only
    Jokers is the Joker play (GC-7). With both Jokers in hand, a play using one Joker uses JK1 (the
    canonical choice; the two Jokers are identical in play)."""

    type: Literal["play"] = "play"
    cards: list[str] = Field(min_length=1, max_length=4)


class Pass(Action):
    type: Literal["pass"] = "pass"


class Give(Action):
    """GC-12: the 7 player gives these cards (1..number of 7s played) to the next player."""

    type: Literal["give"] = "give"
    cards: list[str] = Field(min_length=1, max_length=4)


class Answer(Action):
    """GC-12: the next player gives back exactly as many cards, chosen without seeing the others."""

    type: Literal["answer"] = "answer"
    cards: list[str] = Field(min_length=1, max_length=4)


class Discard(Action):
    """GC-14: the 10 player discards one card from hand."""

    type: Literal["discard"] = "discard"
    card: str


class Decline(Action):
    """Skip an optional effect: the 7 trade (m = 0, GC-12) or the 10 discard (GC-14)."""

    type: Literal["decline"] = "decline"


GCAction = Annotated[Play | Pass | Give | Answer | Discard | Decline, Field(discriminator="type")]
ACTION_ADAPTER: TypeAdapter[Play | Pass | Give | Answer | Discard | Decline] = TypeAdapter(GCAction)

PendingKind = Literal["seven_give", "seven_answer", "ten_discard"]


# -- state -----------------------------------------------------------------------------------------------
class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TopPlay(_Frozen):
    """The play on top of the field. ``rank`` is 0 for a Joker-only group."""

    seat: Seat
    cards: tuple[str, ...]
    rank: int


class Pending(_Frozen):
    """A decision the game waits for (GC-12, GC-14). ``given`` are the 7 player's chosen cards: hidden
    from everyone but the giver until the trade happens."""

    kind: PendingKind
    seat: Seat
    other: Seat | None = None
    count: int = 0
    given: tuple[str, ...] = ()


class ClearRecord(_Frozen):
    """The latest field clear (GC-17), kept for the table picture."""

    seat: Seat
    points: int
    cause: Literal["passes", "eight", "counter"]
    cards: tuple[str, ...]


class GCState(GameState):
    options: GCOptions
    hands: dict[Seat, list[str]]  # each kept in canonical order (cards.canonical): plays are listed in it
    blind: list[str]
    discard: list[str] = Field(default_factory=list)
    field: list[str] = Field(default_factory=list)
    top: TopPlay | None = None
    revolution: bool = False
    eleven_back: bool = False
    lock: str | None = None  # suit codes in S H D C order, e.g. "SH"
    current: Seat
    passed: list[Seat] = Field(default_factory=list)
    pending: Pending | None = None
    points: dict[Seat, int]
    finished: list[Seat] = Field(default_factory=list)  # legal finishers in order (GC-19)
    fouls: list[Seat] = Field(default_factory=list)  # illegal finishers in order (GC-20)
    last_clear: ClearRecord | None = None
    over: bool = False

    @property
    def effective_revolution(self) -> bool:
        """GC-15: effective state = board state XOR 11-back."""
        return self.revolution != self.eleven_back


# -- views -----------------------------------------------------------------------------------------------
class TopView(BaseModel):
    seat: Seat
    cards: list[str]
    rank: int
    jokers_only: bool


class SeatView(BaseModel):
    seat: Seat
    hand_count: int
    points: int
    place: int | None  # finishing place among legal finishers (1 = first out)
    foul: bool
    passed: bool
    out: bool
    is_turn: bool


class PendingView(BaseModel):
    kind: PendingKind
    seat: Seat
    other: Seat | None
    count: int
    given: list[str] | None = None  # only in the giver's own view


class HandCard(BaseModel):
    id: str
    playable: bool


class StandingView(BaseModel):
    seat: Seat
    place: int
    field_points: int
    bonus: int
    total: int
    finish: int | None  # order of going out among legal finishers; None for fouls and the last holder
    foul: bool
    hand: list[str]


class GCView(View):
    top: TopView | None
    field_count: int
    lock: list[str] | None
    revolution: bool
    eleven_back: bool
    effective_revolution: bool
    seats: list[SeatView]
    turn: Seat | None
    pending: PendingView | None
    discard: list[str]
    blind_count: int
    blind: list[str] | None  # shown only once the game is over
    last_clear: ClearRecord | None
    hand: list[HandCard] | None  # the seat's own hand, weakest to strongest in the effective state
    standings: list[StandingView] | None
