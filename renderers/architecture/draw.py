"""One player's architecture after an AWS game, drawn like an AWS architecture diagram: the services they
built with in category boxes (the category's colour on the box and its name on the box's tab, as AWS
diagrams group resources), then the combos made (ticked), the missions solved and mission architectures
built (starred), and the combos whose parts they held but never made (dashed and dimmed).

Phone first, like the night standings: :data:`WIDTH` px wide, so a phone (about 400 px) shows it at 0.71x,
and the smallest text, :data:`MIN_TEXT_PX` (16 px), reads at 11.4 px there. Lists longer than
:data:`ROWS_SHOWN` end in "… and n more": the message's text lists every one of them.

Laid out first (every box's height is known before anything is painted), then painted on a canvas exactly
that tall.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Literal

from PIL import Image, ImageDraw

from engines.deckbuilding.lessons import Combo, Group
from i18n import Scope, t
from renderers.architecture.model import Sheet
from renderers.architecture.parts import (
    BOX,
    DIM,
    FACE,
    GREEN,
    INK,
    ORANGE,
    Paint,
    dashed_rect,
    hex_rgb,
    lines_of,
    text_h,
)
from renderers.common import (
    PALETTE,
    Box,
    Colour,
    badge,
    badge_size,
    contrast_text,
    draw_text,
    ellipsize,
    encode,
    mix,
    new_canvas,
    rounded_rect,
    text_width,
)

WIDTH = 560
MARGIN = 14
MIN_TEXT_PX: dict[str, int] = {"architecture": 16}
"""The smallest text the picture draws (service names, combo lines, the count badges)."""
TITLE_PX = 24
SUBTITLE_PX = 17
HEAD_PX = 18
TEXT_PX = 16
COL_GAP = 10
PAD = 8
CHIP_GAP = 6
STRIP = 10
#: A chip's name starts this far from its left edge (past the colour strip) and ends this far from its
#: right edge, or from the count badge: the layout wraps the names to exactly that room.
NAME_LEFT = STRIP + 10
NAME_RIGHT = 8
ROW_GAP = 6
MARK_W = 30
ROWS_SHOWN = 10
"""Rows per list at most (combos, missions): past them a "… and n more" line."""
MISSED_SHOWN = 8
"""Rows of combos never made at most: they come last and are the quieter part of the picture."""
PARTNERS_SHOWN = 3
"""A combo names at most this many partner kinds (CloudWatch counts every other card)."""

w = Scope("picture.architecture")


def short(name: str) -> str:
    """ "Amazon S3" -> "S3" where several names share a line (the card names of both AWS games)."""
    for prefix in ("Amazon ", "AWS "):
        if name.startswith(prefix) and len(name) > len(prefix):
            return name[len(prefix) :]
    return name


def combo_text(sheet: Sheet, combo: Combo, lang: str) -> str:
    """ "Lambda + SQS / SNS": the combo's card and the partner kinds that served (made) or could have."""
    card = short(sheet.name(combo.card, lang))
    if not combo.partners:  # a condition that names no card (AD: no on-premises card revealed)
        return t(lang, f"{sheet.words}.picture.arch_alone", card=card)
    shown = w(lang, "or").join(short(sheet.name(p, lang)) for p in combo.partners[:PARTNERS_SHOWN])
    if len(combo.partners) > PARTNERS_SHOWN:
        shown = w(lang, "and_more", partners=shown, n=len(combo.partners) - PARTNERS_SHOWN)
    return f"{card} + {shown}"


# -------------------------------------------------------------------------------------- category boxes
@dataclass(frozen=True)
class _Box:
    group: Group
    width: int
    tab: list[str]
    chips: list[tuple[list[str], str, int]]  # name lines, count label, chip height

    @property
    def height(self) -> int:
        return self.tab_h + PAD + sum(h + CHIP_GAP for _, _, h in self.chips) - CHIP_GAP + PAD

    @property
    def tab_h(self) -> int:
        return text_h(len(self.tab), TEXT_PX) + 12


def _box(sheet: Sheet, group: Group, width: int, lang: str) -> _Box:
    tab = lines_of(group.name.get(lang), width - 2 * PAD, TEXT_PX, bold=True)
    chips: list[tuple[list[str], str, int]] = []
    for built in group.cards:
        count = w(lang, "times", n=built.count) if built.count > 1 else ""
        badge_w = badge_size(count, size=TEXT_PX)[0] + NAME_RIGHT if count else 0
        room = width - 2 * PAD - NAME_LEFT - NAME_RIGHT - badge_w
        lines = lines_of(sheet.name(built.card, lang), room, TEXT_PX, bold=True)
        chips.append((lines, count, max(36, text_h(len(lines), TEXT_PX) + 14)))
    return _Box(group, width, tab, chips)


