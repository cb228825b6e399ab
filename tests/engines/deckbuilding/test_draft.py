from __future__ import annotations

import pytest

from engines.deckbuilding import snake_order


def test_snake_goes_forward_then_back() -> None:
    assert snake_order(["a", "b", "c"]) == ["a", "b", "c", "c", "b", "a"]
    assert snake_order(["a", "b"], rounds=3) == ["a", "b", "b", "a", "a", "b"]
    assert snake_order(["a", "b"], rounds=0) == []


def test_negative_rounds_are_refused() -> None:
    with pytest.raises(ValueError):
        snake_order(["a"], rounds=-1)
