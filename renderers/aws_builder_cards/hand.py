"""A seat's hand (sent ephemerally): every card with the partners its combos look for, those already in
the hand ticked, and the seat's secret mission (AB-11). Three cards a row at :data:`frame.WIDTH` px: each
card's combo line stays at least :data:`frame.TEXT_MIN` px."""

from __future__ import annotations

from PIL import Image

from engines.aws_builder_cards.models import ABView, HandCard
from renderers.common import PALETTE, draw_text, layout_text, new_canvas

from .card import INK, ORANGE, draw_card
from .frame import BODY_PX, PAD, TEXT_MIN, WIDTH, Names, badges_row, panel, who
from .missions import TOKEN_NAMES, needs_text, partner_name
from .words import t

PER_ROW = 3
GAP = 12
CARD_W = (WIDTH - 2 * PAD - (PER_ROW - 1) * GAP) // PER_ROW
CARD_H = round(CARD_W * 1.4)
PARTNER_LINE = 22
TITLE_PX = 22


def partner_lines(view: ABView, h: HandCard, lang: str) -> list[str]:
    """The partners a card's combos look for, "✓" on those the hand already holds."""
    present = {p.split("#")[0] for p in h.partners_in_hand}
    return [
        ("✓ " if key in present or (key in TOKEN_NAMES and h.partners_in_hand) else "・")
        + partner_name(view, key, lang)
        for key in h.partners
    ]


def info_height(row: list[HandCard]) -> int:
    """Room under a row of cards: "No combo", or the "Combos with" heading and the longest partner list."""
    longest = max((len(h.partners) for h in row), default=0)
    return 26 if longest == 0 else 24 + PARTNER_LINE * longest


def _mission_texts(view: ABView, lang: str) -> list[tuple[str, str]]:
    return [
        (
            f"{t(lang, 'your_missions')}: {m.name.get(lang)}",
            f"{needs_text(view, m, lang)} — {m.why.get(lang)}",
        )
        for m in view.secret_missions or []
    ]


def _mission_height(body: str) -> int:
    block, _ = layout_text((0, 0, WIDTH - 2 * PAD - 24, 10_000), body, size=TEXT_MIN, phrases=True)
    return 36 + block.box[3] + 10


def draw_hand(view: ABView, lang: str, names: Names = None) -> Image.Image:
    hand = view.hand or []
    seat = view.seat or ""
    rows = [hand[i : i + PER_ROW] for i in range(0, len(hand), PER_ROW)]
    row_info = [info_height(row) for row in rows]
    missions = _mission_texts(view, lang)
    top = 84
    height = (
        top
        + (40 if not hand else sum(CARD_H + 10 + h + GAP for h in row_info))
        + sum(_mission_height(body) + 10 for _, body in missions)
        + 8
    )
    img = new_canvas(WIDTH, height, background=INK, vignette=False, mode="RGB")
    draw_text(
        img,
        (PAD, 10, WIDTH - PAD, 40),
        t(lang, "hand_title", seat=who(seat, names)),
        max_size=TITLE_PX,
        min_size=TEXT_MIN,
        bold=True,
        fill=ORANGE,
        wrap=False,
    )
    chips = [(t(lang, "discard_pile", n=len(view.discard or [])), PALETTE.neutral)]
    if view.turn.seat == seat and not view.finished:
        chips.insert(0, (t(lang, "credits_left", left=view.turn.credits_left, n=view.turn.credits), ORANGE))
    badges_row(img, chips, PAD, 46, WIDTH - PAD)
    y = top
    if not hand:
        draw_text(
            img,
            (PAD, y, WIDTH - PAD, y + 30),
            t(lang, "empty_hand"),
            size=BODY_PX + 2,
            fill=PALETTE.text_muted_light,
        )
        y += 40
    for row, info in zip(rows, row_info, strict=True):
        for c, h in enumerate(row):
            x0 = PAD + c * (CARD_W + GAP)
            face = view.cards[h.key]
            lit = PALETTE.highlight if h.partners_in_hand else None
            draw_card(img, (x0, y, x0 + CARD_W, y + CARD_H), face, lang, highlight=lit, text_min=TEXT_MIN)
            iy = y + CARD_H + 10
            if not h.partners:
                draw_text(
                    img,
                    (x0, iy, x0 + CARD_W, iy + 22),
                    t(lang, "no_combo"),
                    size=TEXT_MIN,
                    fill=PALETTE.text_muted_light,
                    wrap=False,
                )
                continue
            draw_text(
                img,
                (x0, iy, x0 + CARD_W, iy + 22),
                t(lang, "combos_with"),
                size=TEXT_MIN,
                bold=True,
                fill=PALETTE.text_light,
                wrap=False,
            )
            iy += 24
            colour = PALETTE.highlight if h.partners_in_hand else PALETTE.text_muted_light
            for line in partner_lines(view, h, lang):
                draw_text(
                    img,
                    (x0, iy, x0 + CARD_W, iy + PARTNER_LINE),
                    line,
                    size=TEXT_MIN,
                    fill=colour,
                    wrap=False,
                )
                iy += PARTNER_LINE
        y += CARD_H + 10 + info + GAP
    for title, body in missions:
        box_h = _mission_height(body)
        panel(img, (PAD, y, WIDTH - PAD, y + box_h), title)
        draw_text(
            img,
            (PAD + 12, y + 36, WIDTH - PAD - 12, y + box_h),
            body,
            size=TEXT_MIN,
            fill=PALETTE.text_light,
            phrases=True,
        )
        y += box_h + 10
    return img
