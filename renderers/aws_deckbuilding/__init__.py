"""AWS Deckbuilding Game pictures, drawn for a phone first (720 px wide, one card per row, text of at least
18 px): the table (marketplace, W-A pile, the turn's pools, players), a seat's hand (the revealed
architecture on its turn, with the effects that fired) and the final standings.

Modules: ``table``, ``hand`` and ``final`` draw the pictures; ``parts`` holds what they share (card tile,
effect icons, header, player rows), ``lookup`` the ``/card`` picture and ``labels`` every word. The table
and the final picture read the public view only, so they cannot show a hidden card.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engines.aws_deckbuilding.views import ADView
from renderers.common import encode

from .final import draw_final
from .hand import draw_hand
from .lookup import draw_lookup
from .parts import MIN_TEXT_PX, WIDTH
from .table import draw_table


def _as_view(view: Any) -> ADView:
    return view if isinstance(view, ADView) else ADView.model_validate(view)


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
    """A seat's view: the revealed architecture on its turn, otherwise its private hand. It shows no
    player rows, so ``ai_seats`` changes nothing here."""
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
    """One card for ``/card`` (``card_id``: the card's kind as ``ENGINE.cards()`` lists it, or an instance
    id); raises ``KeyError`` for anything else."""
    return encode(draw_lookup(card_id, lang))


__all__ = ["MIN_TEXT_PX", "WIDTH", "render_card", "render_final", "render_hand", "render_table"]
