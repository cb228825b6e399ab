"""Anti-aliased shapes: rounded rectangles, ellipses, soft shadows, glows and blank card-like tiles.

All functions draw onto an RGBA canvas from :func:`renderers.common.canvas.new_canvas` (RGB works too:
layers are then pasted through their alpha instead of alpha-composited).
"""

from __future__ import annotations

from PIL import Image, ImageChops

from .cache import bounded_cache
from .compositing import XY, box_size, ellipse_mask, fill_mask, rounded_mask, soft_mask
from .palette import PALETTE
from .text import Box, Colour

__all__ = ["drop_shadow", "ellipse", "glow", "rounded_card", "rounded_rect"]


def rounded_rect(
    img: Image.Image,
    box: Box,
    radius: int,
    *,
    fill: Colour | None = None,
    outline: Colour | None = None,
    width: int = 1,
) -> None:
    """An anti-aliased rounded rectangle; the outline is drawn inside ``box``."""
    w, h = box_size(box)
    if w <= 0 or h <= 0:
        return
    outer = rounded_mask(w, h, radius)
    if outline is not None and width > 0:
        inner_w, inner_h = w - 2 * width, h - 2 * width
        if inner_w <= 0 or inner_h <= 0:
            fill_mask(img, (box[0], box[1]), outer, outline)
            return
        inner = rounded_mask(inner_w, inner_h, max(0, radius - width))
        if fill is None:
            hole = Image.new("L", (w, h), 0)
            hole.paste(inner, (width, width))
            fill_mask(img, (box[0], box[1]), ImageChops.subtract(outer, hole), outline)
        else:
            _fill_rounded(img, (box[0], box[1]), outer, radius, outline)
            _fill_rounded(img, (box[0] + width, box[1] + width), inner, max(0, radius - width), fill)
    elif fill is not None:
        _fill_rounded(img, (box[0], box[1]), outer, radius, fill)


def _fill_rounded(img: Image.Image, xy: XY, mask: Image.Image, radius: int, colour: Colour) -> None:
    """Paint a rounded rectangle's ``mask`` in an opaque ``colour``: only the four corners are blended
    through the mask; the rest, where the mask is solid, is a plain fill (a large panel costs a fraction of
    blending it whole). A translucent colour is blended everywhere."""
    w, h = mask.size
    corner = min(max(0, radius) + 1, w // 2, h // 2)
    translucent = len(colour) == 4 and colour[3] < 255
    if translucent or corner <= 0 or w * h < _LARGE or img.mode not in ("RGB", "RGBA"):
        fill_mask(img, xy, mask, colour)  # small shapes: one blend costs less than five steps
        return
    x, y = xy
    solid = (*colour[:3], 255)[: len(img.mode)]
    img.paste(solid, (x + corner, y, x + w - corner, y + h))
    img.paste(solid, (x, y + corner, x + corner, y + h - corner))
    img.paste(solid, (x + w - corner, y + corner, x + w, y + h - corner))
    for (cx, cy), piece in zip(_corner_spots(w, h, corner), _corners(w, h, radius, corner), strict=True):
        fill_mask(img, (x + cx, y + cy), piece, colour)


_LARGE = 16_000  # px: from this area up a rounded rectangle is filled plain and blended at its corners only


def _corner_spots(w: int, h: int, corner: int) -> tuple[XY, ...]:
    return ((0, 0), (w - corner, 0), (0, h - corner), (w - corner, h - corner))


@bounded_cache(maxsize=256)
def _corners(w: int, h: int, radius: int, corner: int) -> tuple[Image.Image, ...]:
    mask = rounded_mask(w, h, radius)
    return tuple(mask.crop((cx, cy, cx + corner, cy + corner)) for cx, cy in _corner_spots(w, h, corner))


def ellipse(
    img: Image.Image, box: Box, *, fill: Colour | None = None, outline: Colour | None = None, width: int = 1
) -> None:
    """An anti-aliased ellipse (a circle when ``box`` is square)."""
    w, h = box_size(box)
    if w <= 0 or h <= 0:
        return
    outer = ellipse_mask(w, h)
    if outline is not None and width > 0 and w > 2 * width and h > 2 * width:
        fill_mask(img, (box[0], box[1]), outer, outline)
        if fill is not None:
            fill_mask(img, (box[0] + width, box[1] + width), ellipse_mask(w - 2 * width, h - 2 * width), fill)
        else:
            hole = Image.new("L", (w, h), 0)
            hole.paste(ellipse_mask(w - 2 * width, h - 2 * width), (width, width))
            fill_mask(img, (box[0], box[1]), ImageChops.subtract(outer, hole), outline)
    else:
        solid = fill if fill is not None else outline
        if solid is not None:
            fill_mask(img, (box[0], box[1]), outer, solid)


def drop_shadow(
    img: Image.Image,
    box: Box,
    radius: int,
    *,
    offset: XY = (0, 4),
    blur: float = 6.0,
    opacity: int = 110,
    colour: Colour = PALETTE.shadow,
) -> None:
    """A soft shadow under a rounded rectangle at ``box``; draw it before the shape itself."""
    w, h = box_size(box)
    mask, pad = soft_mask(w, h, radius, 0, blur, opacity)
    fill_mask(img, (box[0] - pad + offset[0], box[1] - pad + offset[1]), mask, colour[:3])


def glow(
    img: Image.Image,
    box: Box,
    radius: int,
    *,
    colour: Colour = PALETTE.highlight,
    spread: int = 4,
    blur: float = 6.0,
    opacity: int = 230,
) -> None:
    """A coloured halo around a rounded rectangle at ``box`` (for "whose turn" / "selected")."""
    w, h = box_size(box)
    mask, pad = soft_mask(w, h, radius, spread, blur, opacity)
    fill_mask(img, (box[0] - pad, box[1] - pad), mask, colour[:3])


def rounded_card(
    img: Image.Image,
    box: Box,
    *,
    face: Colour = PALETTE.card_face,
    border: Colour = PALETTE.card_border,
    shadow: bool = True,
    radius: int | None = None,
    border_width: int | None = None,
) -> None:
    """A blank card (or any card-like tile): rounded corners scaled to its width, thin border, soft shadow."""
    w, _h = box_size(box)
    radius = radius if radius is not None else max(4, round(w * 0.08))
    border_width = border_width if border_width is not None else max(1, round(w / 70))
    if shadow:
        drop_shadow(img, box, radius, offset=(0, max(2, w // 40)), blur=max(3.0, w / 24))
    rounded_rect(img, box, radius, fill=face, outline=border, width=border_width)
