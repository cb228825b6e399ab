"""Invasion (YG-8) and destruction with the cut-off cascade (YG-9)."""

from __future__ import annotations

from typing import NamedTuple

from engines.yggdrasil.board import board_of, clear, cut_off
from engines.yggdrasil.cards import POWER
from engines.yggdrasil.geometry import BIT
from engines.yggdrasil.models import YggState

_OPP_BIT = (4, 8, 1, 2)


class Attack(NamedTuple):
    target: int
    supporters: tuple[int, ...]  # every own cell whose branch points at the target, placed cards included
    attack: int
    defence: int


def power_at(state: YggState, cell: int) -> int:
    cid = state.board[cell]
    return POWER[state.kinds[cid]] if cid is not None else 0


def attackers_of(state: YggState, si: int, target: int) -> tuple[int, ...]:
    """Own cells whose branch points at ``target``."""
    geo = board_of(state)
    return tuple(
        n
        for d, n in enumerate(geo.neighbours[target])
        if n != -1 and state.owner[n] == si and state.masks[n] & _OPP_BIT[d]
    )


def attacks(state: YggState, si: int) -> list[Attack]:
    """Opponent cards a card placed this turn points at, with the attack each invasion would have."""
    geo = board_of(state)
    targets: list[int] = []
    for cid in state.placed_this_turn:
        try:
            cell = state.board.index(cid)
        except ValueError:
            continue
        m = state.masks[cell]
        for d, n in enumerate(geo.neighbours[cell]):
            if m & BIT[d] and n != -1 and state.owner[n] == 1 - si and n not in targets:
                targets.append(n)
    out = []
    for t in sorted(targets):
        sup = attackers_of(state, si, t)
        out.append(Attack(t, sup, sum(power_at(state, c) for c in sup), power_at(state, t)))
    return out


def destroy(state: YggState, target: int) -> list[int]:
    """Destroy the card on ``target`` and every card of its owner cut off from that owner's root (YG-9).
    Destroyed cards go to their owner's discard pile. Returns the cells emptied, target first."""
    si = state.owner[target]
    seat = state.players[si]
    cells = [target]
    cid = state.board[target]
    assert cid is not None
    state.discards[seat].append(cid)
    clear(state, target)
    for cell in cut_off(state, si):
        lost = state.board[cell]
        assert lost is not None
        state.discards[seat].append(lost)
        clear(state, cell)
        cells.append(cell)
    return cells
