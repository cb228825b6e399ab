"""The final standings: place, name, W-A points (3-point and 1-point cards), AWS cards owned and
on-premises cards left; every winner marked (AD-15: equal totals share the win)."""

from __future__ import annotations

from PIL import Image

from engines.aws_deckbuilding.views import ADView
from renderers.common import PALETTE, initials_of, new_canvas, rounded_rect, seat_row

from .parts import (
    INK,
    MIN_PX,
    ORANGE,
    PAD,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    Names,
    header,
    hex_rgb,
    section,
    text,
    who,
)
from .words import t


def draw_final(view: ADView, lang: str, names: Names, ai_seats: frozenset[str]) -> Image.Image:
    img = new_canvas(WIDTH, 600 + 140 * len(view.table), background=INK, vignette=False, mode="RGB")
    y = header(img, view, lang, names)
    y = section(img, y, t(lang, "final"))
    for s in view.standings or []:
        row = next(p for p in view.table if p.seat == s.seat)
        face = view.colour_faces.get(row.colour)
        colour = hex_rgb(face.colour) if face is not None else PALETTE.seat(0)
        rounded_rect(
            img,
            (PAD, y, WIDTH - PAD, y + 110),
            16,
            fill=PANEL,
            outline=PALETTE.highlight if s.winner else PANEL_EDGE,
            width=3 if s.winner else 1,
        )
        text(
            img,
            (PAD + 12, y + 6, PAD + 84, y + 66),
            t(lang, "place", n=s.place),
            28,
            fill=ORANGE if s.winner else (255, 255, 255),
            bold=True,
            valign="middle",
            wrap=False,
        )
        name = who(s.seat, names)
        seat_row(
            img,
            (PAD + 84, y + 6, WIDTH - PAD - 8, y + 66),
            name=name,
            colour=colour,
            detail=t(lang, "points", n=s.points),
            mark=t(lang, "winner") if s.winner else None,
            robot=s.seat in ai_seats,
            name_size=22,
            detail_size=24,
            initials=initials_of(name)[:1],
        )
        detail = " · ".join(
            [
                t(lang, "wa_breakdown", t=s.threes, o=s.ones),
                t(lang, "final_detail", s=s.services, o=s.onprem_left),
            ]
        )
        text(
            img,
            (PAD + 20, y + 72, WIDTH - PAD - 12, y + 104),
            detail,
            MIN_PX,
            fill=PALETTE.text_muted_light,
            max_lines=2,
        )
        y += 122
    y = (
        text(img, (PAD, y, WIDTH - PAD, y + 30), t(lang, "tie_note"), MIN_PX, fill=PALETTE.text_muted_light)
        + 8
    )
    return img.crop((0, 0, WIDTH, y + PAD))
