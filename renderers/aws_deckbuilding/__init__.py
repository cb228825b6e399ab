"""AWS Deckbuilding Game pictures, drawn for a phone first (720 px wide, one card per row, text of at least
18 px): the table (marketplace, W-A pile, the turn's pools, players), a seat's hand (the revealed
architecture on its turn, with the effects that fired) and the final standings.

Modules: ``table``, ``hand`` and ``final`` draw the pictures; ``parts`` holds what they share (card tile,
effect icons, header, player rows), ``lookup`` the ``/card`` picture and ``labels`` every word. The table
and the final picture read the public view only, so they cannot show a hidden card.
"""

from __future__ import annotations

from engines.aws_deckbuilding.views import ADView
from renderers.base import Renderer

from .final import draw_final
from .hand import draw_hand
from .lookup import draw_lookup
from .parts import MIN_TEXT_PX, WIDTH
from .table import draw_table


class AwsDeckbuildingRenderer(Renderer[ADView]):
    view_type = ADView
    width = WIDTH
    min_text_px = MIN_TEXT_PX
    draw_table = staticmethod(draw_table)
    draw_hand = staticmethod(draw_hand)
    draw_final = staticmethod(draw_final)
    draw_card = staticmethod(draw_lookup)


RENDERER = AwsDeckbuildingRenderer()

__all__ = ["MIN_TEXT_PX", "RENDERER", "WIDTH"]
