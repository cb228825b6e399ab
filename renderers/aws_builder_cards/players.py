"""The players, one row each: avatar (robot mark for a seat the computer plays), name, whose turn, the card
counts on a second line, and the points large on the right (AB-8)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.aws_builder_cards.models import ABView, PlayerView
from renderers.common import (
    PALETTE,
    avatar,
    badge,
    badge_size,
    draw_line,
    ellipsize,
    font_chain,
    glow,
    initials_of,
    robot_mark,
    rounded_rect,
    text_width,
)

from .card import MAT, MAT_EDGE, ORANGE
from .frame import BADGE_PX, PAD, TEXT_MIN, WIDTH, Names, face_of, who
from .words import t

ROW_H = 62
GAP = 8
NAME_PX = 19
POINTS_PX = 22
ROBOT_PX = 22


def players_height(view: ABView) -> int:
    return len(view.table) * (ROW_H + GAP)


def _counts(view: ABView, p: PlayerView, lang: str) -> str:
    wa = sum(face_of(view, card).points for card in p.score_cards if not card.startswith("mission-"))
    counts = t(lang, "p_counts", d=p.deck, h=p.hand, x=p.discard)
    return f"W-A {wa} · {counts} · Builder {p.builder_cards}"


def player_row(
    img: Image.Image,
    box: tuple[int, int, int, int],
    view: ABView,
    p: PlayerView,
    lang: str,
    names: Names,
    robot: bool,
) -> None:
    left, top, right, _ = box
    active = p.seat == view.current and not view.finished
    if active:
        glow(img, box, 12, spread=3, blur=6.0)
    rounded_rect(
        img, box, 12, fill=MAT, outline=PALETTE.highlight if active else MAT_EDGE, width=3 if active else 1
    )
    colour = PALETTE.seat(view.players.index(p.seat))
    name = who(p.seat, names)
    avatar(img, (left + 8, top + 8), ROW_H - 16, initials_of(name), colour)
    draw = ImageDraw.Draw(img)
    points = t(lang, "pts", n=p.points)
    points_w = text_width(points, POINTS_PX, bold=True)
    ascent = font_chain(POINTS_PX)[0].getmetrics()[0]
    draw_line(
        draw,
        (right - 12 - points_w, top + (ROW_H + ascent) // 2 - 3),
        points,
        POINTS_PX,
        fill=ORANGE,
        bold=True,
    )
    x = left + ROW_H
    room = right - 12 - points_w - 10 - x
    mark = t(lang, "turn_badge") if active else None
    mark_w = badge_size(mark, size=BADGE_PX)[0] + 6 if mark else 0
    robot_w = ROBOT_PX + 6 if robot else 0
    shown = ellipsize(name, room - mark_w - robot_w, NAME_PX, bold=True)
    after = x + draw_line(draw, (x, top + 26), shown, NAME_PX, fill=PALETTE.text_light, bold=True) + 6
    if robot:  # beside the name, where a glance at the row finds it
        robot_mark(img, (after, top + 6), ROBOT_PX, ring=MAT)
        after += robot_w
    if mark:
        badge(img, (after, top + 7), mark, colour=PALETTE.highlight, size=BADGE_PX)
    counts = ellipsize(_counts(view, p, lang), room, TEXT_MIN)
    draw_line(draw, (x, top + 50), counts, TEXT_MIN, fill=PALETTE.text_muted_light)


def players_block(
    img: Image.Image,
    view: ABView,
    lang: str,
    top: int,
    names: Names = None,
    ai_seats: frozenset[str] = frozenset(),
) -> int:
    for i, p in enumerate(view.table):
        y = top + i * (ROW_H + GAP)
        player_row(img, (PAD, y, WIDTH - PAD, y + ROW_H), view, p, lang, names, p.seat in ai_seats)
    return top + players_height(view)
