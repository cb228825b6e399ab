"""Glorious Crown pictures: the table (public view), a seat's hand, the final standings and one card.

Modules: ``table``, ``hand`` and ``final`` draw the three pictures of a game, ``lookup`` one card for
``/card``; ``header`` (title and board-state badges), ``seats`` (player panels) and ``cards`` (a card face)
are the parts they share; ``words`` reaches every word, in the game's catalog. The table is drawn from
the public view only, so it cannot show a hidden card.
"""

from __future__ import annotations

from engines.glorious_crown.models import GCView
from renderers.base import Renderer

from .cards import card_label
from .final import draw_final
from .hand import draw_hand
from .header import MIN_TEXT_PX, WIDTH
from .lookup import draw_lookup
from .table import draw_table


class GloriousCrownRenderer(Renderer[GCView]):
    view_type = GCView
    width = WIDTH
    min_text_px = MIN_TEXT_PX
    draw_table = staticmethod(draw_table)
    draw_hand = staticmethod(draw_hand)
    draw_final = staticmethod(draw_final)
    draw_card = staticmethod(draw_lookup)


RENDERER = GloriousCrownRenderer()

__all__ = ["MIN_TEXT_PX", "RENDERER", "WIDTH", "card_label"]
