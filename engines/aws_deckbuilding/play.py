"""What the rules ask of a position: whose decision it is, which effects are offered (AD-9), what is
affordable (AD-10), whether an on-premises card may be retired (AD-12), and the steps the game takes by
itself (refills, the AD-8 and AD-11 reshuffles, the end of a turn, the next turn's reveal).

Every function here reads or changes the state it is given; ``turn.py`` validates actions and calls them.
The AD-9 conditions live in ``effects`` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Literal

from engines.aws_deckbuilding import called
from engines.aws_deckbuilding.cards import DB, Card, key_of
from engines.aws_deckbuilding.effects import Revealed as Revealed
from engines.aws_deckbuilding.effects import effect_status as effect_status
from engines.aws_deckbuilding.effects import offered as offered
from engines.aws_deckbuilding.effects import offers as offers
from engines.aws_deckbuilding.effects import revealed_of as revealed_of
from engines.aws_deckbuilding.events import (
    DeckShuffled,
    Drew,
    DrewCount,
    GameEnded,
    HandRevealed,
    MarketReshuffled,
    NothingAffordable,
    ReshuffleReason,
    TurnEnded,
    TurnStarted,
)
from engines.aws_deckbuilding.models import ADState, LastTurn, TurnState
from engines.core import Event, Rng, Seat, group_ranking
from engines.deckbuilding import (
    CreditPool,
    Market,
    cycle_limit,
    draw_noting_reshuffle,
    end_turn_cleanup,
    reshuffle_until,
    shallow_copy,
    snake_order,
)

HAND_SIZE = 5
MARKET_SLOTS = 5
DRAFT_ROUNDS = 2


# ------------------------------------------------------------------------------------------------ whose turn
def current_seat(state: ADState) -> Seat:
    return state.order[state.current]


def draft_order(state: ADState) -> list[Seat]:
    """AD-8: clockwise from the first player, then back."""
    return snake_order(state.order, DRAFT_ROUNDS)


def drafter(state: ADState) -> Seat:
    return draft_order(state)[state.pick]


def acting_seat(state: ADState) -> Seat | None:
    """The seat whose draft pick or turn it is (a vote may be interrupting it)."""
    if state.phase == "over":
        return None
    return drafter(state) if state.phase == "draft" else current_seat(state)


# ------------------------------------------------------------------------------------------------ buying
def price(card: Card) -> tuple[int, str]:
    return card.cost, card.currency or "tco"


def can_afford(now: TurnState, card: Card) -> bool:
    pool = now.awsome if card.currency == "awsome" else now.tco
    return card.cost <= pool.left


def for_sale(state: ADState) -> list[str]:
    """AD-10: the face-up service cards and the top W-A card."""
    out = state.market.showing()
    if state.wa:
        out.append(state.wa[-1])
    return out


def affordable(state: ADState, now: TurnState) -> list[str]:
    """``for_sale`` cards the pools can pay for (``can_afford``, inlined: it runs on every buy step)."""
    by_id = DB.by_id
    tco = now.tco
    awsome = now.awsome
    tco_left = tco.earned - tco.spent
    awsome_left = awsome.earned - awsome.spent
    out = []
    for slot in state.market.slots:
        if slot:
            c = slot[-1]
            card = by_id[c]
            if card.cost <= (awsome_left if card.currency == "awsome" else tco_left):
                out.append(c)
    wa = state.wa
    if wa:
        c = wa[-1]
        card = by_id[c]
        if card.cost <= (awsome_left if card.currency == "awsome" else tco_left):
            out.append(c)
    return out


def _anything_affordable_in(state: ADState, now: TurnState, cards: Iterable[str]) -> bool:
    by_id = DB.by_id
    return any(can_afford(now, by_id[c]) for c in cards)


def in_buy_step(state: ADState) -> bool:
    now = state.now
    return state.phase == "play" and now is not None and now.buys_left > 0 and not offered(now)


# ------------------------------------------------------------------------------------------------ retiring
def hand_counts(state: ADState, seat: Seat) -> tuple[int, int]:
    """(AWS service cards, on-premises cards) in the seat's hand."""
    by_id = DB.by_id
    aws = onprem = 0
    for c in state.piles[seat].hand:
        kind = by_id[c].kind
        if kind == "service":
            aws += 1
        elif kind == "onprem":
            onprem += 1
    return aws, onprem


