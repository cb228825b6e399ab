"""Anti-aliased masks and compositing, the ground every shape is drawn on.

Pillow draws shapes without anti-aliasing, so every shape is drawn as a mask at 4x, downsampled and
composited in its colour: edges stay smooth at 1x without rendering the whole picture at 2x. Masks are cached
(bounded LRU) because a picture repeats the same few sizes many times.

Coordinates are pixels at 1x; boxes are ``(left, top, right, bottom)`` with right/bottom exclusive.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from .cache import bounded_cache
from .text import Box, Colour

__all__ = [
    "SUPERSAMPLE",
    "XY",
    "box_size",
    "composite",
    "ellipse_mask",
    "fill_mask",
    "rounded_mask",
    "soft_mask",
]

XY = tuple[int, int]

SUPERSAMPLE = 4
"""Supersampling factor of the shape masks."""


def box_size(box: Box) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


@bounded_cache(maxsize=512)
def rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """An "L" mask of a rounded rectangle filling ``width`` x ``height``; shared, never modify it."""
    ss = SUPERSAMPLE
    big = Image.new("L", (width * ss, height * ss), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * ss - 1, height * ss - 1), radius=max(0, radius) * ss, fill=255
    )
    return big.resize((width, height), Image.Resampling.BOX)


@bounded_cache(maxsize=128)
def ellipse_mask(width: int, height: int) -> Image.Image:
    """An "L" mask of the ellipse inscribed in ``width`` x ``height``; shared, never modify it."""
    ss = SUPERSAMPLE
    big = Image.new("L", (width * ss, height * ss), 0)
    ImageDraw.Draw(big).ellipse((0, 0, width * ss - 1, height * ss - 1), fill=255)
    return big.resize((width, height), Image.Resampling.BOX)


@bounded_cache(maxsize=256)
def soft_mask(
    width: int, height: int, radius: int, spread: int, blur: float, opacity: int = 255
) -> tuple[Image.Image, int]:
    """A blurred rounded-rect mask grown by ``spread`` and scaled to ``opacity``; returns it with the
    padding around the shape. (Scaling here, once, spares every shadow a pass over its mask.)"""
    pad = spread + int(blur * 3) + 1
    mask = Image.new("L", (width + 2 * pad, height + 2 * pad), 0)
    shape = rounded_mask(width + 2 * spread, height + 2 * spread, radius + spread)
    mask.paste(shape, (pad - spread, pad - spread))
    mask = mask.filter(ImageFilter.GaussianBlur(blur))
    if opacity < 255:
        mask = mask.point(lambda v: v * opacity // 255)
    return mask, pad


def composite(img: Image.Image, layer: Image.Image, xy: XY) -> None:
    """``img.alpha_composite`` that tolerates layers hanging over any edge of ``img`` (and RGB images)."""
    x, y = xy
    if img.mode != "RGBA":
        img.paste(layer, xy, layer)  # paste clips at the edges by itself
        return
    if x >= img.width or y >= img.height or x + layer.width <= 0 or y + layer.height <= 0:
        return
    if x < 0 or y < 0:
        layer = layer.crop((max(0, -x), max(0, -y), layer.width, layer.height))
        x, y = max(0, x), max(0, y)
    if x + layer.width > img.width or y + layer.height > img.height:
        layer = layer.crop((0, 0, min(layer.width, img.width - x), min(layer.height, img.height - y)))
    img.alpha_composite(layer, (x, y))


def fill_mask(img: Image.Image, xy: XY, mask: Image.Image, colour: Colour) -> None:
    """Paint ``colour`` (its alpha, if any, multiplies the mask) through ``mask`` placed at ``xy``."""
    alpha = colour[3] if len(colour) == 4 else 255
    if alpha < 255:
        mask = mask.point(lambda v: v * alpha // 255)
    if img.mode == "RGBA":
        layer = Image.new("RGBA", mask.size, (colour[0], colour[1], colour[2], 0))
        layer.putalpha(mask)
        composite(img, layer, xy)
    else:
        img.paste(colour[:3], (xy[0], xy[1], xy[0] + mask.width, xy[1] + mask.height), mask)
