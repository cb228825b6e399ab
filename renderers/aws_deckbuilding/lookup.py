"""The ``/card`` picture of one card: its face (cost coin in the currency's colour, name, category, the
credits it gives), then both effects in full, why the pairing is good architecture, and the copies."""

from __future__ import annotations

from PIL import Image

from engines.aws_deckbuilding.cards import DB
from engines.aws_deckbuilding.rules_text import card_infos
from engines.aws_deckbuilding.text import effect_line
from engines.aws_deckbuilding.views import all_faces
from renderers.common import PALETTE
from renderers.common.card_sheet import SHEET_WIDTH, Paragraph, card_sheet

from .parts import MIN_PX, ORANGE, key_of
from .tile import paint_tile, tile_height
from .words import t

TITLE_PX = 26
TEXT_PX = 20
FACE_W = SHEET_WIDTH - 48
EFFECT_INK = (255, 214, 150)


def draw_lookup(card_id: str, lang: str) -> Image.Image:
    """Raises ``KeyError`` for an id that is not a card of this game."""
    key = key_of(card_id)
    face = all_faces()[key]
    card = DB.cards[key]
    # The effects follow in full below, and the full name is the title: the narrow face shows the short one.
    plain = face.model_copy(update={"primary": None, "secondary": None, "name": face.short})
    height = tile_height(plain)
    sprite = Image.new("RGBA", (FACE_W + 8, height + 8), (0, 0, 0, 0))
    paint_tile(sprite, (4, 4, FACE_W + 4, height + 4), plain, lang, {}, None, None, False)
    paragraphs = [Paragraph(face.name.get(lang), TITLE_PX, bold=True, align="center")]
    for which, eff in (("primary", card.effect("primary")), ("secondary", card.effect("secondary"))):
        if eff is not None:
            words = t(lang, f"{which}_long", text=effect_line(eff, lang, short=False))
            paragraphs.append(Paragraph(words, TEXT_PX, EFFECT_INK))
    if card.why is not None:
        paragraphs.append(Paragraph(card.why.get(lang), MIN_PX, PALETTE.text_muted_light))
    if not card.is_service:  # on-premises and W-A cards: what the rules say about them
        info = next(i for i in card_infos() if i.id == key)
        paragraphs.append(
            Paragraph(info.text.get(lang), TEXT_PX, ORANGE if card.is_wa else PALETTE.text_light)
        )
    return card_sheet(sprite, paragraphs, background=(35, 47, 62), vignette=False)
