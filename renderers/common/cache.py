"""Bounded caches for what pictures redraw again and again: masks, sprites, tiles, text layouts, canvases.

Every cache here is an LRU with a maximum size, so a long-running bot's memory stays bounded however many
different cards, languages and sizes it draws. They are registered by name so a benchmark can report them and
a test can start from cold caches (:func:`clear_caches`).

A cached image is shared: callers composite it or ``copy()`` it, never draw on it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple, ParamSpec, TypeVar

__all__ = ["CacheStats", "bounded_cache", "cache_stats", "clear_caches"]

P = ParamSpec("P")
R = TypeVar("R")

_REGISTRY: dict[str, Any] = {}


class CacheStats(NamedTuple):
    hits: int
    misses: int
    size: int
    maxsize: int


def bounded_cache(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``functools.lru_cache(maxsize)`` that registers the function for :func:`clear_caches` and
    :func:`cache_stats` (arguments must be hashable, as for ``lru_cache``)."""
    if maxsize <= 0:
        raise ValueError("a bounded cache needs a positive maxsize")

    def wrap(func: Callable[P, R]) -> Callable[P, R]:
        cached = lru_cache(maxsize=maxsize)(func)
        _REGISTRY[f"{func.__module__}.{func.__qualname__}"] = cached
        return cached  # type: ignore[return-value]

    return wrap


def clear_caches() -> None:
    """Empty every registered cache (tests measuring a cold start; memory pressure)."""
    for cached in _REGISTRY.values():
        cached.cache_clear()


def cache_stats() -> dict[str, CacheStats]:
    """Hits, misses, current and maximum size of every registered cache, by function name."""
    out: dict[str, CacheStats] = {}
    for name, cached in sorted(_REGISTRY.items()):
        info = cached.cache_info()
        out[name] = CacheStats(info.hits, info.misses, info.currsize, info.maxsize)
    return out