def can_retire(state: ADState, seat: Seat) -> bool:
    """AD-12: at least as many AWS cards as on-premises cards in hand, and an on-premises card to remove."""
    aws, onprem = hand_counts(state, seat)
    return onprem > 0 and aws >= onprem


def retire_choices(state: ADState, seat: Seat) -> list[str]:
    """Every on-premises card in hand (each instance is its own choice, so what is listed is exactly what
    is accepted; copies of a kind are interchangeable)."""
    by_id = DB.by_id
    return [c for c in state.piles[seat].hand if by_id[c].kind == "onprem"]


#: AD-4: the on-premises cards a player starts with
ONPREM_CARDS = sum(c.qty for c in DB.onprem)


def onprem_left(state: ADState, seat: Seat) -> int:
    return ONPREM_CARDS - len(state.retired[seat])


# ------------------------------------------------------------------------------------------------ scoring
def points(state: ADState, seat: Seat) -> int:
    db = DB
    return sum(db.card(c).points for c in state.score[seat])


def ranking(state: ADState) -> list[list[Seat]]:
    """AD-15: by W-A points; equal points share a place (and a win)."""
    rows = sorted(state.order, key=lambda s: -points(state, s))
    return group_ranking((s, points(state, s)) for s in rows)


# -------------------------------------------------------------------------------------------- automatic steps
#: AD-11 reshuffles until an affordable card shows, with one somewhere in the marketplace: each reshuffle
#: shows it with a chance of at least 5 in 85, so this many all failing has a chance below 1e-25. It only
#: keeps a broken generator from hanging the game; reaching it ends the buying as if nothing were affordable.
MAX_AD11_RESHUFFLES = 1000


def market_reshuffle(
    state: ADState,
    rng: Rng,
    reason: ReshuffleReason,
    ok_test: Literal["tco", "affordable"],
    now: TurnState | None = None,
    limit: int | None = None,
) -> list[Event]:
    """Reshuffle the marketplace until its test holds (AD-8: a TCO-cost card shows; AD-11: something is
    affordable), at most ``limit`` times (default: one cycle of the deck)."""
    db = DB
    market = state.market

    def ok(m: Market) -> bool:
        shown = m.showing()
        if ok_test == "tco":
            return any(db.card(c).currency == "tco" for c in shown)
        assert now is not None
        return _anything_affordable_in(state, now, shown)

    done, found = reshuffle_until(market, rng, key_of, ok, cycle_limit(market) if limit is None else limit)
    if not done:
        return []
    return [
        MarketReshuffled(
            reason=reason,
            reshuffles=done,
            found=found,
            cards=market.showing(),
        )
    ]


def draft_check(state: ADState, rng: Rng) -> list[Event]:
    """AD-8: if only AWSome-cost cards show, reshuffle and turn up 5 again."""
    return market_reshuffle(state, rng, "draft_no_tco_card", "tco")


def buy_check(state: ADState, rng: Rng) -> list[Event]:
    """AD-11, run whenever the current player is in the buy step: if nothing on show (nor the top W-A card)
    is affordable, reshuffle the marketplace at least once, and again until something affordable shows.
    Only when nothing in the whole marketplace (deck and face-up) is affordable does it stop after that
    first reshuffle: then buying is over for this turn."""
    now = state.now
    if now is None or now.gave_up or not in_buy_step(state):
        return []
    if affordable(state, now):
        return []
    market = state.market
    supply = [*market.deck, *market.showing()]
    if not supply:  # nothing left to reshuffle at all
        limit = 0
    elif _anything_affordable_in(state, now, supply):
        limit = MAX_AD11_RESHUFFLES
    else:
        limit = 1  # the one reshuffle the rule asks for, which cannot help
    events = market_reshuffle(state, rng, "nothing_affordable", "affordable", now, limit)
    now.reshuffles += sum(e.reshuffles for e in events if isinstance(e, MarketReshuffled))
    if affordable(state, now):
        return events
    now.gave_up = True
    return [*events, NothingAffordable(seat=now.seat, reshuffles=now.reshuffles)]


def turn_begins(state: ADState, seat: Seat) -> None:
    """AD-14: a seat whose proposal was rejected may propose again once its next turn begins."""
    if seat in state.vote_barred:
        state.vote_barred = [s for s in state.vote_barred if s != seat]


