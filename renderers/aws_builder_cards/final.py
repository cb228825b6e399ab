"""Final standings (AB-8): place, name and points large, then W-A points, missions and Builder cards (the
tie-break) on a second line; winners lit."""

from __future__ import annotations

from PIL import Image

from engines.aws_builder_cards.models import ABView, Standing
from renderers.common import (
    PALETTE,
    badge,
    badge_size,
    draw_text,
    layout_text,
    new_canvas,
    robot_mark,
    rounded_rect,
    text_width,
)

from .card import INK, MAT, MAT_EDGE, ORANGE
from .frame import BADGE_PX, PAD, TEXT_MIN, WIDTH, Names, header, who
from .words import t

ROW_H = 62
GAP = 8
PLACE_PX = 26
NAME_PX = 20
POINTS_PX = 24
ROBOT_PX = 20


def _detail(r: Standing, lang: str, missions: bool) -> str:
    """The second line of a row; a game played without missions (AB-11 is an option) shows no missions
    count, which would only read as a score of 0 for something nobody could do."""
    if not missions:
        return t(lang, "final_detail_no_missions", wa=r.wa_points, b=r.builder_cards)
    return t(lang, "final_detail", wa=r.wa_points, m=r.missions, b=r.builder_cards)


def _note_height(lang: str) -> int:
    block, _ = layout_text((0, 0, WIDTH - 2 * PAD, 10_000), t(lang, "tie_break"), size=TEXT_MIN)
    return block.box[3]


def draw_final(
    view: ABView, lang: str, names: Names = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    rows = view.standings or []
    top = 84
    height = top + len(rows) * (ROW_H + GAP) + 4 + _note_height(lang) + PAD
    img = new_canvas(WIDTH, height, background=INK, vignette=False, mode="RGB")
    y = header(img, view, lang, f"{t(lang, 'title')} · {t(lang, 'final')}", names)
    y = top
    for r in rows:
        box = (PAD, y, WIDTH - PAD, y + ROW_H)
        rounded_rect(
            img,
            box,
            14,
            fill=MAT,
            outline=PALETTE.highlight if r.winner else MAT_EDGE,
            width=3 if r.winner else 1,
        )
        colour = PALETTE.seat(view.players.index(r.seat)) if r.seat in view.players else PALETTE.neutral
        rounded_rect(img, (PAD + 4, y + 10, PAD + 10, y + ROW_H - 10), 3, fill=colour)
        draw_text(
            img,
            (PAD + 14, y, PAD + 50, y + ROW_H),
            str(r.place),
            size=PLACE_PX,
            bold=True,
            fill=PALETTE.highlight if r.winner else PALETTE.text_light,
            align="center",
            valign="middle",
            wrap=False,
        )
        points = t(lang, "pts", n=r.points)
        points_w = text_width(points, POINTS_PX, bold=True)
        draw_text(
            img,
            (WIDTH - PAD - 14 - points_w, y, WIDTH - PAD - 14, y + ROW_H),
            points,
            size=POINTS_PX,
            bold=True,
            fill=ORANGE,
            align="right",
            valign="middle",
            wrap=False,
        )
        right = WIDTH - PAD - 14 - points_w - 10
        label = t(lang, "winner")
        badge_w = badge_size(label, size=BADGE_PX)[0] + 8 if r.winner else 0
        robot = r.seat in ai_seats
        shown = draw_text(
            img,
            (PAD + 58, y + 8, right - badge_w - (ROBOT_PX + 6 if robot else 0), y + 34),
            who(r.seat, names),
            size=NAME_PX,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
        x = shown.box[2] + 6
        if robot:
            robot_mark(img, (x, y + 10), ROBOT_PX, ring=MAT)
            x += ROBOT_PX + 6
        if r.winner:
            badge(img, (x, y + 9), label, colour=PALETTE.highlight, size=BADGE_PX)
        draw_text(
            img,
            (PAD + 58, y + 36, right, y + ROW_H - 4),
            _detail(r, lang, bool(view.options.get("missions"))),
            size=TEXT_MIN + 1,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
        y += ROW_H + GAP
    draw_text(
        img,
        (PAD, y + 4, WIDTH - PAD, height),
        t(lang, "tie_break"),
        size=TEXT_MIN,
        fill=PALETTE.text_muted_light,
    )
    return img
