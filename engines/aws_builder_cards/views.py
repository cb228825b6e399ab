"""Public and per-seat views (what the pictures and the bot show), standings and hidden cards."""

from __future__ import annotations

from functools import lru_cache

from engines.aws_builder_cards.architecture import is_cmp
from engines.aws_builder_cards.cards import CardDB, CreditsPer, DrawPer, Effect, WithEffect, catalogue, key_of
from engines.aws_builder_cards.deploy import deploy_choices, preview_deploy
from engines.aws_builder_cards.models import (
    ABState,
    ABView,
    CardFace,
    ConsoleView,
    DeployPreview,
    HandCard,
    MissionFace,
    PendingView,
    PlayerView,
    SlotView,
    Standing,
    TurnState,
    TurnView,
)
from engines.aws_builder_cards.notation import short_name
from engines.aws_builder_cards.setup import mission_key
from engines.aws_builder_cards.turn import (
    acquisitions_left,
    builder_count,
    current_seat,
    missions_solved,
    points,
    wa_cost,
    wa_points,
)
from engines.core import Seat, Text


def _effect_names(db: CardDB, effects: list[Effect]) -> dict[str, Text]:
    """The short name of every card or partner token the effects name, for the words of a card face."""
    refs: list[str] = []
    for eff in effects:
        if isinstance(eff, WithEffect):
            refs += eff.partners
        elif isinstance(eff, CreditsPer | DrawPer):
            refs.append(eff.per)
    return {r: Text(en=short_name(db, r, "en"), ja=short_name(db, r, "ja")) for r in refs}


@lru_cache(maxsize=16)
def faces(text: str | None) -> dict[str, CardFace]:
    db = catalogue(text)
    out: dict[str, CardFace] = {}
    for key, card in db.cards.items():
        d = card.defn
        cat = db.categories[d.category]
        out[key] = CardFace(
            key=key,
            name=d.name,
            kind=d.kind,
            category=d.category,
            category_name=Text(en=cat.en, ja=cat.ja),
            category_short=Text(en=cat.short_en or cat.en, ja=cat.short_ja or cat.ja),
            colour=cat.colour,
            cost=d.cost,
            paid=card.paid,
            credits=d.credits,
            points=d.points,
            effects=list(d.effects),
            names=_effect_names(db, d.effects),
            partners=db.partner_names(key),
            ja_lines=list(d.ja_lines),
        )
    return out


def mission_face(db: CardDB, mission: str) -> MissionFace:
    m = db.missions[mission_key(mission)]
    return MissionFace(id=mission, name=m.name, why=m.why, needs=[sorted(n) for n in m.needs])


def _turn_view(state: ABState, now: TurnState, *, anonymise: bool = False) -> TurnView:
    """``anonymise``: a finished turn's cards may since have been shuffled into a hidden deck, so the
    last turn is shown by card kind (``"ec2"``) rather than instance id; ``at`` indices keep the pairs."""

    def ids(cards: list[str]) -> list[str]:
        return [key_of(c) for c in cards] if anonymise else list(cards)

    def one(card: str | None) -> str | None:
        return None if card is None else (key_of(card) if anonymise else card)

    lines = [
        line | {"card": one(line["card"]), "partners": ids(line["partners"])} if anonymise else line
        for line in now.lines
    ]
    acquired = (
        [a.model_copy(update={"card": key_of(a.card)}) for a in now.acquired]
        if anonymise
        else list(now.acquired)
    )
    return TurnView(
        seat=now.seat,
        phase=now.phase,
        deployed=ids(now.deployed),
        declined=ids(now.declined),
        unlocked=now.unlocked,
        lines=lines,
        credits=now.credits,
        credits_left=now.credits_left,
        draws=now.draws,
        adoptions=now.adopt,
        acquisitions=now.acquisitions,
        acquisitions_left=now.acquisitions - len(now.acquired),
        acquired=acquired,
        retired=one(now.retired),
        proof=ids(now.proof),
        retired_builder=one(now.retired_builder),
        wa_costs={str(k): v for k, v in now.wa_costs.items()} if now.wa_costs else None,
        solved_mission=now.solved_mission,
    )


def standings(state: ABState, db: CardDB) -> list[Standing]:
    """AB-8: points, then more Builder cards owned, then (missions on) more missions solved; still equal is a
    shared place (and, at the top, a shared win)."""
    rows = []
    for p in state.order:
        solved = len(missions_solved(state, p))
        rank = (points(state, db, p), builder_count(state, db, p), solved if state.options.missions else 0)
        rows.append((rank, wa_points(state, db, p), solved, p))
    rows.sort(key=lambda r: tuple(-x for x in r[0]))
    out: list[Standing] = []
    place = 0
    prev: tuple[int, int, int] | None = None
    for i, (rank, wa, missions, seat) in enumerate(rows):
        if rank != prev:
            place = i + 1
            prev = rank
        out.append(
            Standing(
                seat=seat,
                place=place,
                points=rank[0],
                wa_points=wa,
                missions=missions,
                builder_cards=rank[1],
                winner=place == 1,
            )
        )
    return out


