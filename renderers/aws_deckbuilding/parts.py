"""What the three pictures share: sizes and colours, the effect icons of AD-2, the header and the players'
rows (a service card drawn as a full-width tile: ``tile``).

Every text is drawn at ``MIN_PX`` or more: at ``WIDTH`` px a phone shows the picture about 400 px wide,
so ``MIN_PX * 400 / WIDTH`` is the smallest text a player reads (11.1 px, Discord's own smallest size).
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engines.aws_deckbuilding.views import ADView, CardFace, EffectFace, all_faces
from renderers.common import (
    PALETTE,
    badge,
    badge_size,
    draw_text,
    ellipse,
    fit_text,
    initials_of,
    mix,
    rounded_rect,
    seat_row,
    text_width,
)

from .words import t

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
