"""Actions: the draft (AD-8), effects (AD-9), buying (AD-10, AD-11), the end of a turn (AD-12), the
marketplace vote (AD-14). ``legal`` (module ``legal``, re-exported) lists exactly what ``apply_action``
accepts.

Each ``do_*`` validates first (raising ``IllegalAction`` with a stable code), then changes the state copy
it is given and returns events.
"""

from __future__ import annotations

from engines.aws_deckbuilding import play
from engines.aws_deckbuilding.cards import DB, Which, key_of
from engines.aws_deckbuilding.events import (
    Bought,
    CardDrawn,
    DraftFinished,
    DraftPicked,
    EffectApplied,
    EffectDeclined,
    MarketRefilled,
    MarketReshuffled,
    OnpremRetired,
    ReshuffleProposed,
    ReshuffleRejected,
    RetireSkipped,
    Voted,
)
from engines.aws_deckbuilding.legal import buys as buys
from engines.aws_deckbuilding.legal import legal as legal
from engines.aws_deckbuilding.legal import may_propose as may_propose
from engines.aws_deckbuilding.models import (
    ADAction,
    ADState,
    ApplyEffect,
    ApplyEffects,
    Buy,
    DeclineEffect,
    Draft,
    EndTurn,
    KeepOnprem,
    ProposeReshuffle,
    Retire,
    TurnState,
    Vote,
    VoteState,
)
from engines.core import Event, IllegalAction, Rng, Seat
from engines.deckbuilding import draw_one, reshuffle_market, take_from_slot

#: Every ``IllegalAction`` code this engine raises (besides the core's ``not_your_turn``, ``game_over`` and
#: ``bad_action``): the bot needs a sentence for each. Some can only come from a hand-made action.
REFUSALS: tuple[str, ...] = (
    "already_voted",
    "draft_first",
    "draft_tco_cost_only",
    "effect_not_offered",
    "effects_pending",
    "game_over",
    "no_buys_left",
    "no_effects_offered",
    "no_vote",
    "not_affordable",
    "not_drafting",
    "not_face_up",
    "not_for_sale",
    "not_now",
    "not_onprem_in_hand",
    "not_retiring",
    "not_your_turn",
    "unknown_action",
    "proposal_rejected",
    "vote_running",
)


# ------------------------------------------------------------------------------------------------ draft
def do_draft(state: ADState, seat: Seat, action: Draft, rng: Rng) -> list[Event]:
    db = DB
    if state.phase != "draft":
        raise IllegalAction("not_drafting", phase=state.phase)
    slots = state.market.slots
    slot = next((i for i, s in enumerate(slots) if s and s[-1] == action.card), None)
    if slot is None:
        raise IllegalAction("not_face_up", card=action.card)
    if db.card(action.card).currency != "tco":
        raise IllegalAction("draft_tco_cost_only", card=action.card)
    order = play.draft_order(state)
    picks = len(order)
    card, turned = take_from_slot(state.market, slot, key_of)
    state.drafted[seat].append(card)
    state.pick += 1
    events: list[Event] = [
        DraftPicked(
            seat=seat,
            card=card,
            pick=state.pick,
            picks=picks,
            draft_round=1 if state.pick <= len(state.order) else 2,
        )
    ]
    if turned:
        events.append(MarketRefilled(cards=turned))
    if state.pick < picks:
        play.turn_begins(state, play.drafter(state))
        return events + play.draft_check(state, rng)
    return events + finish_draft(state, rng)


def finish_draft(state: ADState, rng: Rng) -> list[Event]:
    """AD-8: each player shuffles the 10 on-premises cards and the drafted ones into a deck, draws 5."""
    sizes = []
    for seat in state.order:
        piles = state.piles[seat]
        piles.deck.extend(state.drafted[seat])
        state.drafted[seat] = []
        rng.shuffle(piles.deck)
        sizes.append(len(piles.deck))
    events: list[Event] = [DraftFinished(deck_size=max(sizes))]
    for seat in state.order:
        events += play.draw_hand(state, seat, rng)
    state.phase = "play"
    state.round = 1
    state.current = 0
    return events + play.start_turn(state, rng)


# ------------------------------------------------------------------------------------------------ effects
def _now(state: ADState) -> TurnState:
    if state.phase != "play" or state.now is None:
        raise IllegalAction("not_now", phase=state.phase)
    return state.now


