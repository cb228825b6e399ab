"""The public table: the cards on top of the field with who played them, the seats, the pending decision
(who must choose what, never which cards) and the piles. Drawn from the public view only, so it cannot show a
hidden card."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engines.glorious_crown.models import GCView
from renderers.common import PALETTE, draw_text, hstack, new_canvas, rounded_rect

from .cards import draw_card
from .header import PAD, WIDTH, header
from .labels import namer, t
from .seats import seats_block


def draw_table(
    view: GCView, lang: str, names: Mapping[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    name = namer(names)
    rows = (len(view.seats) + 1) // 2
    height = 76 + 372 + 18 + rows * 126 + (70 if view.pending is not None else 0) + 60
    img = new_canvas(WIDTH, height)
    y = header(img, view, lang, t("title", lang))
    # The field.
    field_box = (PAD, y, WIDTH - PAD, y + 372)
    rounded_rect(img, field_box, 22, fill=PALETTE.felt_dark, outline=PALETTE.panel_edge, width=2)
    top = view.top
    if top is not None:
        draw_text(
            img,
            (PAD + 24, y + 12, WIDTH - PAD - 24, y + 52),
            t("played", lang, seat=name(top.seat)),
            max_size=28,
            min_size=18,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
        cw = 180
        xs = hstack(len(top.cards), cw, WIDTH - 2 * PAD - 48, gap=18, start=PAD + 24)
        for x, card in zip(xs, top.cards, strict=True):
            draw_card(img, (x, y + 58), card, lang, cw)
    else:
        lead = name(view.turn) if view.turn else ""
        draw_text(
            img,
            (PAD + 24, y + 130, WIDTH - PAD - 24, y + 200),
            t("empty", lang, seat=lead),
            max_size=32,
            min_size=20,
            bold=True,
            fill=PALETTE.text_muted_light,
            align="center",
            valign="middle",
            wrap=False,
        )
    info = [t("field_count", lang, n=view.field_count)] if view.field_count else []
    if view.last_clear is not None:
        info.append(t("cleared", lang, seat=name(view.last_clear.seat), pts=view.last_clear.points))
    draw_text(
        img,
        (PAD + 24, y + 322, WIDTH - PAD - 24, y + 364),
        "   ·   ".join(info),
        max_size=28,
        min_size=14,
        fill=PALETTE.text_muted_light,
        wrap=False,
    )
    y = seats_block(img, view, lang, y + 390, name, ai_seats)
    # The pending decision as a banner (who and what, never the cards), then the piles.
    p = view.pending
    if p is not None:
        rounded_rect(img, (PAD, y, WIDTH - PAD, y + 56), 16, fill=PALETTE.warning)
        text = t(p.kind, lang, seat=name(p.seat), other=name(p.other) if p.other else "", n=p.count)
        draw_text(
            img,
            (PAD + 20, y + 6, WIDTH - PAD - 20, y + 50),
            text,
            max_size=26,
            min_size=14,
            bold=True,
            fill=PALETTE.text_dark,
            valign="middle",
            wrap=False,
        )
        y += 70
    piles = t("discard", lang, n=len(view.discard), b=view.blind_count)
    draw_text(
        img,
        (PAD, y, WIDTH - PAD, y + 40),
        piles,
        max_size=28,
        min_size=14,
        fill=PALETTE.text_muted_light,
        wrap=False,
    )
    return img
