"""The playing card: a face with its corner index, pip and title plaque, or the back, as one cached sprite.

Whole card sprites (shadow and glow included) are cached in a bounded LRU keyed by everything drawn on them,
because a table shows the same card sizes (and often the same cards) many times.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .cache import bounded_cache
from .compositing import XY, box_size, composite, fill_mask, rounded_mask
from .fonts import covering_face, font_chain
from .palette import PALETTE, SUIT_SYMBOLS, Suit
from .shapes import drop_shadow, ellipse, glow, rounded_card, rounded_rect
from .text import Box, Colour, TextBlock, draw_line, draw_text, fit_text, layout_text
from .wrapping import text_width

__all__ = [
    "CARD_SIZE",
    "card_size",
    "glyph_centered",
    "playing_card",
    "title_layout",
    "title_min_size",
    "title_plaque",
]

CARD_SIZE: tuple[int, int] = (120, 168)
"""Default card size: the 5:7 ratio of a poker card, big enough for a two-line Japanese title at 1x."""


def card_size(width: int) -> tuple[int, int]:
    """A card of ``width`` px with the standard 5:7 ratio."""
    return width, round(width * 7 / 5)


def title_plaque(size: tuple[int, int], lines: int = 2) -> Box:
    """The box of the title plaque along the bottom of a card of ``size``, for a title of up to two lines or,
    taller, of three."""
    w, h = size
    plaque_h = round(h * (0.28 if lines <= 2 else 0.38))
    inset = max(3, round(w * 0.045))
    return inset, h - plaque_h - inset, w - inset, h - inset


def title_min_size(width: int) -> int:
    """The smallest type a card ``width`` px wide sets its title in."""
    return min(12, max(9, round(width * 0.1)))


def title_layout(
    title: str, size: tuple[int, int], min_size: int | None = None
) -> tuple[TextBlock, list[tuple[int, int]]]:
    """Where the title goes on a card of ``size``: up to two balanced lines broken between words or
    Japanese phrases (城門の / 見張り番), shrunk rather than broken inside one, down to ``min_size``
    (default :func:`title_min_size`; a picture read on a phone passes its own floor). A title that two
    lines at that floor would cut short gets three, on a taller plaque (:func:`title_plaque` with
    ``lines=3``), rather than end in "…"."""
    w, _ = size
    pad = max(3, round(w * 0.04))
    for lines in (2, 3):
        plaque = title_plaque(size, lines)
        block, origins = layout_text(
            (plaque[0] + pad, plaque[1] + 2, plaque[2] - pad, plaque[3] - 2),
            title,
            max_size=max(13, round(w * 0.13), min_size or 0),
            min_size=min_size if min_size is not None else title_min_size(w),
            align="center",
            valign="middle",
            spacing=1.12,
            max_lines=lines,
            balance=True,
            phrases=True,
        )
        if not any(line.endswith("…") for line in block.lines):
            break
    return block, origins


def glyph_centered(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], glyph: str, size: int, fill: Colour
) -> None:
    """Draw a symbol so its ink (not its em box) is centred on ``centre``."""
    face = covering_face(glyph[0])
    glyph_font = font_chain(size)[face if face is not None else 0]
    left, top, right, bottom = glyph_font.getbbox(glyph, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((x, y), glyph, font=glyph_font, fill=fill, anchor="ls")


def _card_face(
    layer: Image.Image,
    rank_label: str,
    suit: Suit | None,
    title: str | None,
    symbol: str | None,
    title_min: int | None = None,
) -> None:
    w, h = layer.size
    draw = ImageDraw.Draw(layer)
    ink = PALETTE.suit(suit)
    margin = max(4, round(w * 0.06))

    # Corner index: rank over suit, in a column that a fanned hand leaves visible.
    rank_max = round(w * 0.21)
    suit_size = round(w * 0.16)
    regular_bottom = margin + round(rank_max * 1.05) + round(suit_size * 1.25)
    small_symbol = SUIT_SYMBOLS[suit] if suit is not None else symbol
    if len(rank_label) >= 3 and rank_label.isalpha():
        # Word labels ("JOKER") run down the corner a letter per line, as on printed jokers.
        letter = round(w * 0.13)
        column = (margin - 1, margin, margin - 1 + round(w * 0.2))
        y = margin
        for ch in rank_label:
            draw_text(
                draw,
                (column[0], y, column[2], y + letter),
                ch,
                size=letter,
                fill=ink,
                bold=True,
                align="center",
            )
            y += round(letter * 1.02)
        rank_box = (column[0], margin, column[2], y)
        index_bottom = y
    else:
        # Long labels ("100") may widen the index up to half the card rather than shrink to nothing.
        index_w = max(round(w * 0.26), min(round(w * 0.5), text_width(rank_label, rank_max, bold=True)))
        rank_size, _ = fit_text(rank_label, index_w, round(w * 0.24), rank_max, 8, bold=True, wrap=False)
        rank_box = (margin - 1, margin, margin - 1 + index_w, margin + round(rank_size * 1.05))
        draw_text(draw, rank_box, rank_label, size=rank_size, fill=ink, bold=True, align="center", wrap=False)
        index_bottom = rank_box[3]
        if small_symbol:
            centre_x = (rank_box[0] + rank_box[2]) / 2
            glyph_centered(draw, (centre_x, index_bottom + suit_size * 0.6), small_symbol, suit_size, ink)
            index_bottom += round(suit_size * 1.25)
    index_box = (0, 0, rank_box[2] + 2, index_bottom + 2)

    # Title plaque along the bottom; without one the index is repeated upside down, as on a real card.
    if title:
        block, origins = title_layout(title, (w, h), title_min)
        plaque = title_plaque((w, h), len(block.lines))
        rounded_rect(layer, plaque, max(3, round(w * 0.05)), fill=PALETTE.card_face_shade)
        for line, origin in zip(block.lines, origins, strict=True):
            draw_line(draw, origin, line, block.size, fill=PALETTE.text_dark)
        centre_bottom = plaque[1]
    else:
        corner = layer.crop(index_box).rotate(180)
        layer.paste(corner, (w - index_box[2], h - index_box[3]))
        centre_bottom = h - (margin + round(w * 0.08))

    # Centre: the big suit pip, a symbol, or the label itself for suitless cards.
    centre_top = regular_bottom if title else margin + round(w * 0.08)
    centre_h = centre_bottom - centre_top
    centre = (w / 2, centre_top + centre_h / 2)
    big_symbol = SUIT_SYMBOLS[suit] if suit is not None else symbol
    if big_symbol:
        size = max(8, min(round(w * 0.5), round(centre_h * 0.78)))
        glyph_centered(draw, centre, big_symbol, size, ink)
    else:
        inner = round(w * 0.14)
        draw_text(
            draw,
            (inner, centre_top, w - inner, centre_bottom),
            rank_label,
            max_size=round(w * 0.3),
            min_size=10,
            fill=ink,
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )


def _card_back(layer: Image.Image) -> None:
    w, h = layer.size
    inset = max(3, round(w * 0.06))
    field = (inset, inset, w - inset, h - inset)
    fw, fh = box_size(field)
    radius = max(3, round(w * 0.05))

    pattern = Image.new("RGBA", (fw, fh), (*PALETTE.card_back, 255))
    pdraw = ImageDraw.Draw(pattern)
    step = max(6, round(w / 9))
    line = max(1, round(w / 80))
    for k in range(-fh, fw + fh, step):
        pdraw.line((k, 0, k + fh, fh), fill=PALETTE.card_back_pattern, width=line)
        pdraw.line((k, fh, k + fh, 0), fill=PALETTE.card_back_pattern, width=line)
    pattern.putalpha(rounded_mask(fw, fh, radius))
    composite(layer, pattern, (field[0], field[1]))

    trim_inset = inset + max(3, round(w * 0.04))
    rounded_rect(
        layer,
        (trim_inset, trim_inset, w - trim_inset, h - trim_inset),
        max(2, radius - 2),
        outline=PALETTE.card_back_trim,
        width=max(1, round(w / 70)),
    )

    # Centre medallion: a solid oval that sits on the lattice, with a star.
    mw, mh = round(w * 0.46), round(w * 0.56)
    medallion = ((w - mw) // 2, (h - mh) // 2, (w + mw) // 2, (h + mh) // 2)
    ellipse(
        layer, medallion, fill=PALETTE.card_back, outline=PALETTE.card_back_trim, width=max(2, round(w / 50))
    )
    glyph_centered(ImageDraw.Draw(layer), (w / 2, h / 2), "★", round(w * 0.26), PALETTE.card_back_trim)


@bounded_cache(maxsize=512, max_mb=16)
def _card_sprite(
    width: int,
    height: int,
    rank_label: str,
    suit: Suit | None,
    title: str | None,
    symbol: str | None,
    highlight: bool,
    dimmed: bool,
    face_down: bool,
    title_min: int | None = None,
) -> tuple[Image.Image, int]:
    """The finished card with its shadow (and glow) on a transparent sprite, plus the sprite's padding."""
    radius = max(4, round(width * 0.08))
    layer = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    rounded_card(layer, (0, 0, width, height), shadow=False, radius=radius)
    if face_down:
        _card_back(layer)
    else:
        _card_face(layer, rank_label, suit, title, symbol, title_min)
    if highlight:
        rounded_rect(
            layer, (0, 0, width, height), radius, outline=PALETTE.highlight, width=max(3, round(width / 30))
        )
    if dimmed:
        fill_mask(layer, (0, 0), rounded_mask(width, height, radius), (*PALETTE.felt_dark, 140))

    pad = max(8, round(width * 0.12))
    sprite = Image.new("RGBA", (width + 2 * pad, height + 2 * pad), (0, 0, 0, 0))
    box = (pad, pad, pad + width, pad + height)
    if highlight:
        glow(sprite, box, radius, spread=max(2, width // 40), blur=max(3.0, width / 22))
    else:
        drop_shadow(sprite, box, radius, offset=(0, max(2, width // 40)), blur=max(3.0, width / 24))
    composite(sprite, layer, (pad, pad))
    return sprite, pad


def playing_card(
    img: Image.Image,
    xy: XY,
    size: tuple[int, int] = CARD_SIZE,
    *,
    rank_label: str,
    suit: Suit | None,
    title: str | None = None,
    symbol: str | None = None,
    highlight: bool = False,
    dimmed: bool = False,
    face_down: bool = False,
    title_min: int | None = None,
) -> Box:
    """Draw a card with its top-left corner at ``xy``; returns the card's box (without the shadow).

    ``rank_label`` is what the corner shows ("3", "15", "JOKER"); ``suit`` None makes a suitless card whose
    centre shows ``symbol`` (e.g. "★" for a Joker) or, failing that, the label itself. ``title`` goes on a
    plaque along the bottom, shrunk to fit two lines (readable at 12-16 px from a 120 px wide card; smaller
    cards should leave the title off; ``title_min`` raises the floor). ``highlight`` = selected / playable
    (gold glow), ``dimmed`` = not playable now, ``face_down`` = the back (nothing about the card is drawn,
    so a face-down card can never leak what it is).
    """
    width, height = size
    if face_down:
        # Normalise the identity so every hidden card shares one cached sprite and nothing leaks.
        rank_label, suit, title, symbol = "", None, None, None
    sprite, pad = _card_sprite(
        width, height, rank_label, suit, title, symbol, highlight, dimmed, face_down, title_min
    )
    composite(img, sprite, (xy[0] - pad, xy[1] - pad))
    return xy[0], xy[1], xy[0] + width, xy[1] + height
