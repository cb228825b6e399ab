"""The play-effect interpreter (PC-1, PC-4, PC-10, PC-11, PC-12). Effects resolve one at a time from
``PCState.queue``; an effect that needs a decision (a target, a vote, a claim) sets ``PCState.pending`` and
the queue waits for the answer.

Decisions taken here (the rule page leaves them open):

- PC-4a: the weighted die is one draw of ``Rng.below(10)``: 0-3 -> 2, 4-6 -> 1, 7-8 -> 0, 9 -> 3.
- PC-10a: an effect "changes the die" when it acts on it (add, roll, set), even if the face stays the same (a
  -1 at 0, a roll that repeats the face): the team did touch the die, which is what stagnation punishes.
- PC-11a: a die effect that would take the die above 3 loses at once (``loss:die_overflow``), whatever the die
  showed before (+2 from 2 too); below 0 it stays at 0.
- PC-2a: "the workplace card with the highest value" among equals is the player's choice (a ``target``
  decision); with one candidate it needs no answer; with none the effect does nothing (``effect_no_target``).
- PC-12a (vote, "all players agree"): every seat, the player of the card included, answers yes or no once, in
  any order; ``to_move`` lists the seats that have not voted. It closes when the last seat has voted: the
  ``yes`` effects apply only if every vote is yes, otherwise the ``no`` effects (often none).
- PC-12b (claim, "someone has lived this"): every seat may answer, in any order. The first ``claim`` closes it
  at once and the ``claimed`` effects apply; it closes unclaimed (``unclaimed`` effects) once every seat has
  passed with ``no_claim``. The claim is public (the bot shows who claimed it)."""

from __future__ import annotations

from engines.core import Event, Rng, Seat
from engines.project_chaos.cards import (
    CATEGORIES,
    VALUE,
    Category,
    Claim,
    DieAtLeast,
    DiscardWorkplace,
    Effect,
    If,
    Recycle,
    Roll,
    SetDie,
    ShipWorkplace,
    Tokens,
    TokensAtLeast,
    Vote,
    WorkplaceValue,
)
from engines.project_chaos.cards import Die as DieEffect
from engines.project_chaos.events import (
    CardsRecycled,
    ClaimOpened,
    ConditionChecked,
    DieChanged,
    EffectNoTarget,
    GameLost,
    TokensChanged,
    VoteOpened,
    WorkplaceCardMoved,
    shared,
)
from engines.project_chaos.models import ClaimPending, PCState, QueuedEffect, TargetPending, VotePending

MAX_DIE = 3
MAX_TOKENS = 3
#: PC-4: faces by tenths of probability, P(2)=0.4, P(1)=0.3, P(0)=0.2, P(3)=0.1
_FACES = (2, 2, 2, 2, 1, 1, 1, 0, 0, 3)
DIE_WEIGHTS: dict[int, float] = {f: _FACES.count(f) / len(_FACES) for f in range(4)}


def roll_die(rng: Rng) -> int:
    """PC-4a: one weighted roll."""
    return _FACES[rng.below(len(_FACES))]


def clamp_tokens(n: int) -> int:
    return max(0, min(MAX_TOKENS, n))


def lose(state: PCState, events: list[Event], reason: str, card: str | None = None) -> None:
    """PC-11: the game is lost at once; nothing further resolves."""
    state.stage = "over"
    state.result = "loss"
    state.reason = reason
    state.cause_card = card
    state.pending = None
    state.queue = []
    events.append(shared(GameLost, scenario=state.scenario, reason=reason, cause_card=card))


def overflows_die(effects: tuple[Effect, ...], die: int) -> bool:
    """PC-11 before the move: whether resolving these play effects with the die at ``die`` certainly takes
    it above 3 (the team loses at once), read in order as far as they are certain: a roll, a condition,
    a vote or a claim leaves the rest open, so it is not called certain."""
    for effect in effects:
        if isinstance(effect, DieEffect):
            if die + effect.amount > MAX_DIE:
                return True
            die = max(0, die + effect.amount)
        elif isinstance(effect, SetDie):
            die = effect.value
        elif isinstance(effect, Roll | If | Vote | Claim):
            return False
    return False


def change_die(state: PCState, events: list[Event], amount: int, card: str) -> None:
    """A card effect adds ``amount`` to the die (PC-10a, PC-11a)."""
    state.die_touched = True
    before = state.die
    if before + amount > MAX_DIE:
        lose(state, events, "loss:die_overflow", card)
        return
    state.die = max(0, before + amount)
    events.append(
        shared(
            DieChanged,
            seat=current_seat(state),
            source_card=card,
            before=before,
            after=state.die,
            cause="effect",
        )
    )


