"""Bounded caches for what pictures redraw again and again: masks, sprites, tiles, text layouts, canvases.

Every cache here is an LRU with a maximum number of entries, so a long-running bot's memory stays bounded
however many different cards, languages and sizes it draws; caches of large images also have a budget in
megabytes (``max_mb``), so the picture process's size does not depend on which pictures it happened to draw
(after 1,000 games its caches held about 250 MB, mostly sprites of a few hundred KB each). They are
registered by name so a benchmark can report them and a test can start from cold caches
(:func:`clear_caches`).

A cached image is shared: callers composite it or ``copy()`` it, never draw on it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache, update_wrapper
from typing import Any, NamedTuple, ParamSpec, TypeVar

from PIL import Image

__all__ = ["CacheStats", "bounded_cache", "cache_stats", "clear_caches", "nbytes"]

P = ParamSpec("P")
R = TypeVar("R")

_REGISTRY: dict[str, Any] = {}


class CacheStats(NamedTuple):
    hits: int
    misses: int
    size: int
    maxsize: int
    #: the pixels held, for caches with a budget in megabytes (0 for the others)
    nbytes: int = 0
    max_bytes: int = 0


def nbytes(value: object) -> int:
    """The pixel bytes an image holds (of a tuple or list: of its images); 0 for anything else."""
    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands())
    if isinstance(value, tuple | list):
        return sum(nbytes(v) for v in value)
    return 0


class _BudgetCache:
    """An LRU bounded by entries and by the bytes of the images it holds (see :func:`nbytes`); the
    least recently used go first when either bound is passed. A value larger than the whole budget is
    returned and not kept."""

    def __init__(self, func: Callable[..., Any], maxsize: int, max_bytes: int) -> None:
        self.func, self.maxsize, self.max_bytes = func, maxsize, max_bytes
        self.entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.held = self.hits = self.misses = 0
        self.lock = threading.Lock()  # pictures may be drawn in threads (DECKHAND_RENDER_WORKERS=0)
        update_wrapper(self, func)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        key: Hashable = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        with self.lock:
            found = self.entries.get(key)
            if found is not None:
                self.entries.move_to_end(key)
                self.hits += 1
                return found[0]
            self.misses += 1
        value = self.func(*args, **kwargs)
        size = nbytes(value)
        if size > self.max_bytes:
            return value
        with self.lock:
            if key not in self.entries:
                self.entries[key] = (value, size)
                self.held += size
                while len(self.entries) > self.maxsize or self.held > self.max_bytes:
                    _, (_, dropped) = self.entries.popitem(last=False)
                    self.held -= dropped
        return value

    def cache_clear(self) -> None:
        with self.lock:
            self.entries.clear()
            self.held = 0

    def stats(self) -> CacheStats:
        return CacheStats(self.hits, self.misses, len(self.entries), self.maxsize, self.held, self.max_bytes)


def bounded_cache(maxsize: int, *, max_mb: float | None = None) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``functools.lru_cache(maxsize)`` that registers the function for :func:`clear_caches` and
    :func:`cache_stats` (arguments must be hashable, as for ``lru_cache``); with ``max_mb``, also bounded
    by the megabytes of the images it holds."""
    if maxsize <= 0:
        raise ValueError("a bounded cache needs a positive maxsize")
    if max_mb is not None and max_mb <= 0:
        raise ValueError("a byte budget must be positive")

    def wrap(func: Callable[P, R]) -> Callable[P, R]:
        cached: Any = (
            lru_cache(maxsize=maxsize)(func)
            if max_mb is None
            else _BudgetCache(func, maxsize, int(max_mb * 2**20))
        )
        _REGISTRY[f"{func.__module__}.{func.__qualname__}"] = cached
        return cached  # type: ignore[no-any-return]

    return wrap


def clear_caches() -> None:
    """Empty every registered cache (tests measuring a cold start; memory pressure)."""
    for cached in _REGISTRY.values():
        cached.cache_clear()


def cache_stats() -> dict[str, CacheStats]:
    """Hits, misses, current and maximum size of every registered cache, by function name."""
    out: dict[str, CacheStats] = {}
    for name, cached in sorted(_REGISTRY.items()):
        if isinstance(cached, _BudgetCache):
            out[name] = cached.stats()
            continue
        info = cached.cache_info()
        out[name] = CacheStats(info.hits, info.misses, info.currsize, info.maxsize)
    return out
