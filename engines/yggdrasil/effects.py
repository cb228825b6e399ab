"""The two effects of the seed (YG-14), as data-driven rules on the effect's type and parameters.

- ``extra_placement`` (成長が早い枝): if the card is the only one its owner placed this turn, the owner may
  place one more card. The second card cannot trigger it again (it is no longer the only card).
- ``swap`` (入れ替え): choose a card on the field and exchange it with another card of the same owner so
  that every connection is kept: the same own edges stay joined, no own edge becomes a mismatch, no branch
  points off the field (and, with branch colours, joined branches keep matching colours). Roots never move:
  a root is planted on its home row (YG-2).
"""

from __future__ import annotations

from engines.yggdrasil.board import board_of
from engines.yggdrasil.cards import CARDS, TABLE_COLOURS, TABLE_MASK, SwapCards
from engines.yggdrasil.events import EffectName
from engines.yggdrasil.geometry import BIT
from engines.yggdrasil.models import YggState

_OPP_BIT = (4, 8, 1, 2)


def effect_of(kind: str) -> EffectName | None:
    effect = CARDS[kind].effect
    return effect.type if effect is not None else None


def _edges(state: YggState, cells: tuple[int, int], ids: dict[int, str]) -> tuple[set[tuple[int, int]], bool]:
    """Joined own edges touching ``cells`` and whether any own edge there mismatches, with the cards in
    ``ids`` (cell -> instance) standing where they are listed."""
    geo = board_of(state)
    joined: set[tuple[int, int]] = set()
    bad = False
    colours = state.options.branch_colours

    def mask_at(c: int) -> int:
        cid = ids.get(c)
        return state.masks[c] if cid is None else _table_mask(state, cid, state.owner[c])

    for cell in cells:
        si = state.owner[cell]
        m = mask_at(cell)
        for d, n in enumerate(geo.neighbours[cell]):
            if n == -1:
                if m & BIT[d]:
                    bad = True
                continue
            if state.owner[n] != si:
                continue
            here = bool(m & BIT[d])
            there = bool(mask_at(n) & _OPP_BIT[d])
            if here != there:
                bad = True
            elif here:
                if colours:
                    a = TABLE_COLOURS[state.kinds[ids.get(cell) or _id(state, cell)]][si][d]
                    b = TABLE_COLOURS[state.kinds[ids.get(n) or _id(state, n)]][si][(d + 2) % 4]
                    if a != b and "any" not in (a, b):
                        bad = True
                joined.add((min(cell, n), max(cell, n)))
    return joined, bad


def _id(state: YggState, cell: int) -> str:
    cid = state.board[cell]
    assert cid is not None
    return cid


def _table_mask(state: YggState, cid: str, si: int) -> int:
    return TABLE_MASK[state.kinds[cid]][si]


def swap_keeps_connections(state: YggState, a: int, b: int) -> bool:
    if a == b or state.owner[a] == -1 or state.owner[a] != state.owner[b]:
        return False
    ida, idb = _id(state, a), _id(state, b)
    if CARDS[state.kinds[ida]].root or CARDS[state.kinds[idb]].root:
        return False
    before, _ = _edges(state, (a, b), {})
    after, bad = _edges(state, (a, b), {a: idb, b: ida})
    return not bad and before == after


def legal_swaps(state: YggState, si: int, effect: SwapCards) -> list[tuple[int, int]]:
    """Every pair of cells (low, high) whose cards may swap.

    Fast form of :func:`swap_keeps_connections`, relying on the field's invariant that own edges never
    mismatch: across an edge to an own card that stays put, the incoming card must have exactly the branch
    the leaving card had; it must not point off the field; and the edge between two neighbouring swapped
    cards must stay as joined as it was, without a mismatch. Colours (rare option) take the exact check.
    """
    geo = board_of(state)
    owners = {"any": (0, 1), "own": (si,), "opponent": (1 - si,)}[effect.whose]
    out: list[tuple[int, int]] = []
    owner, masks = state.owner, state.masks
    for o in owners:
        info: list[tuple[int, int, int, int, tuple[int, int, int, int]]] = []
        for c in range(len(owner)):
            cid = state.board[c]
            if owner[c] != o or cid is None or CARDS[state.kinds[cid]].root:
                continue
            own = off = 0
            nbs = geo.neighbours[c]
            for d in range(4):
                n = nbs[d]
                if n == -1:
                    off |= BIT[d]
                elif owner[n] == o:
                    own |= BIT[d]
            info.append((c, masks[c], own, off, nbs))
        for i, (a, ma, owna, offa, nba) in enumerate(info):
            for b, mb, ownb, offb, _ in info[i + 1 :]:
                if mb & offa or ma & offb:
                    continue
                diff = ma ^ mb
                if b in nba:
                    d = nba.index(b)
                    bd, bo = BIT[d], _OPP_BIT[d]
                    if diff & (owna & ~bd) or diff & (ownb & ~bo):
                        continue
                    # the shared edge: before A(d)/B(opp d), after B(d)/A(opp d)
                    after_a, after_b = bool(mb & bd), bool(ma & bo)
                    if after_a != after_b or after_a != bool(ma & bd):
                        continue
                elif diff & owna or diff & ownb:
                    continue
                if state.options.branch_colours and not swap_keeps_connections(state, a, b):
                    continue
                out.append((a, b))
    return out


def legal_swaps_exact(state: YggState, si: int, effect: SwapCards) -> list[tuple[int, int]]:
    """The definition, pair by pair (slow; tests compare it with :func:`legal_swaps`)."""
    owners = {"any": (0, 1), "own": (si,), "opponent": (1 - si,)}[effect.whose]
    out: list[tuple[int, int]] = []
    for o in owners:
        cells = [c for c in range(len(state.owner)) if state.owner[c] == o]
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                if swap_keeps_connections(state, a, b):
                    out.append((a, b))
    return out


def do_swap(state: YggState, a: int, b: int) -> None:
    state.board[a], state.board[b] = state.board[b], state.board[a]
    state.masks[a], state.masks[b] = state.masks[b], state.masks[a]
