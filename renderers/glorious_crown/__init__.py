"""Glorious Crown pictures: the table (public view), a seat's hand, the final standings and one card.

Modules: ``table``, ``hand`` and ``final`` draw the three pictures of a game, ``lookup`` one card for
``/card``; ``header`` (title and board-state badges), ``seats`` (player panels) and ``cards`` (a card face)
are the parts they share; ``labels`` holds every word. The table is drawn from the public view only, so it
cannot show a hidden card.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engines.glorious_crown.models import GCView
from renderers.common import encode

from .cards import card_label
from .final import draw_final
from .hand import draw_hand
from .header import MIN_TEXT_PX, WIDTH
from .labels import T
from .lookup import draw_lookup
from .table import draw_table


def _as_view(view: Any) -> GCView:
    return view if isinstance(view, GCView) else GCView.model_validate(view)


def render_table(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    """``names`` maps seats to the players' display names (seat ids when left out); ``ai_seats`` are the
    seats the computer plays (their panels carry the robot mark)."""
    return encode(draw_table(_as_view(view), lang, names, frozenset(ai_seats)))


def render_hand(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    """The seat's own hand; it shows no seat panels, so ``ai_seats`` changes nothing here."""
    return encode(draw_hand(_as_view(view), lang, names))


def render_final(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    return encode(draw_final(_as_view(view), lang, names, frozenset(ai_seats)))


def render_card(card_id: str, lang: str) -> bytes:
    """One card for ``/card``: its face, name and rules text. ``card_id`` as ``ENGINE.cards()`` lists it."""
    return encode(draw_lookup(card_id, lang))


__all__ = [
    "MIN_TEXT_PX",
    "WIDTH",
    "T",
    "card_label",
    "render_card",
    "render_final",
    "render_hand",
    "render_table",
]
