"""Options, actions, state and views of AWS Builder Cards (ids of the rules: AB-n)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engines.aws_builder_cards.cards import Effect
from engines.core import Action, GameState, Options, Seat, Text, View
from engines.deckbuilding import Market, Piles, shallow_copy


class ABOptions(Options):
    advanced_retire: bool = Field(
        False, description="AB-10: after acquiring a Builder card, retire one unused Builder card from hand"
    )
    missions: bool = Field(
        False, description="AB-11: secret Mission cards worth 3 points (Generative AI add-on)"
    )
    long_game: bool = Field(False, description="AB-12: W-A cards go to the discard pile (still scored)")
    card_file: str | None = Field(
        None,
        description="the TEXT (TOML or JSON) of a card file with the schema of cards.toml; the bot reads "
        "the file the server owner configured and passes its contents",
        # A whole file: left out of every dump of the options (lobby listings, the state's options) and
        # kept once in the state's own ``card_file`` field instead.
        exclude=True,
    )

    @field_validator("card_file")
    @classmethod
    def _valid_card_file(cls, text: str | None) -> str | None:
        if text is not None:
            from engines.aws_builder_cards.cards import load_cards

            load_cards(text)  # raises CardDataError (a ValueError): shown as a bad option
        return text


# ------------------------------------------------------------------------------------------------ actions
class Retire(Action):
    """AB-5.1: retire one on-premises card from the start-of-turn hand (the hand is shown as proof)."""

    type: Literal["retire"] = "retire"
    card: str


class Deploy(Action):
    """AB-5.2: deploy any deployable cards from hand at once (one, several, or all of them).
    ``decline_sunset``: deploy a single Sunset card without using its effect, keeping it (AB-5.3)."""

    type: Literal["deploy"] = "deploy"
    cards: tuple[str, ...]
    decline_sunset: bool = False

    @field_validator("cards")
    @classmethod
    def _canonical_order(cls, cards: tuple[str, ...]) -> tuple[str, ...]:
        """``cards`` is a set: any order names the same action, so it has one canonical (sorted) form
        and ``legal_actions`` lists exactly that one. The cards still go down in hand order (do_deploy)."""
        return tuple(sorted(cards))


class MoveToDeck(Action):
    """AWS CDK: put a card from your discard pile on top of your deck."""

    type: Literal["move_to_deck"] = "move_to_deck"
    card: str


class Acquire(Action):
    """AB-6: ``free`` (slot 0..3), ``paid``, ``wa`` (top W-A card) or ``blind`` (top of the free deck). What
    is on offer there is in the chooser's view (``ABView.console``), not in the action."""

    type: Literal["acquire"] = "acquire"
    source: Literal["free", "paid", "wa", "blind"]
    slot: int = 0


class RetireBuilder(Action):
    """AB-10 (option): retire an unused Builder card from hand after acquiring a Builder card."""

    type: Literal["retire_builder"] = "retire_builder"
    card: str


class RevealMission(Action):
    """AB-11 (option): reveal your secret mission beside the console and draw another."""

    type: Literal["reveal_mission"] = "reveal_mission"


class SolveMission(Action):
    type: Literal["solve_mission"] = "solve_mission"
    mission: str


class ProposeReshuffle(Action):
    """AB-9: ask every player to agree to reshuffle the console."""

    type: Literal["propose_reshuffle"] = "propose_reshuffle"


class Vote(Action):
    type: Literal["vote"] = "vote"
    agree: bool


class EndTurn(Action):
    """AB-7: end phase."""

    type: Literal["end_turn"] = "end_turn"


ABAction = Annotated[
    Retire
    | Deploy
    | MoveToDeck
    | Acquire
    | RetireBuilder
    | RevealMission
    | SolveMission
    | ProposeReshuffle
    | Vote
    | EndTurn,
    Field(discriminator="type"),
]


# ------------------------------------------------------------------------------------------------ state
class Acquisition(BaseModel):
    model_config = ConfigDict(extra="forbid")

    source: str
    card: str
    cost: int


