"""Project Chaos's card pictures: a card tile (category band, value disc, name and effect), an empty slot, and
the lane of cards the team has built, in two columns sized to the longest names."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engines.project_chaos.cards import Category
from engines.project_chaos.views import CardFace, PCView
from renderers.common import (
    PALETTE,
    badge,
    badge_size,
    draw_text,
    ellipse,
    mix,
    rounded_card,
    rounded_rect,
    wrap_text,
)

from .parts import (
    CATEGORY_COLOUR,
    INNER,
    PAD,
    TEXT_MIN,
    WIDTH,
    category_name,
    value_colour,
    value_kind,
    value_label,
)
from .words import t

# --- cards ------------------------------------------------------------------------------------------------


def category_band(img: Image.Image, box: tuple[int, int, int, int], cats: Sequence[Category]) -> None:
    left, top, right, bottom = box
    n = len(cats)
    width = (right - left) // n
    for i, cat in enumerate(cats):
        x0 = left + i * width
        x1 = right if i == n - 1 else x0 + width
        ImageDraw.Draw(img).rectangle((x0, top, x1, bottom), fill=CATEGORY_COLOUR[cat])


def value_disc(img: Image.Image, centre: tuple[int, int], radius: int, value: int) -> None:
    cx, cy = centre
    box = (cx - radius, cy - radius, cx + radius, cy + radius)
    colour = value_colour(value)
    ellipse(img, box, fill=colour, outline=mix(colour, PALETTE.shadow, 0.35), width=2)
    draw_text(
        img,
        box,
        value_label(value),
        max_size=round(radius * 1.05),
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        align="center",
        valign="middle",
        wrap=False,
    )


def card_tile(
    img: Image.Image, box: tuple[int, int, int, int], face: CardFace, lang: str, *, highlight: bool = False
) -> None:
    """A card in a workplace or a revealed card: category band, name, value as a resource/trouble disc."""
    left, top, right, bottom = box
    rounded_card(img, box, radius=10)
    if highlight:
        rounded_rect(img, box, 10, outline=PALETTE.highlight, width=3)
    # One colour stripe per category, each with its name: a two-category card reads both in full.
    stripe = 22
    y = top + 4
    for cat in face.categories:
        rounded_rect(img, (left + 4, y, right - 4, y + stripe), 5, fill=CATEGORY_COLOUR[cat])
        draw_text(
            img,
            (left + 8, y, right - 8, y + stripe),
            category_name(cat, lang),
            size=TEXT_MIN,
            bold=True,
            fill=PALETTE.text_dark,
            wrap=False,
            align="center",
            valign="middle",
        )
        y += stripe + 2
    radius = 19
    draw_text(
        img,
        (left + 8, y + 4, right - 8, bottom - 2 * radius - 14),
        face.name.get(lang),
        max_size=18,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_dark,
        max_lines=3,
        phrases=True,  # 本番サーバーが / 落ちる, not 落 / ちる
    )
    value_disc(img, (left + 10 + radius, bottom - 10 - radius), radius, face.value)
    draw_text(
        img,
        (left + 16 + 2 * radius, bottom - 10 - 2 * radius, right - 8, bottom - 10),
        value_kind(face.value, lang),
        size=TEXT_MIN,
        fill=value_colour(face.value),
        bold=True,
        valign="middle",
        wrap=False,
    )


def empty_slot(img: Image.Image, box: tuple[int, int, int, int], lang: str) -> None:
    rounded_rect(
        img, box, 10, fill=mix(PALETTE.felt_dark, PALETTE.felt, 0.4), outline=PALETTE.panel_edge, width=2
    )
    draw_text(
        img,
        box,
        t(lang, "empty"),
        size=TEXT_MIN,
        fill=PALETTE.text_muted_light,
        align="center",
        valign="middle",
        wrap=False,
    )


# --- the lane ---------------------------------------------------------------------------------------------

LANE_ROW = 38
LANE_ROW_TALL = 54  # a name that needs two lines
LANE_LINE = 19  # each further line (the longest names need three at 16 px)
LANE_GAP = 6
LANE_COLS = 2
LANE_NAME_PX = 16
LANE_COL_W = (INNER - 24 - (LANE_COLS - 1) * 8) // LANE_COLS


def _lane_name_box(box: tuple[int, int, int, int], face: CardFace) -> tuple[int, int, int, int]:
    """Where a lane chip writes the name: right of its category strips and number, left of its value."""
    left, top, right, bottom = box
    vw, _ = badge_size(value_label(face.value), size=TEXT_MIN)
    x = left + 6 + len(face.categories) * 9 + 24
    return x, top, right - 8 - vw, bottom


def _lane_name_lines(face: CardFace, lang: str) -> list[str]:
    left, _, right, _ = _lane_name_box((0, 0, LANE_COL_W, LANE_ROW), face)
    # A few px short of the value badge, so a full line does not run into it.
    return wrap_text(face.name.get(lang), right - left - 6, LANE_NAME_PX, balance=True, phrases=True)


def _lane_rows(view: PCView, lang: str) -> list[int]:
    """Each row's height: a row is taller when a name in it needs two lines or more (the full name is shown,
    never cut: the lane is the record of what the team shipped)."""
    lane = view.lane
    rows = max(1, -(-len(lane) // LANE_COLS))
    heights = [LANE_ROW] * rows
    for i, card in enumerate(lane):
        lines = len(_lane_name_lines(view.cards[card], lang))
        if lines > 1:
            heights[i % rows] = max(heights[i % rows], LANE_ROW_TALL + (lines - 2) * LANE_LINE)
    return heights


def lane_height(view: PCView, lang: str) -> int:
    return 42 + sum(h + LANE_GAP for h in _lane_rows(view, lang)) + 6


def lane_block(img: Image.Image, view: PCView, lang: str, top: int, title: str) -> int:
    """Every lane card in order (numbered, in columns), tagged by category colour; returns the y below."""
    lane = view.lane
    h = lane_height(view, lang)
    rounded_rect(img, (PAD, top, WIDTH - PAD, top + h), 16, fill=PALETTE.panel, outline=PALETTE.panel_edge)
    draw_text(
        img,
        (PAD + 12, top + 8, WIDTH - PAD - 12, top + 34),
        title,
        max_size=18,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    y0 = top + 42
    if not lane:
        draw_text(
            img,
            (PAD + 12, y0, WIDTH - PAD - 12, y0 + LANE_ROW),
            t(lang, "lane_empty"),
            size=TEXT_MIN,
            fill=PALETTE.text_muted_light,
            valign="middle",
            wrap=False,
        )
        return top + h
    heights = _lane_rows(view, lang)
    tops = [y0 + sum(hh + LANE_GAP for hh in heights[:r]) for r in range(len(heights))]
    for i, card in enumerate(lane):
        # Column-major: read down the first column, then the second, like a list.
        col, row = divmod(i, len(heights))
        x = PAD + 12 + col * (LANE_COL_W + 8)
        y = tops[row]
        lane_chip(img, (x, y, x + LANE_COL_W, y + heights[row]), i + 1, view.cards[card], lang)
    return top + h


def lane_chip(
    img: Image.Image, box: tuple[int, int, int, int], index: int, face: CardFace, lang: str
) -> None:
    left, top, right, bottom = box
    rounded_rect(img, box, 8, fill=PALETTE.card_face, outline=PALETTE.card_border)
    # Category tags: one colour strip per category on the left.
    strip = 7
    for j, cat in enumerate(face.categories):
        x0 = left + 3 + j * (strip + 2)
        rounded_rect(img, (x0, top + 4, x0 + strip, bottom - 4), 3, fill=CATEGORY_COLOUR[cat])
    x = left + 6 + len(face.categories) * (strip + 2)
    draw_text(
        img,
        (x, top, x + 22, bottom),
        f"{index}",
        size=TEXT_MIN,
        fill=PALETTE.text_muted,
        valign="middle",
        wrap=False,
        align="center",
    )
    vtext = value_label(face.value)
    vw, vh = badge_size(vtext, size=TEXT_MIN)
    badge(
        img,
        (right - 4 - vw, top + (bottom - top - vh) // 2),
        vtext,
        colour=value_colour(face.value),
        size=TEXT_MIN,
    )
    lines = _lane_name_lines(face, lang)
    draw_text(
        img,
        _lane_name_box(box, face),
        "\n".join(lines),
        size=LANE_NAME_PX,
        fill=PALETTE.text_dark,
        valign="middle",
        max_lines=len(lines),
        spacing=1.15,
        wrap=False,
    )
