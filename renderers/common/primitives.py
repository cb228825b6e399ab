"""Drawing primitives shared by every game's picture, gathered in one import.

They live in modules named for what they draw: :mod:`.compositing` (anti-aliased masks and layering),
:mod:`.shapes` (rounded rectangles, ellipses, shadows, glows), :mod:`.playing_cards` (a card face or back),
:mod:`.seats` (badges, avatars, seat panels) and :mod:`.layout` (rows of items). This module re-exports
them so ``from renderers.common.primitives import playing_card`` keeps working.
"""

from __future__ import annotations

from .compositing import (
    SUPERSAMPLE,
    XY,
    box_size,
    composite,
    ellipse_mask,
    fill_mask,
    rounded_mask,
    soft_mask,
)
from .layout import hstack
from .playing_cards import CARD_SIZE, card_size, glyph_centered, playing_card
from .seats import avatar, badge, badge_size, initials_of, seat_panel, seat_row
from .shapes import drop_shadow, ellipse, glow, rounded_card, rounded_rect

# The names these helpers had while they were private to this module.
_SS = SUPERSAMPLE
_rounded_mask = rounded_mask
_ellipse_mask = ellipse_mask
_soft_mask = soft_mask
_composite = composite
_fill_mask = fill_mask
_size = box_size
_glyph_centered = glyph_centered

__all__ = [
    "CARD_SIZE",
    "XY",
    "avatar",
    "badge",
    "badge_size",
    "card_size",
    "drop_shadow",
    "ellipse",
    "glow",
    "hstack",
    "initials_of",
    "playing_card",
    "rounded_card",
    "rounded_rect",
    "seat_panel",
    "seat_row",
]
