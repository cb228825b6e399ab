"""The ``/card`` picture of one Yggdrasil card: the tile as printed (branches, power, fruit, effect sign),
large, with its name, power and fruit, effect text and flavour."""

from __future__ import annotations

from PIL import Image

from engines.yggdrasil.views import face as card_face
from renderers.common import PALETTE
from renderers.common.card_sheet import Paragraph, card_sheet

from .table import MIN_TEXT_PX
from .tile import tile
from .words import t

TILE_PX = 280
TITLE_PX = 24
STATS_PX = 20
TEXT_PX = 18
EFFECT_INK = (170, 200, 255)


def draw_lookup(card_id: str, lang: str) -> Image.Image:
    """Raises ``KeyError`` for an id that is not a Yggdrasil card."""
    face = card_face(card_id)
    sprite = tile(
        TILE_PX,
        0,
        face.branches,
        face.power,
        face.fruit,
        root=face.root,
        effect=face.effect.type if face.effect else None,
        colours=tuple(sorted(face.branch_colours.items())),
        lang=lang,
        text_min=MIN_TEXT_PX["card"],
    )
    stats = t(lang, "power_fruit", power=face.power, fruit=face.fruit)
    return card_sheet(
        sprite,
        [
            Paragraph(face.name.get(lang), TITLE_PX, bold=True, align="center"),
            Paragraph(stats, STATS_PX, PALETTE.highlight, bold=True, align="center"),
            Paragraph(t(lang, "root_card") if face.root else "", TEXT_PX, PALETTE.text_light),
            Paragraph(face.effect.text.get(lang) if face.effect else "", TEXT_PX, EFFECT_INK),
            Paragraph(face.flavour.get(lang), TEXT_PX, PALETTE.text_muted_light),
        ],
    )
