"""What a deployed architecture produces: base credits, combos (with the best pairing for the player), "for
each" bonuses, EC2 stacking and the cards' own effects (AB-5).

Combos need an *architecture*: at least two cards deployed, of any kind (AB-5: Starters count, so Virtual
Machine with Bare Metal Host draws from a hand of Starters). A ``with`` combo pairs its card with
partners that satisfy it, and a card can be the partner of only one combo; "for each" combos and stacking
count cards without using them up. Among all pairings the engine picks the one worth most to the player:
credits first, then draws, then Cloud Adoptions. Cards already drawn this turn cannot be given back, so the
pairing must keep at least the draws already taken (adding a card never makes that impossible: the earlier
pairing is still available).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from engines.aws_builder_cards.cards import BUILDER, CMP, CMP_CATEGORIES, OTHER, CardDB

#: one deployed card for evaluation: (card key, sunset effect declined)
Slot = tuple[str, bool]


@dataclass(frozen=True)
class Line:
    """One contribution. ``owner`` and ``partners`` index the evaluated tuple of deployed cards."""

    kind: Literal["with", "per", "stack", "effect"]
    owner: int
    effect: int  # index of the effect in the card's data (-1 for stacking/own effects summary)
    partners: tuple[int, ...]
    credits: int = 0
    draw: int = 0
    adopt: int = 0


@dataclass(frozen=True)
class Result:
    unlocked: bool
    base_credits: int
    lines: tuple[Line, ...]
    credits: int  # base + every line
    draw: int
    adopt: int
    discard_to_deck: int
    wa_costs: dict[int, int] | None


def _weight(credits: int, draw: int, adopt: int) -> int:
    return credits * 1_000_000 + draw * 1_000 + adopt


def is_cmp(db: CardDB, keys: list[str], i: int) -> bool:
    """A compute or containers card counts as "cmp" unless it only runs on another card (Fargate on ECS or
    EKS, Auto Scaling on EC2) that is not deployed too."""
    card = db.cards[keys[i]]
    if card.defn.category not in CMP_CATEGORIES:
        return False
    if not card.cmp_needs:
        return True
    return any(keys[j] in card.cmp_needs for j in range(len(keys)) if j != i)


def evaluate(db: CardDB, deployed: tuple[Slot, ...], draws_taken: int = 0) -> Result:
    """Evaluate a deployed multiset. ``deployed`` should be sorted so equal multisets share the cache."""
    cache_key = (deployed, draws_taken)
    hit = db.eval_cache.get(cache_key)
    if hit is not None:
        assert isinstance(hit, Result)
        return hit
    result = _evaluate(db, deployed, draws_taken)
    if len(db.eval_cache) > 50_000:
        db.eval_cache.clear()
    db.eval_cache[cache_key] = result
    return result


def _evaluate(db: CardDB, deployed: tuple[Slot, ...], draws_taken: int) -> Result:
    keys = [k for k, _ in deployed]
    cards = [db.cards[k] for k in keys]
    n = len(keys)
    base = sum(c.defn.credits for c in cards)
    unlocked = n >= 2  # AB-5: two or more deployed cards of any kind, Starters included
    cmp = [is_cmp(db, keys, i) for i in range(n)]
    fixed: list[Line] = []
    discard_to_deck = 0
    wa_costs: dict[int, int] | None = None

    # The cards' own effects need no partner and no architecture.
    for i, (card, (_, declined)) in enumerate(zip(cards, deployed, strict=True)):
        adopt = 0 if declined else card.adopt
        if card.draw or adopt:
            fixed.append(Line("effect", i, -1, (), draw=card.draw, adopt=adopt))
        discard_to_deck += card.discard_to_deck
        if card.wa_costs is not None:
            wa_costs = dict(card.wa_costs) if wa_costs is None else _cheaper(wa_costs, card.wa_costs)

    slots: list[tuple[int, int, list[tuple[int, ...]], int, int, int]] = []
    if unlocked:
        for i, card in enumerate(cards):
            for per in card.per:
                matches = tuple(j for j in range(n) if j != i and _matches(per.per, keys, cmp, j))
                if matches:
                    amount = per.amount * len(matches)
                    cr, dr = (amount, 0) if per.what == "credits" else (0, amount)
                    fixed.append(Line("per", i, per.index, matches, credits=cr, draw=dr))
        seen_stack: set[str] = set()
        for card in cards:
            if card.stack is None or card.key in seen_stack:
                continue
            seen_stack.add(card.key)
            copies = [j for j in range(n) if keys[j] == card.key]
            if len(copies) < 2:
                continue
            totals = card.stack.totals
            k = len(copies)
            total = totals[min(k, len(totals)) - 1] + max(0, k - len(totals)) * card.defn.credits
            bonus = total - k * card.defn.credits
            adopt = 1 if card.stack.adopt_at is not None and k >= card.stack.adopt_at else 0
            fixed.append(Line("stack", copies[0], -1, tuple(copies[1:]), credits=max(0, bonus), adopt=adopt))
        for i, card in enumerate(cards):
            for combo in card.combos:
                eligible = [
                    j
                    for j in range(n)
                    if j != i
                    and (
                        keys[j] in combo.partners
                        or (CMP in combo.partners and cmp[j])
                        or (BUILDER in combo.partners and cards[j].is_builder)
                    )
                ]
                if len(eligible) < combo.count:
                    continue
                options = list(combinations(eligible, combo.count))
                slots.append((i, combo.index, options, combo.credits, combo.draw, combo.adopt))

    fixed_draw = sum(x.draw for x in fixed)
    need = max(0, draws_taken - fixed_draw)
    chosen = _best_pairing(slots, deployed, need)
    lines = list(fixed)
    for s, pick in zip(slots, chosen, strict=True):
        if pick is not None:
            owner, eff, _, cr, dr, ad = s
            lines.append(Line("with", owner, eff, pick, credits=cr, draw=dr, adopt=ad))
    lines.sort(key=lambda x: (x.owner, x.effect, x.kind))
    return Result(
        unlocked=unlocked,
        base_credits=base,
        lines=tuple(lines),
        credits=base + sum(x.credits for x in lines),
        draw=sum(x.draw for x in lines),
        adopt=sum(x.adopt for x in lines),
        discard_to_deck=discard_to_deck,
        wa_costs=wa_costs,
    )


def _cheaper(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    return {p: min(a.get(p, c), c) for p, c in b.items()} | {p: c for p, c in a.items() if p not in b}


def _matches(per: str, keys: list[str], cmp: list[bool], j: int) -> bool:
    if per == OTHER:
        return True
    if per == CMP:
        return cmp[j]
    return keys[j] == per


def _best_pairing(
    slots: list[tuple[int, int, list[tuple[int, ...]], int, int, int]],
    deployed: tuple[Slot, ...],
    need_draws: int,
) -> list[tuple[int, ...] | None]:
    """Branch and bound over the combo slots: each slot takes one of its partner choices whose cards are
    still free, or nothing. Maximises credits, then draws, then adoptions, keeping draws >= need_draws.
    At each step, free choices that differ only by identical cards (same key and flag) give the same
    result, so only the first of them is tried: big architectures stay fast."""
    if not slots:
        return []
    n = len(deployed)
    order = sorted(range(len(slots)), key=lambda s: -_weight(*slots[s][3:]))
    weights = [_weight(*slots[s][3:]) for s in order]
    draws = [slots[s][4] for s in order]
    rest_w = [0] * (len(order) + 1)
    rest_d = [0] * (len(order) + 1)
    for k in range(len(order) - 1, -1, -1):
        rest_w[k] = rest_w[k + 1] + weights[k]
        rest_d[k] = rest_d[k + 1] + draws[k]
    best_w = -1
    best: list[tuple[int, ...] | None] = [None] * len(slots)
    current: list[tuple[int, ...] | None] = [None] * len(slots)
    used = [False] * n

    def dfs(k: int, w: int, d: int) -> None:
        nonlocal best_w, best
        if w + rest_w[k] <= best_w or d + rest_d[k] < need_draws:
            return
        if k == len(order):
            best_w = w
            best = list(current)
            return
        s = order[k]
        tried: set[tuple[Slot, ...]] = set()
        for pick in slots[s][2]:
            if any(used[j] for j in pick):
                continue
            sig = tuple(deployed[j] for j in pick)
            if sig in tried:
                continue
            tried.add(sig)
            for j in pick:
                used[j] = True
            current[s] = pick
            dfs(k + 1, w + weights[k], d + draws[k])
            current[s] = None
            for j in pick:
                used[j] = False
        dfs(k + 1, w, d)

    dfs(0, 0, 0)
    return best
