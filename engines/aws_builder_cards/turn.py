"""The turn (AB-5..AB-7), the options AB-9..AB-12 and the end of the game (AB-8).

Each ``do_*`` function validates first (raising ``IllegalAction`` with a stable code), then changes the
state copy it is given and returns events. ``legal`` lists exactly what the ``do_*`` functions accept.
"""

from __future__ import annotations

from itertools import permutations
from typing import Literal

from engines.aws_builder_cards import called
from engines.aws_builder_cards.architecture import is_cmp
from engines.aws_builder_cards.cards import CMP, CardDB, catalogue, key_of
from engines.aws_builder_cards.deploy import deploy_choices, do_deploy, draw_events, settle
from engines.aws_builder_cards.events import (
    Acquired,
    ConsoleRefilled,
    ConsoleReshuffled,
    GameOver,
    LastWaAcquired,
    MissionDrawn,
    MissionRevealed,
    MissionSolved,
    MovedToDeck,
    ReshuffleProposed,
    ReshuffleRejected,
    RetiredBuilder,
    RetiredOnprem,
    TurnEnded,
    TurnStarted,
    Voted,
)
from engines.aws_builder_cards.models import (
    ABAction,
    ABState,
    Acquire,
    Acquisition,
    Deploy,
    EndTurn,
    MoveToDeck,
    Pending,
    ProposeReshuffle,
    Retire,
    RetireBuilder,
    RevealMission,
    SolveMission,
    TurnState,
    Vote,
)
from engines.aws_builder_cards.setup import HAND_SIZE, mission_key
from engines.core import Action, Event, IllegalAction, Rng, Seat
from engines.deckbuilding import end_turn_cleanup, refill, reshuffle_market, take_from_slot, take_top

MISSION_POINTS = 3


def db_of(state: ABState) -> CardDB:
    return catalogue(state.card_file)


def current_seat(state: ABState) -> Seat:
    return state.order[state.current]


# ------------------------------------------------------------------------------------------------ queries
def can_retire(state: ABState, db: CardDB) -> bool:
    """AB-5.1: only at the start of the build phase, once, when Builder cards outnumber on-premises ones."""
    now = state.now
    if now.phase != "build" or now.deployed or now.acquired or now.retired is not None:
        return False
    hand = state.piles[now.seat].hand
    builders = sum(1 for c in hand if db.card(c).is_builder)
    onprem = sum(1 for c in hand if db.card(c).is_onprem)
    return builders > onprem and onprem > 0


def wa_cost(state: ABState, db: CardDB, card: str) -> int:
    """AB-2 costs, lowered this turn by AWS Well-Architected Tool."""
    d = db.card(card).defn
    costs = state.now.wa_costs
    return costs.get(d.points, d.cost) if costs else d.cost


def acquisitions_left(state: ABState) -> int:
    return state.now.acquisitions - len(state.now.acquired)


def acquire_options(state: ABState, db: CardDB) -> list[Acquire]:
    if acquisitions_left(state) <= 0:
        return []
    left = state.now.credits_left
    out = [Acquire(source="free", slot=i) for i, s in enumerate(state.free.slots) if s]
    paid = state.paid.slots[0] if state.paid.slots else []
    if paid and db.card(paid[-1]).defn.cost <= left:
        out.append(Acquire(source="paid"))
    if state.wa and wa_cost(state, db, state.wa[-1]) <= left:
        out.append(Acquire(source="wa"))
    if state.free.deck:
        out.append(Acquire(source="blind"))
    return out


def builder_count(state: ABState, db: CardDB, seat: Seat) -> int:
    """Tie-break (AB-8): Builder cards owned in deck, hand, discard and play area."""
    p = state.piles[seat]
    builders = db.builder_keys
    return sum(1 for pile in (p.deck, p.hand, p.play, p.discard) for c in pile if key_of(c) in builders)


def wa_points(state: ABState, db: CardDB, seat: Seat) -> int:
    """W-A points in the score zone, plus (long game, AB-12) every W-A card the player owns elsewhere."""
    owned = state.score[seat]
    if state.options.long_game:
        p = state.piles[seat]
        owned = [*owned, *p.deck, *p.hand, *p.play, *p.discard]
    worth = db.wa_points
    return sum(worth.get(key_of(c), 0) for c in owned)


