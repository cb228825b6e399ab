"""The one colour palette of the product: every game's picture takes its colours from :data:`PALETTE`.

Seat colours are the bright half of the Okabe-Ito set, chosen because they stay distinguishable under the
common colour-vision deficiencies and read well on the dark felt; every seat colour carries dark text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "PALETTE",
    "RGB",
    "SUIT_SYMBOLS",
    "Palette",
    "Suit",
    "contrast_text",
    "luminance",
    "mix",
    "with_alpha",
]

RGB = tuple[int, int, int]
Suit = Literal["spade", "heart", "diamond", "club"]


@dataclass(frozen=True)
class Palette:
    # The table.
    felt: RGB = (24, 78, 60)
    felt_dark: RGB = (13, 48, 37)
    felt_light: RGB = (36, 100, 78)
    panel: RGB = (15, 44, 35)
    panel_edge: RGB = (52, 96, 80)

    # Cards.
    card_face: RGB = (250, 247, 239)
    card_face_shade: RGB = (236, 230, 216)
    card_border: RGB = (178, 168, 150)
    card_back: RGB = (37, 58, 120)
    card_back_pattern: RGB = (62, 88, 158)
    card_back_trim: RGB = (222, 190, 110)
    shadow: RGB = (0, 0, 0)

    # Text.
    text_dark: RGB = (30, 32, 38)
    text_light: RGB = (246, 244, 236)
    text_muted: RGB = (112, 110, 104)  # on card faces and other light grounds
    text_muted_light: RGB = (170, 196, 185)  # on the felt and on panels

    # Suits: two dark, two red, the way printed decks are, but with enough contrast on the ivory face.
    spade: RGB = (28, 30, 40)
    club: RGB = (28, 30, 40)
    heart: RGB = (200, 32, 48)
    diamond: RGB = (200, 32, 48)
    joker: RGB = (120, 60, 160)

    # Badges.
    warning: RGB = (240, 171, 40)
    info: RGB = (66, 146, 214)
    success: RGB = (46, 160, 100)
    danger: RGB = (214, 60, 70)
    neutral: RGB = (92, 104, 112)

    # Whose turn: a warm gold that stands apart from every seat colour and the felt.
    highlight: RGB = (255, 208, 70)

    seats: tuple[RGB, ...] = field(
        default=(
            (86, 180, 233),  # sky blue
            (230, 159, 0),  # orange
            (0, 170, 125),  # bluish green, lifted a little to stand off the felt
            (204, 121, 167),  # reddish purple
            (240, 228, 66),  # yellow
        )
    )

    def suit(self, suit: Suit | None) -> RGB:
        """Ink colour for a suit; None (a Joker or a suitless card) gets the joker colour."""
        if suit is None:
            return self.joker
        return {"spade": self.spade, "heart": self.heart, "diamond": self.diamond, "club": self.club}[suit]

    def seat(self, index: int) -> RGB:
        """Colour of seat ``index`` (0-based); wraps around past the fifth seat."""
        return self.seats[index % len(self.seats)]


PALETTE = Palette()

SUIT_SYMBOLS: dict[Suit, str] = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}


def luminance(colour: tuple[int, ...]) -> float:
    """Relative luminance (WCAG 2) of an sRGB colour, 0 (black) .. 1 (white)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_text(background: tuple[int, ...]) -> RGB:
    """Dark or light text, whichever has the higher WCAG contrast ratio on ``background``."""
    lum = luminance(background)
    dark = (lum + 0.05) / (luminance(PALETTE.text_dark) + 0.05)
    light = (luminance(PALETTE.text_light) + 0.05) / (lum + 0.05)
    return PALETTE.text_dark if dark >= light else PALETTE.text_light


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def with_alpha(colour: tuple[int, ...], alpha: int) -> tuple[int, int, int, int]:
    return (colour[0], colour[1], colour[2], alpha)
