"""Options, actions, pending decisions and the state of Project Chaos (all pydantic, JSON round trip "
"exact)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.core import Action, GameState, Options, Seat
from engines.project_chaos.cards import Category, Claim, Effect, Vote

ScenarioChoice = Literal["balanced", "innovation", "firefighting", "mvp", "stable", "random"]
DeckChoice = Literal["full", "short"]


class PCOptions(Options):
    scenario: ScenarioChoice = Field(
        "random",
        description="PC-5 scenario card: balanced, innovation, firefighting, mvp, stable, or random "
        "(drawn at the start with the game's generator)",
    )
    deck: DeckChoice = Field(
        "full",
        description="PC-6: full (every card is shuffled into the deck, the document's set-up) or short "
        "(crunch: the scenario's own shorter deck, the rest set aside face down)",
    )


# --- actions -----------------------------------------------------------------------------------------------


class Play(Action):
    """PC-7 A: play a hand card's effect, then discard it. During a die-3 resolution (PC-9) it plays a
    revealed card instead."""

    type: Literal["play"] = "play"
    card: str


class Discard(Action):
    """PC-7 B: discard a hand card. Also the answer to the die-2 swap (PC-9: discard one card from hand)."""

    type: Literal["discard"] = "discard"
    card: str


class Place(Action):
    """PC-7 C: place a card in the workplace of one of its categories (a hand card, or a revealed one while
    resolving a die 3, PC-9)."""

    type: Literal["place"] = "place"
    card: str
    workplace: Category


class Pay(Action):
    """Push-out (PC-7 C): pay the tokens (a resource goes to the lane, a trouble to the discard)."""

    type: Literal["pay"] = "pay"


class NoPay(Action):
    """Push-out (PC-7 C): keep the tokens (a resource is discarded, a trouble goes to the lane)."""

    type: Literal["no_pay"] = "no_pay"


class Pick(Action):
    """Choose the workplace an effect acts on (a tie for the highest/lowest card, or a free choice)."""

    type: Literal["pick"] = "pick"
    workplace: Category


class CastVote(Action):
    """PC-12 "all players agree": this seat's answer."""

    type: Literal["vote"] = "vote"
    yes: bool


class MakeClaim(Action):
    """PC-12 "someone has lived this": this seat has lived it."""

    type: Literal["claim"] = "claim"


class NoClaim(Action):
    """PC-12 "someone has lived this": this seat has not (or lets it pass)."""

    type: Literal["no_claim"] = "no_claim"


PCAction = Play | Discard | Place | Pay | NoPay | Pick | CastVote | MakeClaim | NoClaim
ACTION_ADAPTER: TypeAdapter[PCAction] = TypeAdapter(Annotated[PCAction, Field(discriminator="type")])


# --- pending decisions -------------------------------------------------------------------------------------


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


Destination = Literal["lane", "discard"]


class PushOutPending(_Frozen):
    """PC-7 C: ``card`` left ``workplace`` when ``by_card`` was placed; ``seat`` may pay ``cost`` tokens to
    send it to ``pay_to`` instead of ``free_to``. Only asked when the tokens suffice."""

    kind: Literal["push_out"] = "push_out"
    seat: Seat
    card: str
    by_card: str
    workplace: Category
    cost: int
    pay_to: Destination
    free_to: Destination


class ChaosDiscardPending(_Frozen):
    """PC-9 die 2: ``seat`` drew a card and now discards one card of their choice from hand."""

    kind: Literal["chaos_discard"] = "chaos_discard"
    seat: Seat


class ForcedPending(_Frozen):
    """PC-9 die 3: ``seat`` resolves the revealed cards (``PCState.revealed``) one by one, in an order they
    choose."""

    kind: Literal["forced"] = "forced"
    seat: Seat


class TargetPending(_Frozen):
    """An effect of ``card`` acts on one workplace and ``seat`` chooses which among ``candidates``."""

    kind: Literal["target"] = "target"
    seat: Seat
    card: str
    effect: Literal["discard", "ship"]
    candidates: tuple[Category, ...]


class VotePending(_Frozen):
    """PC-12: every player answers yes or no (see ``engines.project_chaos.effects`` for decision PC-12a)."""

    kind: Literal["vote"] = "vote"
    seat: Seat
    card: str
    effect: Vote
    votes: dict[Seat, bool] = Field(default_factory=dict)


class ClaimPending(_Frozen):
    """PC-12: any player may claim; it closes at the first claim or once every player passed (PC-12b)."""

    kind: Literal["claim"] = "claim"
    seat: Seat
    card: str
    effect: Claim
    passed: tuple[Seat, ...] = ()


Pending = Annotated[
    PushOutPending | ChaosDiscardPending | ForcedPending | TargetPending | VotePending | ClaimPending,
    Field(discriminator="kind"),
]
PendingKind = Literal["push_out", "chaos_discard", "forced", "target", "vote", "claim"]


class QueuedEffect(_Frozen):
    """An effect still to resolve, and the card it comes from."""

    card: str
    effect: Effect


# --- state -------------------------------------------------------------------------------------------------

#: where the turn stands: waiting for the action, resolving chaos (PC-9), resolving revealed cards, drawing
#: (PC-8), ending the turn (victory check, stagnation PC-10), or over
Stage = Literal["action", "chaos", "forced", "refill", "end", "over"]


class PCState(GameState):
    options: PCOptions
    scenario: str
    #: the top of the deck is the end of the list
    deck: list[str]
    #: PC-6 ``deck=short``: cards the scenario's shorter deck set aside face down (hidden from everyone, never
    #: used); empty with the full deck
    set_aside: list[str] = Field(default_factory=list)
    hands: dict[Seat, list[str]]
    workplaces: dict[Category, str | None]
    lane: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    #: die-3 cards revealed and not yet resolved (public)
    revealed: list[str] = Field(default_factory=list)
    #: the card whose play effect is resolving (it goes to the discard afterwards)
    playing: str | None = None
    die: int
    tokens: int
    #: index of the seat whose turn it is; the round starts with seat 0 (PC-10)
    current: int = 0
    round: int = 1
    #: PC-10: a card effect acted on the die during this round
    die_touched: bool = False
    stage: Stage = "action"
    pending: Pending | None = None
    queue: list[QueuedEffect] = Field(default_factory=list)
    result: Literal["win", "loss"] | None = None
    #: "win", "loss:cannot_draw", "loss:die_overflow" or "loss:stagnation"
    reason: str | None = None
    #: the card whose effect raised the die past 3 (loss:die_overflow)
    cause_card: str | None = None
    turns: int = 0
