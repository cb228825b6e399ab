"""One Builder / Starter / W-A card face, a face-down deck, and the colours of the AWS console mat."""

from __future__ import annotations

import re

from PIL import Image, ImageDraw

from engines.aws_builder_cards.models import CardFace
from engines.aws_builder_cards.notation import without_prefix
from renderers.common import (
    PALETTE,
    badge,
    badge_size,
    composite,
    contrast_text,
    draw_text,
    ellipse,
    fit_text,
    layout_text,
    mix,
    rounded_card,
    rounded_rect,
    text_width,
)
from renderers.common.cache import bounded_cache
from renderers.common.wrapping import ZWSP

RGB = tuple[int, int, int]
INK: RGB = (35, 47, 62)  # AWS "squid ink": the mat
MAT: RGB = (44, 58, 76)
MAT_EDGE: RGB = (78, 96, 118)
ORANGE: RGB = (255, 153, 0)
FACE: RGB = (252, 251, 248)
POINT_COLOURS: dict[int, RGB] = {1: (46, 160, 100), 3: (214, 60, 70)}  # the seed's 🟩 1 point, 🟥 3 points


def hex_rgb(colour: str) -> RGB:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


#: "Amazon S3" -> "S3": the engine's notation names cards, the pictures only draw them.
short = without_prefix


STARTER_DISC: RGB = (214, 218, 224)


def display_name(face: CardFace, lang: str, *, shortened: bool = False) -> str:
    """The name a face shows; a Japanese compound carries the break points the card data gives it
    (データベース/サーバー) as zero-width spaces, so it wraps there and not mid-word."""
    if face.kind == "wa":
        return f"Well-{ZWSP}Architected"
    if lang == "ja" and face.ja_lines:
        return ZWSP.join(part.strip() for part in face.ja_lines)
    name = face.name.get(lang)
    # A hyphenated word may break after its hyphen ("Well-" / "Architected"): at the 16 px floor it can be
    # wider than a console card, and a break inside the word reads far worse.
    return (short(name) if shortened else name).replace("-", f"-{ZWSP}")


_WORD = re.compile(f"[^\\s{ZWSP}]+")
_HUMP = re.compile("(?<=[a-z])(?=[A-Z])")


def breakable(name: str, width: int, size: int) -> str:
    """``name`` with a break point between the parts of a compound word too wide for ``width`` at ``size``
    px ("CloudFormation" on a console card at 16 px): "Cloud" / "Formation" reads, "CloudFormati" / "on"
    does not. A word that fits keeps its parts together."""

    def split(match: re.Match[str]) -> str:
        word = match.group()
        return _HUMP.sub(ZWSP, word) if text_width(word, size, bold=True) > width else word

    return _WORD.sub(split, name)


def value_disc(face: CardFace) -> tuple[str, RGB]:
    """What the disc in the top-right corner shows and its colour: a W-A card's points; every other card's
    credits, orange as printed, grey on a Starter (which gives 0: the grey tells it from a Builder card)."""
    if face.kind == "wa":
        return str(face.points), POINT_COLOURS.get(face.points, ORANGE)
    return str(face.credits), STARTER_DISC if face.kind == "starter" else ORANGE


def category_label(face: CardFace, lang: str, width: int, text_min: int) -> tuple[int, list[str]]:
    """The size and lines of the category name on its own line of the band, under the cost coin and the value
    disc: beside the disc a 4-across console card had room for only "Storage", and the colour cannot stand in
    for the name (Management and Application Integration share one; combos name categories).

    One size for every card of a width, so a row of cards reads alike: the full name when it fits one line
    with a little air at each end, else the short name (on two lines, or smaller down to the floor, only if a
    custom card list's short name is that long)."""
    size = max(text_min, min(24, round(width * 0.105)))
    full = face.category_name.get(lang)
    if text_width(full, size, bold=True) <= width - 12:
        return size, [full]
    brief = face.category_short.get(lang)
    return fit_text(brief, width, 10_000, size, text_min, bold=True, max_lines=2, balance=True, phrases=True)


