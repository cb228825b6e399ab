"""AWS Builder Cards pictures: the console mat and the turn's architecture (public), a seat's hand, the
final standings and one card for ``/card``. Drawn 560 px wide, phone first: no text under ``MIN_TEXT_PX``.

Modules: ``table`` (with ``console``, ``architecture`` and ``players``), ``hand``, ``final`` and ``lookup``
draw the pictures; ``card`` draws a card face, ``missions`` names what a mission needs, ``frame`` holds the
sizes and the header, ``labels`` every word."""

from __future__ import annotations

from engines.aws_builder_cards.models import ABView
from renderers.aws_builder_cards.final import draw_final
from renderers.aws_builder_cards.frame import MIN_TEXT_PX, WIDTH
from renderers.aws_builder_cards.hand import draw_hand
from renderers.aws_builder_cards.lookup import draw_lookup
from renderers.aws_builder_cards.table import draw_table
from renderers.base import Renderer


class AwsBuilderCardsRenderer(Renderer[ABView]):
    view_type = ABView
    width = WIDTH
    min_text_px = MIN_TEXT_PX
    draw_table = staticmethod(draw_table)
    draw_hand = staticmethod(draw_hand)
    draw_final = staticmethod(draw_final)
    draw_card = staticmethod(draw_lookup)


RENDERER = AwsBuilderCardsRenderer()

__all__ = ["MIN_TEXT_PX", "RENDERER", "WIDTH"]
