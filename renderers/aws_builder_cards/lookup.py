"""The ``/card`` picture of one AWS Builder Cards card (Builder, Starter, W-A or Mission): its face, large,
with its name and rules text."""

from __future__ import annotations

from functools import cache

from PIL import Image

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import DEFAULT_DB
from engines.aws_builder_cards.views import faces, mission_face
from engines.core import CardInfo
from i18n.effects import cards
from renderers.common import PALETTE
from renderers.common.card_sheet import Paragraph, card_sheet

from .card import INK, ORANGE, draw_card
from .frame import TEXT_MIN
from .missions import draw_mission_card

FACE_W, FACE_H = 280, 392
SPRITE_PAD = 16
TITLE_PX = 24
TEXT_PX = 18


@cache
def _infos() -> dict[str, CardInfo]:
    return {info.id: info for info in cards(ENGINE)}


def draw_lookup(card_id: str, lang: str) -> Image.Image:
    """Raises ``KeyError`` for an id that is not a card of the default card list."""
    info = _infos()[card_id]
    sprite = Image.new("RGBA", (FACE_W + 2 * SPRITE_PAD, FACE_H + 2 * SPRITE_PAD), (0, 0, 0, 0))
    box = (SPRITE_PAD, SPRITE_PAD, SPRITE_PAD + FACE_W, SPRITE_PAD + FACE_H)
    card_faces = faces(None)
    if card_id in card_faces:
        draw_card(sprite, box, card_faces[card_id], lang, text_min=TEXT_MIN)
    else:
        draw_mission_card(sprite, box, mission_face(DEFAULT_DB, card_id), lang)
    return card_sheet(
        sprite,
        [
            Paragraph(info.name.get(lang), TITLE_PX, ORANGE, bold=True, align="center"),
            Paragraph(info.text.get(lang), TEXT_PX, PALETTE.text_light),
        ],
        background=INK,
        vignette=False,
    )
