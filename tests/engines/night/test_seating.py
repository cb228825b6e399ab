"""GN-7 (table sizes) and GN-8 (reseating with the fewest repeated pairs)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.night import TablePlan, plan_tables, repeated_pairs, reseat
from engines.night.seating import Pair, pairs_of


@pytest.mark.parametrize(
    ("members", "low", "high", "ai", "sizes", "ai_seats", "waiting"),
    [
        (11, 3, 4, False, (4, 4, 3), (0, 0, 0), 0),  # GN-7's own example
        (5, 3, 5, False, (5,), (0,), 0),  # GN-7's own example
        (12, 3, 5, False, (4, 4, 4), (0, 0, 0), 0),  # equally even: larger tables
        (2, 3, 4, True, (3,), (1,), 0),  # fewer than the smallest table: AI fills
        (7, 2, 2, True, (2, 2, 2, 2), (0, 0, 0, 1), 0),
        (7, 2, 2, False, (2, 2, 2), (0, 0, 0), 1),  # our decision: one waits for the next set
        (5, 3, 4, False, (4,), (0,), 1),
        (5, 3, 4, True, (3, 3), (0, 1), 0),
    ],
)
def test_gn_7_tables_are_as_even_as_the_counts_allow(
    members: int,
    low: int,
    high: int,
    ai: bool,
    sizes: tuple[int, ...],
    ai_seats: tuple[int, ...],
    waiting: int,
) -> None:
    assert plan_tables(members, low, high, ai_fill=ai) == TablePlan(sizes, ai_seats, waiting)


def test_gn_7_too_few_members_without_ai_fill_does_not_start() -> None:
    assert plan_tables(2, 3, 4, ai_fill=False) is None


@given(st.integers(1, 40), st.sampled_from([(2, 2), (2, 4), (3, 4), (3, 5), (2, 6)]), st.booleans())
def test_gn_7_every_member_is_seated_or_waits_and_tables_fit(
    members: int, counts: tuple[int, int], ai: bool
) -> None:
    low, high = counts
    plan = plan_tables(members, low, high, ai_fill=ai)
    if plan is None:
        assert not ai and members < low
        return
    assert sum(plan.humans) + plan.waiting == members
    assert all(low <= size <= high for size in plan.sizes)
    assert all(h >= 1 for h in plan.humans)
    assert max(plan.sizes) - min(plan.sizes) <= 1
    if ai:
        assert plan.waiting == 0


def _random_reseat(members: list[str], humans: tuple[int, ...], rng: random.Random) -> list[list[str]]:
    pool = members[:]
    rng.shuffle(pool)
    out, start = [], 0
    for n in humans:
        out.append(pool[start : start + n])
        start += n
    return out


@pytest.mark.parametrize("count", range(7, 24))
def test_gn_8_reseating_repeats_fewer_pairs_than_a_random_reseat(count: int) -> None:
    """Over many seeds, per night size 7–23 (the issue's range), for a 3–4 game."""
    members = [f"m{i}" for i in range(count)]
    plan = plan_tables(count, 3, 4, ai_fill=False)
    assert plan is not None
    ours, theirs = 0, 0
    for seed in range(20):
        rng = random.Random(seed)
        first = _random_reseat(members, plan.humans, rng)
        met: Counter[Pair] = pairs_of(first)
        seating = reseat(members, plan, met, seed)
        assert sorted(m for t in seating.tables for m in t) == sorted(members)
        assert seating.repeats == repeated_pairs(seating.tables, met)
        ours += seating.repeats
        theirs += repeated_pairs(_random_reseat(members, plan.humans, rng), met)
    assert ours < theirs


def test_gn_8_finds_the_least_repeats_possible() -> None:
    """12 members who met in three tables of 4 ({0..3}, {4..7}, {8..11}), reseated at three tables of 4:
    each new table takes 4 members from 3 old tables, so two of them met before (pigeonhole); the least
    possible is one repeated pair per table, 3 in all, and the search must find it."""
    members = [f"m{i}" for i in range(12)]
    plan = TablePlan((4, 4, 4), (0, 0, 0), 0)
    met = pairs_of([members[0:4], members[4:8], members[8:12]])
    seating = reseat(members, plan, met, seed=1)
    assert seating.repeats == 3


def test_gn_8_same_seed_same_seating_and_waiters_first() -> None:
    members = [f"m{i}" for i in range(9)]
    plan = TablePlan((4, 4), (0, 0), 1)
    met = pairs_of([members[0:4], members[4:8]])
    one = reseat(members, plan, met, seed=7, waiting_first=["m8"])
    two = reseat(members, plan, met, seed=7, waiting_first=["m8"])
    assert one == two
    assert "m8" not in one.waiting and len(one.waiting) == 1
