from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.deckbuilding import CreditPool, NotEnoughCredits


def test_pay_spends_from_one_pool() -> None:
    pool = CreditPool(earned=8)
    pool.pay(3)
    pool.pay(5)
    assert pool.left == 0
    with pytest.raises(NotEnoughCredits):
        pool.pay(1)
    with pytest.raises(ValueError):
        pool.pay(-1)


@given(st.integers(0, 30), st.lists(st.integers(0, 10), max_size=10))
def test_credits_never_go_negative(earned: int, costs: list[int]) -> None:
    pool = CreditPool(earned=earned)
    for cost in costs:
        if pool.can_pay(cost):
            pool.pay(cost)
        else:
            with pytest.raises(NotEnoughCredits):
                pool.pay(cost)
        assert pool.left >= 0
