"""The Yggdrasil pictures: the tree grid (public), a seat's hand, and the final trees.

Coordinates are the engine's absolute ones, drawn once for the table from player 1's side: A1 is the
bottom-left cell, player 1's home row is the bottom row and player 2's the top. Player 2's cards are drawn
as they lie (turned), with upright text. The public picture never looks at a hand: its dashed cells are the
cells where the mover's tree could grow with some card of some shape (public knowledge); exactly which cells
each held card fits is shown only on that seat's hand picture (``render_table`` given the mover's own seat
view marks exactly the cells its hand fits; the bot only ever posts the public view's picture publicly).
"""

from __future__ import annotations

from engines.yggdrasil.models import YggView
from renderers.base import Renderer

from .hand import render_hand as draw_hand
from .lookup import draw_lookup
from .table import MIN_TEXT_PX, WIDTH
from .table import render_final as draw_final
from .table import render_table as draw_table


class YggdrasilRenderer(Renderer[YggView]):
    view_type = YggView
    width = WIDTH
    min_text_px = MIN_TEXT_PX
    draw_table = staticmethod(draw_table)
    draw_hand = staticmethod(draw_hand)
    draw_final = staticmethod(draw_final)
    draw_card = staticmethod(draw_lookup)


RENDERER = YggdrasilRenderer()

__all__ = ["MIN_TEXT_PX", "RENDERER", "WIDTH"]
