"""A service card drawn as a full-width tile (phone first: one card per row, large type): its name, coin,
category and effect rows with their status, drawn once per card and kept as a sprite."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engines.aws_deckbuilding.views import CardFace, EffectFace, EffectStatus
from renderers.common import (
    bounded_cache,
    draw_text,
    fit_text,
    mix,
    rounded_rect,
    text_width,
)

from .parts import (
    BLACK,
    FACE,
    GREY,
    INK,
    MIN_PX,
    MUTED,
    ORANGE,
    RGB,
    TEXT_DARK,
    Box,
    chip,
    chip_width,
    coin,
    effect_icon,
    effect_icon_veil,
    fitted,
    hex_rgb,
    text,
)
from .words import condition, gives, t

# ------------------------------------------------------------------------------------------------ card tile
STATUS_FILL: dict[str, RGB] = {
    "applied": (214, 240, 222),
    "offered": (255, 236, 179),
    "would": (255, 243, 205),
    "declined": (232, 232, 234),
    "unmet": FACE,
    "plain": FACE,
}
STATUS_INK: dict[str, RGB] = {
    "applied": (24, 110, 62),
    "offered": (150, 92, 0),
    "would": (150, 92, 0),
    "declined": GREY,
    # an effect whose condition does not hold in the revealed hand: faded, so what fires stands out
    "unmet": mix(MUTED, FACE, 0.2),
    "plain": TEXT_DARK,
}
EFFECT_SIZE = 20
NAME_SIZE = 26
COIN = 52
EFFECT_ROW = 54  # room for two lines of effect text at MIN_PX
EFFECTS_TOP = 80  # the effects start below the name and category, beside the coin's column
TILE_MARGIN = 4  # the outline reaches this far around the card


def card_name(img: Image.Image, box: Box, words: str) -> int:
    """A card's name on its tile: bold, one line, as large as fits up to ``NAME_SIZE``."""
    return fitted(img, box, words, NAME_SIZE, bold=True, fill=TEXT_DARK, wrap=False)


def tile_height(face: CardFace) -> int:
    if face.kind != "service":
        return 68
    rows = sum(1 for eff in (face.primary, face.secondary) if eff is not None)
    return max(EFFECTS_TOP + rows * EFFECT_ROW + 4, 92)


def draw_tile(
    img: Image.Image,
    box: Box,
    face: CardFace,
    lang: str,
    *,
    statuses: Mapping[str, str] | None = None,
    tag: tuple[str, RGB] | None = None,
    outline: RGB | None = None,
    dim: bool = False,
) -> None:
    """One card, full width: the cost coin (colour = currency), name and category, the credits it gives
    (TCO black, AWSome orange) and both effects with their icons and conditions. ``statuses`` maps
    ``primary``/``secondary`` to applied | offered | would | declined | unmet (shaded or faded rows; an
    effect left out is printed plain, as in the marketplace); ``tag`` is a label pinned top right (can
    buy, drawn ...).

    The tile is drawn once per look (card, language, statuses, tag, outline, size) into a bounded cache
    and pasted: a marketplace changes a card or two between two pictures, and the hand repeats its
    starters."""
    x0, y0, x1, y1 = box
    look = tuple(sorted((statuses or {}).items()))
    sprite = _tile_sprite(_ByKey(face), lang, look, tag, outline, dim, x1 - x0, y1 - y0)
    img.paste(sprite, (x0 - TILE_MARGIN, y0 - TILE_MARGIN))  # an opaque RGB sprite: exact in RGBA too


class _ByKey:
    """A face as a cache key: a card's face is card data, the same for every copy of the card."""

    __slots__ = ("face",)

    def __init__(self, face: CardFace) -> None:
        self.face = face

    def __hash__(self) -> int:
        return hash(self.face.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ByKey) and other.face.key == self.face.key


