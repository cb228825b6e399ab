"""The turn (PC-7..PC-10): action, chaos, refill, end of turn; and placing with its push-out (PC-7 C).

:func:`advance` runs the turn forward from wherever it stands until it needs a decision (``PCState.pending``,
or the next player's action) or the game ends. Decisions taken here:

- PC-9c: chaos follows the action (after its effects and push-out) and reads the die as it is then; the refill
  (PC-8) comes after chaos. With die 2 the player draws first, then discards any card from hand (the drawn one
  too).
- PC-9a (the rule page's): chaos never loses on an empty deck. With no card left a die 2 or 3 does nothing
  (event effect ``empty_deck``); a die 3 with one card left reveals and resolves that one. The refill (PC-8)
  is the only deck-out loss.
- PC-9b: during a die-3 resolution a revealed card with a play effect must be played and any other card must
  be placed; the player picks the order, the workplace and the push-out. Revealed cards do not trigger chaos
  again.
- PC-8a: failing the refill loses at once, before the end-of-turn victory check.
- PC-10b: the end of a turn checks victory first (PC-5); at the end of the last seat's turn (a round, starting
  with the first seat) stagnation then adds 1 unless a card effect acted on the die during the round; from 3
  that loses (``loss:stagnation``)."""

from __future__ import annotations

from engines.core import Event, Seat
from engines.project_chaos import called
from engines.project_chaos.cards import CARDS, VALUE, Category
from engines.project_chaos.effects import MAX_DIE, clamp_tokens, current_seat, lose, run_effect
from engines.project_chaos.events import (
    CardDrawn,
    CardPlaced,
    CardPushedOut,
    CardsRevealed,
    ChaosResolved,
    DrawCount,
    GameWon,
    Stagnation,
    TurnStarted,
    shared,
)
from engines.project_chaos.models import (
    ChaosDiscardPending,
    Destination,
    ForcedPending,
    PCState,
    PushOutPending,
    QueuedEffect,
)
from engines.project_chaos.scenarios import SCENARIOS, is_met

REVEAL = 2  # PC-9: a die 3 reveals the top two cards


def advance(state: PCState, events: list[Event]) -> None:
    while state.stage != "over" and state.pending is None:
        if state.queue:
            run_effect(state, state.queue.pop(0), events)
            continue
        if state.playing is not None:  # PC-7 A: the effect is resolved, the card goes to the discard
            state.discard.append(state.playing)
            state.playing = None
            continue
        stage = state.stage
        if stage == "action":
            return
        if stage == "chaos":
            _chaos(state, events)
        elif stage == "forced":
            if state.revealed:
                state.pending = ForcedPending(seat=current_seat(state))
            else:
                state.stage = "refill"
        elif stage == "refill":
            _refill(state, events)
        else:
            _end_turn(state, events)


def start_play(state: PCState, card: str, events: list[Event]) -> None:
    """The card is out of the hand (or the reveal): queue its effects; it is discarded once they resolve."""
    state.playing = card
    state.queue = [QueuedEffect(card=card, effect=e) for e in CARDS[card].play] + state.queue


def draw(state: PCState, seat: Seat, cause: str, events: list[Event]) -> None:
    card = state.deck.pop()
    state.hands[seat].append(card)
    cause_l = "refill" if cause == "refill" else "chaos"
    events.append(shared(CardDrawn, seat=seat, visible_to=(seat,), card=card, cause=cause_l))
    events.append(shared(DrawCount, seat=seat, cause=cause_l, deck_count=len(state.deck)))


def _chaos(state: PCState, events: list[Event]) -> None:
    seat = current_seat(state)
    face = state.die
    if face <= 1:
        events.append(shared(ChaosResolved, seat=seat, face=face, effect="calm"))
        state.stage = "refill"
    elif not state.deck:
        # PC-9a: an empty deck never loses in chaos: die 2 or 3 finds nothing to draw or reveal and does
        # nothing; the refill (PC-8) is the only deck-out loss.
        events.append(shared(ChaosResolved, seat=seat, face=face, effect="empty_deck"))
        state.stage = "refill"
    elif face == 2:
        events.append(shared(ChaosResolved, seat=seat, face=face, effect="swap"))
        state.stage = "refill"
        draw(state, seat, "chaos", events)
        state.pending = ChaosDiscardPending(seat=seat)
    else:
        events.append(shared(ChaosResolved, seat=seat, face=face, effect="reveal"))
        shown = [state.deck.pop() for _ in range(min(REVEAL, len(state.deck)))]
        state.revealed = shown
        if shown:
            events.append(CardsRevealed(seat=seat, cards=list(shown)))
        state.stage = "forced"


