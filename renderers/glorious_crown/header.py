"""The strip along the top of every picture: the title, and the board state (normal or revolution, 11-back,
lock) as badges."""

from __future__ import annotations

from PIL import Image

from engines.glorious_crown.models import GCView
from renderers.common import PALETTE, badge, badge_size, draw_text

from .cards import SYMBOL
from .labels import t

WIDTH = 960
PAD = 28


def state_badges(img: Image.Image, view: GCView, lang: str, right: int, y: int, size: int = 20) -> int:
    """Board state, 11-back and lock as badges, laid out right-aligned ending at ``right``; returns the
    left edge of the row."""
    items: list[tuple[str, tuple[int, int, int]]] = []
    board = t("revolution" if view.revolution else "normal", lang)
    items.append((board, PALETTE.danger if view.revolution else PALETTE.info))
    if view.eleven_back:
        eff = t("revolution" if view.effective_revolution else "normal", lang)
        items.append((f"{t('eleven', lang)} → {eff}", PALETTE.warning))
    if view.lock:
        items.append((f"{t('lock', lang)} {''.join(SYMBOL[s] for s in view.lock)}", PALETTE.success))
    x = right
    for text, colour in reversed(items):
        w, _ = badge_size(text, size=size)
        x -= w
        badge(img, (x, y), text, colour=colour, size=size)
        x -= 10
    return x


def header(img: Image.Image, view: GCView, lang: str, title: str, badges: bool = True) -> int:
    """Draw the strip; returns the y where the picture's body starts."""
    right = WIDTH - PAD
    if badges:  # badges first: the title takes the room they leave
        right = max(WIDTH // 3, state_badges(img, view, lang, WIDTH - PAD, 16, size=24) - 12)
    draw_text(
        img,
        (PAD, 18, right, 62),
        title,
        max_size=32,
        min_size=18,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    return 76
