"""The end of the game: won or lost and why, the scenario's progress, the die and tokens as they ended, every
card the team shipped to the lane, and the team (all win or none: the game is cooperative)."""

from __future__ import annotations

from PIL import Image

from engines.project_chaos.views import PCView
from renderers.common import PALETTE, draw_text, mix, new_canvas, rounded_rect

from .parts import (
    HEADER_H,
    PAD,
    RESOURCE,
    STATUS_H,
    TEXT_MIN,
    TROUBLE,
    WIDTH,
    goal_panel,
    goal_panel_height,
    header,
    status_row,
    team_block,
    team_height,
    text_height,
)
from .table import card_name
from .tiles import lane_block, lane_height
from .words import namer, t

RESULT_PX = 28
REASON_PX = 17


def reason_text(view: PCView, lang: str) -> str:
    reason = view.reason or "loss"
    if reason == "loss:die_overflow" and view.cause_card:
        return t(lang, "reason_loss:die_overflow_card", card=card_name(view, view.cause_card, lang))
    key = f"reason_{reason}"
    return t(lang, key) if t.has(key) else reason


def draw_final(
    view: PCView, lang: str, names: dict[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    name = namer(names)
    won = view.result == "win"
    reason = reason_text(view, lang)
    reason_h = text_height(reason, REASON_PX, WIDTH - 2 * PAD - 32)
    result_h = 16 + 40 + reason_h + 8 + 24 + 14
    gap = 12
    height = (
        HEADER_H
        + result_h
        + gap
        + goal_panel_height(view.goal, lang)
        + gap
        + STATUS_H
        + gap
        + lane_height(view, lang)
        + gap
        + team_height(view)
        + 10
    )
    img = new_canvas(WIDTH, height)
    y = header(img, view, lang, t(lang, "over"))
    colour = RESOURCE if won else TROUBLE
    rounded_rect(
        img,
        (PAD, y, WIDTH - PAD, y + result_h),
        18,
        fill=mix(colour, PALETTE.panel, 0.55),
        outline=colour,
        width=3,
    )
    draw_text(
        img,
        (PAD + 16, y + 12, WIDTH - PAD - 16, y + 54),
        ("★ " if won else "✗ ") + t(lang, "won" if won else "lost"),
        max_size=RESULT_PX,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    draw_text(
        img,
        (PAD + 16, y + 56, WIDTH - PAD - 16, y + 56 + reason_h),
        reason,
        size=REASON_PX,
        fill=PALETTE.text_light,
    )
    draw_text(
        img,
        (PAD + 16, y + 64 + reason_h, WIDTH - PAD - 16, y + 88 + reason_h),
        t(lang, "turns", n=view.turns, r=view.round),
        size=TEXT_MIN,
        fill=PALETTE.text_muted_light,
        wrap=False,
    )
    y += result_h + gap
    y = goal_panel(img, view, lang, y) + gap
    y = status_row(img, view, lang, y) + gap
    y = lane_block(img, view, lang, y, t(lang, "final_lane", n=len(view.lane))) + gap
    team_block(img, view, lang, y, name, ai_seats, final_mark="★" if won else None)
    return img
