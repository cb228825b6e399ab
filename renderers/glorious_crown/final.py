"""The final standings: one row per player with the place, the name, how they finished, the field points
and finishing bonus (GC-17, GC-19) and the total (GC-21), the winners lit; then the blind cards, if any."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engines.glorious_crown.models import GCView, StandingView
from renderers.common import PALETTE, draw_text, hstack, new_canvas, robot_mark, rounded_rect, text_width

from .cards import draw_card
from .header import PAD, TEXT_MIN, WIDTH, header, header_height
from .words import namer, t

ROW_H = 62
ROW_GAP = 8
PLACE_PX = 26
NAME_PX = 20
DETAIL_PX = 16
TOTAL_PX = 26
ROBOT_PX = 20
BLIND_W = 126  # wide enough for the title at 16 px, as in the hand


def _how(r: StandingView, lang: str) -> str:
    if r.foul:
        how = t(lang, "finish_foul")
    elif r.finish is not None:
        how = t(lang, "finish_n", n=r.finish)
    else:
        how = t(lang, "finish_last")
    return f"{how} · {t(lang, 'col_field')} {r.field_points} · {t(lang, 'col_bonus')} +{r.bonus}"


def final_height(view: GCView) -> int:
    """Exactly the room the standings and, when there are any, the blind cards take (3 players deal no
    blind cards (GC-2): then nothing is drawn for them, not even a heading)."""
    rows = len(view.standings or [])
    height = header_height(badges=False) + rows * (ROW_H + ROW_GAP) + PAD - ROW_GAP
    if view.blind:
        height += 12 + 26 + round(BLIND_W * 1.4) + 8
    elif view.blind_count:
        height += 8 + 24
    return height


def draw_final(
    view: GCView, lang: str, names: Mapping[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    name = namer(names)
    img = new_canvas(WIDTH, final_height(view), mode="RGB")
    y = header(img, view, lang, f"{t(lang, 'title')} · {t(lang, 'final')}", badges=False)
    total_w = text_width("000", TOTAL_PX, bold=True)
    for r in view.standings or []:
        winner = r.place == 1
        box = (PAD, y, WIDTH - PAD, y + ROW_H)
        rounded_rect(
            img,
            box,
            14,
            fill=PALETTE.panel,
            outline=PALETTE.highlight if winner else PALETTE.panel_edge,
            width=3 if winner else 1,
        )
        rounded_rect(
            img, (PAD + 4, y + 10, PAD + 10, y + ROW_H - 10), 3, fill=PALETTE.seat(view.players.index(r.seat))
        )
        gold_or_light = PALETTE.highlight if winner else PALETTE.text_light
        draw_text(
            img,
            (PAD + 14, y, PAD + 50, y + ROW_H),
            str(r.place),
            size=PLACE_PX,
            bold=True,
            fill=gold_or_light,
            align="center",
            valign="middle",
            wrap=False,
        )
        right = WIDTH - PAD - 14 - total_w - 10
        robot = r.seat in ai_seats
        shown = draw_text(
            img,
            (PAD + 58, y + 8, right - (ROBOT_PX + 6 if robot else 0), y + 34),
            name(r.seat),
            size=NAME_PX,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
        if robot:
            robot_mark(img, (shown.box[2] + 6, y + 10), ROBOT_PX)
        draw_text(
            img,
            (PAD + 58, y + 34, right, y + ROW_H - 4),
            _how(r, lang),
            size=DETAIL_PX,
            fill=PALETTE.danger if r.foul else PALETTE.text_muted_light,
            wrap=False,
        )
        draw_text(
            img,
            (WIDTH - PAD - 14 - total_w, y, WIDTH - PAD - 14, y + ROW_H),
            str(r.total),
            size=TOTAL_PX,
            bold=True,
            fill=gold_or_light,
            align="right",
            valign="middle",
            wrap=False,
        )
        y += ROW_H + ROW_GAP
    if view.blind:
        y += 12 - ROW_GAP
        draw_text(
            img,
            (PAD, y, WIDTH - PAD, y + 24),
            t(lang, "blind"),
            size=DETAIL_PX + 1,
            bold=True,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
        y += 26
        xs = hstack(len(view.blind), BLIND_W, WIDTH - 2 * PAD, gap=8, start=PAD)
        for x, c in zip(xs, view.blind, strict=True):
            draw_card(img, (x, y), c, lang, BLIND_W, title_min=TEXT_MIN)
    elif view.blind_count:  # the house rule keeps them face down (show_blind_at_end off)
        draw_text(
            img,
            (PAD, y, WIDTH - PAD, y + 24),
            t(lang, "blind_hidden", n=view.blind_count),
            size=DETAIL_PX,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    return img
