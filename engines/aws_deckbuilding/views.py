"""Views (what the pictures and the bot show), the pending decision, standings and hidden cards. The cards'
printed faces are ``faces``'s (re-exported here, where the views' readers find them)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engines.aws_deckbuilding import play
from engines.aws_deckbuilding.cards import DB, Which, key_of
from engines.aws_deckbuilding.faces import CardFace as CardFace
from engines.aws_deckbuilding.faces import ColourFace as ColourFace
from engines.aws_deckbuilding.faces import ConditionFace as ConditionFace
from engines.aws_deckbuilding.faces import EffectFace as EffectFace
from engines.aws_deckbuilding.faces import all_faces as all_faces
from engines.aws_deckbuilding.faces import card_face as card_face
from engines.aws_deckbuilding.faces import colour_faces as colour_faces
from engines.aws_deckbuilding.models import ADState, Phase, TurnState
from engines.core import Seat, View

EffectStatusName = Literal["applied", "declined", "offered", "unmet"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ------------------------------------------------------------------------------------------------ parts
class MarketView(_M):
    slots: list[str | None]
    deck: int
    wa_pile: list[str]  # top first: the pile is face up (AD-7)
    wa_top: str | None
    wa_left: dict[str, int]  # points -> cards left
    wa_cost: dict[str, int]  # points -> cost in AWSome


class PlayerView(_M):
    seat: Seat
    colour: str
    points: int
    wa_cards: list[str]
    deck: int
    hand: int
    discard: int
    discard_cards: list[str]  # the discard pile is face up
    onprem_left: int
    retired: list[str]
    drafted: list[str]
    services: int  # service cards owned


class PoolView(_M):
    earned: int
    spent: int
    left: int


class EffectStatus(_M):
    card: str
    effect: Which
    type: Literal["awsome", "draw", "buy"]
    amount: int
    status: EffectStatusName
    #: the other revealed cards that meet the condition (empty for unconditional or unmet effects)
    because_cards: list[str]


class TurnView(_M):
    seat: Seat
    revealed: list[str]
    drawn: list[str]
    effects: list[EffectStatus]
    tco: PoolView
    awsome: PoolView
    buys: int
    buys_left: int
    bought: list[str]
    reshuffles: int
    gave_up: bool
    retired: str | None
    aws_in_hand: int
    onprem_in_hand: int


class LastTurnView(_M):
    """The previous turn by card kind."""

    seat: Seat
    revealed: list[str]
    applied: list[tuple[str, Which]]
    bought: list[str]
    retired: str | None
    tco: int
    awsome: int


class Decision(_M):
    """What the game waits for. ``kind``: draft | effects | buy | retire | vote.

    draft: ``seats`` picks one of ``cards`` (pick ``pick`` of ``picks``, ``draft_round`` 1 or 2).
    effects: ``offers`` may each be applied or declined (or all applied at once).
    buy: ``cards`` are affordable (may be empty: only ending the turn is left).
    retire: ``cards`` are the on-premises kinds that may be removed (``aws``/``onprem`` count the hand).
    vote: ``seats`` still vote on ``proposer_seat``'s reshuffle; ``agreed_seats`` said yes; ``interrupted``
    is the decision that resumes afterwards.
    """

    kind: Literal["draft", "effects", "buy", "retire", "vote"]
    seats: list[Seat]
    cards: list[str] = []
    offers: list[EffectStatus] = []
    pick: int | None = None
    picks: int | None = None
    draft_round: int | None = None
    aws: int | None = None
    onprem: int | None = None
    buys_left: int | None = None
    proposer_seat: Seat | None = None
    agreed_seats: list[Seat] = []
    interrupted: str | None = None


class Standing(_M):
    seat: Seat
    place: int
    points: int
    wa_cards: list[str]
    ones: int
    threes: int
    services: int
    onprem_left: int
    winner: bool


class ADView(View):
    phase: Phase
    round: int
    turns: int
    order: list[Seat]
    current: Seat | None
    colours: dict[Seat, str]
    colour_faces: dict[str, ColourFace]
    draft_order: list[Seat]
    pick: int
    market: MarketView
    table: list[PlayerView]
    turn: TurnView | None
    last_turn: LastTurnView | None
    decision: Decision | None
    #: AD-14: seats whose reshuffle proposal was rejected and who may not propose again until their next
    #: turn begins
    vote_barred_seats: list[Seat]
    standings: list[Standing] | None
    cards: dict[str, CardFace]
    # seat views only
    hand: list[str] | None = None
    #: the seat's own cards by kind (deck, hand, discard): players know what they own, not the order
    owned: dict[str, int] | None = None
    #: the seat's own hand as it would fire if revealed now (statuses offered/unmet)
    hand_preview: list[EffectStatus] | None = None


# ------------------------------------------------------------------------------------------------ building
def statuses(state: ADState, now: TurnState) -> list[EffectStatus]:
    db = DB
    seen = play.revealed_of(tuple(now.revealed))
    out = []
    for c, eff, status in play.effect_status(state, now):
        because = seen.because(db, c, eff, now.revealed) if status != "unmet" else []
        out.append(
            EffectStatus(
                card=c,
                effect=eff.which,
                type=eff.type,
                amount=eff.amount,
                status=status,
                because_cards=because,
            )
        )
    return out


def _pool(earned: int, spent: int) -> PoolView:
    return PoolView(earned=earned, spent=spent, left=earned - spent)


def turn_view(state: ADState, now: TurnState) -> TurnView:
    aws, onprem = play.hand_counts(state, now.seat)
    return TurnView(
        seat=now.seat,
        revealed=list(now.revealed),
        drawn=list(now.drawn),
        effects=statuses(state, now),
        tco=_pool(now.tco.earned, now.tco.spent),
        awsome=_pool(now.awsome.earned, now.awsome.spent),
        buys=now.buys,
        buys_left=max(0, now.buys_left),
        bought=list(now.bought),
        reshuffles=now.reshuffles,
        gave_up=now.gave_up,
        retired=now.retired,
        aws_in_hand=aws,
        onprem_in_hand=onprem,
    )


def decision(state: ADState) -> Decision | None:
    if state.phase == "over":
        return None
    seat = play.acting_seat(state)
    assert seat is not None
    kind: Literal["draft", "effects", "buy", "retire"]
    d: Decision
    if state.phase == "draft":
        order = play.draft_order(state)
        d = Decision(
            kind="draft",
            seats=[seat],
            cards=[c for c in state.market.showing() if DB.card(c).currency == "tco"],
            pick=state.pick + 1,
            picks=len(order),
            draft_round=1 if state.pick < len(state.order) else 2,
        )
        kind = "draft"
    elif state.phase == "retire":
        aws, onprem = play.hand_counts(state, seat)
        d = Decision(
            kind="retire", seats=[seat], cards=play.retire_choices(state, seat), aws=aws, onprem=onprem
        )
        kind = "retire"
    else:
        now = state.now
        assert now is not None
        if play.offers(now):
            d = Decision(
                kind="effects",
                seats=[seat],
                offers=[s for s in statuses(state, now) if s.status == "offered"],
            )
            kind = "effects"
        else:
            cards = [] if now.gave_up or now.buys_left <= 0 else play.affordable(state, now)
            d = Decision(kind="buy", seats=[seat], cards=cards, buys_left=max(0, now.buys_left))
            kind = "buy"
    vote = state.vote
    if vote is None:
        return d
    return Decision(
        kind="vote",
        seats=list(vote.waiting),
        proposer_seat=vote.proposer,
        agreed_seats=list(vote.agreed),
        interrupted=kind,
    )


def standings(state: ADState) -> list[Standing]:
    db = DB
    out: list[Standing] = []
    place = 1
    for group in play.ranking(state):
        for seat in group:
            cards = list(state.score[seat])
            out.append(
                Standing(
                    seat=seat,
                    place=place,
                    points=play.points(state, seat),
                    wa_cards=cards,
                    ones=sum(1 for c in cards if db.card(c).points == 1),
                    threes=sum(1 for c in cards if db.card(c).points == 3),
                    services=_services_owned(state, seat),
                    onprem_left=play.onprem_left(state, seat),
                    winner=place == 1,
                )
            )
        place += len(group)
    return out


def _services_owned(state: ADState, seat: Seat) -> int:
    db = DB
    p = state.piles[seat]
    return sum(
        1
        for pile in (p.deck, p.hand, p.play, p.discard, state.drafted[seat])
        for c in pile
        if db.card(c).is_service
    )


def view(state: ADState, seat: Seat | None, game: str, to_move: list[Seat]) -> ADView:
    db = DB
    market = state.market
    wa_left: dict[str, int] = {}
    wa_cost: dict[str, int] = {}
    for c in state.wa:
        card = db.card(c)
        wa_left[str(card.points)] = wa_left.get(str(card.points), 0) + 1
        wa_cost[str(card.points)] = card.cost
    table = [
        PlayerView(
            seat=p,
            colour=state.colours[p],
            points=play.points(state, p),
            wa_cards=list(state.score[p]),
            deck=len(state.piles[p].deck),
            hand=len(state.piles[p].hand),
            discard=len(state.piles[p].discard),
            discard_cards=list(state.piles[p].discard),
            onprem_left=play.onprem_left(state, p),
            retired=list(state.retired[p]),
            drafted=list(state.drafted[p]),
            services=_services_owned(state, p),
        )
        for p in state.order
    ]
    last = state.last
    v = ADView(
        game=game,
        seat=seat,
        players=list(state.players),
        to_move=to_move,
        finished=state.finished,
        phase=state.phase,
        round=state.round,
        turns=state.turns,
        order=list(state.order),
        current=play.acting_seat(state),
        colours=dict(state.colours),
        colour_faces=colour_faces(),
        draft_order=play.draft_order(state),
        pick=state.pick,
        market=MarketView(
            slots=[s[-1] if s else None for s in market.slots],
            deck=len(market.deck),
            wa_pile=list(reversed(state.wa)),
            wa_top=state.wa[-1] if state.wa else None,
            wa_left=wa_left,
            wa_cost=wa_cost,
        ),
        table=table,
        turn=turn_view(state, state.now) if state.now is not None and state.phase != "draft" else None,
        last_turn=LastTurnView(**last.model_dump()) if last is not None else None,
        decision=decision(state),
        vote_barred_seats=list(state.vote_barred),
        standings=standings(state) if state.finished else None,
        cards={},
    )
    if seat is not None and seat in state.piles:
        piles = state.piles[seat]
        v.hand = list(piles.hand)
        owned: dict[str, int] = {}
        for pile in (piles.deck, piles.hand, piles.discard, state.drafted[seat]):
            for c in pile:
                owned[key_of(c)] = owned.get(key_of(c), 0) + 1
        v.owned = owned
        if piles.hand:
            preview = TurnState(seat=seat, revealed=list(piles.hand))
            v.hand_preview = statuses(state, preview)
    v.cards = _faces_for(v)
    return v


def _faces_for(v: ADView) -> dict[str, CardFace]:
    """Only the faces a picture of this view draws: the marketplace, the W-A pile, the turn (and the last
    one), drafted and retired cards and the seat's hand (a view is built for every audience after every
    action, so it stays small; every face is in ``all_faces()``)."""
    ids: list[str] = [c for c in v.market.slots if c] + v.market.wa_pile
    for p in v.table:
        ids += p.retired + p.drafted
    if v.turn is not None:
        ids += v.turn.revealed + v.turn.bought
    if v.last_turn is not None:
        ids += v.last_turn.revealed + v.last_turn.bought
    ids += v.hand or []
    keys = {key_of(c) for c in ids}
    faces = all_faces()
    return {k: faces[k] for k in sorted(keys)}


def hidden_cards(state: ADState, seat: Seat | None) -> set[str]:
    """The marketplace deck and every player's deck are hidden from everyone; a hand is hidden from the
    other players except while its owner's turn has it revealed (AD-9), or the game ended in that turn.
    Face-up cards, discard piles (face up), drafted cards, score piles and retired cards are public."""
    hidden = set(state.market.deck)
    # The game may end in the middle of a turn: that hand stays revealed.
    revealed_seat = state.now.seat if state.now is not None and state.phase != "draft" else None
    for p, piles in state.piles.items():
        hidden.update(piles.deck)
        if p != seat and p != revealed_seat:
            hidden.update(piles.hand)
    return hidden
