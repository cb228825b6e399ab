"""The architecture picture's kit: the AWS console's colours (as the AWS Builder Cards mat uses them), a
dashed outline for what was never built, and text measured before it is drawn."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from renderers.common import Box, Colour, wrap_text
from renderers.common.wrapping import DEFAULT_LINE_SPACING, block_height

RGB = tuple[int, int, int]
INK: RGB = (35, 47, 62)  # AWS "squid ink": the ground, as on the AWS Builder Cards mat
BOX: RGB = (48, 63, 82)  # inside a category box: a shade lighter than the ground
FACE: RGB = (252, 251, 248)  # a service card's face
ORANGE: RGB = (255, 153, 0)  # AWS orange: titles, counts, missions
GREEN: RGB = (46, 160, 100)  # a combo made
DIM: RGB = (150, 164, 180)  # what was never made: readable on the ground (contrast 5.3), plainly quieter

#: One step of painting, queued while the picture is laid out.
Paint = Callable[[Image.Image], object]


def hex_rgb(colour: str) -> RGB:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def lines_of(text: str, width: int, size: int, *, bold: bool = False) -> list[str]:
    """``text`` wrapped to ``width`` px (Japanese at phrase boundaries), as it will be drawn."""
    return wrap_text(text, width, size, bold=bold, phrases=True)


def text_h(lines: int, size: int) -> int:
    """The height ``lines`` lines of ``size`` px take, with the kit's line spacing."""
    return block_height(size, lines, DEFAULT_LINE_SPACING)


def dashed_rect(
    img: Image.Image, box: Box, colour: Colour, *, width: int = 2, dash: int = 8, gap: int = 5
) -> None:
    """A rectangle drawn in dashes (square corners): the outline of something held but never built."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    for a, b, fixed, horizontal in ((x0, x1, y0, True), (x0, x1, y1 - width + 1, True)):
        _dashes(draw, a, b, fixed, horizontal, colour, width, dash, gap)
    for a, b, fixed, horizontal in ((y0, y1, x0, False), (y0, y1, x1 - width + 1, False)):
        _dashes(draw, a, b, fixed, horizontal, colour, width, dash, gap)


def _dashes(
    draw: ImageDraw.ImageDraw,
    start: int,
    end: int,
    fixed: int,
    horizontal: bool,
    colour: Colour,
    width: int,
    dash: int,
    gap: int,
) -> None:
    at = start
    while at < end:
        stop = min(end, at + dash)
        if horizontal:
            draw.rectangle((at, fixed, stop - 1, fixed + width - 1), fill=colour)
        else:
            draw.rectangle((fixed, at, fixed + width - 1, stop - 1), fill=colour)
        at = stop + gap