@bounded_cache(maxsize=32)
def _tile_sprite(
    keyed: _ByKey,
    lang: str,
    look: tuple[tuple[str, str], ...],
    tag: tuple[str, RGB] | None,
    outline: RGB | None,
    dim: bool,
    width: int,
    height: int,
) -> Image.Image:
    # Drawn on the pictures' own background (INK), so pasting it is exactly drawing it in place.
    m = TILE_MARGIN
    sprite = Image.new("RGBA", (width + 2 * m, height + 2 * m), (*INK, 255))
    paint_tile(sprite, (m, m, m + width, m + height), keyed.face, lang, dict(look), tag, outline, dim)
    return sprite.convert("RGB")  # kept opaque: three bytes a pixel (32 tiles, about 12 MB at most)


def paint_tile(
    img: Image.Image,
    box: Box,
    face: CardFace,
    lang: str,
    statuses: Mapping[str, str],
    tag: tuple[str, RGB] | None,
    outline: RGB | None,
    dim: bool,
) -> None:
    """:func:`draw_tile` without the cache, on any background (the ``/card`` sheet's face is a variant of
    the card's face under the same key, drawn once)."""
    x0, y0, x1, y1 = box
    cat = hex_rgb(face.colour)
    if outline is not None:
        m = TILE_MARGIN
        rounded_rect(img, (x0 - m, y0 - m, x1 + m, y1 + m), 18, fill=outline)
    rounded_rect(img, box, 14, fill=FACE, outline=mix(cat, BLACK, 0.2), width=2)
    rounded_rect(img, (x0, y0, x0 + 14, y1), 7, fill=cat)  # the category colour runs down the left edge
    ImageDraw.Draw(img).rectangle((x0 + 8, y0 + 2, x0 + 14, y1 - 2), fill=cat)
    left = x0 + 28
    if face.kind == "wa":
        coin(img, (left, y0 + 8, left + COIN, y0 + 8 + COIN), str(face.cost), "awsome")
        card_name(img, (left + COIN + 14, y0 + 6, x1 - 16, y0 + 38), "Well-Architected")
        text(
            img,
            (left + COIN + 14, y0 + 38, x1 - 16, y0 + 62),
            t(lang, "wa_card", pts=face.points),
            20,
            fill=mix(ORANGE, BLACK, 0.25),
            bold=True,
            wrap=False,
        )
    elif face.kind == "onprem":
        name_right = x1 - 16 - chip_width(t(lang, "gives_tco", n=face.tco)) - 10
        card_name(img, (left, y0 + 8, name_right, y0 + 40), face.name.get(lang))
        text(
            img,
            (left, y0 + 40, x1 - 16, y0 + 64),
            face.category_name.get(lang),
            MIN_PX,
            fill=MUTED,
            wrap=False,
        )
        words = t(lang, "gives_tco", n=face.tco)
        chip(img, (x1 - 16 - chip_width(words), y0 + 8), words, BLACK)
    else:
        _service(img, box, face, lang, statuses, tag)
    if tag is not None and face.kind != "service":
        words, colour = tag
        w = chip_width(words)
        chip(img, (x1 - w - 12, y1 - 8 - round(MIN_PX * 1.75)), words, colour)
    if dim:
        veil = Image.new("RGBA", (x1 - x0, y1 - y0), (*INK, 110))
        img.alpha_composite(veil, (x0, y0))