def draw_card(
    img: Image.Image,
    box: tuple[int, int, int, int],
    face: CardFace,
    lang: str,
    *,
    count: int = 1,
    combo: bool = True,
    highlight: RGB | None = None,
    dim: bool = False,
    text_min: int = 13,
) -> None:
    """Category band with the category name, the credit value in an orange disc (top right, as printed), the
    cost (paid cards, W-A cards) in a dark coin (top left), the name, and the combo line at the bottom; no
    text under ``text_min`` px (a combo too long for the card at that size ends in "…").

    The finished face is cached (bounded LRU) by everything drawn on it, so a table or hand that shows the
    same cards again only composites them."""
    x0, y0, x1, y1 = box
    sprite = _card_sprite(
        face.model_dump_json(), lang, x1 - x0, y1 - y0, count, combo, highlight, dim, text_min
    )
    composite(img, sprite, (x0 - SPRITE_PAD, y0 - SPRITE_PAD))


SPRITE_PAD = 12  # room around a card sprite for its shadow and highlight


@bounded_cache(maxsize=256, max_mb=16)
def _card_sprite(
    face_json: str,
    lang: str,
    width: int,
    height: int,
    count: int,
    combo: bool,
    highlight: RGB | None,
    dim: bool,
    text_min: int,
) -> Image.Image:
    sprite = Image.new("RGBA", (width + 2 * SPRITE_PAD, height + 2 * SPRITE_PAD), (0, 0, 0, 0))
    box = (SPRITE_PAD, SPRITE_PAD, SPRITE_PAD + width, SPRITE_PAD + height)
    face = CardFace.model_validate_json(face_json)
    _paint_card(sprite, box, face, lang, count, combo, highlight, dim, text_min)
    return sprite


