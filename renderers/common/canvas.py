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
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Literal

from PIL import Image

from .cache import bounded_cache
from .palette import PALETTE, RGB, mix

__all__ = [
    "IMAGE_FORMAT",
    "IMAGE_MIME",
    "IMAGE_SUFFIX",
    "MAX_IMAGE_BYTES",
    "MAX_PNG_BYTES",
    "encode",
    "new_canvas",
    "supersampled",
    "to_png",
]

MAX_PNG_BYTES = 1024 * 1024
MAX_IMAGE_BYTES = 300 * 1024
"""What a picture may weigh: well under Discord's limits, and quick to upload from a phone's connection."""

IMAGE_FORMAT = "PNG"
"""The format :func:`encode` writes (Pillow's name); the bot names the file with :data:`IMAGE_SUFFIX`."""
IMAGE_SUFFIX = ".png"
IMAGE_MIME = "image/png"
PNG_COMPRESS_LEVEL = 1


@bounded_cache(maxsize=12, max_mb=4)
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
    mode: Literal["RGBA", "RGB"] = "RGBA",
) -> Image.Image:
    """An opaque canvas filled with ``background``; ``vignette`` darkens the edges like a lit table.

    ``mode="RGB"`` is the faster choice for a picture that is opaque anyway: every primitive then blends its
    shapes and sprites straight into the canvas (Pillow's masked paste) instead of alpha-compositing a
    layer, and encoding needs no conversion. Draw sprites onto it with :func:`compositing.composite`, not
    ``Image.alpha_composite`` (which needs RGBA).

    A vignetted canvas is built once per size, background and mode (bounded LRU) and copied: a copy costs
    far less than vignetting a fresh one."""
    if width <= 0 or height <= 0:
        raise ValueError(f"canvas size must be positive, got {width}x{height}")
    if not vignette:
        # A flat canvas is one fill, as quick as copying a kept one; keeping one per size held hundreds
        # of MB in the picture process (tall canvases, every height a new entry).
        return Image.new(mode, (width, height), (*background[:3], 255)[: len(mode)])
    return _vignetted_canvas(width, height, tuple(background[:3]), mode).copy()


@bounded_cache(maxsize=12, max_mb=12)
def _vignetted_canvas(width: int, height: int, background: tuple[int, ...], mode: str) -> Image.Image:
    img = Image.new(mode, (width, height), (*background[:3], 255)[: len(mode)])
    edge = mix(background, PALETTE.shadow, 0.45)
    img.paste((*edge, 255)[: len(mode)], (0, 0, width, height), _vignette_mask(width, height))
    return img


def _opaque_rgb(img: Image.Image) -> Image.Image:
    """``img`` as RGB. Canvases are opaque, so dropping the alpha is exact; a picture with transparent
    parts is laid on the felt first."""
    if img.mode == "RGB":
        return img
    if img.mode == "RGBA":
        if img.getchannel("A").getextrema() == (255, 255):
            return img.convert("RGB")
        rgb = Image.new("RGB", img.size, PALETTE.felt)
        rgb.paste(img, (0, 0), img)
        return rgb
    return img.convert("RGB")


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def _flat_png(rgb: Image.Image) -> bytes:
    """A true-colour PNG whose rows carry no filter (type 0), deflated at :data:`PNG_COMPRESS_LEVEL`.

    Pillow always filters RGB rows adaptively (tries all five filters on every row): on our pictures, flat
    panels and text, that search alone costs more than the deflate and the file comes out larger (the AD
    table, 720x2055: 44 ms and 245 KB through Pillow, 16 ms and 201 KB here). Any PNG decoder reads it."""
    width, height = rgb.size
    raw = rgb.tobytes()
    stride = width * 3
    rows = b"".join(b"\x00" + raw[i : i + stride] for i in range(0, stride * height, stride))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, deflate, no interlace
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(rows, PNG_COMPRESS_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _save(img: Image.Image, fmt: str) -> bytes:
    if fmt == "PNG" and img.mode == "RGB":
        return _flat_png(img)
    buffer = io.BytesIO()
    if fmt == "WEBP":
        # Lossless, fastest method: flat card art compresses as well as with the slow methods.
        img.save(buffer, format="WEBP", lossless=True, method=0, quality=0)
    else:  # a palette picture: Pillow leaves its rows unfiltered already
        img.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def _shrink_to_fit(rgb: Image.Image, fmt: str, max_bytes: int) -> bytes:
    """Encode ``rgb``, falling back to a 256-colour palette and then to smaller scales until it fits."""
    data = _save(rgb, fmt)
    if len(data) <= max_bytes:
        return data
    quantised = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    data = _save(quantised if fmt == "PNG" else quantised.convert("RGB"), fmt)
    scaled = rgb
    while len(data) > max_bytes:
        ratio = max(0.5, min(0.95, (max_bytes / len(data)) ** 0.5 * 0.95))
        width, height = max(1, int(scaled.width * ratio)), max(1, int(scaled.height * ratio))
        if (width, height) == scaled.size:
            raise ValueError("cannot shrink the image under the size limit")
        scaled = scaled.resize((width, height), Image.Resampling.LANCZOS)
        small = scaled.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        data = _save(small if fmt == "PNG" else small.convert("RGB"), fmt)
    return data


def encode(img: Image.Image, *, max_bytes: int = MAX_IMAGE_BYTES) -> bytes:
    """The picture as bytes in :data:`IMAGE_FORMAT` (files named with :data:`IMAGE_SUFFIX`), at most
    ``max_bytes``: full colour; failing that a 256-colour palette; failing that scaled down step by step."""
    return _shrink_to_fit(_opaque_rgb(img), IMAGE_FORMAT, max_bytes)


def to_png(img: Image.Image, *, max_bytes: int = MAX_PNG_BYTES) -> bytes:
    """Encode ``img`` as PNG bytes no larger than ``max_bytes`` (whatever :data:`IMAGE_FORMAT` is).

    Tries, in order: full-colour RGB; a 256-colour palette (flat card art survives this almost unchanged);
    then the palette image scaled down step by step until it fits.
    """
    return _shrink_to_fit(_opaque_rgb(img), "PNG", max_bytes)


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