def apply_one(state: ADState, now: TurnState, card_id: str, which: Which, rng: Rng) -> list[Event]:
    db = DB
    card = db.card(card_id)
    eff = card.effect(which)
    assert eff is not None
    because = play.revealed_of(tuple(now.revealed)).because(db, card_id, eff, now.revealed)
    now.applied.append((card_id, which))
    drawn_events: list[Event] = []
    if eff.type == "awsome":
        now.earn(awsome=eff.amount)
    elif eff.type == "buy":
        now.buys += eff.amount
    else:
        piles = state.piles[now.seat]
        for _ in range(eff.amount):
            reshuffled = len(piles.discard) if not piles.deck else 0
            new = draw_one(piles, rng)
            if reshuffled and new is not None:
                drawn_events.append(play.deck_shuffled(now.seat, reshuffled))
            tco = awsome = 0
            if new is not None:
                got = db.card(new)
                tco, awsome = got.tco, got.awsome
                now.revealed.append(new)
                now.drawn.append(new)
                now.earn(tco, awsome)
            drawn_events.append(
                CardDrawn(seat=now.seat, card=new, source_card=card_id, tco=tco, awsome=awsome)
            )
    return [
        EffectApplied(
            seat=now.seat,
            card=card_id,
            effect=which,
            effect_type=eff.type,
            amount=eff.amount,
            because_cards=because,
            tco_left=now.tco.left,
            awsome_left=now.awsome.left,
            buys_left=now.buys_left,
        ),
        *drawn_events,
    ]


def do_apply_effects(state: ADState, rng: Rng) -> list[Event]:
    now = _now(state)
    offered = play.offered(now)
    if not offered:
        raise IllegalAction("no_effects_offered")
    events: list[Event] = []
    for card_id, which in offered:
        events += apply_one(state, now, card_id, which, rng)
    return events + play.buy_check(state, rng)


def _offered(now: TurnState, card: str, which: Which) -> None:
    if (card, which) not in play.offered(now):
        raise IllegalAction("effect_not_offered", card=card, effect=which)


def do_apply_effect(state: ADState, action: ApplyEffect, rng: Rng) -> list[Event]:
    now = _now(state)
    _offered(now, action.card, action.effect)
    return apply_one(state, now, action.card, action.effect, rng) + play.buy_check(state, rng)


def do_decline_effect(state: ADState, action: DeclineEffect, rng: Rng) -> list[Event]:
    now = _now(state)
    _offered(now, action.card, action.effect)
    now.declined.append((action.card, action.effect))
    events: list[Event] = [EffectDeclined(seat=now.seat, card=action.card, effect=action.effect)]
    return events + play.buy_check(state, rng)


# ------------------------------------------------------------------------------------------------ buying
def do_buy(state: ADState, seat: Seat, action: Buy, rng: Rng) -> list[Event]:
    db = DB
    now = _now(state)
    if play.offered(now):
        raise IllegalAction("effects_pending")
    if now.buys_left <= 0 or now.gave_up:
        raise IllegalAction("no_buys_left")
    market = state.market
    slot = next((i for i, s in enumerate(market.slots) if s and s[-1] == action.card), None)
    is_wa = bool(state.wa) and state.wa[-1] == action.card
    if slot is None and not is_wa:
        raise IllegalAction("not_for_sale", card=action.card)
    card = db.card(action.card)
    pool = now.awsome if card.currency == "awsome" else now.tco
    if card.cost > pool.left:
        raise IllegalAction(
            "not_affordable", card=action.card, cost=card.cost, currency=card.currency, available=pool.left
        )
    now.spend(card.currency, card.cost)
    now.bought.append(action.card)
    turned: list[str] = []
    if is_wa:
        state.wa.pop()
        state.score[seat].append(action.card)
    else:
        assert slot is not None
        _, turned = take_from_slot(market, slot, key_of)
        state.piles[seat].discard.append(action.card)
    events: list[Event] = [
        Bought(
            seat=seat,
            card=action.card,
            cost=card.cost,
            currency=card.currency or "awsome",
            to="score" if is_wa else "discard",
            points=card.points,
            tco_left=now.tco.left,
            awsome_left=now.awsome.left,
            buys_left=now.buys_left,
        )
    ]
    if turned:
        events.append(MarketRefilled(cards=turned))
    if is_wa and not state.wa:
        return events + play.game_over(state, seat)
    if now.buys_left <= 0:
        return events + play.finish_buying(state, rng)
    return events + play.buy_check(state, rng)


def do_end_turn(state: ADState, rng: Rng) -> list[Event]:
    now = _now(state)
    if play.offered(now):
        raise IllegalAction("effects_pending")
    return play.finish_buying(state, rng)


