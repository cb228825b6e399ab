"""The Yggdrasil pictures: the tree grid (public), a seat's hand, and the final trees.

Coordinates are the engine's absolute ones, drawn once for the table from player 1's side: A1 is the
bottom-left cell, player 1's home row is the bottom row and player 2's the top. Player 2's cards are drawn
as they lie (turned), with upright text. The public picture never looks at a hand: its dashed cells are the
cells where the mover's tree could grow with some card of some shape (public knowledge); exactly which cells
each held card fits is shown only on that seat's hand picture (``render_table`` given the mover's own seat
view marks exactly the cells its hand fits; the bot only ever posts the public view's picture publicly).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engines.yggdrasil.models import YggView
from renderers.common import encode

from . import hand as _hand
from . import lookup as _lookup
from . import table as _table
from .table import MIN_TEXT_PX, WIDTH


def _as_view(view: Any) -> YggView:
    return view if isinstance(view, YggView) else YggView.model_validate(view)


def render_table(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    """``names`` maps seats to the players' display names (drawn instead of "p1"; seat colours stay);
    ``ai_seats`` are the seats the computer plays (their panels carry the robot mark)."""
    return encode(_table.render_table(_as_view(view), lang, names, frozenset(ai_seats)))


def render_hand(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    """The seat's own hand; it shows no seat panels, so ``ai_seats`` changes nothing here."""
    return encode(_hand.render_hand(_as_view(view), lang, names))


def render_final(
    view: Any,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    return encode(_table.render_final(_as_view(view), lang, names, frozenset(ai_seats)))


def render_card(card_id: str, lang: str) -> bytes:
    """One card for ``/card``: the tile as printed, its name, power, fruit and effect. ``card_id`` is the
    card's kind, as ``ENGINE.cards()`` lists it."""
    return encode(_lookup.draw_lookup(card_id, lang))


__all__ = ["MIN_TEXT_PX", "WIDTH", "render_card", "render_final", "render_hand", "render_table"]
