"""A seat's hand (sent ephemerally): every card with the partners its combos look for, those already in
the hand ticked, and the seat's secret mission."""

from __future__ import annotations

from PIL import Image

from engines.aws_builder_cards.models import ABView, HandCard
from renderers.aws_builder_cards.card import INK, ORANGE, draw_card
from renderers.aws_builder_cards.labels import t
from renderers.aws_builder_cards.missions import TOKEN_NAMES, needs_text, partner_name
from renderers.aws_builder_cards.table import PAD, WIDTH, Names, panel, who
from renderers.common import PALETTE, badge, badge_size, draw_text, new_canvas

PARTNER_LINE = 24


def info_height(row: list[HandCard]) -> int:
    """Room under a row of cards: "No combo", or the "Combos with" heading and the longest partner list."""
    longest = max((len(h.partners) for h in row), default=0)
    return 34 if longest == 0 else 10 + 24 + PARTNER_LINE * longest


def draw_hand(view: ABView, lang: str, names: Names = None) -> Image.Image:
    hand = view.hand or []
    seat = view.seat or ""
    per_row = 5
    cw, ch = 220, 308
    rows = max(1, (len(hand) + per_row - 1) // per_row)
    # Each row of cards takes only the room its partner lists need (no fixed block under short lists).
    row_info = [info_height(hand[r * per_row : (r + 1) * per_row]) for r in range(rows)]
    mission_h = 90 * len(view.secret_missions or [])
    height = 80 + sum(ch + h + 20 for h in row_info) + mission_h + 60
    img = new_canvas(WIDTH, height, background=INK, vignette=False)
    draw_text(
        img,
        (PAD, 16, WIDTH // 2, 60),
        t("hand_title", lang, seat=who(seat, names)),
        max_size=30,
        min_size=16,
        bold=True,
        fill=ORANGE,
        wrap=False,
    )
    chips = [(t("discard_pile", lang, n=len(view.discard or [])), PALETTE.neutral)]
    if view.turn.seat == seat and not view.finished:
        chips.insert(0, (t("credits_left", lang, left=view.turn.credits_left, n=view.turn.credits), ORANGE))
    x = WIDTH - PAD
    for text, colour in reversed(chips):
        w, _ = badge_size(text, size=18)
        x -= w
        badge(img, (x, 20), text, colour=colour, size=18)
        x -= 10
    y = 78
    if not hand:
        draw_text(
            img,
            (PAD, y, WIDTH - PAD, y + 60),
            t("empty_hand", lang),
            max_size=22,
            fill=PALETTE.text_muted_light,
        )
        y += 40
    gap = (WIDTH - 2 * PAD - per_row * cw) // (per_row - 1)
    row_tops = [y + sum(ch + h + 20 for h in row_info[:r]) for r in range(rows)]
    for i, h in enumerate(hand):
        r, c = divmod(i, per_row)
        x0 = PAD + c * (cw + gap)
        y0 = row_tops[r]
        face = view.cards[h.key]
        draw_card(
            img,
            (x0, y0, x0 + cw, y0 + ch),
            face,
            lang,
            highlight=PALETTE.highlight if h.partners_in_hand else None,
        )
        iy = y0 + ch + 10
        if not h.partners:
            draw_text(
                img,
                (x0, iy, x0 + cw, iy + 24),
                t("no_combo", lang),
                max_size=18,
                min_size=11,
                fill=PALETTE.text_muted_light,
                wrap=False,
            )
            continue
        draw_text(
            img,
            (x0, iy, x0 + cw, iy + 22),
            t("combos_with", lang),
            max_size=18,
            min_size=11,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
        iy += 24
        present = {key for key in (p.split("#")[0] for p in h.partners_in_hand)}
        partners = []
        for key in h.partners:
            mark = "✓ " if key in present or (key in TOKEN_NAMES and h.partners_in_hand) else "・"
            partners.append(mark + partner_name(view, key, lang))
        draw_text(
            img,
            (x0, iy, x0 + cw, y0 + ch + row_info[r]),
            "\n".join(partners),
            max_size=19,
            min_size=11,
            fill=PALETTE.highlight if h.partners_in_hand else PALETTE.text_muted_light,
        )
    if hand:
        y += sum(ch + h + 20 for h in row_info)
    for m in view.secret_missions or []:
        panel(img, (PAD, y, WIDTH - PAD, y + 80), f"{t('your_missions', lang)}: {m.name.get(lang)}")
        needs = needs_text(view, m, lang)
        draw_text(
            img,
            (PAD + 18, y + 40, WIDTH - PAD - 18, y + 74),
            f"{needs} — {m.why.get(lang)}",
            max_size=15,
            min_size=9,
            fill=PALETTE.text_muted_light,
            max_lines=2,
        )
        y += 90
    return img.crop((0, 0, WIDTH, y + 6))