def _paint_card(
    img: Image.Image,
    box: tuple[int, int, int, int],
    face: CardFace,
    lang: str,
    count: int,
    combo: bool,
    highlight: RGB | None,
    dim: bool,
    text_min: int,
) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    colour = hex_rgb(face.colour)
    if highlight is not None:
        rounded_rect(img, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), max(6, w // 10), fill=highlight)
    rounded_card(img, box, face=FACE, border=mix(colour, (0, 0, 0), 0.2), border_width=max(2, w // 60))
    disc = max(22, round(w * 0.24))
    inset = max(4, w // 28)
    radius = max(4, round(w * 0.08))
    label_box = (x0 + inset + 2, y0 + inset + disc + 3, x1 - inset - 2, y0 + inset + disc + 3)
    label_size, label_lines = text_min, [""]
    if face.kind != "wa":  # the W-A card's band would only repeat its name
        label_size, label_lines = category_label(face, lang, label_box[2] - label_box[0], text_min)
        lines, _ = layout_text((0, 0, w, 10_000), "\n".join(label_lines), size=label_size, wrap=False)
        label_box = (*label_box[:3], label_box[3] + lines.box[3])
    band = max(26, round(h * 0.16), label_box[3] + 4 - y0)
    rounded_rect(img, (x0 + 2, y0 + 2, x1 - 2, y0 + band), radius, fill=colour)
    ImageDraw.Draw(img).rectangle((x0 + 2, y0 + band - radius, x1 - 2, y0 + band), fill=colour)
    # Top-left coin: the cost (paid and W-A cards), or the S mark of a Starter as printed (AB-1).
    coin_text = "S" if face.kind == "starter" else str(face.cost) if face.cost or face.kind == "wa" else ""
    if any(label_lines):
        draw_text(
            img,
            label_box,
            "\n".join(label_lines),
            size=label_size,
            fill=contrast_text(colour),
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )
    # The value disc: credits (orange) or, on a W-A card, its points.
    disc_box = (x1 - inset - disc, y0 + inset, x1 - inset, y0 + inset + disc)
    value, fill = value_disc(face)
    ellipse(img, disc_box, fill=fill, outline=FACE, width=2)
    draw_text(
        img,
        disc_box,
        value,
        max_size=max(text_min, round(disc * 0.6)),
        min_size=text_min,
        fill=INK,
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
    if coin_text:
        coin = (x0 + inset, y0 + inset, x0 + inset + disc, y0 + inset + disc)
        starter = face.kind == "starter"
        ellipse(img, coin, fill=INK, outline=STARTER_DISC if starter else ORANGE, width=2)
        draw_text(
            img,
            coin,
            coin_text,
            max_size=max(text_min, round(disc * 0.55)),
            min_size=text_min,
            fill=STARTER_DISC if starter else ORANGE,
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )
    name_top = y0 + band + max(4, h // 30)
    combo_text = face.combo.get(lang) if combo else ""
    combo_h = 0
    if combo_text:
        # As tall as the combo needs at the floor (it is what a player weighs), leaving two name lines.
        need, _ = layout_text((0, 0, w - 2 * inset, 10_000), combo_text, size=text_min, phrases=True)
        room = y1 - name_top - inset - round(2.6 * text_min)
        combo_h = min(room, max(round(h * 0.34), need.box[3] + 10))
    name_box = (x0 + inset + 2, name_top, x1 - inset - 2, y1 - combo_h - inset)
    biggest = max(text_min, round(w * 0.14))
    box_w, box_h = name_box[2] - name_box[0], name_box[3] - name_box[1]
    name = breakable(display_name(face, lang), box_w, text_min)
    # One line when it reads well at near full size; otherwise wrapped between words (an English name
    # never breaks inside a word) or where the card data says a Japanese compound may break.
    one_line, fitted = fit_text(name, box_w, box_h, biggest, text_min, bold=True, wrap=False)
    wrap = one_line < biggest * 0.8 or any("…" in line for line in fitted)
    draw_text(
        img,
        name_box,
        name,
        max_size=biggest,
        min_size=text_min,
        fill=PALETTE.text_dark,
        bold=True,
        align="center",
        valign="middle",
        max_lines=3,
        balance=True,
        wrap=wrap,
        phrases=True,
    )
    if combo_h:
        line_y = y1 - combo_h
        ImageDraw.Draw(img).line(
            (x0 + inset, line_y, x1 - inset, line_y), fill=mix(colour, FACE, 0.5), width=1
        )
        draw_text(
            img,
            (x0 + inset, line_y + 3, x1 - inset, y1 - inset),
            combo_text,
            max_size=max(text_min, round(w * 0.1)),
            min_size=text_min,
            fill=(70, 72, 80),
            align="center",
            valign="middle",
            balance=True,
            phrases=True,
        )
    elif face.kind == "wa":
        draw_text(
            img,
            (x0 + inset, y1 - round(h * 0.28), x1 - inset, y1 - inset),
            f"{face.points} pt" if lang == "en" else f"{face.points}ポイント",
            max_size=max(text_min, round(w * 0.14)),
            min_size=text_min,
            fill=POINT_COLOURS.get(face.points, ORANGE),
            bold=True,
            align="center",
            valign="middle",
        )
    if count > 1:
        label = f"×{count}"
        size = max(text_min, 14, round(w * 0.13))
        bw, bh = badge_size(label, size=size)
        badge(img, (x1 - bw + bw // 4, y1 - bh + bh // 3), label, colour=ORANGE, text_colour=INK, size=size)
    if dim:
        veil = Image.new("RGBA", (w, h), (*INK, 120))
        img.alpha_composite(veil, (x0, y0))


DECK_PAD = 16  # room around a deck sprite for the offset backs and the shadow


@bounded_cache(maxsize=32)
def _deck_sprite(w: int, h: int, layers: int, paid: bool) -> Image.Image:
    sprite = Image.new("RGBA", (w + 2 * DECK_PAD, h + 2 * DECK_PAD), (0, 0, 0, 0))
    x0, y0, x1, y1 = DECK_PAD, DECK_PAD, DECK_PAD + w, DECK_PAD + h
    box = (x0, y0, x1, y1)
    for i in range(layers, 0, -1):
        off = i * 3
        rounded_card(
            sprite, (x0 + off, y0 - off, x1 + off, y1 - off), face=INK, border=MAT_EDGE, shadow=i == layers
        )
    if layers == 0:
        rounded_rect(sprite, box, max(6, w // 12), fill=None, outline=MAT_EDGE, width=2)
    else:
        rounded_card(sprite, box, face=(30, 40, 54), border=ORANGE if paid else MAT_EDGE, shadow=False)
        d = ImageDraw.Draw(sprite)
        for k in range(5):
            inset = 10 + k * 7
            d.rounded_rectangle(
                (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
                radius=6,
                outline=mix(INK, ORANGE, 0.12 + k * 0.04),
            )
    return sprite


def draw_deck(
    img: Image.Image,
    box: tuple[int, int, int, int],
    label: str,
    count: int,
    *,
    paid: bool,
    text_min: int = 13,
) -> None:
    """A face-down deck: a few offset backs, the count large, the deck's name below. The backs are cached
    (bounded LRU) by size, thickness and kind; only the count and name are drawn each time."""
    x0, y0, x1, y1 = box
    layers = 0 if count == 0 else min(3, 1 + count // 20)
    composite(img, _deck_sprite(x1 - x0, y1 - y0, layers, paid), (x0 - DECK_PAD, y0 - DECK_PAD))
    h = y1 - y0
    draw_text(
        img,
        (x0, y0 + h // 2 - 30, x1, y0 + h // 2 + 10),
        str(count),
        max_size=34,
        min_size=max(14, text_min),
        fill=PALETTE.text_light,
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
    draw_text(
        img,
        (x0 + 4, y0 + h // 2 + 10, x1 - 4, y0 + h // 2 + 46),
        label,
        max_size=max(16, text_min),
        min_size=text_min,
        fill=ORANGE if paid else PALETTE.text_muted_light,
        bold=True,
        align="center",
        valign="middle",
    )


def draw_chip(
    img: Image.Image,
    box: tuple[int, int, int, int],
    face: CardFace,
    lang: str,
    *,
    dim: bool = False,
    text_min: int = 13,
) -> None:
    """A deployed card in short: its category colour down the left edge, its name (up to two lines, never
    under ``text_min`` px) and its value disc. The architecture shows many cards at once, and its combos are
    listed in words under them, so the full face would only repeat them at an unreadable size. Cached
    (bounded LRU) like the full faces."""
    x0, y0, x1, y1 = box
    sprite = _chip_sprite(face.model_dump_json(), lang, x1 - x0, y1 - y0, dim, text_min)
    composite(img, sprite, (x0, y0))


@bounded_cache(maxsize=256)
def _chip_sprite(face_json: str, lang: str, width: int, height: int, dim: bool, text_min: int) -> Image.Image:
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    _paint_chip(sprite, (0, 0, width, height), CardFace.model_validate_json(face_json), lang, dim, text_min)
    return sprite


def _paint_chip(
    img: Image.Image, box: tuple[int, int, int, int], face: CardFace, lang: str, dim: bool, text_min: int
) -> None:
    x0, y0, x1, y1 = box
    h = y1 - y0
    colour = hex_rgb(face.colour)
    rounded_rect(img, box, 10, fill=FACE, outline=mix(colour, (0, 0, 0), 0.2), width=2)
    rounded_rect(img, (x0 + 2, y0 + 2, x0 + 12, y1 - 2), 5, fill=colour)
    disc = min(30, h - 12)
    value, fill = value_disc(face)
    disc_box = (x1 - 6 - disc, y0 + (h - disc) // 2, x1 - 6, y0 + (h + disc) // 2)
    ellipse(img, disc_box, fill=fill, outline=FACE, width=2)
    draw_text(
        img,
        disc_box,
        value,
        size=max(text_min, round(disc * 0.55)),
        fill=INK,
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
    name = display_name(face, lang, shortened=True)
    draw_text(
        img,
        (x0 + 16, y0 + 4, disc_box[0] - 4, y1 - 4),
        name,
        max_size=max(text_min, 15),
        min_size=text_min,
        fill=PALETTE.text_dark,
        bold=True,
        valign="middle",
        max_lines=2,
        balance=True,
        phrases=True,
    )
    if dim:
        veil = Image.new("RGBA", (x1 - x0, h), (*INK, 120))
        img.alpha_composite(veil, (x0, y0))
