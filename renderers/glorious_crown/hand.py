"""A seat's hand (sent ephemerally): what it must answer or beat, and every card, the playable ones lit."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engines.glorious_crown.models import GCView
from renderers.common import PALETTE, draw_text, hstack, layout_text, new_canvas

from .cards import card_label, draw_card
from .header import PAD, TEXT_MIN, WIDTH, header, header_height
from .words import Namer, namer, t


def hand_prompt(view: GCView, lang: str, name: Namer) -> str:
    """What the seat must do now: its pending choice (7, 10), the play to beat (GC-6) or a lead (GC-5) on its
    turn; otherwise whose turn it is, with the field as it stands now (it may change before the seat plays,
    so it is never worded as the play to beat)."""
    p = view.pending
    field = " ".join(card_label(c) for c in view.top.cards) if view.top is not None else ""
    if p is not None and p.seat == view.seat:
        key = {"seven_give": "give_now", "seven_answer": "answer_now", "ten_discard": "discard_now"}[p.kind]
        line = t(lang, key, n=p.count, other=name(p.other) if p.other else "")
    elif view.turn != view.seat or p is not None:
        waiting = p.seat if p is not None else view.turn
        line = t(lang, "waiting", seat=name(waiting)) if waiting else ""
        now = t(lang, "field_now", cards=field, seat=name(view.top.seat)) if view.top else t(lang, "lead_now")
        line = f"{line} · {now}" if line else now
    elif view.top is not None:
        line = t(lang, "to_beat", cards=field, seat=name(view.top.seat))
    else:
        line = t(lang, "lead_now")
    if p is not None and p.given:
        line += "   " + t(lang, "given", cards=" ".join(card_label(c) for c in p.given))
    return line


HAND_CARD_W = 126  # four a row: the corner number and a two-line title at 16 px stay readable on a phone
PER_ROW = 4
CARD_GAP = 8
ROW_GAP = 10
PROMPT_PX = 18
HINT_PX = 16


def draw_hand(view: GCView, lang: str, names: Mapping[str, str] | None = None) -> Image.Image:
    name = namer(names)
    hand = view.hand or []
    rows = max(1, -(-len(hand) // PER_ROW))
    per_row = max(1, -(-len(hand) // rows))  # rows of even length read better than 4 + 4 + 4 + 1
    card_h = round(HAND_CARD_W * 1.4)
    line = hand_prompt(view, lang, name)
    prompt, _ = layout_text((0, 0, WIDTH - 2 * PAD, 10_000), line, size=PROMPT_PX, bold=True)
    hint = any(c.playable for c in hand)
    top = header_height() + prompt.box[3] + 8 + (HINT_PX + 12 if hint else 0) + 4
    height = top + rows * (card_h + ROW_GAP) + PAD
    img = new_canvas(WIDTH, height, vignette=False, mode="RGB")  # flat: no gradient to encode (faster)
    me = next((s for s in view.seats if s.seat == view.seat), None)
    title = t(lang, "hand_title")
    if me is not None:
        title = f"{title} · {t(lang, 'count', n=me.hand_count)} · {t(lang, 'points', n=me.points)}"
    y = header(img, view, lang, title)
    block = draw_text(
        img,
        (PAD, y, WIDTH - PAD, y + prompt.box[3]),
        line,
        size=PROMPT_PX,
        bold=True,
        fill=PALETTE.text_light,
    )
    y = block.box[3] + 8
    if hint:
        draw_text(
            img,
            (PAD, y, WIDTH - PAD, y + HINT_PX + 8),
            t(lang, "playable"),
            size=HINT_PX,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    y = top
    for r in range(rows):
        row = hand[r * per_row : (r + 1) * per_row]
        xs = hstack(len(row), HAND_CARD_W, WIDTH - 2 * PAD, gap=CARD_GAP, start=PAD)
        for x, c in zip(xs, row, strict=True):
            draw_card(
                img,
                (x, y),
                c.id,
                lang,
                HAND_CARD_W,
                highlight=c.playable,
                dimmed=not c.playable,
                title_min=TEXT_MIN,
            )
        y += card_h + ROW_GAP
    return img
