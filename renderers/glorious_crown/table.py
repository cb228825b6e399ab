"""The public table: the cards on top of the field with who played them, the seats, the pending decision
(who must choose what, never which cards) and the piles. Drawn from the public view only, so it cannot show a
hidden card."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engines.glorious_crown.models import GCView
from renderers.common import PALETTE, draw_text, hstack, layout_text, new_canvas, rounded_rect

from .cards import draw_card
from .header import PAD, TEXT_MIN, WIDTH, header, header_height
from .seats import seats_block, seats_height
from .words import Namer, namer, t

FIELD_CARD_W = 126  # four cards side by side in the field; a title still fits two lines at 16 px
FIELD_CARD_MAX = 150  # fewer cards are drawn larger
FIELD_TEXT_PX = 19
INFO_PX = 16
BANNER_PX = 17


def _field_card_width(count: int) -> int:
    room = WIDTH - 2 * PAD - 8
    return max(FIELD_CARD_W, min(FIELD_CARD_MAX, (room - (count - 1) * 8) // max(1, count)))


def _field_info(view: GCView, name: Namer, lang: str) -> str:
    info = [t(lang, "field_count", n=view.field_count)] if view.field_count else []
    if view.last_clear is not None:
        info.append(t(lang, "cleared", seat=name(view.last_clear.seat), pts=view.last_clear.points))
    return " · ".join(info)


def _banner_text(view: GCView, name: Namer, lang: str) -> str:
    p = view.pending
    if p is None:
        return ""
    return t(lang, p.kind, seat=name(p.seat), other=name(p.other) if p.other else "", n=p.count)


def _wrapped_height(text: str, size: int, width: int, bold: bool = False) -> int:
    if not text:
        return 0
    block, _ = layout_text((0, 0, width, 10_000), text, size=size, bold=bold)
    return block.box[3]


def draw_table(
    view: GCView, lang: str, names: Mapping[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    name = namer(names)
    inner = WIDTH - 2 * PAD - 24
    top = view.top
    card_w = _field_card_width(len(top.cards)) if top is not None else FIELD_CARD_W
    card_h = round(card_w * 1.4)
    info = _field_info(view, name, lang)
    info_h = _wrapped_height(info, INFO_PX, inner)
    field_h = 12 + 26 + 8 + card_h + 10 + (info_h + 10 if info_h else 0)
    banner = _banner_text(view, name, lang)
    banner_h = _wrapped_height(banner, BANNER_PX, WIDTH - 2 * PAD - 28, bold=True) + 20 if banner else 0
    piles = t(lang, "discard", n=len(view.discard), b=view.blind_count)
    height = header_height() + field_h + 12 + seats_height(view) + 4 + (banner_h + 12 if banner else 0) + 30
    img = new_canvas(WIDTH, height, mode="RGB")
    y = header(img, view, lang, t(lang, "title"))

    # The field: who played, the top play, then how many cards lie under it and the last clear.
    rounded_rect(
        img, (PAD, y, WIDTH - PAD, y + field_h), 18, fill=PALETTE.felt_dark, outline=PALETTE.panel_edge
    )
    if top is not None:
        draw_text(
            img,
            (PAD + 12, y + 12, WIDTH - PAD - 12, y + 38),
            t(lang, "played", seat=name(top.seat)),
            max_size=FIELD_TEXT_PX,
            min_size=TEXT_MIN,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
        xs = hstack(len(top.cards), card_w, WIDTH - 2 * PAD - 8, gap=8, start=PAD + 4)
        for x, card in zip(xs, top.cards, strict=True):
            draw_card(img, (x, y + 46), card, lang, card_w, title_min=TEXT_MIN)
    else:
        lead = name(view.turn) if view.turn else ""
        draw_text(
            img,
            (PAD + 12, y + 12, WIDTH - PAD - 12, y + 46 + card_h),
            t(lang, "empty", seat=lead),
            max_size=20,
            min_size=TEXT_MIN,
            bold=True,
            fill=PALETTE.text_muted_light,
            align="center",
            valign="middle",
        )
    if info:
        draw_text(
            img,
            (PAD + 12, y + 46 + card_h + 10, WIDTH - PAD - 12, y + field_h),
            info,
            size=INFO_PX,
            fill=PALETTE.text_muted_light,
        )
    y = seats_block(img, view, lang, y + field_h + 12, name, ai_seats) + 4

    # The pending decision as a banner (who and what, never the cards), then the piles.
    if banner:
        rounded_rect(img, (PAD, y, WIDTH - PAD, y + banner_h), 14, fill=PALETTE.warning)
        draw_text(
            img,
            (PAD + 14, y + 10, WIDTH - PAD - 14, y + banner_h - 10),
            banner,
            size=BANNER_PX,
            bold=True,
            fill=PALETTE.text_dark,
        )
        y += banner_h + 12
    draw_text(
        img,
        (PAD, y, WIDTH - PAD, y + 24),
        piles,
        size=INFO_PX,
        fill=PALETTE.text_muted_light,
        wrap=False,
    )
    return img
