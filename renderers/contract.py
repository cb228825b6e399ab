"""What a game's renderer package provides (the bot calls it through the game's manifest).

Views are the engine's pydantic views; ``lang`` is ``"en"`` or ``"ja"``; ``names`` maps seats to display names
("alice" rather than "p1"); ``ai_seats`` are the seats the computer plays (drawn with a robot mark). Each
function returns image bytes within Discord's limits.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Protocol, runtime_checkable


class GameRenderer(Protocol):
    """A game's pictures (``renderers.base.Renderer`` subclasses, or any module with these functions):
    ``render_table`` from the public view (it must never show a hidden card), ``render_hand`` from one
    seat's view, ``render_final`` for the standings."""

    def render_table(
        self, view: Any, lang: str, *, names: Mapping[str, str] | None = ..., ai_seats: Collection[str] = ...
    ) -> bytes: ...

    def render_hand(
        self, view: Any, lang: str, *, names: Mapping[str, str] | None = ..., ai_seats: Collection[str] = ...
    ) -> bytes: ...

    def render_final(
        self, view: Any, lang: str, *, names: Mapping[str, str] | None = ..., ai_seats: Collection[str] = ...
    ) -> bytes: ...


@runtime_checkable
class CardRenderer(Protocol):
    """A renderer that can also draw one card as printed (``/card`` attaches it)."""

    def render_card(self, card_id: str, lang: str) -> bytes: ...


def stated_min_text_px(renderer: object) -> Mapping[str, int]:
    """The smallest text a renderer says it draws, per picture kind: ``min_text_px`` of a
    ``renderers.base.Renderer``, or ``MIN_TEXT_PX`` of a renderer module from outside; empty when it says
    none."""
    stated = getattr(renderer, "min_text_px", None) or getattr(renderer, "MIN_TEXT_PX", None) or {}
    return stated if isinstance(stated, Mapping) else {}