def current_seat(state: PCState) -> Seat:
    return state.players[state.current]


def check(state: PCState, cond: WorkplaceValue | DieAtLeast | TokensAtLeast) -> bool:
    if isinstance(cond, WorkplaceValue):
        cats = CATEGORIES if cond.category is None else (cond.category,)
        return any((card := state.workplaces[c]) is not None and VALUE[card] >= cond.at_least for c in cats)
    if isinstance(cond, DieAtLeast):
        return state.die >= cond.value
    return state.tokens >= cond.value


def targets(state: PCState, effect: DiscardWorkplace | ShipWorkplace) -> tuple[Category, ...]:
    """Workplaces the effect may act on (PC-2a)."""
    eligible = [
        c
        for c in CATEGORIES
        if (card := state.workplaces[c]) is not None and effect.min_value <= VALUE[card] <= effect.max_value
    ]
    if effect.pick == "choose" or not eligible:
        return tuple(eligible)
    values = [VALUE[state.workplaces[c] or ""] for c in eligible]
    best = max(values) if effect.pick == "highest" else min(values)
    return tuple(c for c, v in zip(eligible, values, strict=True) if v == best)


def move_workplace_card(
    state: PCState, events: list[Event], workplace: Category, to: str, source_card: str
) -> None:
    card = state.workplaces[workplace]
    assert card is not None
    state.workplaces[workplace] = None
    if to == "lane":
        state.lane.append(card)
    else:
        state.discard.append(card)
    events.append(
        shared(
            WorkplaceCardMoved,
            seat=current_seat(state),
            card=card,
            source_card=source_card,
            workplace=workplace,
            to="lane" if to == "lane" else "discard",
        )
    )


def run_effect(state: PCState, queued: QueuedEffect, events: list[Event]) -> None:
    """Resolve one effect of ``queued.card`` for the player whose turn it is."""
    effect: Effect = queued.effect
    card = queued.card
    seat = current_seat(state)
    if isinstance(effect, Tokens):
        before = state.tokens
        state.tokens = clamp_tokens(before + effect.amount)
        events.append(shared(TokensChanged, seat=seat, source_card=card, before=before, after=state.tokens))
    elif isinstance(effect, DieEffect):
        change_die(state, events, effect.amount, card)
    elif isinstance(effect, Roll):
        rng = Rng(state.rng)
        before = state.die
        state.die = roll_die(rng)
        state.rng = rng.state
        state.die_touched = True
        events.append(
            shared(DieChanged, seat=seat, source_card=card, before=before, after=state.die, cause="roll")
        )
    elif isinstance(effect, SetDie):
        before = state.die
        state.die = effect.value
        state.die_touched = True
        events.append(
            shared(DieChanged, seat=seat, source_card=card, before=before, after=state.die, cause="set")
        )
    elif isinstance(effect, DiscardWorkplace | ShipWorkplace):
        kind = "discard" if isinstance(effect, DiscardWorkplace) else "ship"
        to = "discard" if kind == "discard" else "lane"
        found = targets(state, effect)
        if not found:
            events.append(shared(EffectNoTarget, seat=seat, source_card=card, effect=kind))
        elif len(found) == 1:
            move_workplace_card(state, events, found[0], to, card)
        else:
            state.pending = TargetPending(seat=seat, card=card, effect=kind, candidates=found)
    elif isinstance(effect, Recycle):
        rng = Rng(state.rng)
        back = rng.sample(state.discard, min(effect.count, len(state.discard)))
        for c in back:
            state.discard.remove(c)
        state.deck.extend(back)
        rng.shuffle(state.deck)
        state.rng = rng.state
        events.append(CardsRecycled(seat=seat, source_card=card, cards=back, deck_count=len(state.deck)))
    elif isinstance(effect, If):
        met = check(state, effect.condition)
        events.append(shared(ConditionChecked, seat=seat, source_card=card, met=met))
        queue_front(state, card, effect.then if met else effect.otherwise)
    elif isinstance(effect, Vote):
        state.pending = VotePending(seat=seat, card=card, effect=effect)
        events.append(VoteOpened(seat=seat, card=card, seats=list(state.players)))
    elif isinstance(effect, Claim):
        state.pending = ClaimPending(seat=seat, card=card, effect=effect)
        events.append(ClaimOpened(seat=seat, card=card, seats=list(state.players)))
    else:  # pragma: no cover - the Effect union is closed
        raise AssertionError(effect)


def queue_front(state: PCState, card: str, effects: tuple[Effect, ...]) -> None:
    """Branch effects resolve next, before whatever followed the effect that chose them."""
    state.queue[0:0] = [QueuedEffect(card=card, effect=e) for e in effects]