def missions_solved(state: ABState, seat: Seat) -> list[str]:
    return [c for c in state.score[seat] if c.startswith("mission-")]


def points(state: ABState, db: CardDB, seat: Seat) -> int:
    return wa_points(state, db, seat) + MISSION_POINTS * len(missions_solved(state, seat))


def mission_matches(state: ABState, db: CardDB, mission: str) -> list[str] | None:
    """The deployed cards that build the mission's architecture (one distinct card per requirement)."""
    m = db.missions[mission_key(mission)]
    play = state.piles[state.now.seat].play
    keys = [key_of(c) for c in play]
    fits = [
        [i for i, k in enumerate(keys) if k in need or (CMP in need and is_cmp(db, keys, i))]
        for need in m.needs
    ]
    if any(not f for f in fits):
        return None
    for perm in permutations(range(len(play)), len(m.needs)):
        if all(perm[r] in fits[r] for r in range(len(m.needs))):
            return [play[i] for i in perm]
    return None


def can_end_turn(state: ABState, db: CardDB) -> bool:
    """AB-5.1: a player who retired must acquire at least one card (when anything can be acquired)."""
    now = state.now
    return not (now.retired is not None and not now.acquired and acquire_options(state, db))


def legal(state: ABState, seat: Seat) -> list[ABAction]:
    if state.finished:
        return []
    pending = state.pending
    if pending is not None:
        if pending.kind == "vote":
            return [Vote(agree=True), Vote(agree=False)] if seat in pending.waiting else []
        if seat != pending.seat:
            return []
        return [MoveToDeck(card=c) for c in state.piles[seat].discard]
    if seat != current_seat(state):
        return []
    db = db_of(state)
    now = state.now
    hand = state.piles[seat].hand
    out: list[ABAction] = []
    partial: list[Deploy] = []
    if now.phase == "build":
        first, partial = deploy_choices(state, db, seat)
        out += first[:1]  # "deploy all" is offered first: going down together never gives less
        if can_retire(state, db):
            out += [Retire(card=c) for c in hand if db.card(c).is_onprem]
        out += first[1:]
    out += acquire_options(state, db)
    if state.options.advanced_retire and can_retire_builder(state, db):
        out += [RetireBuilder(card=c) for c in hand if db.card(c).is_builder]
    if state.options.missions:
        if now.revealed_mission is None and state.mission_hand.get(seat):
            out.append(RevealMission())
        if now.solved_mission is None:
            out += [SolveMission(mission=m) for m in state.missions_revealed if mission_matches(state, db, m)]
    if not now.proposed_reshuffle:
        out.append(ProposeReshuffle())
    if can_end_turn(state, db):
        out.append(EndTurn())
    return out + partial


def can_retire_builder(state: ABState, db: CardDB) -> bool:
    now = state.now
    return now.retired_builder is None and any(db.card(a.card).is_builder for a in now.acquired)


# ------------------------------------------------------------------------------------------------ changes
def do_retire(state: ABState, db: CardDB, seat: Seat, action: Retire) -> list[Event]:
    hand = state.piles[seat].hand
    if not can_retire(state, db):
        raise IllegalAction("retire_not_allowed")
    if action.card not in hand or not db.card(action.card).is_onprem:
        raise IllegalAction("not_onprem_in_hand", card=action.card)
    proof = list(hand)
    hand.remove(action.card)
    state.retired[seat].append(action.card)
    state.now.retired = action.card
    state.now.proof = proof
    return [RetiredOnprem(seat=seat, card=action.card, proof_cards=proof)]


def do_move_to_deck(state: ABState, seat: Seat, action: MoveToDeck, rng: Rng) -> list[Event]:
    piles = state.piles[seat]
    if action.card not in piles.discard:
        raise IllegalAction("card_not_in_discard", card=action.card)
    piles.discard.remove(action.card)
    piles.deck.append(action.card)
    state.now.to_deck_done += 1
    state.pending = None
    return [MovedToDeck(seat=seat, card=action.card), *settle(state, rng)]


