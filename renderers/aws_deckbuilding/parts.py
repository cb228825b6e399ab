"""What the three pictures share: sizes and colours, the effect icons of AD-2, a service card drawn as a
full-width tile (phone first: one card per row, large type), the header and the players' rows.

Every text is drawn at ``MIN_PX`` or more: at ``WIDTH`` px a phone shows the picture about 400 px wide,
so ``MIN_PX * 400 / WIDTH`` is the smallest text a player reads (11.1 px, Discord's own smallest size).
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engines.aws_deckbuilding.views import ADView, CardFace, EffectFace, EffectStatus, all_faces
from renderers.common import (
    PALETTE,
    badge,
    badge_size,
    bounded_cache,
    draw_text,
    ellipse,
    fit_text,
    initials_of,
    mix,
    rounded_rect,
    seat_row,
    text_width,
)

from .words import condition, gives, t

WIDTH = 720
PAD = 20
MIN_PX = 20
MIN_TEXT_PX: dict[str, int] = {"table": MIN_PX, "hand": MIN_PX, "final": MIN_PX, "card": MIN_PX}

RGB = tuple[int, int, int]
INK: RGB = (35, 47, 62)  # AWS "squid ink": the background
PANEL: RGB = (44, 58, 76)
PANEL_EDGE: RGB = (78, 96, 118)
FACE: RGB = (250, 249, 245)
ORANGE: RGB = (255, 153, 0)  # AWSome (AD-1: orange)
BLACK: RGB = (22, 24, 28)  # TCO (AD-1: black)
GOLD: RGB = (230, 182, 40)  # the +1 buy icon (AD-2: gold dollar)
GREEN: RGB = (46, 160, 100)
GREY: RGB = (150, 152, 158)
TEXT_DARK: RGB = PALETTE.text_dark
MUTED: RGB = (105, 108, 115)

Names = Mapping[str, str]
Box = tuple[int, int, int, int]


def key_of(card: str) -> str:
    return card.split("#")[0]


def face_of(view: ADView, card: str) -> CardFace:
    """The printed face of a card (the view carries the faces it shows; the rest is static card data)."""
    key = key_of(card)
    return view.cards.get(key) or all_faces()[key]


def hex_rgb(colour: str) -> RGB:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def who(seat: str | None, names: Names) -> str:
    return names.get(seat or "", seat or "")


def text(img: Image.Image, box: Box, words: str, size: int, **kw: object) -> int:
    """Text at one size (never below ``MIN_PX``), wrapped in ``box``; returns the bottom of what was drawn."""
    block = draw_text(img, box, words, size=max(MIN_PX, size), **kw)  # type: ignore[arg-type]
    return block.box[3]


def fitted(img: Image.Image, box: Box, words: str, biggest: int, **kw: object) -> int:
    """The largest size from ``biggest`` down to ``MIN_PX`` that fits ``box``."""
    block = draw_text(img, box, words, max_size=max(MIN_PX, biggest), min_size=MIN_PX, **kw)  # type: ignore[arg-type]
    return block.box[3]


def card_name(img: Image.Image, box: Box, words: str) -> int:
    """A card's name on its tile: bold, one line, as large as fits up to ``NAME_SIZE``."""
    return fitted(img, box, words, NAME_SIZE, bold=True, fill=TEXT_DARK, wrap=False)


# ------------------------------------------------------------------------------------------------ icons
def coin(img: Image.Image, box: Box, value: str, currency: str | None) -> None:
    """A cost coin: black for TCO, orange for AWSome (AD-1)."""
    fill = ORANGE if currency == "awsome" else BLACK
    ink = BLACK if currency == "awsome" else (255, 255, 255)
    ellipse(img, box, fill=fill, outline=(255, 255, 255), width=2)
    size = max(MIN_PX, round((box[3] - box[1]) * 0.5))
    draw_text(img, box, value, size=size, fill=ink, bold=True, align="center", valign="middle", wrap=False)


def effect_icon(img: Image.Image, box: Box, eff: EffectFace) -> None:
    """AD-2: +1 buy = a gold disc with $, draw = a black square with ?, +N AWSome = an orange disc with N."""
    size = max(MIN_PX, round((box[3] - box[1]) * 0.62))
    if eff.type == "buy":
        ellipse(img, box, fill=GOLD, outline=mix(GOLD, BLACK, 0.35), width=2)
        mark, ink = "$", BLACK
    elif eff.type == "draw":
        rounded_rect(img, box, 5, fill=BLACK, outline=(255, 255, 255), width=2)
        mark, ink = "?", (255, 255, 255)
    else:
        ellipse(img, box, fill=ORANGE, outline=mix(ORANGE, BLACK, 0.3), width=2)
        mark, ink = str(eff.amount), BLACK
    draw_text(img, box, mark, size=size, fill=ink, bold=True, align="center", valign="middle", wrap=False)


