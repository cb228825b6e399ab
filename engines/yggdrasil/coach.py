"""Why a Yggdrasil move is worth making, for the coach (``Engine.explain``): the root a placement threatens,
the card it can bring down (YG-8), the empty cells its branches open for the tree, or the fruit it adds
(YG-11). Read from the field (public) and the seat's own card only. Cards are named by their kind (the
card anyone can look up), never by the instance id."""

from __future__ import annotations

from engines.core import Explanation, Seat
from engines.yggdrasil import board as B
from engines.yggdrasil.cards import FRUIT
from engines.yggdrasil.invasion import attacks, destroy
from engines.yggdrasil.models import Discard, Invade, Place, YggAction, YggState


def explain(state: YggState, seat: Seat, action: YggAction) -> Explanation | None:
    si = B.seat_index(state, seat)
    if isinstance(action, Place):
        return _place(state, si, action)
    if isinstance(action, Invade):
        return _invade(state, si, action)
    if isinstance(action, Discard):
        return Explanation(code="discard", params={"card": state.kinds[action.card]})  # YG-6: nothing fits
    return None


def _place(state: YggState, si: int, action: Place) -> Explanation | None:
    cell = B.board_of(state).index.get(action.cell)
    if cell is None:
        return None
    names = B.board_of(state).names
    kind = state.kinds[action.card]
    before = {c for c, _, _ in B.open_cells(state, si)}
    after = state.model_copy(deep=True)
    B.put(after, si, action.card, cell)
    after.placed_this_turn = [action.card]
    enemy_root = B.root_cell(state, 1 - si)
    wins = [a for a in attacks(after, si) if a.attack >= a.defence]  # YG-8: ties go to the attacker
    for att in wins:
        if att.target == enemy_root:
            return Explanation(code="root", params={"card": kind, "cell": action.cell})
    if wins:
        target = wins[0].target
        return Explanation(
            code="invades",
            params={"card": kind, "target_card": _kind(state, target), "cell": names[target]},
        )
    opened = sorted(c for c, _, _ in B.open_cells(after, si) if c not in before)
    if opened:
        return Explanation(
            code="opens",
            params={"card": kind, "cell": action.cell, "cells": [names[c] for c in opened]},
        )
    fruit = FRUIT[kind]
    if fruit > 0:
        return Explanation(code="fruit", params={"card": kind, "n": fruit + 1})  # YG-11: card + fruits
    return None


def _invade(state: YggState, si: int, action: Invade) -> Explanation | None:
    target = B.board_of(state).index.get(action.target)
    found = [a for a in attacks(state, si) if a.target == target]
    if target is None or not found or found[0].attack < found[0].defence:
        return None
    target_card = _kind(state, target)
    if target == B.root_cell(state, 1 - si):
        return Explanation(code="invade_root", params={"target_card": target_card})  # YG-9: all fall
    after = state.model_copy(deep=True)
    fallen = destroy(after, target)
    return Explanation(code="invade", params={"target_card": target_card, "n": len(fallen)})


def _kind(state: YggState, cell: int) -> str:
    card = state.board[cell]
    return state.kinds[card] if card is not None else ""
