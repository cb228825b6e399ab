"""Canvases and PNG encoding.

Canvases are RGBA so primitives can composite soft shadows and glows; :func:`to_png` flattens to RGB (an
opaque picture is smaller) and guarantees Discord-friendly output of at most :data:`MAX_PNG_BYTES`.

Anti-aliasing: rather than drawing the whole picture at 2x and downsampling (4x the pixels, and text gets
softer), the primitives supersample only the shapes' masks (see ``primitives``), and text is already
anti-aliased by FreeType. :func:`supersampled` is still here for a renderer that draws many raw
``ImageDraw`` shapes of its own.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from PIL import Image

from .palette import PALETTE, RGB, mix

__all__ = ["MAX_PNG_BYTES", "new_canvas", "supersampled", "to_png"]

MAX_PNG_BYTES = 1024 * 1024


@lru_cache(maxsize=16)
def _vignette_mask(width: int, height: int) -> Image.Image:
    # radial_gradient is 0 at the centre and 255 at the rim of its 256 px square; stretch it to the canvas
    # and keep the darkening to the outer part so the middle of the table stays flat (and compresses well).
    gradient = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    return gradient.point(lambda v: 0 if v < 110 else min(255, int((v - 110) * 1.4)))


def new_canvas(
    width: int,
    height: int,
    background: RGB = PALETTE.felt,
    *,
    vignette: bool = True,
) -> Image.Image:
    """An opaque RGBA canvas filled with ``background``; ``vignette`` darkens the edges like a lit table."""
    if width <= 0 or height <= 0:
        raise ValueError(f"canvas size must be positive, got {width}x{height}")
    img = Image.new("RGBA", (width, height), (*background[:3], 255))
    if vignette:
        edge = Image.new("RGBA", (width, height), (*mix(background, PALETTE.shadow, 0.45), 255))
        img.paste(edge, (0, 0), _vignette_mask(width, height))
    return img


def _encode(img: Image.Image) -> bytes:
    buffer = io.BytesIO()
    # compress_level 6 is ~3x faster than optimize=True and within a few percent of its size on flat art.
    img.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def to_png(img: Image.Image, *, max_bytes: int = MAX_PNG_BYTES) -> bytes:
    """Encode ``img`` as PNG bytes no larger than ``max_bytes``.

    Tries, in order: full-colour RGB; a 256-colour palette (flat card art survives this almost unchanged);
    then the palette image scaled down step by step until it fits.
    """
    rgb = img
    if img.mode == "RGBA":
        rgb = Image.new("RGB", img.size, PALETTE.felt)
        rgb.paste(img, (0, 0), img)
    elif img.mode != "RGB":
        rgb = img.convert("RGB")

    data = _encode(rgb)
    if len(data) <= max_bytes:
        return data

    quantised = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    data = _encode(quantised)
    scaled = rgb
    while len(data) > max_bytes:
        ratio = max(0.5, min(0.95, (max_bytes / len(data)) ** 0.5 * 0.95))
        width, height = max(1, int(scaled.width * ratio)), max(1, int(scaled.height * ratio))
        if (width, height) == scaled.size:
            raise ValueError("cannot shrink the image under the PNG size limit")
        scaled = scaled.resize((width, height), Image.Resampling.LANCZOS)
        data = _encode(
            scaled.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        )
    return data


@contextmanager
def supersampled(img: Image.Image, box: tuple[int, int, int, int], factor: int = 2) -> Iterator[Image.Image]:
    """Draw into a ``factor``-times larger copy of ``box`` and paste it back, downsampled, on exit.

    Coordinates inside the block are relative to the box and multiplied by ``factor`` by the caller.
    """
    left, top, right, bottom = box
    region = img.crop(box).resize(
        ((right - left) * factor, (bottom - top) * factor), Image.Resampling.NEAREST
    )
    yield region
    img.paste(region.resize((right - left, bottom - top), Image.Resampling.LANCZOS), (left, top))
