"""Options, actions and state of the AWS Deckbuilding Game (ids of the rules: AD-n)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.aws_deckbuilding.cards import Currency, Which
from engines.core import Action, GameState, Options, Seat
from engines.deckbuilding import CreditPool, Market, NotEnoughCredits, Piles, shallow_copy

Phase = Literal["draft", "play", "retire", "over"]


class ADOptions(Options):
    """No options: the rule page has none. AD-8's random first player is the lobby's seat order (the bot
    shuffles seats unless the host fixes them); ``players[0]`` starts."""


# ------------------------------------------------------------------------------------------------ actions
class Draft(Action):
    """AD-8: take a face-up card with a TCO (black) cost, for free."""

    type: Literal["draft"] = "draft"
    card: str


class ApplyEffects(Action):
    """AD-9: apply every effect offered right now (the default). Effects a drawn card brings are offered
    afterwards."""

    type: Literal["apply_effects"] = "apply_effects"


class ApplyEffect(Action):
    """AD-9: apply one offered effect of a revealed card."""

    type: Literal["apply_effect"] = "apply_effect"
    card: str
    effect: Which


class DeclineEffect(Action):
    """AD-9: decline one offered effect (it is not offered again this turn)."""

    type: Literal["decline_effect"] = "decline_effect"
    card: str
    effect: Which


class Buy(Action):
    """AD-10: buy a face-up service card or the top Well-Architected card."""

    type: Literal["buy"] = "buy"
    card: str


class EndTurn(Action):
    """AD-12: stop buying."""

    type: Literal["end_turn"] = "end_turn"


class Retire(Action):
    """AD-12: remove an on-premises card in hand from the game."""

    type: Literal["retire"] = "retire"
    card: str


class KeepOnprem(Action):
    """AD-12: retire nothing this turn."""

    type: Literal["keep_onprem"] = "keep_onprem"


class ProposeReshuffle(Action):
    """AD-14: ask every player to agree to reshuffle the marketplace (any seat, any time; not again until
    the proposer's next turn once a proposal of theirs was rejected)."""

    type: Literal["propose_reshuffle"] = "propose_reshuffle"


class Vote(Action):
    type: Literal["vote"] = "vote"
    agree: bool


ADAction = Annotated[
    Draft
    | ApplyEffects
    | ApplyEffect
    | DeclineEffect
    | Buy
    | EndTurn
    | Retire
    | KeepOnprem
    | ProposeReshuffle
    | Vote,
    Field(discriminator="type"),
]


ACTION_TYPES: tuple[str, ...] = (
    "draft",
    "apply_effects",
    "apply_effect",
    "decline_effect",
    "buy",
    "end_turn",
    "retire",
    "keep_onprem",
    "propose_reshuffle",
    "vote",
)


# ------------------------------------------------------------------------------------------------ state
class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TurnState(_Model):
    """Everything that resets at the end of a turn. ``revealed``: the whole hand in hand order, then each
    card drawn by an effect (AD-9); ``applied``/``declined``: (card, primary|secondary)."""

    seat: Seat
    revealed: list[str] = Field(default_factory=list)
    drawn: list[str] = Field(default_factory=list)
    applied: list[tuple[str, Which]] = Field(default_factory=list)
    declined: list[tuple[str, Which]] = Field(default_factory=list)
    tco: CreditPool = Field(default_factory=CreditPool)
    awsome: CreditPool = Field(default_factory=CreditPool)
    buys: int = 1
    bought: list[str] = Field(default_factory=list)
    #: AD-11 reshuffles done this turn, and whether buying gave up (nothing in the whole marketplace is
    #: affordable)
    reshuffles: int = 0
    gave_up: bool = False
    #: AD-14 reshuffles agreed by vote during this turn (the AI proposes at most once a turn)
    reshuffle_votes: int = 0
    retired: str | None = None

    def copy_turn(self) -> TurnState:
        """A copy for the next state. The two pools are shared: they are replaced (``earn``, ``spend``),
        never changed in place."""
        return shallow_copy(
            self,
            revealed=list(self.revealed),
            drawn=list(self.drawn),
            applied=list(self.applied),
            declined=list(self.declined),
            bought=list(self.bought),
        )

    def earn(self, tco: int = 0, awsome: int = 0) -> None:
        """Credits revealed or given by an effect this turn (AD-9, AD-10)."""
        if tco:
            self.tco = shallow_copy(self.tco, earned=self.tco.earned + tco)
        if awsome:
            self.awsome = shallow_copy(self.awsome, earned=self.awsome.earned + awsome)

    def spend(self, currency: Currency | None, cost: int) -> None:
        """Pay for a buy from the pool of its currency (AD-10: TCO for black costs, AWSome for orange);
        the caller checked that the pool can."""
        pool = self.awsome if currency == "awsome" else self.tco
        if not 0 <= cost <= pool.left:
            raise NotEnoughCredits(cost, pool.left)
        paid = shallow_copy(pool, spent=pool.spent + cost)
        if currency == "awsome":
            self.awsome = paid
        else:
            self.tco = paid

    @property
    def buys_left(self) -> int:
        return self.buys - len(self.bought)


class LastTurn(_Model):
    """A finished turn by card kind (its cards may since have been shuffled into a hidden deck)."""

    seat: Seat
    revealed: list[str]
    applied: list[tuple[str, Which]]
    bought: list[str]
    retired: str | None
    tco: int
    awsome: int


class VoteState(_Model):
    """AD-14: the proposer agrees; ``waiting`` still have to vote."""

    proposer: Seat
    waiting: list[Seat]
    agreed: list[Seat]


class ADState(GameState):
    options: ADOptions
    #: seats in turn order, the first player first (AD-8): the order of ``players``
    order: list[Seat]
    colours: dict[Seat, str]
    phase: Phase = "draft"
    #: picks made so far in the snake draft (AD-8)
    pick: int = 0
    drafted: dict[Seat, list[str]]
    current: int = 0
    piles: dict[Seat, Piles]
    score: dict[Seat, list[str]]
    retired: dict[Seat, list[str]]
    market: Market
    wa: list[str]  # top = last
    now: TurnState | None = None
    last: LastTurn | None = None
    vote: VoteState | None = None
    #: AD-14: seats whose proposal was rejected; each may propose again once its next turn (or draft pick)
    #: begins. Replaced, never changed in place (copies share it).
    vote_barred: list[Seat] = Field(default_factory=list)
    #: 0 during the draft, then 1, 2 ... (a round ends when the last seat in order ends its turn)
    round: int = 0
    turns: int = 0

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @model_validator(mode="before")
    @classmethod
    def _drop_one_vote_a_round(cls, data: object) -> object:
        """States saved before AD-14 changed (one vote a round) carry its two fields: they no longer
        limit anything, so a running game loads without them."""
        if isinstance(data, dict) and ("vote_round" in data or "vote_proposer" in data):
            data = {k: v for k, v in data.items() if k not in ("vote_round", "vote_proposer")}
        return data
