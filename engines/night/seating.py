"""Seating a night's members at tables.

GN-7: tables as even as the game's player counts allow, larger tables preferred where two splits are equally
even; AI seats fill a table only where the host allowed it. The rule page is silent where the members cannot
all be seated without AI seats and AI fill is off (7 members of a 2-player game, 5 of a 3–4 game): we seat as
many as the counts allow and the rest wait for the next set (``waiting``), seated first then, because a night
that refuses to start over one member is worse than a short wait. With AI fill on nobody waits.

GN-8: reseating for the next set minimises the pairs of members who already shared a table that night; among
equal seatings, a random one, seeded by the night. Finding the true minimum is a partition problem; nights
are small (a few dozen members), so a seeded local search (random starts, then best member swaps until none
helps) finds it or comes within a pair of it, and is deterministic for a seed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from engines.core.rng import Rng

Pair = frozenset[str]

#: Random starting seatings the local search tries; more finds fewer repeats on larger nights, slower.
RESTARTS = 24


@dataclass(frozen=True)
class TablePlan:
    """The shape of a set's tables: seats per table, AI seats per table, members left waiting (GN-7)."""

    sizes: tuple[int, ...]
    ai_seats: tuple[int, ...]
    waiting: int

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s - a for s, a in zip(self.sizes, self.ai_seats, strict=True))


@dataclass(frozen=True)
class Seating:
    """Members per table (in seat order) and who waits for the next set."""

    tables: tuple[tuple[str, ...], ...]
    waiting: tuple[str, ...] = ()
    repeats: int = 0
    ai_seats: tuple[int, ...] = field(default=())


def _even_split(total: int, tables: int) -> tuple[int, ...]:
    base, extra = divmod(total, tables)
    return tuple([base + 1] * extra + [base] * (tables - extra))


def plan_tables(members: int, min_players: int, max_players: int, *, ai_fill: bool) -> TablePlan | None:
    """GN-7. ``None`` when nobody can be seated (fewer members than the smallest table, AI fill off).

    Chosen in this order: fewest members waiting, fewest AI seats, most even tables (largest minus smallest),
    then fewest tables (so larger tables): 11 of a 3–4 game is 4 + 4 + 3, 5 of a 3–5 game is 5, 12 of a
    3–5 game is 4 + 4 + 4 rather than 3 + 3 + 3 + 3.
    """
    if members <= 0 or min_players > max_players:
        return None
    best: tuple[tuple[int, int, int, int], TablePlan] | None = None
    max_ai = max_players - 1 if ai_fill else 0
    for waiting in range(members):
        seated = members - waiting
        for ai in range(max_ai + 1):
            total = seated + ai
            for count in range(1, total // min_players + 1):
                sizes = _even_split(total, count)
                if sizes[-1] < min_players or sizes[0] > max_players:
                    continue
                ai_seats = _spread_ai(sizes, ai)
                if ai_seats is None:
                    continue
                key = (waiting, ai, sizes[0] - sizes[-1], count)
                if best is None or key < best[0]:
                    best = (key, TablePlan(sizes, ai_seats, waiting))
        if best is not None:
            return best[1]
    return None


def _spread_ai(sizes: tuple[int, ...], ai: int) -> tuple[int, ...] | None:
    """AI seats go to the smallest tables first, one round at a time, and every table keeps a member."""
    seats = [0] * len(sizes)
    order = sorted(range(len(sizes)), key=lambda i: (sizes[i], -i))
    left = ai
    while left:
        placed = False
        for i in order:
            if left and seats[i] + 1 < sizes[i]:
                seats[i] += 1
                left -= 1
                placed = True
        if not placed:
            return None
    return tuple(seats)


def pairs_of(tables: Iterable[Sequence[str]]) -> Counter[Pair]:
    """Every pair of members who share a table, counted once per table they share."""
    return Counter(frozenset(p) for table in tables for p in combinations(table, 2))


def repeated_pairs(tables: Iterable[Sequence[str]], met: Mapping[Pair, int]) -> int:
    """How many pairs at these tables already met this night (GN-8's measure)."""
    return sum(1 for pair in pairs_of(tables) if met.get(pair, 0) > 0)


def reseat(
    members: Sequence[str],
    plan: TablePlan,
    met: Mapping[Pair, int],
    seed: int,
    *,
    waiting_first: Sequence[str] = (),
) -> Seating:
    """GN-8: seat ``members`` at the tables of ``plan`` with the fewest pairs that already met (``met``,
    from :func:`pairs_of` over earlier sets). ``waiting_first`` (those who waited last set) are seated before
    anyone waits again. The same members, plan, history and seed give the same seating."""
    rng = Rng.from_seed(seed)
    humans = plan.humans
    seated_count = sum(humans)
    priority = [m for m in waiting_first if m in members]
    rest = [m for m in members if m not in priority]
    rng.shuffle(rest)
    order = priority + rest
    seated, waiting = order[:seated_count], tuple(order[seated_count:])
    best: tuple[int, int, list[list[str]]] | None = None
    for _ in range(max(1, RESTARTS)):
        pool = list(seated)
        rng.shuffle(pool)
        tables = _cut(pool, humans)
        repeats = _improve(tables, met)
        tie = rng.next_u64()
        if best is None or (repeats, tie) < (best[0], best[1]):
            best = (repeats, tie, tables)
    assert best is not None
    return Seating(
        tables=tuple(tuple(t) for t in best[2]),
        waiting=waiting,
        repeats=best[0],
        ai_seats=plan.ai_seats,
    )


def _cut(pool: list[str], humans: Sequence[int]) -> list[list[str]]:
    tables, start = [], 0
    for n in humans:
        tables.append(pool[start : start + n])
        start += n
    return tables


def _cost_of(member: str, table: Sequence[str], met: Mapping[Pair, int]) -> int:
    return sum(1 for other in table if other != member and met.get(frozenset((member, other)), 0) > 0)


def _improve(tables: list[list[str]], met: Mapping[Pair, int]) -> int:
    """Swap members between tables while a swap lowers the repeated pairs; returns the repeats left."""
    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(tables)), 2):
            for i, x in enumerate(tables[a]):
                for j, y in enumerate(tables[b]):
                    before = _cost_of(x, tables[a], met) + _cost_of(y, tables[b], met)
                    rest_a = [m for m in tables[a] if m != x]
                    rest_b = [m for m in tables[b] if m != y]
                    after = _cost_of(y, rest_a, met) + _cost_of(x, rest_b, met)
                    if after < before:
                        tables[a][i], tables[b][j] = y, x
                        x = y
                        improved = True
    return repeated_pairs(tables, met)
