"""Events: one typed record per kind (card ids in ``card``/``*_card``/``cards`` fields, seats in ``seat``/
``*_seat``/``seats``). Only ``drew`` is private (``visible_to`` its seat); every other event is public."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engines.aws_deckbuilding.cards import Currency, Which
from engines.core import Event

EffectType = Literal["awsome", "draw", "buy"]
ReshuffleReason = Literal["draft_no_tco_card", "nothing_affordable", "vote"]


class DraftPicked(Event):
    """AD-8: ``pick`` counts from 1 to ``picks``; ``draft_round`` 1 goes clockwise, 2 back."""

    kind: Literal["draft_picked"] = "draft_picked"
    card: str
    pick: int
    picks: int
    draft_round: int


class MarketRefilled(Event):
    kind: Literal["market_refilled"] = "market_refilled"
    cards: list[str]


class MarketReshuffled(Event):
    """The face-up cards went back into the marketplace deck, which was shuffled, and ``cards`` were turned
    up. ``reshuffles``: how many times in a row (AD-8, AD-11); ``found``: whether the reason is gone."""

    kind: Literal["market_reshuffled"] = "market_reshuffled"
    reason: ReshuffleReason
    reshuffles: int
    found: bool
    cards: list[str]


class DraftFinished(Event):
    """AD-8: every player shuffled 12 cards into a deck and drew 5."""

    kind: Literal["draft_finished"] = "draft_finished"
    deck_size: int


class DeckShuffled(Event):
    """AD-13: a draw found the deck empty, so the discard pile became the deck."""

    kind: Literal["deck_shuffled"] = "deck_shuffled"
    count: int


class Drew(Event):
    """Private: the cards a player drew into a hidden hand (end of turn, end of draft)."""

    kind: Literal["drew"] = "drew"
    cards: list[str]


class DrewCount(Event):
    kind: Literal["drew_count"] = "drew_count"
    count: int


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    round: int
    turn_number: int


class HandRevealed(Event):
    """AD-9: the whole hand, face up; ``tco``/``awsome``: what the revealed cards give."""

    kind: Literal["hand_revealed"] = "hand_revealed"
    cards: list[str]
    tco: int
    awsome: int
    offered: int


class EffectApplied(Event):
    kind: Literal["effect_applied"] = "effect_applied"
    card: str
    effect: Which
    effect_type: EffectType
    amount: int
    #: the other revealed cards that met the condition (empty: the effect has no condition)
    because_cards: list[str]
    tco_left: int
    awsome_left: int
    buys_left: int


class CardDrawn(Event):
    """AD-9: a card drawn by an effect, revealed at once (``source_card`` is the effect's card); ``None``
    when deck and discard pile were both empty."""

    kind: Literal["card_drawn"] = "card_drawn"
    card: str | None
    source_card: str
    tco: int
    awsome: int


class EffectDeclined(Event):
    kind: Literal["effect_declined"] = "effect_declined"
    card: str
    effect: Which


class Bought(Event):
    """AD-10: ``to`` is ``discard`` (service card) or ``score`` (W-A card, worth ``points``)."""

    kind: Literal["bought"] = "bought"
    card: str
    cost: int
    currency: Currency
    to: Literal["discard", "score"]
    points: int
    tco_left: int
    awsome_left: int
    buys_left: int


class NothingAffordable(Event):
    """AD-11: nothing on show is affordable and nothing more can be found: buying is over this turn.
    ``reshuffles``: the reshuffles tried first (at least 1; only 0 for a marketplace with no card left)."""

    kind: Literal["nothing_affordable"] = "nothing_affordable"
    reshuffles: int


class TurnEnded(Event):
    """AD-12: ``bought_cards`` and ``retired_card`` by card kind; ``tco``/``awsome``: the credits the turn
    earned (revealed cards and effects), for the turn's summary."""

    kind: Literal["turn_ended"] = "turn_ended"
    bought_cards: list[str]
    retired_card: str | None
    discarded: int
    tco: int = 0
    awsome: int = 0


class OnpremRetired(Event):
    kind: Literal["onprem_retired"] = "onprem_retired"
    card: str
    onprem_left: int


class RetireSkipped(Event):
    kind: Literal["retire_skipped"] = "retire_skipped"


class ReshuffleProposed(Event):
    """AD-14: ``seats`` must vote (the proposer agrees)."""

    kind: Literal["reshuffle_proposed"] = "reshuffle_proposed"
    seats: list[str]


class Voted(Event):
    kind: Literal["voted"] = "voted"
    agree: bool
    waiting_seats: list[str]


class ReshuffleRejected(Event):
    """AD-14: ``seat`` said no."""

    kind: Literal["reshuffle_rejected"] = "reshuffle_rejected"


class GameEnded(Event):
    """AD-15: the last W-A card was bought (``seat`` bought it)."""

    kind: Literal["game_over"] = "game_over"
    winner_seats: list[str]
    scores: dict[str, int]
    #: GN-2: the game was called and its round is over (not AD-15's end); False in logs from before calling.
    called: bool = False


ADEvent = Annotated[
    DraftPicked
    | MarketRefilled
    | MarketReshuffled
    | DraftFinished
    | DeckShuffled
    | Drew
    | DrewCount
    | TurnStarted
    | HandRevealed
    | EffectApplied
    | CardDrawn
    | EffectDeclined
    | Bought
    | NothingAffordable
    | TurnEnded
    | OnpremRetired
    | RetireSkipped
    | ReshuffleProposed
    | Voted
    | ReshuffleRejected
    | GameEnded,
    Field(discriminator="kind"),
]

EVENT_KINDS: tuple[str, ...] = (
    "draft_picked",
    "market_refilled",
    "market_reshuffled",
    "draft_finished",
    "deck_shuffled",
    "drew",
    "drew_count",
    "turn_started",
    "hand_revealed",
    "effect_applied",
    "card_drawn",
    "effect_declined",
    "bought",
    "nothing_affordable",
    "turn_ended",
    "onprem_retired",
    "retire_skipped",
    "reshuffle_proposed",
    "voted",
    "reshuffle_rejected",
    "game_over",
)
