"""The ``/card`` picture of one Glorious Crown card: its face, large, with its name and rules text."""

from __future__ import annotations

from functools import cache

from PIL import Image

from engines.core import CardInfo
from engines.glorious_crown import ENGINE
from renderers.common import PALETTE
from renderers.common.card_sheet import Paragraph, card_sheet

from .cards import draw_card
from .header import MIN_TEXT_PX

FACE_W = 240
SPRITE_PAD = 16
TITLE_PX = 24
TEXT_PX = 18


@cache
def _infos() -> dict[str, CardInfo]:
    return {info.id: info for info in ENGINE.cards()}


def draw_lookup(card_id: str, lang: str) -> Image.Image:
    """Raises ``KeyError`` for an id that is not a Glorious Crown card."""
    info = _infos()[card_id]
    face = Image.new("RGBA", (FACE_W + 2 * SPRITE_PAD, round(FACE_W * 1.4) + 2 * SPRITE_PAD), (0, 0, 0, 0))
    draw_card(face, (SPRITE_PAD, SPRITE_PAD), card_id, lang, FACE_W, title_min=MIN_TEXT_PX["card"])
    return card_sheet(
        face,
        [
            Paragraph(info.name.get(lang), TITLE_PX, bold=True, align="center"),
            Paragraph(info.text.get(lang), TEXT_PX, PALETTE.text_light),
        ],
    )
