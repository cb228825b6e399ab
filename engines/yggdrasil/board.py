"""Placement legality (YG-5), connection to the root and the cut-off cascade (YG-9) on the flat state lists.

This is the hot path: everything works on ints and precomputed tables (``geometry.FIT``, neighbours).
"""

from __future__ import annotations

from engines.yggdrasil.cards import TABLE_COLOURS, TABLE_MASK
from engines.yggdrasil.geometry import BIT, FIT, Board, board
from engines.yggdrasil.models import YggState

_OPP_BIT = (4, 8, 1, 2)  # BIT[opposite(d)]


def board_of(state: YggState) -> Board:
    return board(state.options.columns, state.options.rows)


def seat_index(state: YggState, seat: str) -> int:
    return state.players.index(seat)


def open_cells(state: YggState, si: int) -> list[tuple[int, int, int]]:
    """Each empty cell an own branch points into, with the branches a card there must have (``must``: every
    own neighbour pointing in, YG-5b/c) and must not have (``mustnot``: own neighbours without a branch back,
    and the field's edge, YG-5a/c). Opponent cards are ignored: they never block (YG-5d)."""
    nbs = board_of(state).neighbours
    owner, masks = state.owner, state.masks
    # Only empty cells an own branch points into can qualify: find those first, then read their edges.
    targets: set[int] = set()
    for cell, o in enumerate(owner):
        if o == si:
            m = masks[cell]
            for d, n in enumerate(nbs[cell]):
                if m & BIT[d] and n != -1 and owner[n] == -1:
                    targets.add(n)
    found: list[tuple[int, int, int]] = []
    for cell in sorted(targets):
        must = mustnot = 0
        for d, n in enumerate(nbs[cell]):
            if n == -1:
                mustnot |= BIT[d]
            elif owner[n] == si:
                if masks[n] & _OPP_BIT[d]:
                    must |= BIT[d]
                else:
                    mustnot |= BIT[d]
        found.append((cell, must, mustnot))
    return found


def growth_cells(state: YggState, si: int) -> list[int]:
    """Cells where some card of some shape could join this seat's tree (the end test of YG-10)."""
    return [cell for cell, must, mustnot in open_cells(state, si) if FIT[must | mustnot << 4]]


def colours_match(state: YggState, si: int, kind: str, cell: int, must: int) -> bool:
    """YG-15: across every joined edge both branches have the same colour (roots join any colour)."""
    geo = board_of(state)
    mine = TABLE_COLOURS[kind][si]
    for d in range(4):
        if must & BIT[d]:
            n = geo.neighbours[cell][d]
            other_id = state.board[n]
            assert other_id is not None
            theirs = TABLE_COLOURS[state.kinds[other_id]][si][(d + 2) % 4]
            if mine[d] != theirs and mine[d] != "any" and theirs != "any":
                return False
    return True


def legal_cells_for(state: YggState, si: int, kind: str, opens: list[tuple[int, int, int]]) -> list[int]:
    bit = 1 << TABLE_MASK[kind][si]
    cells = [cell for cell, must, mustnot in opens if FIT[must | mustnot << 4] & bit]
    if state.options.branch_colours:
        cells = [c for c in cells if colours_match(state, si, kind, c, _must_at(opens, c))]
    return cells


def _must_at(opens: list[tuple[int, int, int]], cell: int) -> int:
    for c, must, _ in opens:
        if c == cell:
            return must
    return 0


def placements(state: YggState, si: int, hand: list[str]) -> list[tuple[str, int]]:
    """Every legal (card id, cell) for the cards in ``hand``."""
    opens = open_cells(state, si)
    if not opens:
        return []
    out: list[tuple[str, int]] = []
    by_kind: dict[str, list[int]] = {}
    for cid in hand:
        kind = state.kinds[cid]
        cells = by_kind.get(kind)
        if cells is None:
            cells = by_kind[kind] = legal_cells_for(state, si, kind, opens)
        out.extend((cid, c) for c in cells)
    return out


def can_place(state: YggState, si: int, hand: list[str]) -> bool:
    opens = open_cells(state, si)
    if not opens:
        return False
    seen: set[str] = set()
    for cid in hand:
        kind = state.kinds[cid]
        if kind not in seen:
            seen.add(kind)
            if legal_cells_for(state, si, kind, opens):
                return True
    return False


def put(state: YggState, si: int, cid: str, cell: int) -> None:
    state.board[cell] = cid
    state.owner[cell] = si
    state.masks[cell] = TABLE_MASK[state.kinds[cid]][si]


def clear(state: YggState, cell: int) -> None:
    state.board[cell] = None
    state.owner[cell] = -1
    state.masks[cell] = 0


def root_cell(state: YggState, si: int) -> int | None:
    root = f"{state.players[si]}:root"
    try:
        return state.board.index(root)
    except ValueError:
        return None


def joined(state: YggState, cell: int, d: int) -> bool:
    """Both cards on this edge belong to one owner and both have a branch across it."""
    n = board_of(state).neighbours[cell][d]
    return (
        n != -1
        and state.owner[n] == state.owner[cell]
        and bool(state.masks[cell] & BIT[d])
        and bool(state.masks[n] & _OPP_BIT[d])
    )


def connected(state: YggState, si: int) -> set[int]:
    """Cells of this seat joined to its root through connected branches."""
    start = root_cell(state, si)
    if start is None:
        return set()
    nbs = board_of(state).neighbours
    owner, masks = state.owner, state.masks
    seen = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        m = masks[cell]
        for d in range(4):
            if m & BIT[d]:
                n = nbs[cell][d]
                if n != -1 and n not in seen and owner[n] == si and masks[n] & _OPP_BIT[d]:
                    seen.add(n)
                    todo.append(n)
    return seen


def cut_off(state: YggState, si: int) -> list[int]:
    """Own cells no longer joined to the root (all of them when the root fell), YG-9."""
    keep = connected(state, si)
    return [c for c in range(len(state.owner)) if state.owner[c] == si and c not in keep]
