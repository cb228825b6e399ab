"""Fitting and drawing text in Japanese and English: the largest size that fits a box, a block laid out in
it, and lines drawn run by run so a symbol the primary face lacks (``✗``, ``⟲``) comes from the fallback face
in the same line with fake bold applied consistently. Measuring and wrapping (the line-break rules) are
:mod:`renderers.common.wrapping`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from .cache import bounded_cache
from .fonts import DeckFont, font, font_chain, runs
from .wrapping import (
    DEFAULT_LINE_SPACING,
    all_units,
    block_height,
    ellipsize,
    line_height,
    text_width,
    truncate_lines,
    wrap_text,
)

__all__ = [
    "Align",
    "Box",
    "Colour",
    "TextBlock",
    "VAlign",
    "draw_line",
    "draw_text",
    "fit_text",
    "layout_text",
]

Box = tuple[int, int, int, int]
"""(left, top, right, bottom) in pixels, right/bottom exclusive like Pillow's boxes."""
Colour = tuple[int, int, int] | tuple[int, int, int, int]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]


def fit_text(
    text: str,
    width: int,
    height: int,
    max_size: int,
    min_size: int = 14,
    *,
    bold: bool = False,
    spacing: float = DEFAULT_LINE_SPACING,
    wrap: bool = True,
    max_lines: int | None = None,
    balance: bool = False,
    phrases: bool = False,
) -> tuple[int, list[str]]:
    """The largest font size in ``[min_size, max_size]`` at which ``text`` fits ``width`` x ``height``.

    Returns ``(size, lines)``. If even ``min_size`` does not fit, the size is ``min_size`` and the lines are
    cut to what fits, the last one ending in "…"; so the result always fits unless a single line of
    ``min_size`` text is taller than ``height``. ``wrap=False`` keeps the text on one line.
    """
    size, lines = _fit(
        text, width, height, max_size, min_size, bold, spacing, wrap, max_lines, balance, phrases
    )
    return size, list(lines)


@bounded_cache(maxsize=4096)
def _fit(
    text: str,
    width: int,
    height: int,
    max_size: int,
    min_size: int,
    bold: bool,
    spacing: float,
    wrap: bool,
    max_lines: int | None,
    balance: bool,
    phrases: bool,
) -> tuple[int, tuple[str, ...]]:
    if min_size > max_size:
        raise ValueError(f"min_size {min_size} > max_size {max_size}")

    def lines_at(size: int) -> list[str]:
        if not wrap:
            return text.split("\n")
        return wrap_text(text, width, size, bold=bold, balance=balance, phrases=phrases)

    # With phrases, a phrase or word wider than the line would be broken inside: shrink rather than that.
    units = [unit for unit in all_units(text, phrases) if not unit.isspace()] if phrases and wrap else []

    def fits(size: int) -> tuple[bool, list[str]]:
        if any(text_width(unit, size, bold=bold) > width for unit in units):
            return False, []
        lines = lines_at(size)
        if max_lines is not None and len(lines) > max_lines:
            return False, lines
        if block_height(size, len(lines), spacing) > height:
            return False, lines
        return all(text_width(line, size, bold=bold) <= width for line in lines), lines

    # Fitting is monotonic in practice (bigger glyphs never wrap into fewer lines), so bisect.
    low, high = min_size, max_size
    best: tuple[int, list[str]] | None = None
    while low <= high:
        mid = (low + high) // 2
        ok, lines = fits(mid)
        if ok:
            best = (mid, lines)
            low = mid + 1
        else:
            high = mid - 1
    if best is not None:
        return best[0], tuple(best[1])

    lines = lines_at(min_size)
    room = 1
    while block_height(min_size, room + 1, spacing) <= height:
        room += 1
    if max_lines is not None:
        room = min(room, max_lines)
    lines = [ellipsize(line, width, min_size, bold=bold) for line in lines]
    return min_size, tuple(truncate_lines(lines, room, width, min_size, bold))


@dataclass(frozen=True)
class TextBlock:
    """Where text was (or would be) drawn: the font size, the lines and the box they occupy."""

    size: int
    lines: tuple[str, ...]
    box: Box


def layout_text(
    box: Box,
    text: str,
    *,
    size: int | None = None,
    max_size: int | None = None,
    min_size: int = 14,
    bold: bool = False,
    align: Align = "left",
    valign: VAlign = "top",
    spacing: float = DEFAULT_LINE_SPACING,
    wrap: bool = True,
    max_lines: int | None = None,
    balance: bool = False,
    phrases: bool = False,
) -> tuple[TextBlock, list[tuple[int, int]]]:
    """Compute what :func:`draw_text` would draw: the block and each line's baseline-left origin."""
    block, origins = _layout(
        box, text, size, max_size, min_size, bold, align, valign, spacing, wrap, max_lines, balance, phrases
    )
    return block, list(origins)


