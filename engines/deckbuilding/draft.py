"""Drafting order: a snake ("1 -> n, then n -> 1"), as in the first edition's "Welcome to the cloud"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def snake_order(seats: Sequence[T], rounds: int = 2) -> list[T]:
    """Pick order over ``rounds`` rounds: forward, then backward, then forward again ...
    ``snake_order(["a", "b", "c"])`` -> ``["a", "b", "c", "c", "b", "a"]``."""
    if rounds < 0:
        raise ValueError("rounds must not be negative")
    order: list[T] = []
    for r in range(rounds):
        order.extend(seats if r % 2 == 0 else reversed(seats))
    return order
