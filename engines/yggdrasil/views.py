"""Public and seat views. The public view shows the whole field (nothing on it is secret), counts of hands and
decks, and where each tree could grow; a seat's view adds its hand with the cells each card fits."""

from __future__ import annotations

from functools import cache

from engines.core import Seat
from engines.yggdrasil import board as B
from engines.yggdrasil.cards import CARDS, DECKS, SwapCards
from engines.yggdrasil.effects import legal_swaps
from engines.yggdrasil.geometry import BIT, DIRS, LETTERS, column_label, mask_text
from engines.yggdrasil.invasion import attacks
from engines.yggdrasil.models import (
    CardFace,
    EffectInfo,
    HandCard,
    InvadeOption,
    PendingView,
    PlacedCard,
    Score,
    YggState,
    YggView,
)
from engines.yggdrasil.scoring import score

COORDINATES = (
    "A1=bottom-left; columns A.. left to right, rows 1.. bottom to top; p1 home row 1, p2 home row top"
)


@cache
def face(kind: str) -> CardFace:
    card = CARDS[kind]
    effect = None
    if card.effect is not None:
        params = {k: str(v) for k, v in card.effect.model_dump().items() if k != "type"}
        effect = EffectInfo(type=card.effect.type, params=params)
    return CardFace(
        kind=kind,
        name=card.name,
        flavour=card.flavour,
        branches=card.branches,
        power=card.power,
        fruit=card.fruit,
        root=card.root,
        colour=card.colour,
        branch_colours={LETTERS[d]: c for d, c in zip(DIRS, card.printed_colours(), strict=True) if c},
        effect=effect,
    )


def _colours(kind: str, si: int) -> dict[str, str]:
    return {LETTERS[d]: c for d, c in zip(DIRS, CARDS[kind].table_colours(si), strict=True) if c}


def build_view(state: YggState, seat: Seat | None) -> YggView:
    geo = B.board_of(state)
    names = geo.names
    over = state.phase == "over"
    cells: list[PlacedCard] = []
    for cell, cid in enumerate(state.board):
        if cid is None:
            continue
        si = state.owner[cell]
        kind = state.kinds[cid]
        m = state.masks[cell]
        joined = threatens = 0
        for d, n in enumerate(geo.neighbours[cell]):
            if m & BIT[d] and n != -1 and state.owner[n] != -1:
                if state.owner[n] == si and state.masks[n] & BIT[(d + 2) % 4]:
                    joined |= BIT[d]
                elif state.owner[n] != si:
                    threatens |= BIT[d]
        cells.append(
            PlacedCard(
                cell=names[cell],
                id=cid,
                owner=state.players[si],
                face=face(kind),
                branches=mask_text(m),
                colours=_colours(kind, si),
                joined=mask_text(joined),
                threatens=mask_text(threatens),
            )
        )
    scores = {}
    for si, p in enumerate(state.players):
        c, f = score(state, si)
        scores[p] = Score(cards=c, fruit=f, total=c + f)
    winners: list[Seat] = []
    if over:
        best = max(s.total for s in scores.values())
        top = [p for p, s in scores.items() if s.total == best]
        winners = top if len(top) == 1 else []
    hand = None
    must_discard = False
    if seat is not None and seat in state.players:
        hand, must_discard = _hand(state, seat)
    current = None if over else state.players[state.current]
    return YggView(
        game=state.game,
        seat=seat,
        players=list(state.players),
        to_move=[] if current is None else [current],
        finished=over,
        columns=geo.cols,
        rows=geo.rows,
        coordinates=COORDINATES,
        column_labels=[column_label(c) for c in range(geo.cols)],
        home_rows={state.players[0]: 1, state.players[1]: geo.rows},
        cells=cells,
        roots={p: _root_name(state, si) for si, p in enumerate(state.players)},
        decks_used=dict(state.decks_used),
        deck_names={p: DECKS[d].name for p, d in state.decks_used.items()},
        first=state.players[state.first],
        current=current,
        phase=state.phase,
        last_placed=[names[state.board.index(c)] for c in state.last_placed if c in state.board],
        last_invasion=state.last_invasion,
        hand_counts={p: len(h) for p, h in state.hands.items()},
        deck_counts={p: len(d) for p, d in state.decks.items()},
        discards={p: list(d) for p, d in state.discards.items()},
        scores=scores,
        stuck=dict(state.stuck),
        growth_cells={p: [names[c] for c in B.growth_cells(state, si)] for si, p in enumerate(state.players)},
        branch_colours=state.options.branch_colours,
        pending=None if over else _pending(state),
        end_reason=state.end_reason,
        winners=winners,
        hand=hand,
        must_discard=must_discard,
    )


def _root_name(state: YggState, si: int) -> str | None:
    cell = B.root_cell(state, si)
    return None if cell is None else B.board_of(state).names[cell]


def _hand(state: YggState, seat: Seat) -> tuple[list[HandCard], bool]:
    si = state.players.index(seat)
    names = B.board_of(state).names
    opens = B.open_cells(state, si)
    out = []
    for cid in state.hands[seat]:
        kind = state.kinds[cid]
        legal = B.legal_cells_for(state, si, kind, opens) if opens else []
        out.append(
            HandCard(
                id=cid,
                face=face(kind),
                branches=mask_text(CARDS[kind].table_mask(si)),
                colours=_colours(kind, si),
                legal_cells=[names[c] for c in legal],
            )
        )
    mine = state.players[state.current] == seat and state.phase == "place"
    return out, mine and bool(out) and not any(h.legal_cells for h in out)


def _pending(state: YggState) -> PendingView:
    si = state.current
    seat = state.players[si]
    names = B.board_of(state).names
    if state.phase == "extra":
        return PendingView(kind="extra_placement", seat=seat, source=state.effect_source)
    if state.phase == "swap":
        assert state.effect_source is not None
        effect = CARDS[state.kinds[state.effect_source]].effect
        assert isinstance(effect, SwapCards)
        swaps = [[names[a], names[b]] for a, b in legal_swaps(state, si, effect)]
        return PendingView(kind="swap", seat=seat, source=state.effect_source, swaps=swaps)
    if state.phase == "invade":
        options = []
        for a in attacks(state, si):
            target = state.board[a.target]
            assert target is not None
            options.append(
                InvadeOption(
                    target=names[a.target],
                    target_card=target,
                    supporters=[names[c] for c in a.supporters],
                    attack=a.attack,
                    defence=a.defence,
                    wins=a.attack >= a.defence,
                )
            )
        return PendingView(kind="invade", seat=seat, invasions=options)
    return PendingView(kind="place", seat=seat)
