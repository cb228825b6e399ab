"""Project Chaos pictures: the table (public view), a seat's hand and the end of the game.

Modules: ``table``, ``hand`` and ``final`` draw the three pictures; ``parts`` holds what they share (header,
chaos die, tokens, scenario panel, card tiles, lane, team) and ``labels`` every word. The table and the final
picture are drawn from the public view only, so they cannot show a hidden card.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engines.project_chaos.views import PCView
from renderers.common import encode

from .final import draw_final
from .hand import draw_hand, draw_lookup
from .parts import MIN_TEXT_PX, WIDTH
from .table import draw_table


def _as_view(view: Any) -> PCView:
    return view if isinstance(view, PCView) else PCView.model_validate(view)


def render_table(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    """``names`` maps seats to the players' display names (seat ids when left out); ``ai_seats`` are the
    seats the computer plays (their rows carry the robot mark)."""
    return encode(draw_table(_as_view(view), lang, dict(names or {}), frozenset(ai_seats)))


def render_hand(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    """The seat's own hand; it shows no seat rows, so ``ai_seats`` changes nothing here."""
    return encode(draw_hand(_as_view(view), lang, dict(names or {})))


def render_final(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    return encode(draw_final(_as_view(view), lang, dict(names or {}), frozenset(ai_seats)))


def render_card(card_id: str, lang: str) -> bytes:
    """One card for ``/card``: its categories, value, name, play effect and flavour. ``card_id`` as
    ``ENGINE.cards()`` lists it."""
    return encode(draw_lookup(card_id, lang))


__all__ = ["MIN_TEXT_PX", "WIDTH", "render_card", "render_final", "render_hand", "render_table"]
