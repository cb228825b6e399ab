"""What a seat (or the public) may see (PC hidden information: hands are private, the deck is hidden; the
board, the lane, the discard pile and revealed die-3 cards are public)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engines.core import Seat, Text, View
from engines.project_chaos.cards import CARDS, CATS, PLAYABLE, Category, Effect
from engines.project_chaos.models import (
    ClaimPending,
    Destination,
    PCState,
    PendingKind,
    PushOutPending,
    Stage,
    TargetPending,
    VotePending,
)
from engines.project_chaos.scenarios import SCENARIOS, Goal, Part, progress


class _ViewModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CardFace(_ViewModel):
    """What is printed on a card."""

    id: str
    name: Text
    flavour: Text
    categories: list[Category]
    value: int
    #: the play effects as data, worded by ``i18n.effects.project_chaos`` (empty: the card cannot be played)
    play: list[Effect]
    talk: Literal["vote", "claim"] | None


class HandCard(_ViewModel):
    """A card in the seat's own hand and what the seat may do with it right now."""

    id: str
    playable: bool
    discardable: bool
    places: list[Category]


class PendingView(_ViewModel):
    """The decision the game waits for. ``seats``: who must answer now."""

    kind: PendingKind
    seat: Seat
    seats: list[Seat]
    card: str | None = None
    #: push_out: the card just placed; ``cost`` tokens send ``card`` to ``pay_to`` instead of ``free_to``
    by_card: str | None = None
    workplace: Category | None = None
    cost: int = 0
    pay_to: Destination | None = None
    free_to: Destination | None = None
    #: target: what the effect does and the workplaces it may act on
    effect: Literal["discard", "ship"] | None = None
    candidates: list[Category] = []
    #: vote: the answers so far; claim: the seats that passed
    votes: dict[Seat, bool] = {}
    passed: list[Seat] = []
    question: Text | None = None
    #: vote/claim: the effects on yes (claimed) and on no (unclaimed; None: nothing happens)
    outcome_yes: list[Effect] | None = None
    outcome_no: list[Effect] | None = None
    #: forced: the revealed cards still to resolve
    cards: list[str] = []


class GoalView(_ViewModel):
    scenario: str
    name: Text
    story: Text
    #: the goal as data (PC-5), worded by ``i18n.effects.project_chaos.goal_text``
    goal: Goal
    parts: list[Part]
    met: bool


class PCView(View):
    goal: GoalView
    die: int
    tokens: int
    round: int
    turns: int
    #: PC-10: a card acted on the die this round (no stagnation at its end)
    die_touched: bool
    first: Seat
    current: Seat | None
    stage: Stage
    workplaces: dict[Category, str | None]
    lane: list[str]
    discard: list[str]
    deck_count: int
    #: PC-5a: cards the schedule set aside (never in play)
    set_aside_count: int
    hand_counts: dict[Seat, int]
    revealed: list[str]
    playing: str | None
    pending: PendingView | None
    #: the printed face of every card id in this view
    cards: dict[str, CardFace]
    result: Literal["win", "loss"] | None
    reason: str | None
    cause_card: str | None
    #: only in a seat's own view
    hand: list[HandCard] | None = None


_FACES: dict[str, CardFace] = {
    cid: CardFace(
        id=cid,
        name=c.name,
        flavour=c.flavour,
        categories=list(c.categories),
        value=c.value,
        play=list(c.play),
        talk=c.talk,
    )
    for cid, c in CARDS.items()
}


def face(card: str) -> CardFace:
    return _FACES[card]


def _pending(state: PCState, movers: list[Seat]) -> PendingView | None:
    p = state.pending
    if p is None:
        return None
    view = PendingView(kind=p.kind, seat=p.seat, seats=movers)
    if isinstance(p, PushOutPending):
        view.card, view.by_card, view.workplace = p.card, p.by_card, p.workplace
        view.cost, view.pay_to, view.free_to = p.cost, p.pay_to, p.free_to
    elif isinstance(p, TargetPending):
        view.card, view.effect, view.candidates = p.card, p.effect, list(p.candidates)
    elif isinstance(p, VotePending):
        view.card, view.votes, view.question = p.card, dict(p.votes), p.effect.question
        view.outcome_yes = list(p.effect.yes)
        view.outcome_no = list(p.effect.no) if p.effect.no else None
    elif isinstance(p, ClaimPending):
        view.card, view.passed, view.question = p.card, list(p.passed), p.effect.question
        view.outcome_yes = list(p.effect.claimed)
        view.outcome_no = list(p.effect.unclaimed) if p.effect.unclaimed else None
    elif p.kind == "forced":
        view.cards = list(state.revealed)
    return view


def _hand(state: PCState, seat: Seat) -> list[HandCard]:
    p = state.pending
    acting = state.stage == "action" and p is None and state.players[state.current] == seat
    discarding = p is not None and p.kind == "chaos_discard" and p.seat == seat
    return [
        HandCard(
            id=c,
            playable=acting and PLAYABLE[c],
            discardable=acting or discarding,
            places=list(CATS[c]) if acting else [],
        )
        for c in state.hands[seat]
    ]


def build(state: PCState, seat: Seat | None, movers: list[Seat]) -> PCView:
    scenario = SCENARIOS[state.scenario]
    parts = progress(scenario.goal, state.lane, state.die)
    over = state.stage == "over"
    pending = _pending(state, movers)
    hand = _hand(state, seat) if seat is not None and seat in state.hands else None
    shown: list[str] = [
        *(c for c in state.workplaces.values() if c is not None),
        *state.lane,
        *state.discard,
        *state.revealed,
    ]
    if state.playing is not None:
        shown.append(state.playing)
    if pending is not None:
        shown += [c for c in (pending.card, pending.by_card) if c is not None]
    if hand is not None:
        shown += [h.id for h in hand]
    return PCView(
        game=state.game,
        seat=seat,
        players=list(state.players),
        to_move=movers,
        finished=over,
        goal=GoalView(
            scenario=scenario.id,
            name=scenario.name,
            story=scenario.story,
            goal=scenario.goal,
            parts=parts,
            met=state.result == "win",
        ),
        die=state.die,
        tokens=state.tokens,
        round=state.round,
        turns=state.turns,
        die_touched=state.die_touched,
        first=state.players[0],
        current=None if over else state.players[state.current],
        stage=state.stage,
        workplaces=dict(state.workplaces),
        lane=list(state.lane),
        discard=list(state.discard),
        deck_count=len(state.deck),
        set_aside_count=len(state.set_aside),
        hand_counts={p: len(h) for p, h in state.hands.items()},
        revealed=list(state.revealed),
        playing=state.playing,
        pending=pending,
        cards={c: _FACES[c] for c in shown},
        result=state.result,
        reason=state.reason,
        cause_card=state.cause_card,
        hand=hand,
    )
