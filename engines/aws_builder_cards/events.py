"""What happened, one typed record per kind; the bot words ``events.aws-builder-cards.<kind>``.

Field names follow the bot's conventions: card ids (instance ids such as ``ec2#3``, or card kinds such as
``ec2`` where a finished turn is summed up) in ``card``/``cards``/``*_card``/``*_cards``, seats in ``seat``/
``seats``. The acting seat is the envelope's ``seat``. Two records are private: ``drew`` (the cards a player
drew, for them alone; its public twin ``drew_count`` carries only the number) and ``mission_drawn``.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field, TypeAdapter

from engines.aws_builder_cards.models import PairLine
from engines.core import Event, Seat

DrawReason = Literal["combo", "end_phase"]
Source = Literal["free", "paid", "wa", "blind"]


class RetiredOnprem(Event):
    """AB-5.1: ``card`` left the game; ``proof_cards`` is the hand shown to everyone as proof."""

    kind: Literal["retired_onprem"] = "retired_onprem"
    card: str
    proof_cards: list[str]


class Deployed(Event):
    """AB-5.2: ``cards`` went into the play area (in hand order); ``declined_sunset``: kept, effect unused."""

    kind: Literal["deployed"] = "deployed"
    cards: list[str]
    declined_sunset: bool = False


class ArchitectureBuilt(Event):
    """AB-5.3/4: what everything deployed so far (``cards``) gives together, pair by pair (``lines``)."""

    kind: Literal["architecture"] = "architecture"
    cards: list[str]
    unlocked: bool
    lines: list[PairLine]
    credits: int
    credits_left: int
    draws: int
    adoptions: int
    acquisitions: int


class Drew(Event):
    """Private: the cards ``seat`` drew (a combo's draw, or the next hand at the end phase)."""

    kind: Literal["drew"] = "drew"
    cards: list[str]
    reason: DrawReason


class DrewCount(Event):
    """The public twin of ``drew``: only how many."""

    kind: Literal["drew_count"] = "drew_count"
    count: int
    reason: DrawReason


class MovedToDeck(Event):
    """AWS CDK: ``card`` went from the discard pile to the top of the deck."""

    kind: Literal["moved_to_deck"] = "moved_to_deck"
    card: str


class Acquired(Event):
    """AB-6: ``card`` taken from ``source`` (``slot`` for a free slot) for ``cost``; ``to`` where it went."""

    kind: Literal["acquired"] = "acquired"
    source: Source
    slot: int
    card: str
    cost: int
    to: Literal["score", "discard"]
    credits_left: int
    acquisitions_left: int


class ConsoleRefilled(Event):
    """AB-3: the cards turned up to fill the console."""

    kind: Literal["console_refilled"] = "console_refilled"
    cards: list[str]


class LastWaAcquired(Event):
    """AB-8: the W-A pile is empty; the game ends with this turn."""

    kind: Literal["last_wa_acquired"] = "last_wa_acquired"


class RetiredBuilder(Event):
    """AB-10: an unused Builder card left the game."""

    kind: Literal["retired_builder"] = "retired_builder"
    card: str


class MissionRevealed(Event):
    """AB-11: ``mission_card`` is now beside the console."""

    kind: Literal["mission_revealed"] = "mission_revealed"
    mission_card: str


class MissionDrawn(Event):
    """Private (AB-11): the new secret mission."""

    kind: Literal["mission_drawn"] = "mission_drawn"
    mission_card: str


class MissionSolved(Event):
    """AB-11: ``cards`` (deployed) build ``mission_card``: +3 points."""

    kind: Literal["mission_solved"] = "mission_solved"
    mission_card: str
    cards: list[str]


class ReshuffleProposed(Event):
    """AB-9: ``seat`` asks ``seats`` to agree to reshuffle the console."""

    kind: Literal["reshuffle_proposed"] = "reshuffle_proposed"
    seats: list[Seat]


class Voted(Event):
    kind: Literal["voted"] = "voted"
    agree: bool


class ReshuffleRejected(Event):
    """AB-9: ``seat`` said no; the console stays."""

    kind: Literal["reshuffle_rejected"] = "reshuffle_rejected"


class ConsoleReshuffled(Event):
    """AB-9: everyone agreed; the new free slots and paid slot."""

    kind: Literal["console_reshuffled"] = "console_reshuffled"
    free_cards: list[str]
    paid_cards: list[str]


class TurnEnded(Event):
    """AB-7: the turn in one record, by card kind (the cards may since be shuffled into a hidden deck)."""

    kind: Literal["turn_ended"] = "turn_ended"
    deployed_cards: list[str]
    credits: int
    draws: int
    adoptions: int
    acquired_cards: list[str]
    retired_card: str | None
    sunset_cards: list[str]
    discarded: int


class GameOver(Event):
    """AB-8: the turn that took the last W-A card is over."""

    kind: Literal["game_over"] = "game_over"
    turns: int
    #: GN-2: the game was called and its round is over (not AB-8's end); False in logs from before calling.
    called: bool = False


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"


ABEvent = Annotated[
    RetiredOnprem
    | Deployed
    | ArchitectureBuilt
    | Drew
    | DrewCount
    | MovedToDeck
    | Acquired
    | ConsoleRefilled
    | LastWaAcquired
    | RetiredBuilder
    | MissionRevealed
    | MissionDrawn
    | MissionSolved
    | ReshuffleProposed
    | Voted
    | ReshuffleRejected
    | ConsoleReshuffled
    | TurnEnded
    | GameOver
    | TurnStarted,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[ABEvent] = TypeAdapter(ABEvent)
#: Every event class (the union's members), so catalogs and tests can check each kind has a sentence.
EVENT_TYPES: tuple[type[Event], ...] = get_args(get_args(ABEvent)[0])