def view(state: ABState, seat: Seat | None, game: str, to_move: list[Seat]) -> ABView:
    db = catalogue(state.card_file)
    free = [
        SlotView(slot=i, key=key_of(s[0]), cards=list(s), count=len(s)) if s else None
        for i, s in enumerate(state.free.slots)
    ]
    paid_stack = state.paid.slots[0] if state.paid.slots else []
    paid = (
        SlotView(slot=0, key=key_of(paid_stack[0]), cards=list(paid_stack), count=len(paid_stack))
        if paid_stack
        else None
    )
    remaining: dict[str, int] = {}
    for c in state.wa:
        pts = str(db.card(c).defn.points)
        remaining[pts] = remaining.get(pts, 0) + 1
    wa_costs: dict[str, int] = {}
    for c in reversed(state.wa):
        wa_costs.setdefault(str(db.card(c).defn.points), wa_cost(state, db, c))
    console = ConsoleView(
        free_deck=len(state.free.deck),
        paid_deck=len(state.paid.deck),
        free_slots=free,
        paid_slot=paid,
        wa_top=state.wa[-1] if state.wa else None,
        wa_pile=list(reversed(state.wa)),
        wa_remaining=remaining,
        wa_costs=wa_costs,
    )
    table = [
        PlayerView(
            seat=p,
            points=points(state, db, p),
            score_cards=list(state.score[p]),
            missions_solved=missions_solved(state, p),
            deck=len(state.piles[p].deck),
            hand=len(state.piles[p].hand),
            discard=len(state.piles[p].discard),
            builder_cards=builder_count(state, db, p),
            retired=list(state.retired[p]),
            secret_missions=len(state.mission_hand.get(p, [])),
        )
        for p in state.order
    ]
    pending = (
        PendingView(
            kind=state.pending.kind,
            seat=state.pending.seat,
            waiting=list(state.pending.waiting),
            agreed=list(state.pending.agreed),
        )
        if state.pending
        else None
    )
    v = ABView(
        game=game,
        seat=seat,
        players=list(state.players),
        to_move=to_move,
        finished=state.finished,
        order=list(state.order),
        current=current_seat(state),
        phase="over" if state.finished else state.now.phase,
        turns=state.turns,
        options=state.options.model_dump(exclude={"card_file"})
        | {"custom_cards": state.card_file is not None},
        console=console,
        table=table,
        turn=_turn_view(state, state.now),
        last_turn=_turn_view(state, state.last, anonymise=True) if state.last is not None else None,
        pending=pending,
        missions_revealed=[mission_face(db, m) for m in state.missions_revealed],
        mission_deck=len(state.mission_deck),
        ending=state.ending,
        standings=standings(state, db) if state.finished else None,
        cards={},
    )
    if seat is not None and seat in state.piles:
        v.hand = hand_cards(state, db, seat)
        v.previews = deploy_previews(state, db, seat, to_move)
        v.discard = list(state.piles[seat].discard)
        v.secret_missions = [mission_face(db, m) for m in state.mission_hand.get(seat, [])]
    v.cards = _faces_for(v, faces(state.card_file))
    return v


def _faces_for(v: ABView, all_faces: dict[str, CardFace]) -> dict[str, CardFace]:
    """Only the faces the view mentions (a view is built for every audience after every action)."""
    ids: list[str] = [*v.console.wa_pile]
    for slot in [*v.console.free_slots, v.console.paid_slot]:
        if slot is not None:
            ids.append(slot.key)
    for p in v.table:
        ids += p.score_cards + p.retired
    for t in (v.turn, v.last_turn):
        if t is not None:
            ids += t.deployed + t.proof + [a.card for a in t.acquired]
            ids += [c for c in (t.retired, t.retired_builder) if c]
    ids += [h.key for h in v.hand or []] + list(v.discard or [])
    keys = {key_of(c) for c in ids}
    return {k: f for k, f in all_faces.items() if k in keys}


def deploy_previews(state: ABState, db: CardDB, seat: Seat, to_move: list[Seat]) -> list[DeployPreview]:
    """What each legal deploy would give now, for the labels of the seat to move in its build phase (totals
    only: the pairs are worded when the deploy happens)."""
    if state.finished or state.pending is not None or seat not in to_move or state.now.phase != "build":
        return []
    first, partial = deploy_choices(state, db, seat)
    return [preview_deploy(state, seat, action, lines=False) for action in [*first, *partial]]


def hand_cards(state: ABState, db: CardDB, seat: Seat) -> list[HandCard]:
    """Each hand card with the partners its combos look for and the hand cards that would serve."""
    hand = state.piles[seat].hand
    out: list[HandCard] = []
    keys = [key_of(c) for c in hand]
    for i, c in enumerate(hand):
        card = db.card(c)
        wanted = db.partner_names(card.key)
        if card.stack is not None:
            wanted = [card.key, *wanted]  # identical cards stack
        serving: list[str] = []
        for j, other in enumerate(hand):
            if j == i:
                continue
            ok = keys[j] in wanted
            ok = ok or ("cmp" in wanted and is_cmp(db, keys, j))
            ok = ok or ("builder" in wanted and db.card(other).is_builder)
            ok = ok or ("other" in wanted)
            if ok:
                serving.append(other)
        out.append(HandCard(card=c, key=card.key, partners=wanted, partners_in_hand=serving))
    return out


def hidden_cards(state: ABState, seat: Seat | None) -> set[str]:
    """Decks (the free and paid decks, every player's deck, the mission deck) are hidden from everyone;
    hands and secret missions from everyone but their owner, except a hand shown as retire proof.
    Discard piles, play areas, the score zones, the console and the retired area are public."""
    hidden = set(state.free.deck) | set(state.paid.deck) | set(state.mission_deck)
    proof = set(state.now.proof)
    for p, piles in state.piles.items():
        hidden.update(piles.deck)
        if p != seat:
            hidden.update(c for c in piles.hand if c not in proof)
            hidden.update(state.mission_hand.get(p, []))
    return hidden


__all__ = ["acquisitions_left", "hidden_cards", "standings", "view"]
