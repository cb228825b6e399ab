"""AWS Builder Cards pictures: the console mat and the turn's architecture (public), a seat's hand, and the
final standings. Drawn 1320 px wide with large type so they stay readable on a phone."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from renderers.aws_builder_cards.final import draw_final
from renderers.aws_builder_cards.hand import draw_hand
from renderers.aws_builder_cards.lookup import draw_lookup
from renderers.aws_builder_cards.table import draw_table
from renderers.common import to_png


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
    return to_png(draw_table(view, lang, names, frozenset(ai_seats)))


def render_hand(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    """The seat's own hand; it shows no seat panels, so ``ai_seats`` changes nothing here."""
    return to_png(draw_hand(view, lang, names))


def render_final(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    return to_png(draw_final(view, lang, names, frozenset(ai_seats)))


def render_card(card_id: str, lang: str) -> bytes:
    """One card for ``/card`` (a Builder, Starter, W-A or Mission card, by the id ``ENGINE.cards()`` lists):
    its face, name and rules text."""
    return to_png(draw_lookup(card_id, lang))


__all__ = ["render_card", "render_final", "render_hand", "render_table"]
