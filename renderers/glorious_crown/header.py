"""Sizes every Glorious Crown picture shares, and the strip along its top: the title, then the board state
(normal or revolution, 11-back, lock) as badges on their own row, so the title never has to shrink for them.

Phone first: Discord shows a picture about 400 px wide on a phone, so a picture :data:`WIDTH` px wide is
shown at 400 / 560 of its size and text drawn at :data:`MIN_TEXT_PX` (16 px) reads at 11.4 px there, Discord's
own smallest size.
"""

from __future__ import annotations

from PIL import Image

from engines.glorious_crown.models import GCView
from engines.glorious_crown.notation import SYMBOL
from renderers.common import PALETTE, badge, badge_size, draw_text

from .words import t

WIDTH = 560
PAD = 16
MIN_TEXT_PX: dict[str, int] = {"table": 16, "hand": 16, "final": 16, "card": 16}
"""The smallest text each picture draws (every size below is at least this)."""
TEXT_MIN = 16
BADGE_PX = 16
TITLE_PX = 24


def board_badges(view: GCView, lang: str) -> list[tuple[str, tuple[int, int, int]]]:
    """Board state (GC-8), 11-back (GC-15) and the suit lock (GC-9), as badge texts and colours."""
    items: list[tuple[str, tuple[int, int, int]]] = []
    board = t(lang, "revolution" if view.revolution else "normal")
    items.append((board, PALETTE.danger if view.revolution else PALETTE.info))
    if view.eleven_back:
        eff = t(lang, "revolution" if view.effective_revolution else "normal")
        items.append((f"{t(lang, 'eleven')} → {eff}", PALETTE.warning))
    if view.lock:
        items.append((f"{t(lang, 'lock')} {''.join(SYMBOL[s] for s in view.lock)}", PALETTE.success))
    return items


def header_height(badges: bool = True) -> int:
    return 48 + (badge_size("X", size=BADGE_PX)[1] + 10 if badges else 0)


def header(img: Image.Image, view: GCView, lang: str, title: str, badges: bool = True) -> int:
    """Draw the strip; returns the y where the picture's body starts."""
    draw_text(
        img,
        (PAD, 12, WIDTH - PAD, 42),
        title,
        max_size=TITLE_PX,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    y = 48
    if badges:
        x = PAD
        for text, colour in board_badges(view, lang):
            box = badge(img, (x, y), text, colour=colour, size=BADGE_PX)
            x = box[2] + 8
        y += badge_size("X", size=BADGE_PX)[1] + 10
    return y