# ------------------------------------------------------------------------------------------------ retiring
def do_retire(state: ADState, seat: Seat, action: Retire, rng: Rng) -> list[Event]:
    if state.phase != "retire":
        raise IllegalAction("not_retiring", phase=state.phase)
    hand = state.piles[seat].hand
    if action.card not in hand or not DB.card(action.card).is_onprem:
        raise IllegalAction("not_onprem_in_hand", card=action.card)
    hand.remove(action.card)
    state.retired[seat].append(action.card)
    now = state.now
    assert now is not None
    now.retired = action.card
    events: list[Event] = [
        OnpremRetired(seat=seat, card=action.card, onprem_left=play.onprem_left(state, seat))
    ]
    return events + play.end_turn(state, rng)


def do_keep(state: ADState, seat: Seat, rng: Rng) -> list[Event]:
    if state.phase != "retire":
        raise IllegalAction("not_retiring", phase=state.phase)
    events: list[Event] = [RetireSkipped(seat=seat)]
    return events + play.end_turn(state, rng)


# ------------------------------------------------------------------------------------------------ the vote
def do_propose(state: ADState, seat: Seat) -> list[Event]:
    if state.phase == "over":
        raise IllegalAction("game_over")
    if state.vote is not None:
        raise IllegalAction("vote_running")
    if seat in state.vote_barred:
        raise IllegalAction("proposal_rejected")
    others = [p for p in state.order if p != seat]
    state.vote = VoteState(proposer=seat, waiting=others, agreed=[seat])
    return [ReshuffleProposed(seat=seat, seats=list(others))]


def do_vote(state: ADState, seat: Seat, action: Vote, rng: Rng) -> list[Event]:
    vote = state.vote
    if vote is None:
        raise IllegalAction("no_vote")
    if seat not in vote.waiting:
        raise IllegalAction("already_voted")
    vote.waiting.remove(seat)
    events: list[Event] = [Voted(seat=seat, agree=action.agree, waiting_seats=list(vote.waiting))]
    if not action.agree:
        state.vote = None
        # AD-14: only a rejected proposal limits, and only its proposer, until their next turn begins.
        if vote.proposer not in state.vote_barred:
            state.vote_barred = [*state.vote_barred, vote.proposer]
        return [*events, ReshuffleRejected(seat=seat)]
    vote.agreed.append(seat)
    if vote.waiting:
        return events
    state.vote = None
    if state.now is not None and state.phase != "draft":
        state.now.reshuffle_votes += 1
    reshuffle_market(state.market, rng, key_of)
    events.append(MarketReshuffled(reason="vote", reshuffles=1, found=True, cards=state.market.showing()))
    if state.phase == "draft":
        return events + play.draft_check(state, rng)
    return events + play.buy_check(state, rng)


# ------------------------------------------------------------------------------------------------ dispatch
def apply_action(state: ADState, seat: Seat, action: ADAction) -> list[Event]:
    rng = Rng(state.rng)
    if state.vote is not None:
        if not isinstance(action, Vote):
            raise IllegalAction("vote_running")
        events = do_vote(state, seat, action, rng)
    elif isinstance(action, Vote):
        raise IllegalAction("no_vote")
    elif isinstance(action, ProposeReshuffle):
        events = do_propose(state, seat)
    elif seat != play.acting_seat(state):
        raise IllegalAction("not_your_turn")
    elif isinstance(action, Draft):
        events = do_draft(state, seat, action, rng)
    elif state.phase == "draft":
        raise IllegalAction("draft_first", type=action.type)
    elif isinstance(action, ApplyEffects):
        events = do_apply_effects(state, rng)
    elif isinstance(action, ApplyEffect):
        events = do_apply_effect(state, action, rng)
    elif isinstance(action, DeclineEffect):
        events = do_decline_effect(state, action, rng)
    elif isinstance(action, Buy):
        events = do_buy(state, seat, action, rng)
    elif isinstance(action, EndTurn):
        events = do_end_turn(state, rng)
    elif isinstance(action, Retire):
        events = do_retire(state, seat, action, rng)
    elif isinstance(action, KeepOnprem):
        events = do_keep(state, seat, rng)
    else:
        raise IllegalAction("unknown_action", type=action.type)
    if rng.state != state.rng:  # most actions draw nothing at random
        state.rng = rng.state
    return _seen_market(state, events)


def _seen_market(state: ADState, events: list[Event]) -> list[Event]:
    """A card turned up and shuffled back into the marketplace deck within one action (a refill, then an
    AD-11 reshuffle) ends hidden: such cards are left out of the market events, which then tell what
    is on show at the end of the action."""
    if not any(isinstance(e, MarketReshuffled) for e in events):
        return events
    deck = set(state.market.deck)
    out: list[Event] = []
    for e in events:
        if isinstance(e, MarketRefilled | MarketReshuffled) and deck.intersection(e.cards):
            cards = [c for c in e.cards if c not in deck]
            if isinstance(e, MarketRefilled) and not cards:
                continue
            e = e.model_copy(update={"cards": cards})
        out.append(e)
    return out
