"""Final standings: place, points, W-A points, missions and Builder cards (the tie-break), winners lit."""

from __future__ import annotations

from PIL import Image

from engines.aws_builder_cards.models import ABView
from renderers.aws_builder_cards.card import INK, MAT, MAT_EDGE, ORANGE
from renderers.aws_builder_cards.labels import t
from renderers.aws_builder_cards.table import PAD, WIDTH, Names, header, who
from renderers.common import PALETTE, badge, badge_size, draw_text, new_canvas, robot_mark, rounded_rect

COLS = [
    (70, "col_player"),
    (520, "col_points"),
    (700, "col_wa"),
    (850, "col_missions"),
    (1030, "col_builders"),
]


def draw_final(
    view: ABView, lang: str, names: Names = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    rows = view.standings or []
    height = 70 + 50 + 40 + 92 * len(rows) + 70
    img = new_canvas(WIDTH, height, background=INK, vignette=False)
    y = header(img, view, lang, f"{t('title', lang)} · {t('final', lang)}", names)
    y += 6
    for x, key in [(PAD + 14, "col_place"), *[(PAD + x, k) for x, k in COLS]]:
        draw_text(
            img,
            (x, y, x + 220, y + 30),
            t(key, lang),
            max_size=20,
            min_size=11,
            bold=True,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    y += 40
    for r in rows:
        box = (PAD, y, WIDTH - PAD, y + 80)
        rounded_rect(
            img,
            box,
            16,
            fill=MAT,
            outline=PALETTE.highlight if r.winner else MAT_EDGE,
            width=3 if r.winner else 1,
        )
        colour = PALETTE.seat(view.players.index(r.seat)) if r.seat in view.players else PALETTE.neutral
        rounded_rect(img, (PAD + 5, y + 12, PAD + 13, y + 68), 4, fill=colour)
        draw_text(
            img,
            (PAD + 18, y + 8, PAD + 64, y + 72),
            str(r.place),
            max_size=40,
            bold=True,
            fill=PALETTE.highlight if r.winner else PALETTE.text_light,
            align="center",
            valign="middle",
            wrap=False,
        )
        name_right = PAD + COLS[1][0] - 20
        label = t("winner", lang)
        badge_w = badge_size(label, size=16)[0] + 10 if r.winner else 0
        robot = r.seat in ai_seats
        shown = draw_text(
            img,
            (PAD + COLS[0][0], y + 8, name_right - badge_w - (38 if robot else 0), y + 72),
            who(r.seat, names),
            max_size=30,
            min_size=14,
            bold=True,
            fill=PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
        if robot:
            robot_mark(img, (shown.box[2] + 8, y + 26), 28, ring=MAT)
        if r.winner:
            w, h = badge_size(label, size=16)
            badge(img, (name_right - w, y + 40 - h // 2), label, colour=PALETTE.highlight, size=16)
        values = [str(r.points), str(r.wa_points), str(r.missions), str(r.builder_cards)]
        for (x, _), value in zip(COLS[1:], values, strict=True):
            draw_text(
                img,
                (PAD + x, y + 8, PAD + x + 150, y + 72),
                value,
                max_size=34 if x == 520 else 28,
                bold=x == 520,
                fill=ORANGE if x == 520 else PALETTE.text_light,
                valign="middle",
                wrap=False,
            )
        y += 92
    draw_text(
        img,
        (PAD, y + 6, WIDTH - PAD, y + 40),
        t("tie_break", lang),
        max_size=17,
        min_size=10,
        fill=PALETTE.text_muted_light,
        wrap=False,
    )
    return img.crop((0, 0, WIDTH, y + 50))
