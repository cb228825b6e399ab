"""Project Chaos pictures: the table (public view), a seat's hand and the end of the game.

Modules: ``table``, ``hand`` and ``final`` draw the three pictures; ``parts`` holds what they share (header,
chaos die, tokens, scenario panel, card tiles, lane, team) and ``labels`` every word. The table and the final
picture are drawn from the public view only, so they cannot show a hidden card.
"""

from __future__ import annotations

from engines.project_chaos.views import PCView
from renderers.base import Renderer

from .final import draw_final
from .hand import draw_hand, draw_lookup
from .parts import MIN_TEXT_PX, WIDTH
from .table import draw_table


class ProjectChaosRenderer(Renderer[PCView]):
    view_type = PCView
    width = WIDTH
    min_text_px = MIN_TEXT_PX
    draw_table = staticmethod(draw_table)
    draw_hand = staticmethod(draw_hand)
    draw_final = staticmethod(draw_final)
    draw_card = staticmethod(draw_lookup)


RENDERER = ProjectChaosRenderer()

__all__ = ["MIN_TEXT_PX", "RENDERER", "WIDTH"]
