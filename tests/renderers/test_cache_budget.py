"""Caches of large images keep to a budget in megabytes: the least recently used go first, an image larger
than the budget is drawn and not kept, the figures add up; the sprite caches of the games have one."""

from __future__ import annotations

import importlib

from PIL import Image

from renderers.common import cache_stats, clear_caches
from renderers.common.cache import bounded_cache, nbytes

MB = 2**20


def _square(side: int, calls: list[int]) -> Image.Image:
    calls.append(side)
    return Image.new("RGBA", (side, side))


def test_the_oldest_images_go_when_the_budget_is_passed() -> None:
    calls: list[int] = []

    @bounded_cache(maxsize=100, max_mb=1)
    def square(side: int) -> Image.Image:
        return _square(side, calls)

    square(256)  # 256 KiB
    square(257)
    square(258)
    square(256)  # a hit: 256 is now the most recently used
    assert calls == [256, 257, 258]
    square(300)  # 351 KiB more: over 1 MiB, so 257 (least recently used) goes
    stats = cache_stats()[f"{__name__}.{square.__qualname__}"]
    assert stats.size == 3 and stats.nbytes <= stats.max_bytes == MB
    assert stats.nbytes == sum(s * s * 4 for s in (256, 258, 300))
    square(256)
    square(257)
    assert calls == [256, 257, 258, 300, 257], "256 stayed, 257 was drawn again"
    assert stats.hits == 1


def test_the_entry_bound_still_holds() -> None:
    calls: list[int] = []

    @bounded_cache(maxsize=2, max_mb=100)
    def square(side: int) -> Image.Image:
        return _square(side, calls)

    for side in (1, 2, 3, 1):
        square(side)
    assert calls == [1, 2, 3, 1]


def test_an_image_larger_than_the_budget_is_drawn_each_time_and_not_kept() -> None:
    calls: list[int] = []

    @bounded_cache(maxsize=10, max_mb=1)
    def square(side: int) -> Image.Image:
        return _square(side, calls)

    assert square(600).size == (600, 600)
    square(600)
    assert calls == [600, 600]
    assert cache_stats()[f"{__name__}.{square.__qualname__}"].size == 0


def test_keyword_arguments_and_clearing() -> None:
    calls: list[int] = []

    @bounded_cache(maxsize=10, max_mb=1)
    def square(side: int, *, dim: bool = False) -> Image.Image:
        return _square(side, calls)

    square(10, dim=True)
    square(10, dim=True)
    square(10)
    assert calls == [10, 10]
    clear_caches()
    stats = cache_stats()[f"{__name__}.{square.__qualname__}"]
    assert stats.size == 0 and stats.nbytes == 0


def test_nbytes_counts_pixels_of_images_in_tuples() -> None:
    pair = (Image.new("L", (10, 10)), Image.new("RGB", (2, 3)))
    assert nbytes(pair) == 100 + 18
    assert nbytes("not an image") == 0


def test_the_large_sprite_caches_have_a_budget() -> None:
    names = (
        "renderers.project_chaos.hand._card_sprite",
        "renderers.aws_builder_cards.card._card_sprite",
        "renderers.common.playing_cards._card_sprite",
        "renderers.common.canvas._vignetted_canvas",
    )
    for name in names:
        importlib.import_module(name.rsplit(".", 1)[0])
    budgets = {name: s.max_bytes for name, s in cache_stats().items() if s.max_bytes}
    for name in names:
        assert 0 < budgets.get(name, 0) <= 16 * MB, name
