"""The ``/card`` picture: one card's face, large, under its name and over its rules text.

Phone first: :data:`SHEET_WIDTH` px wide, so Discord shows it near its own size on a phone, and every line of
text is set at a fixed size of at least the caller's floor (it wraps, it never shrinks): the picture grows
taller instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .canvas import new_canvas
from .compositing import composite
from .palette import PALETTE, RGB
from .text import Align, draw_line, layout_text

__all__ = ["SHEET_WIDTH", "Paragraph", "card_sheet"]

SHEET_WIDTH = 480
PAD = 24
GAP = 14


@dataclass(frozen=True)
class Paragraph:
    """A block of text under the face, wrapped to the sheet's width at ``size`` px."""

    text: str
    size: int
    colour: RGB = PALETTE.text_light
    bold: bool = False
    align: Align = "left"


def _layout(paragraph: Paragraph, top: int) -> tuple[list[str], list[tuple[int, int]], int]:
    block, origins = layout_text(
        (PAD, top, SHEET_WIDTH - PAD, top + 10_000),
        paragraph.text,
        size=paragraph.size,
        bold=paragraph.bold,
        align=paragraph.align,
        phrases=True,
    )
    return list(block.lines), origins, block.box[3]


def card_sheet(
    face: Image.Image,
    paragraphs: Sequence[Paragraph],
    *,
    background: RGB = PALETTE.felt,
    vignette: bool = True,
) -> Image.Image:
    """``face`` (an RGBA sprite, at most :data:`SHEET_WIDTH` - 2 * 24 px wide) centred under the first
    paragraph (the card's name), the other paragraphs below it. Empty paragraphs are skipped."""
    shown = [p for p in paragraphs if p.text]
    head, body = shown[:1], shown[1:]
    # Measure first: the canvas is exactly as tall as what it holds.
    y = PAD
    placed: list[tuple[Paragraph, list[str], list[tuple[int, int]]]] = []
    for paragraph in head:
        lines, origins, y = _layout(paragraph, y)
        placed.append((paragraph, lines, origins))
        y += GAP
    face_top = y
    y += face.height + GAP
    for paragraph in body:
        lines, origins, bottom = _layout(paragraph, y)
        placed.append((paragraph, lines, origins))
        y = bottom + GAP
    img = new_canvas(SHEET_WIDTH, y + PAD - GAP, background, vignette=vignette, mode="RGB")
    composite(img, face, ((SHEET_WIDTH - face.width) // 2, face_top))
    draw = ImageDraw.Draw(img)
    for paragraph, lines, origins in placed:
        for line, origin in zip(lines, origins, strict=True):
            draw_line(draw, origin, line, paragraph.size, fill=paragraph.colour, bold=paragraph.bold)
    return img
