"""The robot mark: a small robot head drawn beside the name or avatar of a seat the computer plays.

It is drawn with Pillow shapes rather than a glyph (no bundled face has 🤖), at 4x and downsampled, so it
reads as a robot at any size from about 14 px. Sprites are cached per size and colour (bounded LRU).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .cache import bounded_cache
from .compositing import XY, composite
from .palette import PALETTE, RGB, contrast_text

__all__ = ["ROBOT_INK", "robot_mark", "robot_sprite"]

ROBOT_INK: RGB = (196, 214, 228)
"""Default colour of the robot's head: a light steel that stands apart from every seat colour."""

_SS = 4


@bounded_cache(maxsize=64)
def robot_sprite(size: int, colour: RGB = ROBOT_INK, ring: RGB | None = PALETTE.panel) -> Image.Image:
    """An RGBA sprite ``size`` px square: a disc in ``ring`` (None: no disc) holding a robot head in
    ``colour`` with dark eyes, antenna and ears. Shared: never modify it."""
    s = size * _SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    if ring is not None:
        draw.ellipse((0, 0, s - 1, s - 1), fill=(*ring, 255), outline=(*colour, 255), width=max(_SS, s // 14))
        inner = s * 0.16
    else:
        inner = 0.0
    box = s - 2 * inner  # the head and its antenna fit this square

    def at(fx: float, fy: float) -> tuple[float, float]:
        return inner + fx * box, inner + fy * box

    ink = (*colour, 255)
    eye = (*contrast_text(colour), 255)
    # antenna: a stalk and a knob above the head
    draw.line((*at(0.5, 0.12), *at(0.5, 0.3)), fill=ink, width=max(_SS, round(box * 0.07)))
    knob = box * 0.08
    cx, cy = at(0.5, 0.1)
    draw.ellipse((cx - knob, cy - knob, cx + knob, cy + knob), fill=ink)
    # ears, then the head over them
    draw.rounded_rectangle((*at(0.02, 0.48), *at(0.98, 0.72)), radius=box * 0.05, fill=ink)
    draw.rounded_rectangle((*at(0.12, 0.28), *at(0.88, 0.95)), radius=box * 0.16, fill=ink)
    # eyes and mouth
    r = box * 0.085
    for fx in (0.34, 0.66):
        ex, ey = at(fx, 0.52)
        draw.ellipse((ex - r, ey - r, ex + r, ey + r), fill=eye)
    draw.rounded_rectangle((*at(0.32, 0.74), *at(0.68, 0.81)), radius=box * 0.03, fill=eye)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def robot_mark(
    img: Image.Image, xy: XY, size: int, *, colour: RGB = ROBOT_INK, ring: RGB | None = PALETTE.panel
) -> tuple[int, int, int, int]:
    """Draw the robot mark with its top-left corner at ``xy``; returns its box."""
    composite(img, robot_sprite(size, colour, ring), xy)
    return xy[0], xy[1], xy[0] + size, xy[1] + size