def do_acquire(state: ABState, db: CardDB, seat: Seat, action: Acquire) -> list[Event]:
    now = state.now
    if acquisitions_left(state) <= 0:
        raise IllegalAction("no_acquisitions_left")
    if action.source != "free" and action.slot != 0:
        raise IllegalAction("bad_slot", slot=action.slot)
    turned: list[str] = []
    if action.source == "free":
        if not 0 <= action.slot < len(state.free.slots) or not state.free.slots[action.slot]:
            raise IllegalAction("empty_slot", slot=action.slot)
        card, turned = take_from_slot(state.free, action.slot, key_of)
        cost = 0
    elif action.source == "paid":
        if not state.paid.slots[0]:
            raise IllegalAction("empty_slot", slot=0)
        cost = db.card(state.paid.slots[0][-1]).defn.cost
        if cost > now.credits_left:
            raise IllegalAction("not_enough_credits", cost=cost, credits=now.credits_left)
        card, turned = take_from_slot(state.paid, 0, key_of)
    elif action.source == "wa":
        if not state.wa:
            raise IllegalAction("wa_pile_empty")
        cost = wa_cost(state, db, state.wa[-1])
        if cost > now.credits_left:
            raise IllegalAction("not_enough_credits", cost=cost, credits=now.credits_left)
        card = state.wa.pop()
    else:
        if not state.free.deck:
            raise IllegalAction("free_deck_empty")
        card = take_top(state.free)
        cost = 0
    now.spent += cost
    now.phase = "acquire"
    now.acquired.append(Acquisition(source=action.source, card=card, cost=cost))
    if db.card(card).is_wa and not state.options.long_game:
        state.score[seat].append(card)
        where: Literal["score", "discard"] = "score"
    else:
        state.piles[seat].discard.append(card)
        where = "discard"
    events: list[Event] = [
        Acquired(
            seat=seat,
            source=action.source,
            slot=action.slot,
            card=card,
            cost=cost,
            to=where,
            credits_left=now.credits_left,
            acquisitions_left=acquisitions_left(state),
        )
    ]
    if turned:
        events.append(ConsoleRefilled(cards=turned))
    if action.source == "wa" and not state.wa:
        state.ending = True  # AB-8: this turn is finished, then the game ends
        events.append(LastWaAcquired(seat=seat))
    return events


def do_retire_builder(state: ABState, db: CardDB, seat: Seat, action: RetireBuilder) -> list[Event]:
    if not state.options.advanced_retire or not can_retire_builder(state, db):
        raise IllegalAction("retire_not_allowed")
    hand = state.piles[seat].hand
    if action.card not in hand or not db.card(action.card).is_builder:
        raise IllegalAction("not_builder_in_hand", card=action.card)
    hand.remove(action.card)
    state.retired[seat].append(action.card)
    state.now.retired_builder = action.card
    return [RetiredBuilder(seat=seat, card=action.card)]


def do_reveal_mission(state: ABState, seat: Seat) -> list[Event]:
    if not state.options.missions:
        raise IllegalAction("missions_off")
    held = state.mission_hand.get(seat, [])
    if state.now.revealed_mission is not None or not held:
        raise IllegalAction("cannot_reveal")
    mission = held.pop(0)
    state.missions_revealed.append(mission)
    state.now.revealed_mission = mission
    events: list[Event] = [MissionRevealed(seat=seat, mission_card=mission)]
    if state.mission_deck:
        new = state.mission_deck.pop()
        held.append(new)
        events.append(MissionDrawn(seat=seat, visible_to=(seat,), mission_card=new))
    return events


def do_solve_mission(state: ABState, db: CardDB, seat: Seat, action: SolveMission) -> list[Event]:
    if not state.options.missions:
        raise IllegalAction("missions_off")
    if state.now.solved_mission is not None:
        raise IllegalAction("one_mission_per_turn")
    if action.mission not in state.missions_revealed:
        raise IllegalAction("mission_not_revealed", mission=action.mission)
    cards = mission_matches(state, db, action.mission)
    if cards is None:
        raise IllegalAction("mission_not_built", mission=action.mission)
    state.missions_revealed.remove(action.mission)
    state.score[seat].append(action.mission)
    state.now.solved_mission = action.mission
    return [MissionSolved(seat=seat, mission_card=action.mission, cards=cards)]


