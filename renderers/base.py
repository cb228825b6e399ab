"""The one base class of a game's pictures.

Every game's renderer did the same four things around its drawing: accept the view as a model or as the data
the picture process receives, fill in the optional names and AI seats, draw, encode. That lives here once;
a game subclasses :class:`Renderer`, names its view model and implements the four ``draw_*`` methods, each
returning a Pillow image. Its package exposes the instance (``RENDERER``), which satisfies
:class:`renderers.contract.GameRenderer` and :class:`renderers.contract.CardRenderer`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping
from typing import Generic, TypeVar

from PIL import Image
from pydantic import BaseModel

from renderers.common import encode

ViewT = TypeVar("ViewT", bound=BaseModel)


class Renderer(ABC, Generic[ViewT]):
    """``view_type``: the engine's view model this game draws. ``width`` and ``min_text_px`` (the smallest
    text each picture kind draws, in pixels at full size) are what the phone-readability tests read."""

    view_type: type[ViewT]
    width: int
    min_text_px: Mapping[str, int]

    def as_view(self, view: ViewT | Mapping[str, object]) -> ViewT:
        """The view as its model: the bot passes models, the picture process validated JSON, tests either."""
        return view if isinstance(view, self.view_type) else self.view_type.model_validate(view)

    # ------------------------------------------------------------------------------------------ the contract
    def render_table(
        self,
        view: ViewT | Mapping[str, object],
        lang: str,
        *,
        names: Mapping[str, str] | None = None,
        ai_seats: Collection[str] = frozenset(),
    ) -> bytes:
        """The public picture, from the public view only (so it cannot show a hidden card). ``names``: seat ->
        the player's display name (seat ids where left out); ``ai_seats``: the seats the computer plays."""
        return encode(self.draw_table(self.as_view(view), lang, dict(names or {}), frozenset(ai_seats)))

    def render_hand(
        self,
        view: ViewT | Mapping[str, object],
        lang: str,
        *,
        names: Mapping[str, str] | None = None,
        ai_seats: Collection[str] = frozenset(),
    ) -> bytes:
        """One seat's own picture, from that seat's view. It shows no seat panels, so ``ai_seats`` (accepted
        for a uniform call) changes nothing."""
        return encode(self.draw_hand(self.as_view(view), lang, dict(names or {})))

    def render_final(
        self,
        view: ViewT | Mapping[str, object],
        lang: str,
        *,
        names: Mapping[str, str] | None = None,
        ai_seats: Collection[str] = frozenset(),
    ) -> bytes:
        """The standings at the end, from the public view."""
        return encode(self.draw_final(self.as_view(view), lang, dict(names or {}), frozenset(ai_seats)))

    def render_card(self, card_id: str, lang: str) -> bytes:
        """One card as printed, for ``/card`` (``card_id`` as the engine's ``cards()`` lists it)."""
        return encode(self.draw_card(card_id, lang))

    # -------------------------------------------------------------------------------------- what a game draws
    # Positional-only, so a game may name the parameters of the drawing functions it plugs in as it likes.
    @abstractmethod
    def draw_table(
        self, view: ViewT, lang: str, names: dict[str, str], ai_seats: frozenset[str], /
    ) -> Image.Image: ...

    @abstractmethod
    def draw_hand(self, view: ViewT, lang: str, names: dict[str, str], /) -> Image.Image: ...

    @abstractmethod
    def draw_final(
        self, view: ViewT, lang: str, names: dict[str, str], ai_seats: frozenset[str], /
    ) -> Image.Image: ...

    @abstractmethod
    def draw_card(self, card_id: str, lang: str, /) -> Image.Image: ...
