"""The shared drawing kit: bundled fonts, text layout, the product palette, primitives and PNG output.

A game renderer typically does::

    img = new_canvas(1200, 800)
    playing_card(img, (40, 500), rank_label="7", suit="spade", title="秘密の取引き")
    seat_panel(img, (40, 40, 340, 140), name="alice", colour=PALETTE.seat(0), lines=["hand 7"], active=True)
    return to_png(img)
"""

from .canvas import MAX_PNG_BYTES, new_canvas, supersampled, to_png
from .fonts import FONT_DIR, DeckFont, bold_stroke, faces, font, font_chain, missing_glyphs, runs
from .palette import PALETTE, RGB, SUIT_SYMBOLS, Palette, Suit, contrast_text, luminance, mix, with_alpha
from .primitives import (
    CARD_SIZE,
    XY,
    avatar,
    badge,
    badge_size,
    card_size,
    drop_shadow,
    ellipse,
    glow,
    hstack,
    initials_of,
    playing_card,
    rounded_card,
    rounded_rect,
    seat_panel,
)
from .text import (
    Align,
    Box,
    Colour,
    TextBlock,
    VAlign,
    draw_line,
    draw_text,
    ellipsize,
    fit_text,
    layout_text,
    line_height,
    text_width,
    wrap_text,
)

__all__ = [
    "CARD_SIZE",
    "FONT_DIR",
    "MAX_PNG_BYTES",
    "PALETTE",
    "RGB",
    "SUIT_SYMBOLS",
    "XY",
    "Align",
    "Box",
    "Colour",
    "DeckFont",
    "Palette",
    "Suit",
    "TextBlock",
    "VAlign",
    "avatar",
    "badge",
    "badge_size",
    "bold_stroke",
    "card_size",
    "contrast_text",
    "draw_line",
    "draw_text",
    "drop_shadow",
    "ellipse",
    "ellipsize",
    "faces",
    "fit_text",
    "font",
    "font_chain",
    "glow",
    "hstack",
    "initials_of",
    "layout_text",
    "line_height",
    "luminance",
    "missing_glyphs",
    "mix",
    "new_canvas",
    "playing_card",
    "rounded_card",
    "rounded_rect",
    "runs",
    "seat_panel",
    "supersampled",
    "text_width",
    "to_png",
    "with_alpha",
    "wrap_text",
]
