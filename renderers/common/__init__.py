"""The shared drawing kit: bundled fonts, text layout, the product palette, primitives and PNG output.

Modules: ``fonts`` (bundled faces, fallback chain), ``text`` (wrap, fit, draw), ``palette``, ``compositing``
(anti-aliased masks), ``shapes``, ``playing_cards``, ``seats`` (badges, avatars, panels, one-line rows),
``robot`` (the mark of a seat the computer plays), ``layout``, ``card_sheet`` (the ``/card`` picture),
``cache`` (the bounded LRU caches) and ``canvas`` (canvases; :func:`encode` writes :data:`IMAGE_FORMAT`,
files are named with :data:`IMAGE_SUFFIX`). ``primitives`` re-exports the drawing modules under one name.

A game renderer typically does::

    img = new_canvas(560, 800, mode="RGB")  # phone first: ~400 px wide on a phone
    playing_card(img, (40, 500), rank_label="7", suit="spade", title="秘密の取引き")
    seat_panel(img, (40, 40, 340, 140), name="alice", colour=PALETTE.seat(0), lines=["hand 7"], active=True)
    return encode(img)  # the bot names the file with IMAGE_SUFFIX
"""

from .cache import bounded_cache, cache_stats, clear_caches
from .canvas import (
    IMAGE_FORMAT,
    IMAGE_MIME,
    IMAGE_SUFFIX,
    MAX_IMAGE_BYTES,
    MAX_PNG_BYTES,
    encode,
    new_canvas,
    supersampled,
    to_png,
)
from .compositing import XY, box_size, composite, fill_mask, rounded_mask
from .fonts import FONT_DIR, DeckFont, bold_stroke, faces, font, font_chain, missing_glyphs, runs
from .layout import hstack
from .palette import PALETTE, RGB, SUIT_SYMBOLS, Palette, Suit, contrast_text, luminance, mix, with_alpha
from .playing_cards import CARD_SIZE, card_size, glyph_centered, playing_card
from .robot import ROBOT_INK, robot_mark, robot_sprite
from .seats import avatar, badge, badge_size, initials_of, seat_panel, seat_row
from .shapes import drop_shadow, ellipse, glow, rounded_card, rounded_rect
from .text import (
    Align,
    Box,
    Colour,
    TextBlock,
    VAlign,
    draw_line,
    draw_text,
    fit_text,
    layout_text,
)
from .wrapping import ellipsize, line_height, text_width, wrap_text

__all__ = [
    "CARD_SIZE",
    "FONT_DIR",
    "IMAGE_FORMAT",
    "IMAGE_MIME",
    "IMAGE_SUFFIX",
    "MAX_IMAGE_BYTES",
    "MAX_PNG_BYTES",
    "PALETTE",
    "RGB",
    "ROBOT_INK",
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
    "bounded_cache",
    "box_size",
    "cache_stats",
    "card_size",
    "clear_caches",
    "composite",
    "contrast_text",
    "draw_line",
    "draw_text",
    "drop_shadow",
    "ellipse",
    "ellipsize",
    "encode",
    "faces",
    "fill_mask",
    "fit_text",
    "font",
    "font_chain",
    "glow",
    "glyph_centered",
    "hstack",
    "initials_of",
    "layout_text",
    "line_height",
    "luminance",
    "missing_glyphs",
    "mix",
    "new_canvas",
    "playing_card",
    "robot_mark",
    "robot_sprite",
    "rounded_card",
    "rounded_mask",
    "rounded_rect",
    "runs",
    "seat_panel",
    "seat_row",
    "supersampled",
    "text_width",
    "to_png",
    "with_alpha",
    "wrap_text",
]
