"""Drawing primitives shared by every game's picture: cards, badges, seat panels, avatars, layout.

Pillow draws shapes without anti-aliasing, so every shape here is drawn as a mask at 4x, downsampled and
composited in its colour: edges stay smooth at 1x without rendering the whole picture at 2x. Masks and whole
card sprites are cached, because a table shows the same card sizes (and often the same cards) many times.

Coordinates are pixels at 1x; boxes are ``(left, top, right, bottom)`` with right/bottom exclusive.
All functions draw onto an RGBA canvas from :func:`renderers.common.canvas.new_canvas` (RGB works too:
layers are then pasted through their alpha instead of alpha-composited).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .fonts import covering_face, font_chain
from .palette import PALETTE, SUIT_SYMBOLS, Suit, contrast_text, mix
from .text import Box, Colour, draw_line, draw_text, ellipsize, fit_text, text_width

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
]

XY = tuple[int, int]

CARD_SIZE: tuple[int, int] = (120, 168)
"""Default card size: the 5:7 ratio of a poker card, big enough for a two-line Japanese title at 1x."""

_SS = 4  # supersampling factor for shape masks


def card_size(width: int) -> tuple[int, int]:
    """A card of ``width`` px with the standard 5:7 ratio."""
    return width, round(width * 7 / 5)


# --- masks and compositing ----------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    big = Image.new("L", (width * _SS, height * _SS), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * _SS - 1, height * _SS - 1), radius=max(0, radius) * _SS, fill=255
    )
    return big.resize((width, height), Image.Resampling.BOX)


@lru_cache(maxsize=128)
def _ellipse_mask(width: int, height: int) -> Image.Image:
    big = Image.new("L", (width * _SS, height * _SS), 0)
    ImageDraw.Draw(big).ellipse((0, 0, width * _SS - 1, height * _SS - 1), fill=255)
    return big.resize((width, height), Image.Resampling.BOX)


@lru_cache(maxsize=256)
def _soft_mask(width: int, height: int, radius: int, spread: int, blur: float) -> tuple[Image.Image, int]:
    """A blurred rounded-rect mask grown by ``spread``; returns it with the padding around the shape."""
    pad = spread + int(blur * 3) + 1
    mask = Image.new("L", (width + 2 * pad, height + 2 * pad), 0)
    shape = _rounded_mask(width + 2 * spread, height + 2 * spread, radius + spread)
    mask.paste(shape, (pad - spread, pad - spread))
    return mask.filter(ImageFilter.GaussianBlur(blur)), pad


def _composite(img: Image.Image, layer: Image.Image, xy: XY) -> None:
    """``img.alpha_composite`` that tolerates layers hanging over any edge of ``img`` (and RGB images)."""
    x, y = xy
    if img.mode != "RGBA":
        img.paste(layer, xy, layer)  # paste clips at the edges by itself
        return
    if x >= img.width or y >= img.height or x + layer.width <= 0 or y + layer.height <= 0:
        return
    if x < 0 or y < 0:
        layer = layer.crop((max(0, -x), max(0, -y), layer.width, layer.height))
        x, y = max(0, x), max(0, y)
    if x + layer.width > img.width or y + layer.height > img.height:
        layer = layer.crop((0, 0, min(layer.width, img.width - x), min(layer.height, img.height - y)))
    img.alpha_composite(layer, (x, y))


def _fill_mask(img: Image.Image, xy: XY, mask: Image.Image, colour: Colour) -> None:
    """Paint ``colour`` (its alpha, if any, multiplies the mask) through ``mask`` placed at ``xy``."""
    alpha = colour[3] if len(colour) == 4 else 255
    if alpha < 255:
        mask = mask.point(lambda v: v * alpha // 255)
    if img.mode == "RGBA":
        layer = Image.new("RGBA", mask.size, (colour[0], colour[1], colour[2], 0))
        layer.putalpha(mask)
        _composite(img, layer, xy)
    else:
        img.paste(colour[:3], (xy[0], xy[1], xy[0] + mask.width, xy[1] + mask.height), mask)


def _size(box: Box) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


# --- shapes -------------------------------------------------------------------------------------------------


def rounded_rect(
    img: Image.Image,
    box: Box,
    radius: int,
    *,
    fill: Colour | None = None,
    outline: Colour | None = None,
    width: int = 1,
) -> None:
    """An anti-aliased rounded rectangle; the outline is drawn inside ``box``."""
    w, h = _size(box)
    if w <= 0 or h <= 0:
        return
    outer = _rounded_mask(w, h, radius)
    if outline is not None and width > 0:
        inner_w, inner_h = w - 2 * width, h - 2 * width
        if inner_w <= 0 or inner_h <= 0:
            _fill_mask(img, (box[0], box[1]), outer, outline)
            return
        inner = _rounded_mask(inner_w, inner_h, max(0, radius - width))
        if fill is None:
            hole = Image.new("L", (w, h), 0)
            hole.paste(inner, (width, width))
            _fill_mask(img, (box[0], box[1]), ImageChops.subtract(outer, hole), outline)
        else:
            _fill_mask(img, (box[0], box[1]), outer, outline)
            _fill_mask(img, (box[0] + width, box[1] + width), inner, fill)
    elif fill is not None:
        _fill_mask(img, (box[0], box[1]), outer, fill)


def ellipse(
    img: Image.Image, box: Box, *, fill: Colour | None = None, outline: Colour | None = None, width: int = 1
) -> None:
    """An anti-aliased ellipse (a circle when ``box`` is square)."""
    w, h = _size(box)
    if w <= 0 or h <= 0:
        return
    outer = _ellipse_mask(w, h)
    if outline is not None and width > 0 and w > 2 * width and h > 2 * width:
        _fill_mask(img, (box[0], box[1]), outer, outline)
        if fill is not None:
            _fill_mask(
                img, (box[0] + width, box[1] + width), _ellipse_mask(w - 2 * width, h - 2 * width), fill
            )
        else:
            hole = Image.new("L", (w, h), 0)
            hole.paste(_ellipse_mask(w - 2 * width, h - 2 * width), (width, width))
            _fill_mask(img, (box[0], box[1]), ImageChops.subtract(outer, hole), outline)
    else:
        solid = fill if fill is not None else outline
        if solid is not None:
            _fill_mask(img, (box[0], box[1]), outer, solid)


def drop_shadow(
    img: Image.Image,
    box: Box,
    radius: int,
    *,
    offset: XY = (0, 4),
    blur: float = 6.0,
    opacity: int = 110,
    colour: Colour = PALETTE.shadow,
) -> None:
    """A soft shadow under a rounded rectangle at ``box``; draw it before the shape itself."""
    w, h = _size(box)
    mask, pad = _soft_mask(w, h, radius, 0, blur)
    _fill_mask(img, (box[0] - pad + offset[0], box[1] - pad + offset[1]), mask, (*colour[:3], opacity))


def glow(
    img: Image.Image,
    box: Box,
    radius: int,
    *,
    colour: Colour = PALETTE.highlight,
    spread: int = 4,
    blur: float = 6.0,
    opacity: int = 230,
) -> None:
    """A coloured halo around a rounded rectangle at ``box`` (for "whose turn" / "selected")."""
    w, h = _size(box)
    mask, pad = _soft_mask(w, h, radius, spread, blur)
    _fill_mask(img, (box[0] - pad, box[1] - pad), mask, (*colour[:3], opacity))


def rounded_card(
    img: Image.Image,
    box: Box,
    *,
    face: Colour = PALETTE.card_face,
    border: Colour = PALETTE.card_border,
    shadow: bool = True,
    radius: int | None = None,
    border_width: int | None = None,
) -> None:
    """A blank card (or any card-like tile): rounded corners scaled to its width, thin border, soft shadow."""
    w, _h = _size(box)
    radius = radius if radius is not None else max(4, round(w * 0.08))
    border_width = border_width if border_width is not None else max(1, round(w / 70))
    if shadow:
        drop_shadow(img, box, radius, offset=(0, max(2, w // 40)), blur=max(3.0, w / 24))
    rounded_rect(img, box, radius, fill=face, outline=border, width=border_width)


# --- glyphs -------------------------------------------------------------------------------------------------


def _glyph_centered(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], glyph: str, size: int, fill: Colour
) -> None:
    """Draw a symbol so its ink (not its em box) is centred on ``centre``."""
    face = covering_face(glyph[0])
    glyph_font = font_chain(size)[face if face is not None else 0]
    left, top, right, bottom = glyph_font.getbbox(glyph, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((x, y), glyph, font=glyph_font, fill=fill, anchor="ls")


# --- playing cards ------------------------------------------------------------------------------------------


def _card_face(
    layer: Image.Image, rank_label: str, suit: Suit | None, title: str | None, symbol: str | None
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
            _glyph_centered(draw, (centre_x, index_bottom + suit_size * 0.6), small_symbol, suit_size, ink)
            index_bottom += round(suit_size * 1.25)
    index_box = (0, 0, rank_box[2] + 2, index_bottom + 2)

    # Title plaque along the bottom; without one the index is repeated upside down, as on a real card.
    if title:
        plaque_h = round(h * 0.28)
        inset = max(3, round(w * 0.045))
        plaque = (inset, h - plaque_h - inset, w - inset, h - inset)
        rounded_rect(layer, plaque, max(3, round(w * 0.05)), fill=PALETTE.card_face_shade)
        pad = max(3, round(w * 0.04))
        draw_text(
            draw,
            (plaque[0] + pad, plaque[1] + 2, plaque[2] - pad, plaque[3] - 2),
            title,
            max_size=max(13, round(w * 0.13)),
            min_size=min(12, max(9, round(w * 0.1))),
            fill=PALETTE.text_dark,
            align="center",
            valign="middle",
            spacing=1.12,
            max_lines=2,
            balance=True,
        )
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
        _glyph_centered(draw, centre, big_symbol, size, ink)
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
    fw, fh = _size(field)
    radius = max(3, round(w * 0.05))

    pattern = Image.new("RGBA", (fw, fh), (*PALETTE.card_back, 255))
    pdraw = ImageDraw.Draw(pattern)
    step = max(6, round(w / 9))
    line = max(1, round(w / 80))
    for k in range(-fh, fw + fh, step):
        pdraw.line((k, 0, k + fh, fh), fill=PALETTE.card_back_pattern, width=line)
        pdraw.line((k, fh, k + fh, 0), fill=PALETTE.card_back_pattern, width=line)
    pattern.putalpha(_rounded_mask(fw, fh, radius))
    _composite(layer, pattern, (field[0], field[1]))

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
    _glyph_centered(ImageDraw.Draw(layer), (w / 2, h / 2), "★", round(w * 0.26), PALETTE.card_back_trim)


@lru_cache(maxsize=512)
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
) -> tuple[Image.Image, int]:
    """The finished card with its shadow (and glow) on a transparent sprite, plus the sprite's padding."""
    radius = max(4, round(width * 0.08))
    layer = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    rounded_card(layer, (0, 0, width, height), shadow=False, radius=radius)
    if face_down:
        _card_back(layer)
    else:
        _card_face(layer, rank_label, suit, title, symbol)
    if highlight:
        rounded_rect(
            layer, (0, 0, width, height), radius, outline=PALETTE.highlight, width=max(3, round(width / 30))
        )
    if dimmed:
        _fill_mask(layer, (0, 0), _rounded_mask(width, height, radius), (*PALETTE.felt_dark, 140))

    pad = max(8, round(width * 0.12))
    sprite = Image.new("RGBA", (width + 2 * pad, height + 2 * pad), (0, 0, 0, 0))
    box = (pad, pad, pad + width, pad + height)
    if highlight:
        glow(sprite, box, radius, spread=max(2, width // 40), blur=max(3.0, width / 22))
    else:
        drop_shadow(sprite, box, radius, offset=(0, max(2, width // 40)), blur=max(3.0, width / 24))
    _composite(sprite, layer, (pad, pad))
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
) -> Box:
    """Draw a card with its top-left corner at ``xy``; returns the card's box (without the shadow).

    ``rank_label`` is what the corner shows ("3", "15", "JOKER"); ``suit`` None makes a suitless card whose
    centre shows ``symbol`` (e.g. "★" for a Joker) or, failing that, the label itself. ``title`` goes on a
    plaque along the bottom, shrunk to fit two lines (readable at 12-16 px from a 120 px wide card; smaller
    cards should leave the title off). ``highlight`` = selected / playable (gold glow),
    ``dimmed`` = not playable now, ``face_down`` = the back (nothing about the card is drawn, so a face-down
    card can never leak what it is).
    """
    width, height = size
    if face_down:
        # Normalise the identity so every hidden card shares one cached sprite and nothing leaks.
        rank_label, suit, title, symbol = "", None, None, None
    sprite, pad = _card_sprite(width, height, rank_label, suit, title, symbol, highlight, dimmed, face_down)
    _composite(img, sprite, (xy[0] - pad, xy[1] - pad))
    return xy[0], xy[1], xy[0] + width, xy[1] + height


# --- badges, avatars, seat panels ---------------------------------------------------------------------------


def badge_size(text: str, *, size: int = 16) -> tuple[int, int]:
    """Width and height :func:`badge` will take for ``text``, to lay out a row before drawing it."""
    height = round(size * 1.75)
    width = text_width(text, size, bold=True) + 2 * round(size * 0.7)
    return max(width, height), height


def badge(
    img: Image.Image,
    xy: XY,
    text: str,
    *,
    colour: Colour,
    text_colour: Colour | None = None,
    size: int = 16,
) -> Box:
    """A pill with ``text``, top-left at ``xy``; returns its box so the next badge can follow it."""
    width, height = badge_size(text, size=size)
    box = (xy[0], xy[1], xy[0] + width, xy[1] + height)
    rounded_rect(img, box, height // 2, fill=colour)
    ink = text_colour if text_colour is not None else contrast_text(colour)
    ascent, descent = font_chain(size)[0].getmetrics()
    text_w = text_width(text, size, bold=True)
    baseline = box[1] + (height + ascent - descent) / 2
    draw_line(ImageDraw.Draw(img), (box[0] + (width - text_w) / 2, baseline), text, size, fill=ink, bold=True)
    return box


def initials_of(name: str) -> str:
    """What an avatar shows: "Alice Smith" -> "AS", "bob" -> "B", "たろう" -> "た"."""
    words = [word for word in name.replace("_", " ").replace(".", " ").split() if word]
    if not words:
        return "?"
    first = words[0][0]
    if not first.isascii():
        return first
    if len(words) == 1:
        return first.upper()
    return (first + words[1][0]).upper()


def avatar(img: Image.Image, xy: XY, diameter: int, initials: str, colour: Colour) -> Box:
    """A coloured disc with initials, top-left at ``xy``; returns its box."""
    box = (xy[0], xy[1], xy[0] + diameter, xy[1] + diameter)
    ring = max(2, diameter // 22)
    ellipse(img, box, fill=colour, outline=mix(colour, PALETTE.shadow, 0.35), width=ring)
    inner = round(diameter * 0.18)
    draw_text(
        img,
        (box[0] + inner, box[1] + inner, box[2] - inner, box[3] - inner),
        initials,
        max_size=round(diameter * 0.44),
        min_size=8,
        fill=contrast_text(colour),
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
    return box


def seat_panel(
    img: Image.Image,
    box: Box,
    *,
    name: str,
    colour: Colour,
    lines: list[str],
    active: bool = False,
    mark: str | None = None,
    mark_colour: Colour = PALETTE.highlight,
    initials: str | None = None,
) -> None:
    """A player's panel: avatar in the seat colour, name, a few info lines and an optional ``mark`` badge.

    ``active`` (whose turn) adds a gold glow and border. Lines that do not fit are dropped from the bottom and
    overlong ones end in "…", so callers can pass what they have without measuring.
    """
    left, top, right, bottom = box
    width, height = _size(box)
    radius = min(16, height // 4)
    pad = max(8, min(14, height // 7))
    if active:
        glow(img, box, radius, spread=3, blur=7.0)
    else:
        drop_shadow(img, box, radius, offset=(0, 3), blur=5.0, opacity=90)
    rounded_rect(
        img,
        box,
        radius,
        fill=PALETTE.panel,
        outline=PALETTE.highlight if active else PALETTE.panel_edge,
        width=3 if active else 1,
    )
    # Seat colour as a bar on the left edge too, so the seat reads even where the avatar is small.
    bar_w = max(4, width // 60)
    rounded_rect(
        img,
        (
            left + 1 + (2 if active else 0),
            top + radius,
            left + 1 + bar_w + (2 if active else 0),
            bottom - radius,
        ),
        bar_w // 2,
        fill=colour,
    )

    diameter = max(28, min(60, height - 2 * pad, width // 4))
    avatar(img, (left + pad + bar_w, top + pad), diameter, initials or initials_of(name), colour)

    text_left = left + pad + bar_w + diameter + pad
    text_right = right - pad
    name_size = max(16, min(24, round(height * 0.2)))
    line_size = max(14, min(18, round(height * 0.15)))
    draw = ImageDraw.Draw(img)

    ascent = font_chain(name_size)[0].getmetrics()[0]
    name_baseline = top + pad + ascent
    if mark:
        mark_size = max(14, name_size - 4)
        mark_w, mark_h = badge_size(mark, size=mark_size)
        badge(
            img,
            (text_right - mark_w, name_baseline - ascent // 2 - mark_h // 2 - 1),
            mark,
            colour=mark_colour,
            size=mark_size,
        )
        text_right_name = text_right - mark_w - 6
    else:
        text_right_name = text_right
    shown = ellipsize(name, text_right_name - text_left, name_size, bold=True)
    draw_line(draw, (text_left, name_baseline), shown, name_size, fill=PALETTE.text_light, bold=True)

    line_gap = round(line_size * 1.3)
    baseline = name_baseline + round(name_size * 0.35) + line_gap
    descent = font_chain(line_size)[0].getmetrics()[1]
    for line in lines:
        if baseline + descent > bottom - pad // 2:
            break
        fitted = ellipsize(line, text_right - text_left, line_size)
        draw_line(draw, (text_left, baseline), fitted, line_size, fill=PALETTE.text_muted_light)
        baseline += line_gap


# --- layout -------------------------------------------------------------------------------------------------


def hstack(count: int, item: int, span: int, *, gap: int = 12, start: int = 0) -> list[int]:
    """Offsets of ``count`` items of size ``item`` centred in ``span`` px starting at ``start``.

    When they do not fit with ``gap`` between them the gap shrinks, then turns negative so the items overlap
    evenly (a fanned hand) while the row still spans exactly ``span``. Works for vertical stacks as well.
    """
    if count <= 0:
        return []
    if count == 1:
        return [start + (span - item) // 2]
    needed = count * item + (count - 1) * gap
    if needed <= span:
        first = start + (span - needed) // 2
        return [first + i * (item + gap) for i in range(count)]
    step = (span - item) / (count - 1)
    return [start + round(i * step) for i in range(count)]
