"""The console mat (AB-2, AB-3): the four free slots, the paid slot, both decks and the W-A pile with what is
left of it and what it costs the player to move now."""

from __future__ import annotations

from PIL import Image

from engines.aws_builder_cards.models import ABView
from renderers.common import PALETTE, Align, draw_text, layout_text, rounded_rect

from .card import MAT_EDGE, ORANGE, draw_card, draw_deck
from .frame import BODY_PX, PAD, TEXT_MIN, WIDTH, face_of, panel
from .words import t

INNER = WIDTH - 2 * PAD - 16
GAP = 8
CARD_W = (INNER - 3 * GAP) // 4
CARD_H = round(CARD_W * 2.1)  # tall enough for the category line and the longest combo at 16 px
DECK_W, DECK_H = 96, 132
LABEL_H = 24


def _label(
    img: Image.Image,
    x: int,
    y: int,
    width: int,
    text: str,
    colour: tuple[int, int, int],
    align: Align = "left",
) -> None:
    draw_text(
        img,
        (x, y, x + width, y + LABEL_H),
        text,
        size=TEXT_MIN,
        bold=True,
        fill=colour,
        align=align,
        wrap=False,
    )


def _wa_line(view: ABView, lang: str) -> str:
    c = view.console
    lines = [
        t(lang, "wa_left", pts=pts, n=n, cost=c.wa_costs.get(pts, "-"))
        for pts, n in sorted(c.wa_remaining.items())
    ]
    return " · ".join(lines) if lines else t(lang, "wa_empty")


def console_height(view: ABView, lang: str) -> int:
    wa, _ = layout_text((0, 0, INNER, 10_000), _wa_line(view, lang), size=BODY_PX)
    return 40 + 2 * (LABEL_H + CARD_H + 10) + wa.box[3] + 12


def console_block(img: Image.Image, view: ABView, lang: str, top: int) -> int:
    c = view.console
    height = console_height(view, lang)
    panel(img, (PAD, top, WIDTH - PAD, top + height), t(lang, "console"))
    left = PAD + 8
    y = top + 40
    _label(img, left, y, INNER, t(lang, "free_slots"), PALETTE.text_muted_light)
    y += LABEL_H
    for i, slot in enumerate(c.free_slots[:4]):
        x = left + i * (CARD_W + GAP)
        box = (x, y, x + CARD_W, y + CARD_H)
        if slot is None:
            rounded_rect(img, box, 12, outline=MAT_EDGE, width=2)
            draw_text(
                img,
                box,
                t(lang, "empty"),
                size=BODY_PX,
                fill=PALETTE.text_muted_light,
                align="center",
                valign="middle",
            )
        else:
            draw_card(img, box, view.cards[slot.key], lang, count=slot.count, text_min=TEXT_MIN)
    y += CARD_H + 10

    # Second row: the paid slot, the two decks, the W-A pile.
    x = left
    _label(img, x, y, CARD_W, t(lang, "paid_slot"), ORANGE)
    box = (x, y + LABEL_H, x + CARD_W, y + LABEL_H + CARD_H)
    if c.paid_slot is None:
        rounded_rect(img, box, 12, outline=ORANGE, width=2)
    else:
        draw_card(
            img,
            box,
            view.cards[c.paid_slot.key],
            lang,
            count=c.paid_slot.count,
            highlight=ORANGE,
            text_min=TEXT_MIN,
        )
    deck_top = y + LABEL_H + (CARD_H - DECK_H) // 2
    x += CARD_W + GAP + 6
    draw_deck(
        img,
        (x, deck_top, x + DECK_W, deck_top + DECK_H),
        t(lang, "free_deck"),
        c.free_deck,
        paid=False,
        text_min=TEXT_MIN,
    )
    x += DECK_W + GAP + 6
    draw_deck(
        img,
        (x, deck_top, x + DECK_W, deck_top + DECK_H),
        t(lang, "paid_deck"),
        c.paid_deck,
        paid=True,
        text_min=TEXT_MIN,
    )
    x = left + INNER - CARD_W
    # Right-aligned over the pile, free to reach left over the decks: "Well-Architected" is wider than a card.
    _label(img, x + CARD_W - INNER // 2, y, INNER // 2, t(lang, "wa_pile"), PALETTE.highlight, "right")
    box = (x, y + LABEL_H, x + CARD_W, y + LABEL_H + CARD_H)
    if c.wa_top is not None:
        draw_card(img, box, face_of(view, c.wa_top), lang, count=len(c.wa_pile), text_min=TEXT_MIN)
    else:
        rounded_rect(img, box, 12, outline=MAT_EDGE, width=2)
    y += LABEL_H + CARD_H + 10
    draw_text(
        img,
        (left, y, left + INNER, top + height),
        _wa_line(view, lang),
        size=BODY_PX,
        fill=PALETTE.text_light,
    )
    return top + height + 12