# Events are frozen: like the legal actions, identical small ones are one shared object.
@lru_cache(maxsize=256)
def drew_count(seat: Seat, count: int) -> DrewCount:
    return DrewCount(seat=seat, count=count)


@lru_cache(maxsize=256)
def deck_shuffled(seat: Seat, count: int) -> DeckShuffled:
    return DeckShuffled(seat=seat, count=count)


def draw_hand(state: ADState, seat: Seat, rng: Rng) -> list[Event]:
    """Draw 5 into a hidden hand (AD-8, AD-12), announcing an AD-13 reshuffle of the discard pile."""
    drawn, reshuffled = draw_noting_reshuffle(state.piles[seat], HAND_SIZE, rng)
    events: list[Event] = []
    if reshuffled:
        events.append(deck_shuffled(seat, reshuffled))
    events += [
        Drew(seat=seat, visible_to=(seat,), cards=drawn),
        drew_count(seat, len(drawn)),
    ]
    return events


_NEW_TURN = TurnState(seat="")
_NO_CREDITS = CreditPool()


def start_turn(state: ADState, rng: Rng) -> list[Event]:
    """AD-9: the player reveals the whole hand; its credits form the two pools (AD-10)."""
    db = DB
    seat = current_seat(state)
    turn_begins(state, seat)
    hand = state.piles[seat].hand
    by_id = db.by_id
    now = shallow_copy(  # a fresh turn: every list new, the rest as a new TurnState has it
        _NEW_TURN,
        seat=seat,
        revealed=list(hand),
        drawn=[],
        applied=[],
        declined=[],
        bought=[],
        tco=shallow_copy(_NO_CREDITS, earned=sum(by_id[c].tco for c in hand)),
        awsome=shallow_copy(_NO_CREDITS, earned=sum(by_id[c].awsome for c in hand)),
    )
    state.now = now
    events: list[Event] = [
        TurnStarted(seat=seat, round=state.round, turn_number=state.turns + 1),
        HandRevealed(
            seat=seat,
            cards=list(hand),
            tco=now.tco.earned,
            awsome=now.awsome.earned,
            offered=len(offered(now)),
        ),
    ]
    return events + buy_check(state, rng)


def end_turn(state: ADState, rng: Rng) -> list[Event]:
    """AD-12: the whole hand goes to the discard pile, the player draws 5, the next player starts."""
    now = state.now
    assert now is not None
    seat = now.seat
    piles = state.piles[seat]
    discarded = end_turn_cleanup(piles)
    state.last = LastTurn(
        seat=seat,
        revealed=[key_of(c) for c in now.revealed],
        applied=[(key_of(c), w) for c, w in now.applied],
        bought=[key_of(c) for c in now.bought],
        retired=key_of(now.retired) if now.retired else None,
        tco=now.tco.earned,
        awsome=now.awsome.earned,
    )
    events: list[Event] = [
        TurnEnded(
            seat=seat,
            bought_cards=list(state.last.bought),
            retired_card=state.last.retired,
            discarded=len(discarded),
            tco=now.tco.earned,
            awsome=now.awsome.earned,
        ),
        *draw_hand(state, seat, rng),
    ]
    state.turns += 1
    current = (state.current + 1) % len(state.order)
    state.current = current
    if current == 0:
        state.round += 1
    if called.round_over(state):  # GN-2: no next turn; scored as at AD-15
        state.now = None  # no turn is in progress: every hand, the one just drawn too, stays hidden
        return events + game_over(state, seat)
    if state.phase != "play":
        state.phase = "play"
    events += start_turn(state, rng)
    return events


def finish_buying(state: ADState, rng: Rng) -> list[Event]:
    """The buy step is over (no buys left, or the player stopped): the AD-12 retire decision if the hand
    allows it, otherwise the turn ends at once."""
    now = state.now
    assert now is not None
    if can_retire(state, now.seat):
        state.phase = "retire"
        return []
    return end_turn(state, rng)


def game_over(state: ADState, seat: Seat) -> list[Event]:
    """AD-15: the game ends the moment the last W-A card is bought."""
    state.phase = "over"
    groups = ranking(state)
    return [
        GameEnded(
            seat=seat,
            winner_seats=list(groups[0]),
            scores={s: points(state, s) for s in state.order},
            called=called.end_reason(state) == "called",
        )
    ]
