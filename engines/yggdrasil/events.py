"""Events: one typed record per kind, never prose. The bot words ``events.yggdrasil.<kind>``.

Field names follow the bot's conventions: card instance ids in ``card``/``*_card``/``cards``/``*_cards``,
seats in ``seat``/``*_seat``. An instance id ("p1:07") says nothing about the card behind it, so every event
that shows a card also names its kind (``card_kind``, ``*_kind``, ``*_kinds``), only where that card is public
or in a private event for its owner (``drew``).
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field

from engines.core import Event, Seat

EffectName = Literal["extra_placement", "swap"]
EndReason = Literal["no_room", "both_stuck", "called"]


class Placed(Event):
    """YG-5: ``extra`` is the second card of a fast-growth turn (YG-14)."""

    kind: Literal["placed"] = "placed"
    seat: Seat
    card: str
    card_kind: str
    cell: str
    extra: bool = False


class EffectTriggered(Event):
    """YG-14: the placed card's effect; ``available`` False when there is nothing it could do, so the turn
    moves on without a choice."""

    kind: Literal["effect"] = "effect"
    seat: Seat
    card: str
    card_kind: str
    effect: EffectName
    available: bool


class EffectSkipped(Event):
    kind: Literal["effect_skipped"] = "effect_skipped"
    seat: Seat
    effect: EffectName


class Swapped(Event):
    """YG-14: the cards on two cells of ``owner_seat``'s tree changed places."""

    kind: Literal["swapped"] = "swapped"
    seat: Seat
    owner_seat: Seat
    first_cell: str
    second_cell: str
    #: the cards as they lay before the swap: ``first_card`` was on ``first_cell``
    first_card: str
    second_card: str
    first_kind: str
    second_kind: str


class Invaded(Event):
    """YG-8: ``attack`` (the sum of every own card pointing at the target) against ``defence`` (the target's
    power); ``success`` when the target fell (ties go to the attacker)."""

    kind: Literal["invaded"] = "invaded"
    seat: Seat
    target_seat: Seat
    target: str
    target_card: str
    target_kind: str
    supporters: list[str]
    attack: int
    defence: int
    success: bool


class Destroyed(Event):
    """YG-9: ``seat`` lost the card on ``cell``, and with it every card cut off from its root."""

    kind: Literal["destroyed"] = "destroyed"
    seat: Seat
    card: str
    card_kind: str
    cell: str
    cascade_cards: list[str] = Field(default_factory=list)
    cascade_kinds: list[str] = Field(default_factory=list)
    cascade_cells: list[str] = Field(default_factory=list)


class InvasionDeclined(Event):
    kind: Literal["no_invasion"] = "no_invasion"
    seat: Seat


class Discarded(Event):
    """YG-6: nothing in hand fitted."""

    kind: Literal["discarded"] = "discarded"
    seat: Seat
    card: str
    card_kind: str


class Drew(Event):
    """Private to the drawer (YG-7); its public twin is :class:`DrewCard`."""

    kind: Literal["drew"] = "drew"
    seat: Seat
    card: str
    card_kind: str


class DrewCard(Event):
    kind: Literal["drew_card"] = "drew_card"
    seat: Seat
    deck_left: int


class TurnStarted(Event):
    kind: Literal["turn"] = "turn"
    seat: Seat


class CouldNotPlace(Event):
    """YG-10: a seat with an empty hand and an empty deck passes by itself."""

    kind: Literal["could_not_place"] = "could_not_place"
    seat: Seat
    reason: Literal["no_cards"] = "no_cards"


class GameEnded(Event):
    """YG-10 ends the game; ``scores`` are the totals of YG-11."""

    kind: Literal["game_over"] = "game_over"
    reason: EndReason
    scores: dict[Seat, int]


YggEvent = Annotated[
    Placed
    | EffectTriggered
    | EffectSkipped
    | Swapped
    | Invaded
    | Destroyed
    | InvasionDeclined
    | Discarded
    | Drew
    | DrewCard
    | TurnStarted
    | CouldNotPlace
    | GameEnded,
    Field(discriminator="kind"),
]

#: Every kind the engine emits, in the order of the union.
EVENT_KINDS: tuple[str, ...] = tuple(
    cls.model_fields["kind"].default for cls in get_args(get_args(YggEvent)[0])
)
