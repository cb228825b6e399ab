"""AI players. ``random``: uniform legal play. ``normal``: one-ply search over every legal choice with an
evaluation a player would use: points on the field, growth options kept open (and the rival's closed),
cards left open to an invasion, and invasions worth making. It looks only at the field and its own hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engines.core import Action, Agent, RandomAgent, Rng, Seat
from engines.yggdrasil import board as B
from engines.yggdrasil.cards import CARDS, FRUIT, POWER
from engines.yggdrasil.effects import do_swap
from engines.yggdrasil.geometry import BIT, FIT
from engines.yggdrasil.invasion import attackers_of, attacks, destroy, power_at
from engines.yggdrasil.models import Discard, Invade, NoInvasion, Place, SkipEffect, SwapAction, YggState
from engines.yggdrasil.scoring import total

if TYPE_CHECKING:
    from engines.yggdrasil.engine import YggdrasilEngine

#: what a rival's fresh card is assumed to bring to an attack (the pool's typical attacker)
EXPECTED_ATTACK = 3
GROWTH_WEIGHT = 1.0
BLOCK_WEIGHT = 0.8
RISK_WEIGHT = 0.3
ATTACK_WEIGHT = 1.0
HAND_WEIGHT = 0.8


def _mask_bit_sets_with(d: int) -> int:
    """Bit set over masks 1..15 having branch d."""
    return sum(1 << m for m in range(1, 16) if m & BIT[d])


_HAS = tuple(_mask_bit_sets_with(d) for d in range(4))


def evaluate(state: YggState, si: int, hand: list[str] | None = None) -> float:
    """How good the field is for seat index ``si`` (higher is better); ``hand``: the cards it still holds."""
    me, opp = si, 1 - si
    score = float(total(state, me) - total(state, opp))
    mine = B.open_cells(state, me)
    if hand and mine:
        kinds = {state.kinds[c] for c in hand}
        usable = set()
        for kind in kinds:
            usable.update(B.legal_cells_for(state, me, kind, mine))
        score += HAND_WEIGHT * len(usable)
    theirs = B.open_cells(state, opp)
    score += GROWTH_WEIGHT * sum(1 for _, m, n in mine if FIT[m | n << 4])
    score -= BLOCK_WEIGHT * sum(1 for _, m, n in theirs if FIT[m | n << 4])
    score -= RISK_WEIGHT * _risk(state, me, theirs)
    return score


def _risk(state: YggState, si: int, rival_opens: list[tuple[int, int, int]]) -> float:
    """Points the rival could knock off next turn: each own card next to a cell the rival can grow into,
    whose power the rival's branches already pointing at it plus a fresh attacker would match."""
    geo = B.board_of(state)
    risk = 0.0
    seen: set[int] = set()
    my_total = None
    for cell, must, mustnot in rival_opens:
        fits = FIT[must | mustnot << 4]
        if not fits:
            continue
        for d, n in enumerate(geo.neighbours[cell]):
            if n == -1 or state.owner[n] != si or n in seen or not fits & _HAS[d]:
                continue
            seen.add(n)
            cid = state.board[n]
            assert cid is not None
            kind = state.kinds[cid]
            support = sum(power_at(state, c) for c in attackers_of(state, 1 - si, n))
            if support + EXPECTED_ATTACK >= POWER[kind]:
                if CARDS[kind].root:
                    my_total = total(state, si) if my_total is None else my_total
                    risk += my_total
                else:
                    risk += 1 + FRUIT[kind]
    return risk


def _best_invasion(state: YggState, si: int) -> tuple[float, int | None]:
    """The most points an invasion available now would destroy (cascade included) and its target."""
    best, target = 0.0, None
    for att in attacks(state, si):
        if att.attack < att.defence:
            continue
        trial = _scratch(state)
        before = total(trial, 1 - si)
        destroy(trial, att.target)
        gain = float(before - total(trial, 1 - si))
        if gain > best:
            best, target = gain, att.target
    return best, target


def _scratch(state: YggState) -> YggState:
    return YggState.model_construct(
        **{
            **state.__dict__,
            "board": list(state.board),
            "owner": list(state.owner),
            "masks": list(state.masks),
            "discards": {k: list(v) for k, v in state.discards.items()},
            "placed_this_turn": list(state.placed_this_turn),
        }
    )


class NormalAgent:
    def __init__(self, engine: YggdrasilEngine) -> None:
        self.engine = engine

    def choose(self, state: YggState, seat: Seat, rng: Rng) -> Action:
        legal = self.engine.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        si = state.players.index(seat)
        if state.phase == "invade":
            _, target = _best_invasion(state, si)
            if target is None:
                return NoInvasion()
            return Invade(target=B.board_of(state).names[target])
        if state.phase == "swap":
            return self._swap(state, si, legal)
        if isinstance(legal[0], Discard):
            return self._discard(state, legal)
        return self._place(state, si, legal, rng)

    def _place(self, state: YggState, si: int, legal: Sequence[Action], rng: Rng) -> Action:
        geo = B.board_of(state)
        trial = _scratch(state)
        scored: list[tuple[float, float, Action]] = []
        hand = state.hands[state.players[si]]
        base = evaluate(trial, si, hand) if state.phase == "extra" else None
        for action in legal:
            if not isinstance(action, Place):
                continue
            cell = geo.index[action.cell]
            B.put(trial, si, action.card, cell)
            trial.placed_this_turn = [*state.placed_this_turn, action.card]
            rest = [c for c in hand if c != action.card]
            value = evaluate(trial, si, rest)
            gain, _ = _best_invasion(trial, si)
            value += ATTACK_WEIGHT * gain
            effect = CARDS[state.kinds[action.card]].effect
            if effect is not None and effect.type == "extra_placement" and not state.placed_this_turn:
                value += 1.0
            B.clear(trial, cell)
            scored.append((value, rng.random(), action))
        value, _, action = max(scored, key=lambda t: (t[0], t[1]))
        if base is not None and value <= base:
            return SkipEffect()
        return action

    def _swap(self, state: YggState, si: int, legal: Sequence[Action]) -> Action:
        geo = B.board_of(state)
        best_value = evaluate(state, si) + ATTACK_WEIGHT * _best_invasion(state, si)[0]
        best: Action = SkipEffect()
        for action in legal:
            if not isinstance(action, SwapAction):
                continue
            trial = _scratch(state)
            do_swap(trial, geo.index[action.first], geo.index[action.second])
            value = evaluate(trial, si) + ATTACK_WEIGHT * _best_invasion(trial, si)[0]
            if value > best_value + 1e-9:
                best_value, best = value, action
        return best

    def _discard(self, state: YggState, legal: Sequence[Action]) -> Action:
        def worth(action: Action) -> tuple[int, int]:
            assert isinstance(action, Discard)
            card = CARDS[state.kinds[action.card]]
            return (len(card.branches) + card.fruit + card.power // 2, card.power)

        return min(legal, key=worth)


def make_agent(engine: Any, level: str) -> Agent:
    if level == "random":
        return RandomAgent(engine)
    return NormalAgent(engine)
