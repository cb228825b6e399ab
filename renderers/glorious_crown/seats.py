"""The players, one row each: avatar in the seat colour (with the robot mark for a seat the computer plays),
name, a mark for whose turn it is, who passed, who went out (and in which place) or finished illegally, and
the card count and points."""

from __future__ import annotations

from PIL import Image

from engines.glorious_crown.models import GCView, SeatView
from renderers.common import PALETTE, seat_row

from .header import PAD, WIDTH
from .words import Namer, t

ROW_H = 48
GAP = 8
NAME_PX = 20  # the turn mark is set 4 px smaller: 16 px
DETAIL_PX = 17


def seat_mark(s: SeatView, lang: str) -> tuple[str | None, tuple[int, int, int]]:
    if s.foul:
        return t(lang, "foul"), PALETTE.danger
    if s.place is not None:
        return t(lang, "out", n=s.place), PALETTE.success
    if s.is_turn:
        return t(lang, "turn"), PALETTE.highlight
    if s.passed:
        return t(lang, "pass"), PALETTE.neutral
    return None, PALETTE.highlight


def seats_height(view: GCView) -> int:
    return len(view.seats) * (ROW_H + GAP)


def seats_block(
    img: Image.Image, view: GCView, lang: str, top: int, name: Namer, ai_seats: frozenset[str] = frozenset()
) -> int:
    """Every seat from ``top``, in turn order; returns the y below them."""
    for i, s in enumerate(view.seats):
        y = top + i * (ROW_H + GAP)
        mark, mark_colour = seat_mark(s, lang)
        seat_row(
            img,
            (PAD, y, WIDTH - PAD, y + ROW_H),
            name=name(s.seat),
            colour=PALETTE.seat(view.players.index(s.seat)),
            detail=f"{t(lang, 'cards', n=s.hand_count)} · {t(lang, 'points', n=s.points)}",
            mark=mark,
            mark_colour=mark_colour,
            active=s.is_turn,
            robot=s.seat in ai_seats,
            name_size=NAME_PX,
            detail_size=DETAIL_PX,
        )
    return top + seats_height(view)
