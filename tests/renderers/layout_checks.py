"""Checks on a finished picture's layout: where something is drawn and how much of it is empty background.

"Empty" means the picture equals the bare canvas it was drawn on (same size, same background): the felt with
its vignette, or a flat ground.
"""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from renderers.common import RGB, new_canvas


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def drawn_mask(img: Image.Image, background: RGB | None = None, *, tolerance: int = 10) -> Image.Image:
    """An "L" mask, 255 where ``img`` differs from its bare canvas (``background`` None: the felt)."""
    w, h = img.size
    bare = new_canvas(w, h) if background is None else new_canvas(w, h, background, vignette=False)
    diff = ImageChops.difference(img.convert("RGB"), bare.convert("RGB")).convert("L")
    return diff.point(lambda v: 255 if v > tolerance else 0)


def empty_bands(img: Image.Image, background: RGB | None = None) -> list[tuple[int, int]]:
    """Runs of rows (top, bottom) on which nothing is drawn, top to bottom."""
    mask = drawn_mask(img, background)
    bands: list[tuple[int, int]] = []
    start: int | None = None
    for y in range(mask.height):
        empty = mask.crop((0, y, mask.width, y + 1)).getbbox() is None
        if empty and start is None:
            start = y
        elif not empty and start is not None:
            bands.append((start, y))
            start = None
    if start is not None:
        bands.append((start, mask.height))
    return bands


def largest_empty_band(img: Image.Image, background: RGB | None = None) -> int:
    return max((b - a for a, b in empty_bands(img, background)), default=0)


def empty_bottom(img: Image.Image, background: RGB | None = None) -> int:
    """Rows of nothing at the bottom of the picture."""
    bands = empty_bands(img, background)
    return bands[-1][1] - bands[-1][0] if bands and bands[-1][1] == img.height else 0
