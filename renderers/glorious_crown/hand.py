"""A seat's hand (sent ephemerally): what it must answer or beat, and every card, the playable ones lit."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engines.glorious_crown.models import GCView
from renderers.common import PALETTE, draw_text, hstack, new_canvas

from .cards import card_label, draw_card
from .header import PAD, WIDTH, header
from .labels import Namer, namer, t


def hand_prompt(view: GCView, lang: str, name: Namer) -> str:
    """What the seat must do now: its pending choice (7, 10), the play to beat (GC-6) or a lead (GC-5) on its
    turn; otherwise whose turn it is, with the field as it stands now (it may change before the seat plays,
    so it is never worded as the play to beat)."""
    p = view.pending
    field = " ".join(card_label(c) for c in view.top.cards) if view.top is not None else ""
    if p is not None and p.seat == view.seat:
        key = {"seven_give": "give_now", "seven_answer": "answer_now", "ten_discard": "discard_now"}[p.kind]
        line = t(key, lang, n=p.count, other=name(p.other) if p.other else "")
    elif view.turn != view.seat or p is not None:
        waiting = p.seat if p is not None else view.turn
        line = t("waiting", lang, seat=name(waiting)) if waiting else ""
        now = t("field_now", lang, cards=field, seat=name(view.top.seat)) if view.top else t("lead_now", lang)
        line = f"{line} · {now}" if line else now
    elif view.top is not None:
        line = t("to_beat", lang, cards=field, seat=name(view.top.seat))
    else:
        line = t("lead_now", lang)
    if p is not None and p.given:
        line += "   " + t("given", lang, cards=" ".join(card_label(c) for c in p.given))
    return line


def draw_hand(view: GCView, lang: str, names: Mapping[str, str] | None = None) -> Image.Image:
    name = namer(names)
    hand = view.hand or []
    cw = 136  # six a row: the corner number stays readable on a phone
    rows = max(1, (len(hand) + 5) // 6)
    per_row = max(1, (len(hand) + rows - 1) // rows)  # rows of even length read better than 6 + 1
    row_h = round(cw * 1.4) + 18
    height = 200 + rows * row_h + 20
    img = new_canvas(WIDTH, height)
    me = next((s for s in view.seats if s.seat == view.seat), None)
    title = t("hand_title", lang)
    if me is not None:
        title = f"{title} · {t('count', lang, n=me.hand_count)} · {t('points', lang, n=me.points)}"
    y = header(img, view, lang, title)
    line = hand_prompt(view, lang, name)
    draw_text(
        img,
        (PAD, y, WIDTH - PAD, y + 40),
        line,
        max_size=26,
        min_size=16,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    if any(c.playable for c in hand):
        draw_text(
            img,
            (PAD, y + 44, WIDTH - PAD, y + 76),
            t("playable", lang),
            max_size=24,
            min_size=14,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    y += 96
    for r in range(rows):
        row = hand[r * per_row : (r + 1) * per_row]
        xs = hstack(len(row), cw, WIDTH - 2 * PAD, gap=12, start=PAD)
        for x, c in zip(xs, row, strict=True):
            draw_card(img, (x, y), c.id, lang, cw, highlight=c.playable, dimmed=not c.playable)
        y += row_h
    return img