def _refill(state: PCState, events: list[Event]) -> None:
    if not state.deck:
        lose(state, events, "loss:cannot_draw")  # PC-8, PC-11
        return
    draw(state, current_seat(state), "refill", events)
    state.stage = "end"


def _end_turn(state: PCState, events: list[Event]) -> None:
    state.turns += 1
    if is_met(SCENARIOS[state.scenario].goal, state.lane, state.die):
        state.stage = "over"
        state.result = "win"
        state.reason = "win"
        events.append(shared(GameWon, scenario=state.scenario, reason="win"))
        return
    if state.current == len(state.players) - 1:
        if not state.die_touched:
            before = state.die
            if before >= MAX_DIE:
                events.append(shared(Stagnation, round=state.round, before=before, after=None))
                lose(state, events, "loss:stagnation")
                return
            state.die = before + 1
            events.append(shared(Stagnation, round=state.round, before=before, after=state.die))
        state.die_touched = False
        if state.called:  # GN-5: the deadline arrives at the end of the round
            called.deadline(state, events)
            return
        state.round += 1
    state.current = (state.current + 1) % len(state.players)
    state.stage = "action"
    events.append(shared(TurnStarted, seat=current_seat(state), round=state.round))


# --- placing (PC-7 C) --------------------------------------------------------------------------------------


def place(state: PCState, card: str, workplace: Category, forced: bool, events: list[Event]) -> None:
    seat = current_seat(state)
    old = state.workplaces[workplace]
    state.workplaces[workplace] = card
    before = state.tokens
    state.tokens = clamp_tokens(before + VALUE[card])
    events.append(
        shared(
            CardPlaced,
            seat=seat,
            card=card,
            workplace=workplace,
            value=VALUE[card],
            tokens_before=before,
            tokens_after=state.tokens,
            replaced_card=old,
            forced=forced,
        )
    )
    if old is not None:
        _push_out(state, seat, old, card, workplace, events)


def _push_out(
    state: PCState, seat: Seat, old: str, by: str, workplace: Category, events: list[Event]
) -> None:
    v = VALUE[old]
    if v == 0:
        send(state, old, "lane")
        events.append(
            shared(CardPushedOut, seat=seat, card=old, workplace=workplace, to="lane", paid=0, how="free")
        )
        return
    pay_to: Destination = "lane" if v > 0 else "discard"
    free_to: Destination = "discard" if v > 0 else "lane"
    cost = abs(v)
    if state.tokens >= cost:
        state.pending = PushOutPending(
            seat=seat, card=old, by_card=by, workplace=workplace, cost=cost, pay_to=pay_to, free_to=free_to
        )
        return
    send(state, old, free_to)
    events.append(
        shared(
            CardPushedOut, seat=seat, card=old, workplace=workplace, to=free_to, paid=0, how="unaffordable"
        )
    )


def resolve_push_out(state: PCState, pending: PushOutPending, pay: bool, events: list[Event]) -> None:
    state.pending = None
    if pay:
        state.tokens -= pending.cost
        send(state, pending.card, pending.pay_to)
    else:
        send(state, pending.card, pending.free_to)
    events.append(
        shared(
            CardPushedOut,
            seat=pending.seat,
            card=pending.card,
            workplace=pending.workplace,
            to=pending.pay_to if pay else pending.free_to,
            paid=pending.cost if pay else 0,
            how="paid" if pay else "declined",
        )
    )


def send(state: PCState, card: str, to: str) -> None:
    (state.lane if to == "lane" else state.discard).append(card)
