"""AWS Builder Cards pictures: the console mat and the turn's architecture (public), a seat's hand, the
final standings and one card for ``/card``. Drawn 560 px wide, phone first: no text under ``MIN_TEXT_PX``.

Modules: ``table`` (with ``console``, ``architecture`` and ``players``), ``hand``, ``final`` and ``lookup``
draw the pictures; ``card`` draws a card face, ``missions`` names what a mission needs, ``frame`` holds the
sizes and the header, ``labels`` every word."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from renderers.aws_builder_cards.final import draw_final
from renderers.aws_builder_cards.frame import MIN_TEXT_PX, WIDTH
from renderers.aws_builder_cards.hand import draw_hand
from renderers.aws_builder_cards.lookup import draw_lookup
from renderers.aws_builder_cards.table import draw_table
from renderers.common import encode


def render_table(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    """The public picture; it reads only the public view, so it cannot show a hidden card. ``names``: seat
    -> the player's display name (seat ids when left out); ``ai_seats``: the seats the computer plays (their
    panels carry the robot mark)."""
    return encode(draw_table(view, lang, names, frozenset(ai_seats)))


def render_hand(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    """The seat's own hand; it shows no seat panels, so ``ai_seats`` changes nothing here."""
    return encode(draw_hand(view, lang, names))


def render_final(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    return encode(draw_final(view, lang, names, frozenset(ai_seats)))


def render_card(card_id: str, lang: str) -> bytes:
    """One card for ``/card`` (a Builder, Starter, W-A or Mission card, by the id ``ENGINE.cards()`` lists):
    its face, name and rules text."""
    return encode(draw_lookup(card_id, lang))


__all__ = ["MIN_TEXT_PX", "WIDTH", "render_card", "render_final", "render_hand", "render_table"]
