"""A builder for hand-made Yggdrasil positions: say which card lies where, what is in each hand and deck."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from engines.yggdrasil import ENGINE
from engines.yggdrasil.board import board_of, put
from engines.yggdrasil.geometry import board
from engines.yggdrasil.models import YggState

SEATS = ["p1", "p2"]


def build(
    field: Mapping[str, tuple[str, str]] | None = None,
    *,
    hands: Mapping[str, Sequence[str]] | None = None,
    decks: Mapping[str, Sequence[str]] | None = None,
    current: str = "p1",
    cols: int = 5,
    rows: int = 7,
    roots: Mapping[str, str | None] | None = None,
    root_kind: str = "root-elder",
    options: Mapping[str, Any] | None = None,
) -> YggState:
    """``field`` maps a cell ("C2") to (seat, card kind). Roots stand on their home cells unless ``roots``
    moves one (a cell name) or removes it (None). Instances are named "p1:f-C2", "p1:h0", "p1:d0"."""
    opts = {"columns": cols, "rows": rows, **(options or {})}
    state = ENGINE.new_game(SEATS, opts, seed=1)
    geo = board(cols, rows)
    state.board = [None] * geo.cells
    state.owner = [-1] * geo.cells
    state.masks = [0] * geo.cells
    state.kinds = {}
    roots = dict(roots or {})
    for si, seat in enumerate(SEATS):
        where = roots.get(seat, geo.names[geo.home_cell(si)])
        if where is not None:
            state.kinds[f"{seat}:root"] = root_kind
            put(state, si, f"{seat}:root", geo.index[where])
    for cell, (seat, kind) in (field or {}).items():
        cid = f"{seat}:f-{cell}"
        state.kinds[cid] = kind
        put(state, SEATS.index(seat), cid, geo.index[cell])
    for label, piles, target in (("h", hands, state.hands), ("d", decks, state.decks)):
        for seat in SEATS:
            ids = []
            for i, kind in enumerate((piles or {}).get(seat, [])):
                cid = f"{seat}:{label}{i}"
                state.kinds[cid] = kind
                ids.append(cid)
            target[seat] = ids
    state.discards = {s: [] for s in SEATS}
    state.current = SEATS.index(current)
    state.first = 0
    state.stuck = {s: 0 for s in SEATS}
    assert board_of(state) is geo
    return state


def cells_of(state: YggState, seat: str) -> set[str]:
    names = board_of(state).names
    si = SEATS.index(seat)
    return {names[c] for c in range(len(state.owner)) if state.owner[c] == si}


def legal_cells(state: YggState, seat: str, card: str) -> set[str]:
    view = ENGINE.view(state, seat)
    assert view.hand is not None
    return {c for h in view.hand if h.id == card for c in h.legal_cells}


@pytest.fixture
def engine() -> Any:
    return ENGINE
