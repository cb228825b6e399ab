"""Options, actions, state and views of The Yggdrasil."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from engines.core import Action, GameState, Options, Seat, Text, View

DeckChoice = Literal["grove", "beast", "wind", "random"]
Phase = Literal["place", "extra", "swap", "invade", "over"]
#: Why a card cannot go on a cell (YG-5, YG-15): the refusal codes of a placement.
PlacementProblem = Literal[
    "cell_taken", "branch_off_field", "not_connected", "branch_mismatch", "colour_mismatch"
]


class YggOptions(Options):
    columns: int = Field(5, ge=3, le=9, description="field width C (YG-1; the revision plans 4)")
    rows: int = Field(7, ge=3, le=9, description="field height R (YG-1; the revision plans 5)")
    deck_size: int = Field(20, ge=5, le=40, description="cards in each deck, D (YG-12)")
    hand_size: int = Field(5, ge=1, le=10, description="opening hand, H (YG-12)")
    branch_colours: bool = Field(False, description="a branch joins only a branch of the same colour (YG-15)")
    deck_p1: DeckChoice = Field("random", description="ready deck of the first seat (YG-13)")
    deck_p2: DeckChoice = Field("random", description="ready deck of the second seat (YG-13)")


# --- actions -----------------------------------------------------------------------------------------------
# An action is its data and nothing else: a label that needs the card's name or an invasion's strength reads
# them from the chooser's view (``YggView.hand``, ``YggView.pending``, ``YggView.cells``).


class Place(Action):
    """Put a card from hand on a cell, e.g. ``{"type": "place", "card": "p1:07", "cell": "C4"}`` (YG-5)."""

    type: Literal["place"] = "place"
    card: str
    cell: str


class Discard(Action):
    """Discard a card and draw one; legal only when no card in hand can be placed (YG-6)."""

    type: Literal["discard"] = "discard"
    card: str


class SwapAction(Action):
    """Answer a swap effect: exchange the cards on two cells of one owner (YG-14)."""

    type: Literal["swap"] = "swap"
    first: str
    second: str


class SkipEffect(Action):
    """Decline the optional effect pending now (the extra placement or the swap, ``YggView.pending``)."""

    type: Literal["skip_effect"] = "skip_effect"


class Invade(Action):
    """Attack the opponent card on ``target`` (YG-8)."""

    type: Literal["invade"] = "invade"
    target: str


class NoInvasion(Action):
    type: Literal["no_invasion"] = "no_invasion"


YggAction = Annotated[
    Place | Discard | SwapAction | SkipEffect | Invade | NoInvasion, Field(discriminator="type")
]
ACTION_ADAPTER: TypeAdapter[YggAction] = TypeAdapter(YggAction)


# --- state -------------------------------------------------------------------------------------------------


class InvasionRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: Seat
    target: str
    target_card: str
    supporters: list[str]
    attack: int
    defence: int
    destroyed: list[str]
    destroyed_cells: list[str]


class YggState(GameState):
    options: YggOptions
    decks_used: dict[Seat, str]
    #: instance id -> card kind, for every card of the game (hidden ones too: the state is never shown)
    kinds: dict[str, str]
    #: per cell: instance id on it or None; owner seat index (-1 empty); branch mask as on the table
    board: list[str | None]
    owner: list[int]
    masks: list[int]
    hands: dict[Seat, list[str]]
    decks: dict[Seat, list[str]]
    discards: dict[Seat, list[str]]
    #: index of the seat that moved first: always 0, the lobby orders the seats (players[0] starts)
    first: int
    current: int
    phase: Phase = "place"
    placed_this_turn: list[str] = Field(default_factory=list)
    #: the card whose effect is pending (phase "extra" or "swap")
    effect_source: str | None = None
    #: consecutive own turns in which the seat could not place (YG-10)
    stuck: dict[Seat, int]
    last_placed: list[str] = Field(default_factory=list)
    last_invasion: InvasionRecord | None = None
    end_reason: str | None = None

    @field_validator("options", mode="before")
    @classmethod
    def _drop_first_player(cls, options: Any) -> Any:
        """Games stored before the lobby fixed the seat order carry the removed ``first_player`` option; who
        moves is already in ``first`` and ``current``, so the option is dropped. New games refuse it."""
        if isinstance(options, dict) and "first_player" in options:
            return {k: v for k, v in options.items() if k != "first_player"}
        return options


# --- views -------------------------------------------------------------------------------------------------


class EffectInfo(BaseModel):
    """A card's effect as data (YG-14): its type and parameters, worded by ``i18n.effects.yggdrasil``."""

    model_config = ConfigDict(extra="forbid")

    type: str
    params: dict[str, str] = Field(default_factory=dict)


class CardFace(BaseModel):
    """What is printed on a card. ``branches`` is as its owner reads it (N = away from the owner)."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    name: Text
    flavour: Text
    branches: str
    power: int
    fruit: int
    root: bool
    colour: str
    branch_colours: dict[str, str]
    effect: EffectInfo | None


class PlacedCard(BaseModel):
    """A card on the field. ``branches``/``colours`` are absolute on the table (N = up in the picture)."""

    model_config = ConfigDict(extra="forbid")

    cell: str
    id: str
    owner: Seat
    face: CardFace
    branches: str
    colours: dict[str, str]
    #: each direction whose branch joins an own card across that edge
    joined: str
    #: each direction whose branch points at an opponent card
    threatens: str


class HandCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    face: CardFace
    #: how the card lies on the table when this seat places it (player 2's cards are turned, YG-4)
    branches: str
    colours: dict[str, str]
    legal_cells: list[str]


class Score(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cards: int
    fruit: int
    total: int


class InvadeOption(BaseModel):
    model_config = ConfigDict(extra="forbid")

    target: str
    target_card: str
    supporters: list[str]
    attack: int
    defence: int
    wins: bool


class PendingView(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["place", "discard", "extra_placement", "swap", "invade"]
    seat: Seat
    source: str | None = None
    invasions: list[InvadeOption] = Field(default_factory=list)
    swaps: list[list[str]] = Field(default_factory=list)


class YggView(View):
    columns: int
    rows: int
    #: "A1 = bottom-left as drawn; player 1 sits at the bottom (row 1), player 2 at the top"
    coordinates: str
    column_labels: list[str]
    home_rows: dict[Seat, int]
    cells: list[PlacedCard]
    roots: dict[Seat, str | None]
    decks_used: dict[Seat, str]
    deck_names: dict[Seat, Text]
    first: Seat
    current: Seat | None
    phase: Phase
    last_placed: list[str]
    last_invasion: InvasionRecord | None
    hand_counts: dict[Seat, int]
    deck_counts: dict[Seat, int]
    discards: dict[Seat, list[str]]
    scores: dict[Seat, Score]
    stuck: dict[Seat, int]
    #: cells where each seat's tree could take some card of some shape (public: no hand is looked at)
    growth_cells: dict[Seat, list[str]]
    branch_colours: bool
    pending: PendingView | None
    end_reason: str | None
    winners: list[Seat]
    #: only in a seat's own view
    hand: list[HandCard] | None = None
    must_discard: bool = False
