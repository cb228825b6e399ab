from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core import Rng


def test_same_seed_same_sequence() -> None:
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    assert Rng.from_seed(43).next_u64() != Rng.from_seed(42).next_u64()


def test_state_is_one_integer_and_resumes_exactly() -> None:
    r = Rng.from_seed(1)
    r.next_u64()
    resumed = Rng(r.state)
    assert [r.below(100) for _ in range(10)] == [resumed.below(100) for _ in range(10)]
    assert 0 <= r.state < 2**64


@given(st.integers(0, 2**64 - 1), st.integers(1, 1000))
def test_below_stays_in_range(seed: int, n: int) -> None:
    r = Rng.from_seed(seed)
    assert all(0 <= r.below(n) < n for _ in range(20))


def test_below_is_roughly_uniform() -> None:
    r = Rng.from_seed(9)
    counts = Counter(r.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < c < 11_000 for c in counts.values())


def test_shuffle_is_a_permutation_and_varies() -> None:
    r = Rng.from_seed(5)
    items = list(range(20))
    seen = set()
    for _ in range(20):
        copy = list(items)
        r.shuffle(copy)
        assert sorted(copy) == items
        seen.add(tuple(copy))
    assert len(seen) == 20


def test_below_rejects_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(0).below(0)


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 60))
def test_shuffle_matches_fisher_yates_over_below(seed: int, size: int) -> None:
    """``shuffle`` inlines the generator for speed; it must draw exactly what ``below`` would, so every
    stored game replays the same."""
    fast, plain = Rng(seed), Rng(seed)
    items = list(range(size))
    expected = list(items)
    fast.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = plain.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert fast.state == plain.state
