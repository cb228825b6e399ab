"""Badges, avatars and seat panels: how a player and their state appear in every game's picture."""

from __future__ import annotations

from PIL import Image, ImageDraw

from .compositing import XY, box_size
from .fonts import font_chain
from .palette import PALETTE, contrast_text, mix
from .robot import robot_mark
from .shapes import drop_shadow, ellipse, glow, rounded_rect
from .text import Box, Colour, draw_line, draw_text
from .wrapping import ellipsize, text_width

__all__ = ["avatar", "badge", "badge_size", "initials_of", "seat_panel", "seat_row"]


def badge_size(text: str, *, size: int = 16) -> tuple[int, int]:
    """Width and height :func:`badge` will take for ``text``, to lay out a row before drawing it."""
    height = round(size * 1.75)
    width = text_width(text, size, bold=True) + 2 * round(size * 0.7)
    return max(width, height), height


def badge(
    img: Image.Image,
    xy: XY,
    text: str,
    *,
    colour: Colour,
    text_colour: Colour | None = None,
    size: int = 16,
) -> Box:
    """A pill with ``text``, top-left at ``xy``; returns its box so the next badge can follow it."""
    width, height = badge_size(text, size=size)
    box = (xy[0], xy[1], xy[0] + width, xy[1] + height)
    rounded_rect(img, box, height // 2, fill=colour)
    ink = text_colour if text_colour is not None else contrast_text(colour)
    ascent, descent = font_chain(size)[0].getmetrics()
    text_w = text_width(text, size, bold=True)
    baseline = box[1] + (height + ascent - descent) / 2
    draw_line(ImageDraw.Draw(img), (box[0] + (width - text_w) / 2, baseline), text, size, fill=ink, bold=True)
    return box


def initials_of(name: str) -> str:
    """What an avatar shows: "Alice Smith" -> "AS", "bob" -> "B", "たろう" -> "た"."""
    words = [word for word in name.replace("_", " ").replace(".", " ").split() if word]
    if not words:
        return "?"
    first = words[0][0]
    if not first.isascii():
        return first
    if len(words) == 1:
        return first.upper()
    return (first + words[1][0]).upper()


def avatar(
    img: Image.Image, xy: XY, diameter: int, initials: str, colour: Colour, *, robot: bool = False
) -> Box:
    """A coloured disc with initials, top-left at ``xy``; returns its box. ``robot`` (a seat the computer
    plays) pins the robot mark to its lower right, over the rim, like a status dot."""
    box = (xy[0], xy[1], xy[0] + diameter, xy[1] + diameter)
    ring = max(2, diameter // 22)
    ellipse(img, box, fill=colour, outline=mix(colour, PALETTE.shadow, 0.35), width=ring)
    inner = round(diameter * 0.18)
    draw_text(
        img,
        (box[0] + inner, box[1] + inner, box[2] - inner, box[3] - inner),
        initials,
        max_size=round(diameter * 0.44),
        min_size=8,
        fill=contrast_text(colour),
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
    if robot:
        mark = max(16, round(diameter * 0.5))
        robot_mark(img, (box[2] - mark + mark // 5, box[3] - mark + mark // 5), mark)
    return box


def seat_panel(
    img: Image.Image,
    box: Box,
    *,
    name: str,
    colour: Colour,
    lines: list[str],
    active: bool = False,
    mark: str | None = None,
    mark_colour: Colour = PALETTE.highlight,
    initials: str | None = None,
    robot: bool = False,
    name_size: int | None = None,
    line_size: int | None = None,
) -> None:
    """A player's panel: avatar in the seat colour, name, a few info lines and an optional ``mark`` badge.
    ``robot``: the seat is played by the computer (the avatar carries the robot mark). ``name_size`` and
    ``line_size`` override the sizes the panel's height suggests (a picture's floor for phones).

    ``active`` (whose turn) adds a gold glow and border. Lines that do not fit are dropped from the bottom and
    overlong ones end in "…", so callers can pass what they have without measuring.
    """
    left, top, right, bottom = box
    width, height = box_size(box)
    radius = min(16, height // 4)
    pad = max(8, min(14, height // 7))
    if active:
        glow(img, box, radius, spread=3, blur=7.0)
    else:
        drop_shadow(img, box, radius, offset=(0, 3), blur=5.0, opacity=90)
    rounded_rect(
        img,
        box,
        radius,
        fill=PALETTE.panel,
        outline=PALETTE.highlight if active else PALETTE.panel_edge,
        width=3 if active else 1,
    )
    # Seat colour as a bar on the left edge too, so the seat reads even where the avatar is small.
    bar_w = max(4, width // 60)
    rounded_rect(
        img,
        (
            left + 1 + (2 if active else 0),
            top + radius,
            left + 1 + bar_w + (2 if active else 0),
            bottom - radius,
        ),
        bar_w // 2,
        fill=colour,
    )

    diameter = max(28, min(60, height - 2 * pad, width // 4))
    avatar(img, (left + pad + bar_w, top + pad), diameter, initials or initials_of(name), colour, robot=robot)

    text_left = left + pad + bar_w + diameter + pad
    text_right = right - pad
    name_size = name_size or max(16, min(24, round(height * 0.2)))
    line_size = line_size or max(14, min(18, round(height * 0.15)))
    draw = ImageDraw.Draw(img)

    ascent = font_chain(name_size)[0].getmetrics()[0]
    name_baseline = top + pad + ascent
    if mark:
        mark_size = max(14, name_size - 4)
        mark_w, mark_h = badge_size(mark, size=mark_size)
        badge(
            img,
            (text_right - mark_w, name_baseline - ascent // 2 - mark_h // 2 - 1),
            mark,
            colour=mark_colour,
            size=mark_size,
        )
        text_right_name = text_right - mark_w - 6
    else:
        text_right_name = text_right
    shown = ellipsize(name, text_right_name - text_left, name_size, bold=True)
    draw_line(draw, (text_left, name_baseline), shown, name_size, fill=PALETTE.text_light, bold=True)

    line_gap = round(line_size * 1.3)
    baseline = name_baseline + round(name_size * 0.35) + line_gap
    descent = font_chain(line_size)[0].getmetrics()[1]
    for line in lines:
        if baseline + descent > bottom - pad // 2:
            break
        fitted = ellipsize(line, text_right - text_left, line_size)
        draw_line(draw, (text_left, baseline), fitted, line_size, fill=PALETTE.text_muted_light)
        baseline += line_gap


def seat_row(
    img: Image.Image,
    box: Box,
    *,
    name: str,
    colour: Colour,
    detail: str = "",
    mark: str | None = None,
    mark_colour: Colour = PALETTE.highlight,
    active: bool = False,
    robot: bool = False,
    name_size: int = 18,
    detail_size: int = 15,
    initials: str | None = None,
) -> None:
    """A player on one line, for a narrow (phone-width) picture: avatar, name, the robot mark after it for a
    seat the computer plays (``robot``), an optional ``mark`` badge, and ``detail`` (counts, points)
    right-aligned. ``active`` (whose turn) glows.

    The name gives way first: ``detail`` and the mark are short and always drawn whole, the name is cut
    with "…" to the room they leave (the bot's message names every player in full)."""
    left, top, right, bottom = box
    height = bottom - top
    radius = min(14, height // 3)
    if active:
        glow(img, box, radius, spread=3, blur=6.0)
    rounded_rect(
        img,
        box,
        radius,
        fill=PALETTE.panel,
        outline=PALETTE.highlight if active else PALETTE.panel_edge,
        width=3 if active else 1,
    )
    pad = max(6, height // 8)
    diameter = height - 2 * pad
    avatar(img, (left + pad + 2, top + pad), diameter, initials or initials_of(name), colour)
    draw = ImageDraw.Draw(img)
    x = left + 2 * pad + 2 + diameter
    text_right = right - pad - 4
    ascent, descent = font_chain(detail_size)[0].getmetrics()
    baseline = top + (height + ascent - descent) // 2
    if detail:
        detail_w = text_width(detail, detail_size)
        draw_line(draw, (text_right - detail_w, baseline), detail, detail_size, fill=PALETTE.text_light)
        text_right -= detail_w + pad
    mark_w = 0
    if mark:
        mark_size = max(detail_size - 2, name_size - 4)
        mark_w, mark_h = badge_size(mark, size=mark_size)
    robot_px = name_size + 5  # beside the name, where a glance at the row finds it (an avatar is small here)
    name_room = text_right - x - (mark_w + 6 if mark else 0) - (robot_px + 6 if robot else 0)
    shown = ellipsize(name, max(0, name_room), name_size, bold=True)
    n_ascent, n_descent = font_chain(name_size)[0].getmetrics()
    name_baseline = top + (height + n_ascent - n_descent) // 2
    name_w = draw_line(draw, (x, name_baseline), shown, name_size, fill=PALETTE.text_light, bold=True)
    after = x + name_w + 6
    if robot:
        robot_mark(img, (after, top + (height - robot_px) // 2), robot_px)
        after += robot_px + 6
    if mark:
        badge(img, (after, top + (height - mark_h) // 2), mark, colour=mark_colour, size=mark_size)
