"""What happened, one typed record per kind; the bot words ``events.glorious-crown.<kind>``.

Field names follow the bot's conventions: card ids in ``card``/``cards``/``*_cards``, seats in ``seat``/
``*_seat``. The acting seat is the envelope's ``seat``. Private records (``visible_to`` set) carry the cards
of a 7 trade; their public twins carry only counts (GC-12), so no public event names a hidden card.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.core import Event, Seat

ClearCause = Literal["passes", "eight", "counter"]


class Played(Event):
    """GC-4: ``seat`` played ``cards`` (canonical order); ``rank`` 0 is the Joker play (GC-7)."""

    kind: Literal["played"] = "played"
    cards: list[str]
    rank: int


class Locked(Event):
    """GC-9: the field is locked to ``suits`` (suit codes in S H D C order) until it is cleared."""

    kind: Literal["locked"] = "locked"
    suits: list[str]


class Revolution(Event):
    """GC-8: a quad flipped the board; ``revolution`` is the board state from now on."""

    kind: Literal["revolution"] = "revolution"
    revolution: bool


class ElevenBack(Event):
    """GC-15: ``seat``'s 11 reverses the order until the field is cleared."""

    kind: Literal["eleven_back"] = "eleven_back"


class Skipped(Event):
    """GC-11: ``seat`` lost its turn to a 5."""

    kind: Literal["skipped"] = "skipped"


class Passed(Event):
    """GC-10."""

    kind: Literal["passed"] = "passed"


class Cleared(Event):
    """GC-17: the field is cleared; ``seat`` (the last player) scores ``points`` for ``cards``."""

    kind: Literal["cleared"] = "cleared"
    points: int
    cause: ClearCause
    cards: list[str]


class WentOut(Event):
    """GC-19 / GC-20: ``seat`` left the hand; ``place`` among legal finishers, ``None`` for a foul."""

    kind: Literal["went_out"] = "went_out"
    foul: bool
    how: Literal["play", "discard"]
    place: int | None = None


class TradeOffered(Event):
    """GC-12, public: ``seat`` gives ``count`` cards face down to ``to_seat``."""

    kind: Literal["trade_offered"] = "trade_offered"
    to_seat: Seat
    count: int


class TradeOfferedCards(Event):
    """GC-12, only for the giver: which cards they offered."""

    kind: Literal["trade_offered_cards"] = "trade_offered_cards"
    to_seat: Seat
    cards: list[str]


class TradeDeclined(Event):
    """GC-12 with m = 0."""

    kind: Literal["trade_declined"] = "trade_declined"


class Traded(Event):
    """GC-12, public: ``seat`` (the 7 player) and ``other_seat`` swapped ``count`` cards each."""

    kind: Literal["traded"] = "traded"
    other_seat: Seat
    count: int


class TradeReceived(Event):
    """GC-12, only for ``seat``: what it gave and what it got."""

    kind: Literal["trade_received"] = "trade_received"
    gave_cards: list[str]
    got_cards: list[str]


class Discarded(Event):
    """GC-14: ``seat`` discarded ``card`` face up."""

    kind: Literal["discarded"] = "discarded"
    card: str


class DiscardDeclined(Event):
    """GC-14, declined."""

    kind: Literal["discard_declined"] = "discard_declined"


class FinalStanding(BaseModel):
    """One row of the final tally (GC-19..GC-21): points and places only, never a card."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: Seat
    place: int
    finish: int  # order of going out after fouls are moved down (GC-20)
    field_points: int
    bonus: int
    total: int
    foul: bool
    #: GN-4: cards still in hand when a called hand ended (the place was given by it); ``None`` otherwise
    held: int | None = None


class GameOver(Event):
    """GC-19: the game ended; ``last_seat`` held the last cards (``None`` if nobody did)."""

    kind: Literal["game_over"] = "game_over"
    last_seat: Seat | None
    standings: list[FinalStanding]
    #: GN-4: the hand ended at the clear after a call; False in logs from before calling.
    called: bool = False


GCEvent = Annotated[
    Played
    | Locked
    | Revolution
    | ElevenBack
    | Skipped
    | Passed
    | Cleared
    | WentOut
    | TradeOffered
    | TradeOfferedCards
    | TradeDeclined
    | Traded
    | TradeReceived
    | Discarded
    | DiscardDeclined
    | GameOver,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[GCEvent] = TypeAdapter(GCEvent)
#: Every event class (the union's members), so catalogs and tests can check each kind has a sentence.
EVENT_TYPES: tuple[type[Event], ...] = get_args(get_args(GCEvent)[0])
