"""What every AWS Builder Cards picture shares: its width and text floor, the header with whose turn and the
phase, the mat panels, and how seats and cards are named.

Phone first: :data:`WIDTH` px wide, so a phone (about 400 px) shows it at 0.71x and the smallest text,
:data:`MIN_TEXT_PX` (16 px), reads at 11.4 px there, Discord's own smallest size.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engines.aws_builder_cards.models import ABView, CardFace
from renderers.common import PALETTE, badge, badge_size, draw_text, rounded_rect

from .card import MAT, MAT_EDGE, ORANGE
from .words import t

WIDTH = 560
PAD = 12
MIN_TEXT_PX: dict[str, int] = {"table": 16, "hand": 16, "final": 16, "card": 16}
"""The smallest text each picture draws (every size below is at least this)."""
TEXT_MIN = 16
TITLE_PX = 24
BADGE_PX = 16
PANEL_TITLE_PX = 18
BODY_PX = 17

Names = Mapping[str, str] | None


def key_of(card: str) -> str:
    return card.split("#")[0]


def face_of(view: ABView, card: str) -> CardFace:
    return view.cards[key_of(card)]


def who(seat: str, names: Names) -> str:
    """A seat as the players know it: their display name when the bot passed the names."""
    return (names or {}).get(seat) or seat


def badges_layout(
    items: list[tuple[str, tuple[int, int, int]]], left: int, top: int, right: int
) -> tuple[list[tuple[int, int]], int]:
    """Where :func:`badges_row` puts each badge, and the y below them."""
    x, y = left, top
    height = badge_size("X", size=BADGE_PX)[1]
    spots: list[tuple[int, int]] = []
    for text, _ in items:
        w, _ = badge_size(text, size=BADGE_PX)
        if x > left and x + w > right:
            x, y = left, y + height + 6
        spots.append((x, y))
        x += w + 8
    return spots, (y + height if items else top)


def badges_row(
    img: Image.Image, items: list[tuple[str, tuple[int, int, int]]], left: int, top: int, right: int
) -> int:
    """Badges left to right from ``(left, top)``, wrapping at ``right``; returns the y below them."""
    spots, bottom = badges_layout(items, left, top, right)
    for (text, colour), xy in zip(items, spots, strict=True):
        badge(img, xy, text, colour=colour, size=BADGE_PX)
    return bottom


def header(img: Image.Image, view: ABView, lang: str, title: str, names: Names = None) -> int:
    """The title in AWS orange, then whose turn it is, the phase and the last-round warning; returns the y
    where the body starts."""
    draw_text(img, (PAD, 10, WIDTH - PAD, 40), title, size=TITLE_PX, bold=True, fill=ORANGE, wrap=False)
    items: list[tuple[str, tuple[int, int, int]]] = []
    if view.finished:
        items.append((t(lang, "phase_over"), PALETTE.danger))
    else:
        items.append((t(lang, "turn_of", seat=who(view.current, names)), PALETTE.highlight))
        items.append((t(lang, f"phase_{view.phase}"), PALETTE.info))
        if view.ending:
            items.append((t(lang, "last_round"), PALETTE.danger))
    return badges_row(img, items, PAD, 48, WIDTH - PAD) + 12


def panel(img: Image.Image, box: tuple[int, int, int, int], title: str | None = None) -> None:
    rounded_rect(img, box, 14, fill=MAT, outline=MAT_EDGE, width=2)
    if title:
        draw_text(
            img,
            (box[0] + 12, box[1] + 8, box[2] - 12, box[1] + 34),
            title,
            max_size=PANEL_TITLE_PX,
            min_size=TEXT_MIN,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
