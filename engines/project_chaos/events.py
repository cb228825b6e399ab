"""Events: one typed record per kind, never prose. The bot words ``events.project-chaos.<kind>``.

Field names follow the bot's conventions: card ids in ``card``/``*_card``/``cards``, seats in
``seat``/``*_seat``/ ``seats``. Only ``card_drawn`` is private (the drawer's hand); its public twin is
``draw_count``."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field

from engines.core import Event, Seat
from engines.project_chaos.cards import Category

Cause = Literal["effect", "roll", "set", "stagnation"]
E = TypeVar("E", bound=Event)

_SHARED: dict[tuple[Any, ...], Event] = {}


def shared(cls: type[E], **fields: Any) -> E:
    """An event with only hashable fields, built once and shared (events are frozen): the same few records
    recur in every game and AI lookahead, and building a pydantic model is the hot path's main cost."""
    key = (cls, *fields.items())
    hit = _SHARED.get(key)
    if hit is None:
        if len(_SHARED) > 50_000:
            _SHARED.clear()
        hit = _SHARED[key] = cls(**fields)
    return hit  # type: ignore[return-value]


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    round: int


class CardPlayed(Event):
    """PC-7 A (``forced``: a die-3 card, PC-9)."""

    kind: Literal["card_played"] = "card_played"
    card: str
    forced: bool = False


class CardDiscarded(Event):
    """PC-7 B (``reason`` action) or the die-2 swap (``reason`` chaos, PC-9)."""

    kind: Literal["card_discarded"] = "card_discarded"
    card: str
    reason: Literal["action", "chaos"]


class CardPlaced(Event):
    """PC-7 C: tokens moved by ``value`` (clamped 0..3); ``replaced_card`` left the workplace."""

    kind: Literal["card_placed"] = "card_placed"
    card: str
    workplace: Category
    value: int
    tokens_before: int
    tokens_after: int
    replaced_card: str | None = None
    forced: bool = False


class CardPushedOut(Event):
    """PC-7 C: where the old card went. ``how``: paid (the player paid ``paid`` tokens), declined (could pay
    but did not), free (value 0), unaffordable (too few tokens to choose)."""

    kind: Literal["card_pushed_out"] = "card_pushed_out"
    card: str
    workplace: Category
    to: Literal["lane", "discard"]
    paid: int
    how: Literal["paid", "declined", "free", "unaffordable"]


class TokensChanged(Event):
    kind: Literal["tokens_changed"] = "tokens_changed"
    source_card: str
    before: int
    after: int


class DieChanged(Event):
    """The chaos die moved (``cause`` effect/set: a card, ``roll``: a card rolled it, stagnation: PC-10)."""

    kind: Literal["die_changed"] = "die_changed"
    source_card: str | None = None
    before: int
    after: int
    cause: Cause


class ConditionChecked(Event):
    kind: Literal["condition_checked"] = "condition_checked"
    source_card: str
    met: bool


class WorkplaceCardMoved(Event):
    """An effect of ``source_card`` discarded a workplace card or moved it to the lane (``to``)."""

    kind: Literal["workplace_card_moved"] = "workplace_card_moved"
    card: str
    source_card: str
    workplace: Category
    to: Literal["lane", "discard"]


class EffectNoTarget(Event):
    kind: Literal["effect_no_target"] = "effect_no_target"
    source_card: str
    effect: Literal["discard", "ship"]


class CardsRecycled(Event):
    kind: Literal["cards_recycled"] = "cards_recycled"
    source_card: str
    cards: list[str]
    deck_count: int


class ChaosResolved(Event):
    """PC-9 after the action: ``effect`` calm (die 0/1), swap (die 2), reveal (die 3), empty_deck (die 2 or 3
    with no card left: nothing happens, PC-9a)."""

    kind: Literal["chaos"] = "chaos"
    face: int
    effect: Literal["calm", "swap", "reveal", "empty_deck"]


class CardDrawn(Event):
    """Private to the drawer: which card (``cause`` refill PC-8 or chaos PC-9)."""

    kind: Literal["card_drawn"] = "card_drawn"
    card: str
    cause: Literal["refill", "chaos"]


class DrawCount(Event):
    """Public twin of ``card_drawn``."""

    kind: Literal["draw_count"] = "draw_count"
    cause: Literal["refill", "chaos"]
    deck_count: int


class CardsRevealed(Event):
    """PC-9 die 3: the top cards, now public, to be resolved by ``seat``."""

    kind: Literal["cards_revealed"] = "cards_revealed"
    cards: list[str]


class VoteOpened(Event):
    kind: Literal["vote_opened"] = "vote_opened"
    card: str
    seats: list[Seat]


class VoteCast(Event):
    kind: Literal["vote_cast"] = "vote_cast"
    card: str
    yes: bool


class VoteClosed(Event):
    kind: Literal["vote_closed"] = "vote_closed"
    card: str
    passed: bool
    yes_seats: list[Seat]
    no_seats: list[Seat]


class ClaimOpened(Event):
    kind: Literal["claim_opened"] = "claim_opened"
    card: str
    seats: list[Seat]


class ClaimMade(Event):
    kind: Literal["claimed"] = "claimed"
    card: str


class ClaimPassed(Event):
    kind: Literal["claim_passed"] = "claim_passed"
    card: str


class ClaimClosed(Event):
    kind: Literal["claim_closed"] = "claim_closed"
    card: str
    claimant_seat: Seat | None = None


class Stagnation(Event):
    """PC-10: nobody's card acted on the die during ``round``: +1 (or the loss, ``after`` None)."""

    kind: Literal["stagnation"] = "stagnation"
    round: int
    before: int
    after: int | None


class GameWon(Event):
    kind: Literal["game_won"] = "game_won"
    scenario: str
    reason: str


class GameLost(Event):
    kind: Literal["game_lost"] = "game_lost"
    scenario: str
    reason: str
    cause_card: str | None = None


PCEvent = Annotated[
    TurnStarted
    | CardPlayed
    | CardDiscarded
    | CardPlaced
    | CardPushedOut
    | TokensChanged
    | DieChanged
    | ConditionChecked
    | WorkplaceCardMoved
    | EffectNoTarget
    | CardsRecycled
    | ChaosResolved
    | CardDrawn
    | DrawCount
    | CardsRevealed
    | VoteOpened
    | VoteCast
    | VoteClosed
    | ClaimOpened
    | ClaimMade
    | ClaimPassed
    | ClaimClosed
    | Stagnation
    | GameWon
    | GameLost,
    Field(discriminator="kind"),
]

EVENT_KINDS: tuple[str, ...] = (
    "turn_started",
    "card_played",
    "card_discarded",
    "card_placed",
    "card_pushed_out",
    "tokens_changed",
    "die_changed",
    "condition_checked",
    "workplace_card_moved",
    "effect_no_target",
    "cards_recycled",
    "chaos",
    "card_drawn",
    "draw_count",
    "cards_revealed",
    "vote_opened",
    "vote_cast",
    "vote_closed",
    "claim_opened",
    "claimed",
    "claim_passed",
    "claim_closed",
    "stagnation",
    "game_won",
    "game_lost",
)