def do_propose(state: ABState, seat: Seat) -> list[Event]:
    if state.now.proposed_reshuffle:
        raise IllegalAction("already_proposed")
    state.now.proposed_reshuffle = True
    state.reshuffle_voted_at = state.turns
    others = [p for p in state.order if p != seat]
    state.pending = Pending(kind="vote", seat=seat, waiting=others, agreed=[seat])
    return [ReshuffleProposed(seat=seat, seats=others)]


def do_vote(state: ABState, db: CardDB, seat: Seat, action: Vote, rng: Rng) -> list[Event]:
    pending = state.pending
    assert pending is not None and pending.kind == "vote"
    pending.waiting.remove(seat)
    events: list[Event] = [Voted(seat=seat, agree=action.agree)]
    if not action.agree:
        state.pending = None
        return [*events, ReshuffleRejected(seat=seat)]
    pending.agreed.append(seat)
    if pending.waiting:
        return events
    state.pending = None
    free = reshuffle_market(state.free, rng, key_of)
    paid = reshuffle_market(state.paid, rng, key_of)
    return [*events, ConsoleReshuffled(free_cards=free, paid_cards=paid)]


def do_end_turn(state: ABState, db: CardDB, seat: Seat, rng: Rng) -> list[Event]:
    now = state.now
    if not can_end_turn(state, db):
        raise IllegalAction("must_acquire_after_retire")
    piles = state.piles[seat]
    sunset = [c for c in piles.play if db.card(c).sunset and c not in now.declined]
    for c in sunset:
        piles.play.remove(c)
        state.retired[seat].append(c)
    discarded = end_turn_cleanup(piles)
    # The turn in one record for the table, by card kind, not instance id: the cards may be shuffled into
    # a hidden deck by the draw below.
    events: list[Event] = [
        TurnEnded(
            seat=seat,
            deployed_cards=[key_of(c) for c in now.deployed],
            credits=now.credits,
            draws=now.draws,
            adoptions=now.adopt,
            acquired_cards=[key_of(a.card) for a in now.acquired],
            retired_card=key_of(now.retired) if now.retired else None,
            sunset_cards=[key_of(c) for c in sunset],
            discarded=len(discarded),
        ),
        *draw_events(state, seat, HAND_SIZE, "end_phase", rng),
    ]
    state.last = now
    state.turns += 1
    if state.ending or called.round_over(state):  # AB-8, GN-2
        state.finished = True
        events.append(GameOver(turns=state.turns, called=called.end_reason(state) == "called"))
        state.now = TurnState(seat=seat)
        return events
    state.current = (state.current + 1) % len(state.order)
    state.now = TurnState(seat=current_seat(state))
    events.append(TurnStarted(seat=current_seat(state)))
    return events


def apply_action(state: ABState, seat: Seat, action: Action) -> list[Event]:
    db = db_of(state)
    rng = Rng(state.rng)
    pending = state.pending
    if pending is not None:
        if pending.kind == "vote" and isinstance(action, Vote) and seat in pending.waiting:
            events = do_vote(state, db, seat, action, rng)
        elif pending.kind == "move_to_deck" and isinstance(action, MoveToDeck) and seat == pending.seat:
            events = do_move_to_deck(state, seat, action, rng)
        else:
            raise IllegalAction("decision_pending", kind=pending.kind)
    elif isinstance(action, Retire):
        events = do_retire(state, db, seat, action)
    elif isinstance(action, Deploy):
        events = do_deploy(state, db, seat, action, rng)
    elif isinstance(action, Acquire):
        events = do_acquire(state, db, seat, action)
    elif isinstance(action, RetireBuilder):
        events = do_retire_builder(state, db, seat, action)
    elif isinstance(action, RevealMission):
        events = do_reveal_mission(state, seat)
    elif isinstance(action, SolveMission):
        events = do_solve_mission(state, db, seat, action)
    elif isinstance(action, ProposeReshuffle):
        events = do_propose(state, seat)
    elif isinstance(action, EndTurn):
        events = do_end_turn(state, db, seat, rng)
    else:
        raise IllegalAction("no_such_decision", type=action.type)
    state.rng = rng.state
    return events


__all__ = ["apply_action", "legal", "refill"]
