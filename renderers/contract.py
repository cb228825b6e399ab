"""What a game's renderer package provides (the bot calls it through the game's manifest).

Views are the engine's pydantic views; ``lang`` is ``"en"`` or ``"ja"``; ``names`` maps seats to display names
("alice" rather than "p1"); ``ai_seats`` are the seats the computer plays (drawn with a robot mark). Each
function returns image bytes within Discord's limits.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Protocol, runtime_checkable


class RenderFn(Protocol):
    def __call__(
        self,
        view: Any,
        lang: str,
        *,
        names: Mapping[str, str] | None = None,
        ai_seats: Collection[str] = ...,
    ) -> bytes: ...


class GameRenderer(Protocol):
    """A renderer module: ``render_table`` from the public view (it must never show a hidden card),
    ``render_hand`` from one seat's view, ``render_final`` for the standings."""

    render_table: RenderFn
    render_hand: RenderFn
    render_final: RenderFn


@runtime_checkable
class CardRenderer(Protocol):
    """A renderer that can also draw one card as printed (``/card`` attaches it)."""

    def render_card(self, card_id: str, lang: str) -> bytes: ...