def _paint_box(img: Image.Image, box: _Box, colour_hex: str | None, x: int, y: int) -> None:
    colour = hex_rgb(colour_hex) if colour_hex else PALETTE.neutral
    x1, y1 = x + box.width, y + box.height
    rounded_rect(img, (x, y, x1, y1), 10, fill=BOX, outline=colour, width=2)
    rounded_rect(img, (x, y, x1, y + box.tab_h), 10, fill=colour)
    ImageDraw.Draw(img).rectangle((x, y + box.tab_h - 10, x1, y + box.tab_h), fill=colour)
    ink = contrast_text(colour)
    draw_text(
        img, (x + PAD, y + 6, x1 - PAD, y + box.tab_h), "\n".join(box.tab), size=TEXT_PX, fill=ink, bold=True
    )
    cy = y + box.tab_h + PAD
    for lines, count, h in box.chips:
        chip = (x + PAD, cy, x1 - PAD, cy + h)
        rounded_rect(img, chip, 8, fill=FACE, outline=mix(colour, (0, 0, 0), 0.2), width=2)
        rounded_rect(img, (chip[0] + 2, cy + 2, chip[0] + 2 + STRIP, cy + h - 2), 4, fill=colour)
        right = chip[2] - NAME_RIGHT
        if count:
            bw, bh = badge_size(count, size=TEXT_PX)
            badge(img, (right - bw, cy + (h - bh) // 2), count, colour=ORANGE, text_colour=INK, size=TEXT_PX)
            right -= bw + NAME_RIGHT
        draw_text(
            img,
            (chip[0] + NAME_LEFT, cy, right, cy + h),
            "\n".join(lines),
            size=TEXT_PX,
            fill=PALETTE.text_dark,
            bold=True,
            valign="middle",
        )
        cy += h + CHIP_GAP


def _boxes(sheet: Sheet, lang: str, top: int, paint: list[Paint]) -> int:
    """The category boxes in two columns, each box going to the shorter one (one box: the full width)."""
    groups = sheet.arch.groups
    columns = 1 if len(groups) == 1 else 2
    col_w = (WIDTH - 2 * MARGIN - (columns - 1) * COL_GAP) // columns
    heights = [top] * columns
    for group in groups:
        box = _box(sheet, group, col_w, lang)
        col = heights.index(min(heights))
        x, y = MARGIN + col * (col_w + COL_GAP), heights[col]
        paint.append(partial(_paint_box, box=box, colour_hex=sheet.colours.get(group.category), x=x, y=y))
        heights[col] += box.height + COL_GAP
    return max(heights) - COL_GAP if groups else top


# ------------------------------------------------------------------------------------------------ lists
def _words(
    paint: list[Paint], box: Box, text: str, size: int, fill: Colour, *, bold: bool = False, wrap: bool = True
) -> None:
    paint.append(partial(draw_text, box=box, text=text, size=size, fill=fill, bold=bold, wrap=wrap))


Style = Literal["made", "mission", "pattern", "missed"]
#: The mark before a line of each list (a combo never made gets a dashed empty box instead).
MARKS: dict[Style, str] = {"made": "✓", "mission": "★", "pattern": "☆"}
#: Each list's look: the row's fill (None: the ground shows), its outline and the words' colour.
LOOKS: dict[Style, tuple[Colour | None, Colour, Colour]] = {
    "made": (FACE, GREEN, PALETTE.text_dark),
    "mission": (FACE, ORANGE, PALETTE.text_dark),
    "pattern": (BOX, ORANGE, PALETTE.text_light),
    "missed": (None, DIM, DIM),
}


def _row(text: str, times: str, style: Style, top: int, paint: list[Paint]) -> int:
    """One line of a list: a mark, the words (wrapped) and a count badge; returns the y below it."""
    room = WIDTH - 2 * MARGIN - MARK_W - 16 - (badge_size(times, size=TEXT_PX)[0] + 8 if times else 0)
    lines = lines_of(text, room, TEXT_PX, bold=style != "missed")
    h = max(36, text_h(len(lines), TEXT_PX) + 14)
    paint.append(
        partial(_paint_row, box=(MARGIN, top, WIDTH - MARGIN, top + h), lines=lines, times=times, style=style)
    )
    return top + h + ROW_GAP


def _paint_row(img: Image.Image, box: Box, lines: list[str], times: str, style: Style) -> None:
    left, top, right, bottom = box
    mid = (top + bottom) // 2
    fill, outline, ink = LOOKS[style]
    if fill is None:
        dashed_rect(img, box, outline, width=2)
        dashed_rect(img, (left + 9, mid - 9, left + 27, mid + 9), outline, width=2, dash=4, gap=3)
    else:
        rounded_rect(img, box, 8, fill=fill, outline=outline, width=2)
        mark = (left + 4, top, left + MARK_W + 2, bottom)
        draw_text(
            img,
            mark,
            MARKS[style],
            size=20,
            fill=outline,
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )
    text_right = right - 8
    if times:
        bw, bh = badge_size(times, size=TEXT_PX)
        badge(
            img,
            (text_right - bw, mid - bh // 2),
            times,
            colour=GREEN,
            text_colour=contrast_text(GREEN),
            size=TEXT_PX,
        )
        text_right -= bw + 8
    words = "\n".join(lines)
    text_box = (left + MARK_W + 8, top, text_right, bottom)
    draw_text(img, text_box, words, size=TEXT_PX, fill=ink, bold=style != "missed", valign="middle")


def _section(
    title: str, rows: Sequence[tuple[str, str]], style: Style, lang: str, top: int, paint: list[Paint]
) -> int:
    """A heading, then its rows (at most :data:`ROWS_SHOWN` or :data:`MISSED_SHOWN`, then "… and n more")."""
    colour = DIM if style == "missed" else ORANGE
    y = top + 10
    _words(paint, (MARGIN, y, WIDTH - MARGIN, y + 400), title, HEAD_PX, colour, bold=True)
    y += text_h(len(lines_of(title, WIDTH - 2 * MARGIN, HEAD_PX, bold=True)), HEAD_PX) + 8
    shown = MISSED_SHOWN if style == "missed" else ROWS_SHOWN
    for text, times in rows[:shown]:
        y = _row(text, times, style, y, paint)
    if len(rows) > shown:
        more = w(lang, "more", n=len(rows) - shown)
        _words(paint, (MARGIN + 8, y, WIDTH - MARGIN, y + 30), more, TEXT_PX, DIM)
        y += text_h(1, TEXT_PX) + ROW_GAP
    return y


def _note(text: str, top: int, paint: list[Paint]) -> int:
    lines = lines_of(text, WIDTH - 2 * MARGIN - 16, TEXT_PX)
    _words(paint, (MARGIN + 8, top + 6, WIDTH - MARGIN, top + 400), "\n".join(lines), TEXT_PX, DIM)
    return top + text_h(len(lines), TEXT_PX) + 12


# ------------------------------------------------------------------------------------------------ whole
def _title(player: str, lang: str) -> str:
    """The title with the player's name shortened to fit, so "'s architecture" always shows."""
    room = WIDTH - 2 * MARGIN - text_width(w(lang, "title", player=""), TITLE_PX, bold=True)
    return w(lang, "title", player=ellipsize(player, room, TITLE_PX, bold=True))


def _layout(sheet: Sheet, lang: str) -> tuple[int, list[Paint]]:
    arch = sheet.arch
    paint: list[Paint] = []
    title = _title(sheet.player, lang)
    _words(paint, (MARGIN, 12, WIDTH - MARGIN, 12 + 40), title, TITLE_PX, ORANGE, bold=True, wrap=False)
    y = 12 + text_h(1, TITLE_PX) + 4
    basis = w(lang, f"basis_{arch.basis}", game=sheet.game.get(lang))
    sub = lines_of(basis, WIDTH - 2 * MARGIN, SUBTITLE_PX)
    _words(paint, (MARGIN, y, WIDTH - MARGIN, y + 200), "\n".join(sub), SUBTITLE_PX, PALETTE.text_light)
    y += text_h(len(sub), SUBTITLE_PX) + 12
    y = _boxes(sheet, lang, y, paint) if arch.groups else _note(w(lang, f"none_{arch.basis}"), y, paint)
    made = [
        (combo_text(sheet, c, lang), w(lang, "times", n=c.times) if c.times > 1 else "") for c in arch.combos
    ]
    y = _section(w(lang, "combos"), made, "made", lang, y + 6, paint)
    if not made:
        y = _note(w(lang, "combos_none"), y, paint)
    lists: tuple[tuple[str, Sequence[str], Style], ...] = (
        ("missions", arch.missions, "mission"),
        ("patterns", arch.patterns, "pattern"),
    )
    for key, ids, style in lists:
        if ids:
            y = _section(w(lang, key), [(sheet.name(m, lang), "") for m in ids], style, lang, y + 4, paint)
    if arch.missed:
        missed = [(combo_text(sheet, c, lang), "") for c in arch.missed]
        y = _section(w(lang, "missed"), missed, "missed", lang, y + 4, paint)
    return y + 8, paint


def draw_architecture(sheet: Sheet, lang: str) -> Image.Image:
    height, paint = _layout(sheet, lang)
    img = new_canvas(WIDTH, height, background=INK, mode="RGB", vignette=False)
    for step in paint:
        step(img)
    return img


def render_architecture(sheet: Sheet, lang: str) -> bytes:
    """The picture as PNG bytes (CPU work: the bot draws it in its picture queue, off the event loop)."""
    return encode(draw_architecture(sheet, lang))