class PairLine(BaseModel):
    """One contribution of the deployed architecture (AB-5.3) as the engine paired it. ``kind``: "with" (a
    combo and the partners it used up), "per" (a "for each" bonus and the cards it counted), "stack"
    (identical cards together) or "effect" (the card's own effect). ``at`` / ``partners_at``: positions in
    deploy order."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["with", "per", "stack", "effect"]
    card: str
    partner_cards: list[str]
    at: int
    partners_at: list[int]
    effect: int
    credits: int
    draw: int
    adopt: int

    def as_dict(self) -> dict[str, Any]:
        """The form kept in the turn and drawn by the pictures (``partners`` holds ``partner_cards``)."""
        return {
            "kind": self.kind,
            "card": self.card,
            "at": self.at,
            "partners_at": list(self.partners_at),
            "effect": self.effect,
            "partners": list(self.partner_cards),
            "credits": self.credits,
            "draw": self.draw,
            "adopt": self.adopt,
        }

    @classmethod
    def from_dict(cls, line: dict[str, Any]) -> PairLine:
        return cls(
            kind=line["kind"],
            card=line["card"],
            partner_cards=list(line["partners"]),
            at=line["at"],
            partners_at=list(line["partners_at"]),
            effect=line["effect"],
            credits=line["credits"],
            draw=line["draw"],
            adopt=line["adopt"],
        )


class DeployPreview(BaseModel):
    """What deploying ``cards`` would give now, before the player chooses (``deploy.preview_deploy``): the
    turn's credits, Cloud Adoptions and acquisitions once they are down, the cards it draws at once (after
    AWS CDK's choice when ``to_deck``), and the pairs of the architecture it builds with what is already
    deployed (``lines``; ``None`` where only the totals are wanted, as in the view's labels)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cards: tuple[str, ...]  # canonical (sorted), as in ``Deploy.cards``
    decline_sunset: bool = False
    unlocked: bool
    credits: int
    draws: int
    adoptions: int
    acquisitions: int
    to_deck: int
    lines: list[PairLine] | None = None

    def matches(self, action: Deploy) -> bool:
        return self.cards == action.cards and self.decline_sunset == action.decline_sunset


class TurnState(BaseModel):
    """Everything that resets at the end of a turn. ``lines`` is the evaluated architecture, in the dict form
    of ``PairLine.as_dict`` (the pictures draw it)."""

    model_config = ConfigDict(extra="forbid")

    seat: Seat
    phase: Literal["build", "acquire"] = "build"
    deployed: list[str] = Field(default_factory=list)
    declined: list[str] = Field(default_factory=list)
    lines: list[dict[str, Any]] = Field(default_factory=list)
    unlocked: bool = False
    credits: int = 0
    spent: int = 0
    adopt: int = 0
    draws: int = 0
    draws_taken: int = 0
    to_deck: int = 0
    to_deck_done: int = 0
    wa_costs: dict[int, int] | None = None
    acquired: list[Acquisition] = Field(default_factory=list)
    retired: str | None = None
    proof: list[str] = Field(default_factory=list)
    retired_builder: str | None = None
    revealed_mission: str | None = None
    solved_mission: str | None = None
    proposed_reshuffle: bool = False

    def copy_turn(self) -> TurnState:
        return shallow_copy(
            self,
            deployed=list(self.deployed),
            declined=list(self.declined),
            lines=list(self.lines),
            acquired=list(self.acquired),
            proof=list(self.proof),
        )

    @property
    def acquisitions(self) -> int:
        return 1 + self.adopt

    @property
    def credits_left(self) -> int:
        return self.credits - self.spent


class Pending(BaseModel):
    """A decision the turn waits for: CDK's card choice, or the console reshuffle vote (AB-9)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["move_to_deck", "vote"]
    seat: Seat
    waiting: list[Seat] = Field(default_factory=list)
    agreed: list[Seat] = Field(default_factory=list)


class ABState(GameState):
    options: ABOptions
    order: list[Seat]
    current: int = 0
    piles: dict[Seat, Piles]
    score: dict[Seat, list[str]]
    retired: dict[Seat, list[str]]
    free: Market
    paid: Market
    wa: list[str]  # top = last
    now: TurnState
    last: TurnState | None = None
    pending: Pending | None = None
    mission_deck: list[str] = Field(default_factory=list)
    mission_hand: dict[Seat, list[str]] = Field(default_factory=dict)
    missions_revealed: list[str] = Field(default_factory=list)
    ending: bool = False
    finished: bool = False
    turns: int = 0
    #: the text of a custom card file (option ``card_file``), ``None`` for the built-in cards
    card_file: str | None = None
    #: ``turns`` when a console reshuffle was last put to the vote (AB-9), so the AI asks at most once a round
    reshuffle_voted_at: int | None = None

    @field_validator("options", mode="before")
    @classmethod
    def _drop_seat_shuffle(cls, options: Any) -> Any:
        """Games stored before the engine stopped shuffling seats (the lobby shuffles them once, AB-4) carry
        the removed ``random_order`` option: their order was already fixed in ``order``, so drop it."""
        if isinstance(options, dict) and "random_order" in options:
            return {k: v for k, v in options.items() if k != "random_order"}
        return options


# ------------------------------------------------------------------------------------------------ views
class CardFace(BaseModel):
    """What is printed on a card kind (for pictures and lookups)."""

    model_config = ConfigDict(extra="forbid")

    key: str
    name: Text
    kind: str
    category: str
    category_name: Text
    category_short: Text  # fits the band of a narrow card
    colour: str
    cost: int
    paid: bool
    credits: int
    points: int
    #: the card file's effects as data (AB-5), worded by ``i18n.effects.aws_builder_cards.combo_line``
    effects: list[Effect]
    #: the short name of every card or token the effects name
    names: dict[str, Text]
    partners: list[str]
    ja_lines: list[str] = Field(default_factory=list)  # where the Japanese name may break on a face


class SlotView(BaseModel):
    model_config = ConfigDict(extra="forbid")

    slot: int
    key: str
    cards: list[str]
    count: int


class ConsoleView(BaseModel):
    model_config = ConfigDict(extra="forbid")

    free_deck: int
    paid_deck: int
    free_slots: list[SlotView | None]
    paid_slot: SlotView | None
    wa_top: str | None
    wa_pile: list[str]  # top first: the pile is face up
    wa_remaining: dict[str, int]  # points -> cards left
    wa_costs: dict[str, int]  # points -> cost for the player to move now


class PlayerView(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: Seat
    points: int
    score_cards: list[str]
    missions_solved: list[str]
    deck: int
    hand: int
    discard: int
    builder_cards: int
    retired: list[str]
    secret_missions: int


class TurnView(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: Seat
    phase: str
    deployed: list[str]
    declined: list[str]
    unlocked: bool
    lines: list[dict[str, Any]]
    credits: int
    credits_left: int
    draws: int
    adoptions: int
    acquisitions: int
    acquisitions_left: int
    acquired: list[Acquisition]
    retired: str | None
    proof: list[str]
    retired_builder: str | None
    wa_costs: dict[str, int] | None
    solved_mission: str | None


class HandCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str
    key: str
    partners: list[str]  # card keys (or "cmp"/"builder"/"other") its combos look for
    partners_in_hand: list[str]  # hand cards that satisfy one of those


class MissionFace(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: Text
    why: Text
    needs: list[list[str]]


class Standing(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: Seat
    place: int
    points: int
    wa_points: int
    missions: int
    builder_cards: int
    winner: bool


class PendingView(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str
    seat: Seat
    waiting: list[Seat]
    agreed: list[Seat]


class ABView(View):
    order: list[Seat]
    current: Seat
    phase: str
    turns: int
    options: dict[str, Any]
    console: ConsoleView
    table: list[PlayerView]
    turn: TurnView
    last_turn: TurnView | None
    pending: PendingView | None
    missions_revealed: list[MissionFace]
    mission_deck: int
    ending: bool
    standings: list[Standing] | None
    cards: dict[str, CardFace]
    # seat views only
    hand: list[HandCard] | None = None
    #: what each legal deploy would give now (the seat to move, in its build phase)
    previews: list[DeployPreview] | None = None
    discard: list[str] | None = None
    secret_missions: list[MissionFace] | None = None