def _service(
    img: Image.Image,
    box: Box,
    face: CardFace,
    lang: str,
    statuses: Mapping[str, str],
    tag: tuple[str, RGB] | None,
) -> None:
    x0, y0, x1, _ = box
    left = x0 + 28  # clear of the category strip: "AWSome" under the coin is 85 px wide at MIN_PX
    coin(img, (left, y0 + 8, left + COIN, y0 + 8 + COIN), str(face.cost), face.currency)
    text(
        img,
        (x0 + 8, y0 + 8 + COIN, x0 + 100, y0 + 8 + COIN + 26),  # centred under the coin
        t(lang, face.currency or "tco"),
        MIN_PX,
        fill=ORANGE if face.currency == "awsome" else BLACK,
        bold=True,
        align="center",
        wrap=False,
    )
    # What it gives, top right: TCO (black) and AWSome (orange).
    chips = [(t(lang, "gives_tco", n=face.tco), BLACK), (t(lang, "gives_awsome", n=face.awsome), ORANGE)]
    x = x1 - 12
    for words, colour in reversed(chips):
        x -= chip_width(words)
        chip(img, (x, y0 + 6), words, colour)
        x -= 8
    name_left = left + COIN + 20
    card_name(img, (name_left, y0 + 6, x - 4, y0 + 38), face.name.get(lang))
    cat = hex_rgb(face.colour)
    cat_right = x1 - 12
    if tag is not None:  # the tag sits at the end of the category line, clear of the effects
        words, colour = tag
        w = chip_width(words)
        chip(img, (x1 - 12 - w, y0 + 43), words, colour)  # under the value chips (35 px tall at MIN_PX)
        cat_right -= w + 10
    category = face.category_name.get(lang)
    if fit_text(category, cat_right - name_left, 30, 20, MIN_PX, bold=True, wrap=False)[1] != [category]:
        category = face.category_short.get(lang)  # the full name would be cut: the short one reads better
    fitted(
        img,
        (name_left, y0 + 44, cat_right, y0 + 68),
        category,
        20,
        fill=mix(cat, BLACK, 0.3),
        bold=True,
        wrap=False,
    )
    y = y0 + EFFECTS_TOP
    for which, eff in (("primary", face.primary), ("secondary", face.secondary)):
        if eff is None:
            continue
        effect_row(
            img,
            (name_left - 4, y, x1 - 10, y + EFFECT_ROW - 4),
            eff,
            which,
            lang,
            statuses.get(which, "plain"),
        )
        y += EFFECT_ROW


def effect_row(img: Image.Image, box: Box, eff: EffectFace, which: str, lang: str, status: str) -> None:
    """``[1st] (icon) +2 AWSome · if S3`` on a shade that says whether it fired."""
    x0, y0, x1, y1 = box
    fill = STATUS_FILL.get(status, FACE)
    if status not in ("unmet", "plain"):
        rounded_rect(img, box, 10, fill=fill)
    ink = STATUS_INK.get(status, TEXT_DARK)
    label = t(lang, which)
    lw = max(text_width(label, MIN_PX, bold=True), 34)
    text(
        img,
        (x0 + 6, y0, x0 + 6 + lw + 4, y1),
        label,
        MIN_PX,
        fill=MUTED,
        bold=True,
        valign="middle",
        wrap=False,
    )
    icon = 30
    ix = x0 + 14 + lw
    iy = y0 + (y1 - y0 - icon) // 2
    effect_icon(img, (ix, iy, ix + icon, iy + icon), eff)
    words = f"{gives(eff, lang)}  ·  {condition(eff.condition, lang)}"
    right = x1 - 8
    if status in ("applied", "offered", "declined", "would"):
        mark = t(lang, "st_would" if status == "would" else f"st_{status}")
        mw = chip_width(mark)
        chip(
            img,
            (right - mw, y0 + (y1 - y0 - round(MIN_PX * 1.75)) // 2),
            mark,
            STATUS_INK[status] if status != "declined" else GREY,
            (255, 255, 255),
        )
        right -= mw + 8
    phrases = lang == "ja"  # break Japanese between phrases, not inside a word
    size, _ = fit_text(
        words, right - (ix + icon + 10), y1 - y0, EFFECT_SIZE, MIN_PX, max_lines=2, phrases=phrases
    )
    draw_text(
        img,
        (ix + icon + 10, y0, right, y1),
        words,
        size=size,
        fill=ink,
        valign="middle",
        max_lines=2,
        phrases=phrases,
    )
    if status == "unmet":
        effect_icon_veil(img, (ix, iy, ix + icon, iy + icon))
    if status == "declined":
        mid = y0 + (y1 - y0) // 2
        ImageDraw.Draw(img).line((ix + icon + 8, mid, right - 4, mid), fill=GREY, width=2)


def statuses_of(effects: list[EffectStatus], card: str, *, preview: bool = False) -> dict[str, str]:
    """A card's effect statuses for the tile (a preview's "offered" reads "would fire")."""
    out: dict[str, str] = {}
    for e in effects:
        if e.card == card:
            out[e.effect] = "would" if preview and e.status == "offered" else e.status
    return out
