"""The players' panels: avatar in the seat colour, name, card count, points and a mark for whose turn it is,
who passed, who went out (and in which place) or finished illegally."""

from __future__ import annotations

from PIL import Image

from engines.glorious_crown.models import GCView, SeatView
from renderers.common import PALETTE, badge, badge_size, draw_text, initials_of, seat_panel

from .header import PAD, WIDTH
from .labels import Namer, t


def seat_mark(s: SeatView, lang: str) -> tuple[str | None, tuple[int, int, int]]:
    if s.foul:
        return t("foul", lang), PALETTE.danger
    if s.place is not None:
        return t("out", lang, n=s.place), PALETTE.success
    if s.is_turn:
        return t("turn", lang), PALETTE.highlight
    if s.passed:
        return t("pass", lang), PALETTE.neutral
    return None, PALETTE.highlight


def seat_box(
    img: Image.Image,
    box: tuple[int, int, int, int],
    view: GCView,
    s: SeatView,
    lang: str,
    name: Namer,
    *,
    robot: bool = False,
) -> None:
    """A player's panel. The shared panel draws the frame, seat colour and avatar; the name, card count and
    points are drawn here at sizes that stay readable when Discord shrinks the picture to a phone's width
    (about 0.4x: 28 px here is 11 px there)."""
    left, top, right, bottom = box
    who = name(s.seat)
    seat_panel(
        img,
        box,
        name="",
        colour=PALETTE.seat(view.players.index(s.seat)),
        lines=[],
        active=s.is_turn,
        initials=initials_of(who),
        robot=robot,
    )
    text_left = left + 14 + max(4, (right - left) // 60) + 60 + 14
    mark, mark_colour = seat_mark(s, lang)
    name_right = right - 14
    if mark:
        mw, _ = badge_size(mark, size=22)
        badge(img, (right - 12 - mw, top + 12), mark, colour=mark_colour, size=22)
        name_right = right - 12 - mw - 8
    draw_text(
        img,
        (text_left, top + 10, name_right, top + 52),
        who,
        max_size=32,
        min_size=18,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    draw_text(
        img,
        (text_left, top + 58, right - 14, bottom - 12),
        f"{t('cards', lang, n=s.hand_count)} · {t('points', lang, n=s.points)}",
        max_size=30,
        min_size=16,
        fill=PALETTE.text_light,
        wrap=False,
    )


def seats_block(
    img: Image.Image, view: GCView, lang: str, top: int, name: Namer, ai_seats: frozenset[str] = frozenset()
) -> int:
    """Every seat in two columns from ``top``; returns the y below them."""
    seats = view.seats
    cols = 2  # two wide panels a row even for five: names and counts stay large enough for a phone
    gap = 14
    w = (WIDTH - 2 * PAD - (cols - 1) * gap) // cols
    h = 112
    for i, s in enumerate(seats):
        r, c = divmod(i, cols)
        x = PAD + c * (w + gap)
        y = top + r * (h + gap)
        seat_box(img, (x, y, x + w, y + h), view, s, lang, name, robot=s.seat in ai_seats)
    rows = (len(seats) + cols - 1) // cols
    return top + rows * (h + gap)