@bounded_cache(maxsize=4096)
def _layout(
    box: Box,
    text: str,
    size: int | None,
    max_size: int | None,
    min_size: int,
    bold: bool,
    align: Align,
    valign: VAlign,
    spacing: float,
    wrap: bool,
    max_lines: int | None,
    balance: bool,
    phrases: bool,
) -> tuple[TextBlock, tuple[tuple[int, int], ...]]:
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    if size is None:
        ceiling = max(min_size, max_size if max_size is not None else height)
        size, lines = fit_text(
            text,
            width,
            height,
            ceiling,
            min_size,
            bold=bold,
            spacing=spacing,
            wrap=wrap,
            max_lines=max_lines,
            balance=balance,
            phrases=phrases,
        )
    else:
        lines = (
            wrap_text(text, width, size, bold=bold, balance=balance, phrases=phrases)
            if wrap
            else text.split("\n")
        )
        room = max_lines if max_lines is not None else len(lines)
        while room > 1 and block_height(size, room, spacing) > height:
            room -= 1
        lines = truncate_lines(
            [ellipsize(line, width, size, bold=bold) for line in lines], room, width, size, bold
        )

    block_h = block_height(size, len(lines), spacing)
    if valign == "middle":
        y = top + (height - block_h) // 2
    elif valign == "bottom":
        y = bottom - block_h
    else:
        y = top
    ascent = font(size).getmetrics()[0]
    origins: list[tuple[int, int]] = []
    widths = [text_width(line, size, bold=bold) for line in lines]
    for i, line_w in enumerate(widths):
        if align == "center":
            x = left + (width - line_w) // 2
        elif align == "right":
            x = right - line_w
        else:
            x = left
        origins.append((x, y + ascent + i * line_height(size, spacing)))
    used_left = min((x for x, _ in origins), default=left)
    used_right = max((x + w for (x, _), w in zip(origins, widths, strict=True)), default=left)
    return TextBlock(size, tuple(lines), (used_left, y, used_right, y + block_h)), tuple(origins)


def draw_line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    fill: Colour,
    bold: bool = False,
    shadow: Colour | None = None,
) -> int:
    """Draw one line with its left end at ``xy[0]`` and baseline at ``xy[1]``; returns the advance width."""
    x, baseline = xy
    start = x
    for part, part_font in runs(text, size, bold=bold):
        _draw_run(draw, (x, baseline), part, part_font, fill, shadow)
        x += _advance(part, part_font.face_index, size, bold)
    return round(x - start)


@bounded_cache(maxsize=8192)
def _advance(part: str, face_index: int, size: int, bold: bool) -> float:
    return font_chain(size, bold=bold)[face_index].getlength(part)


def _draw_run(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    part: str,
    part_font: DeckFont,
    fill: Colour,
    shadow: Colour | None,
) -> None:
    # The stroke is outset from the glyph, so shift by it to keep the ink inside the measured width.
    x, y = xy[0] + part_font.stroke, xy[1]
    mask, left, top = _run_mask(part, part_font.face_index, round(part_font.size), part_font.bold)
    if shadow is not None:
        offset = max(1, round(part_font.size / 16))
        draw.bitmap((round(x + left), round(y + offset + top)), mask, fill=shadow)
    draw.bitmap((round(x + left), round(y + top)), mask, fill=fill)


@bounded_cache(maxsize=4096)
def _run_mask(part: str, face_index: int, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """The coverage mask of one run as FreeType renders it (fake bold included), with its offset from the
    run's origin on the baseline. Rendering glyphs is most of the cost of drawing text and pictures repeat
    their labels, names and numbers, so the masks are kept (bounded LRU) and only painted each time, by the
    same call Pillow's own ``text`` ends in."""
    run_font = font_chain(size, bold=bold)[face_index]
    box = run_font.getbbox(part, anchor="ls", stroke_width=run_font.stroke)
    left, top = math.floor(box[0]), math.floor(box[1])
    mask = Image.new("L", (max(1, math.ceil(box[2]) - left), max(1, math.ceil(box[3]) - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top),
        part,
        font=run_font,
        fill=255,
        anchor="ls",
        stroke_width=run_font.stroke,
        stroke_fill=255,
    )
    return mask, left, top


def draw_text(
    target: Image.Image | ImageDraw.ImageDraw,
    box: Box,
    text: str,
    *,
    size: int | None = None,
    max_size: int | None = None,
    min_size: int = 14,
    fill: Colour = (255, 255, 255),
    bold: bool = False,
    align: Align = "left",
    valign: VAlign = "top",
    spacing: float = DEFAULT_LINE_SPACING,
    wrap: bool = True,
    max_lines: int | None = None,
    balance: bool = False,
    phrases: bool = False,
    shadow: Colour | None = None,
) -> TextBlock:
    """Draw ``text`` inside ``box`` and return where it went.

    With ``size`` the text is wrapped at that size and cut with "…" if it overflows the box. Without it the
    largest size between ``min_size`` and ``max_size`` (default: the box height) that fits is chosen.
    ``shadow`` adds a 1-2 px drop shadow, useful for light text on the felt.
    """
    draw = ImageDraw.Draw(target) if isinstance(target, Image.Image) else target
    block, origins = layout_text(
        box,
        text,
        size=size,
        max_size=max_size,
        min_size=min_size,
        bold=bold,
        align=align,
        valign=valign,
        spacing=spacing,
        wrap=wrap,
        max_lines=max_lines,
        balance=balance,
        phrases=phrases,
    )
    for line, origin in zip(block.lines, origins, strict=True):
        draw_line(draw, origin, line, block.size, fill=fill, bold=bold, shadow=shadow)
    return block
