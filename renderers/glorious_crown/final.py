"""The final standings: place, field points, finishing bonus and total per player, and the blind cards."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engines.glorious_crown.models import GCView
from renderers.common import PALETTE, draw_text, hstack, new_canvas, robot_mark, rounded_rect

from .cards import draw_card
from .header import PAD, WIDTH, header
from .labels import namer, t

BLIND_W = 90


def draw_final(
    view: GCView, lang: str, names: Mapping[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    name = namer(names)
    rows = view.standings or []
    img = new_canvas(WIDTH, final_height(view))
    y = header(img, view, lang, f"{t('title', lang)} · {t('final', lang)}", badges=False)
    cols = [
        (PAD + 10, "col_place"),
        (PAD + 90, "col_player"),
        (560, "col_field"),
        (680, "col_bonus"),
        (810, "col_total"),
    ]
    for x, key in cols:
        draw_text(
            img,
            (x, y, x + 240, y + 34),
            t(key, lang),
            max_size=24,
            min_size=14,
            bold=True,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    y += 42
    for r in rows:
        winner = r.place == 1
        box = (PAD, y, WIDTH - PAD, y + 74)
        rounded_rect(
            img,
            box,
            16,
            fill=PALETTE.panel,
            outline=PALETTE.highlight if winner else PALETTE.panel_edge,
            width=3 if winner else 1,
        )
        colour = PALETTE.seat(view.players.index(r.seat))
        rounded_rect(img, (PAD + 4, y + 12, PAD + 12, y + 62), 4, fill=colour)
        draw_text(
            img,
            (PAD + 20, y + 8, PAD + 80, y + 66),
            f"{r.place}",
            max_size=36,
            min_size=18,
            bold=True,
            fill=PALETTE.highlight if winner else PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
        if r.foul:
            how = t("finish_foul", lang)
        elif r.finish is not None:
            how = t("finish_n", lang, n=r.finish)
        else:
            how = t("finish_last", lang)
        robot = r.seat in ai_seats
        shown = draw_text(
            img,
            (PAD + 90, y + 6, 540 - (34 if robot else 0), y + 40),
            name(r.seat),
            max_size=28,
            min_size=16,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
        if robot:
            robot_mark(img, (shown.box[2] + 8, y + 8), 28)
        draw_text(
            img,
            (PAD + 90, y + 40, 540, y + 72),
            how,
            max_size=24,
            min_size=14,
            fill=PALETTE.danger if r.foul else PALETTE.text_muted_light,
            wrap=False,
        )
        draw_text(
            img,
            (560, y + 8, 660, y + 66),
            str(r.field_points),
            max_size=32,
            min_size=16,
            fill=PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
        draw_text(
            img,
            (680, y + 8, 790, y + 66),
            f"+{r.bonus}",
            max_size=32,
            min_size=16,
            fill=PALETTE.danger if r.foul else PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
        draw_text(
            img,
            (810, y + 8, WIDTH - PAD - 8, y + 66),
            str(r.total),
            max_size=36,
            min_size=16,
            bold=True,
            fill=PALETTE.highlight if winner else PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
        y += 84
    if view.blind:
        y += 16
        draw_text(
            img,
            (PAD, y, WIDTH - PAD, y + 34),
            t("blind", lang),
            max_size=24,
            min_size=14,
            bold=True,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
        y += 42
        xs = hstack(len(view.blind), BLIND_W, WIDTH - 2 * PAD, gap=12, start=PAD)
        for x, c in zip(xs, view.blind, strict=True):
            draw_card(img, (x, y), c, lang, BLIND_W)
    elif view.blind_count:  # the house rule keeps them face down (show_blind_at_end off)
        y += 8
        draw_text(
            img,
            (PAD, y, WIDTH - PAD, y + 34),
            t("blind_hidden", lang, n=view.blind_count),
            max_size=24,
            min_size=14,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    return img


def final_height(view: GCView) -> int:
    """Exactly the room the standings and, when there are any, the blind cards take (3 players deal no
    blind cards (GC-2): then nothing is drawn for them, not even a heading)."""
    rows = len(view.standings or [])
    height = 76 + 42 + 84 * rows + 10
    if view.blind:
        height += 16 + 42 + round(BLIND_W * 1.4) + 20
    elif view.blind_count:
        height += 8 + 34 + 16
    return height