def effect_icon_veil(img: Image.Image, box: Box) -> None:
    """Fades an effect icon whose condition does not hold (the card face shows through)."""
    x0, y0, x1, y1 = box
    img.alpha_composite(Image.new("RGBA", (x1 - x0 + 1, y1 - y0 + 1), (*FACE, 150)), (x0, y0))


def chip(img: Image.Image, xy: tuple[int, int], words: str, fill: RGB, ink: RGB | None = None) -> Box:
    return badge(img, xy, words, colour=fill, text_colour=ink, size=MIN_PX)


def chip_width(words: str) -> int:
    return badge_size(words, size=MIN_PX)[0]


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


# ------------------------------------------------------------------------------------------------ frame
def header(img: Image.Image, view: ADView, lang: str, names: Names) -> int:
    """Title, whose decision it is, and a vote if one is running. Returns the y below it."""
    text(img, (PAD, 14, WIDTH - PAD, 52), t(lang, "title"), 30, fill=ORANGE, bold=True, wrap=False)
    if view.finished:
        status = t(lang, "game_over")
    elif view.phase == "draft":
        d = view.decision
        pick = d.pick if d is not None and d.pick is not None else view.pick + 1
        picks = d.picks if d is not None and d.picks is not None else len(view.draft_order)
        status = t(lang, "draft_pick", seat=who(view.current, names), pick=pick, picks=picks)
    else:
        status = t(lang, "round_turn", round=view.round, seat=who(view.current, names))
    y = fitted(img, (PAD, 56, WIDTH - PAD, 88), status, 22, fill=PALETTE.highlight, bold=True, wrap=False)
    d = view.decision
    if d is not None and d.kind == "vote":
        words = t(
            lang, "vote", seat=who(d.proposer_seat, names), waiting=", ".join(who(s, names) for s in d.seats)
        )
        top = y + 8
        _size, lines = fit_text(words, WIDTH - 2 * PAD - 28, 2 * 28, MIN_PX, MIN_PX, max_lines=2)
        bottom = top + 8 + max(1, len(lines)) * 28 + 8
        rounded_rect(img, (PAD, top, WIDTH - PAD, bottom), 12, fill=mix(INK, PALETTE.info, 0.45))
        text(
            img,
            (PAD + 14, top + 8, WIDTH - PAD - 14, bottom - 6),
            words,
            MIN_PX,
            fill=(255, 255, 255),
            max_lines=2,
        )
        y = bottom
    return y + 12


def section(img: Image.Image, y: int, title: str, note: str = "") -> int:
    text(img, (PAD, y, WIDTH - PAD, y + 32), title, 24, fill=(255, 255, 255), bold=True, wrap=False)
    if note:
        w = text_width(note, MIN_PX)
        text(
            img,
            (WIDTH - PAD - w, y + 4, WIDTH - PAD, y + 30),
            note,
            MIN_PX,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    return y + 38


def player_rows(
    img: Image.Image, y: int, view: ADView, lang: str, names: Names, ai_seats: frozenset[str]
) -> int:
    """Each player: colour, name (robot mark for the computer), W-A points; then deck, hand and discard
    counts, on-premises cards left and AWS cards owned."""
    for p in view.table:
        colour = (
            hex_rgb(view.colour_faces[p.colour].colour) if p.colour in view.colour_faces else PALETTE.seat(0)
        )
        name = who(p.seat, names)
        seat_row(
            img,
            (PAD, y, WIDTH - PAD, y + 60),  # the initials stay at MIN_PX (0.44 of the avatar)
            name=name,
            colour=colour,
            detail=t(lang, "points", n=p.points),
            active=p.seat == view.current and not view.finished,
            robot=p.seat in ai_seats,
            name_size=22,
            detail_size=22,
            initials=initials_of(name)[:1],
        )
        one = t(lang, "counts_one_line", d=p.deck, h=p.hand, x=p.discard, o=p.onprem_left, s=p.services)
        if text_width(one, MIN_PX) <= WIDTH - 2 * PAD - 10:  # one line reads faster and keeps rows short
            lines = [one]
        else:
            lines = [
                t(lang, "counts", d=p.deck, h=p.hand, x=p.discard),
                t(lang, "counts2", o=p.onprem_left, s=p.services),
            ]
        for i, line in enumerate(lines):
            text(
                img,
                (PAD + 10, y + 64 + 26 * i, WIDTH - PAD, y + 90 + 26 * i),
                line,
                MIN_PX,
                fill=PALETTE.text_muted_light,
                wrap=False,
            )
        y += 72 + 26 * len(lines)
    return y
