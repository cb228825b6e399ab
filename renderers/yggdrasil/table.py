"""The table picture (public view) and the end-of-game picture."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engines.yggdrasil.models import YggView
from renderers.common import (
    PALETTE,
    badge,
    badge_size,
    draw_text,
    ellipse,
    new_canvas,
    rounded_rect,
    seat_panel,
)

from .grid import BUD, SPIKE, GridLayout, draw_grid
from .labels import t
from .tile import FRUIT, LEAF, WOOD

MARGIN = 24
PANEL_H = 92


def who(seat: str, names: Mapping[str, str] | None) -> str:
    """The player's display name for a seat (the seat id when the bot gave no names)."""
    return (names or {}).get(seat) or seat


def cell_size(cols: int) -> int:
    return max(76, min(140, 752 // cols))


def _status(view: YggView, lang: str, names: Mapping[str, str] | None) -> str:
    seat = who(view.current, names) if view.current else ""
    pending = view.pending
    if view.finished:
        return t("over", lang)
    if pending is not None and pending.kind == "invade":
        options = ", ".join(f"{o.target} ({o.attack}:{o.defence})" for o in pending.invasions)
        return t("to_invade", lang, seat=seat, options=options)
    if pending is not None and pending.kind == "swap":
        return t("to_swap", lang, seat=seat)
    if pending is not None and pending.kind == "extra_placement":
        return t("to_extra", lang, seat=seat)
    return t("to_place", lang, seat=seat)


def _panel_lines(view: YggView, seat: str, lang: str) -> list[str]:
    sc = view.scores[seat]
    home = t("home_bottom", lang) if view.home_rows[seat] == 1 else t("home_top", lang, row=view.rows)
    counts = f"{t('hand', lang, n=view.hand_counts[seat])} · {t('deck', lang, n=view.deck_counts[seat])}"
    return [
        t("score", lang, total=sc.total, cards=sc.cards, fruit=sc.fruit),
        f"{view.deck_names[seat].get(lang)} · {counts} · {home}",
    ]


def _header(img: Image.Image, view: YggView, lang: str, width: int, subtitle: str) -> None:
    draw = ImageDraw.Draw(img)
    draw_text(
        draw,
        (MARGIN, 12, width - MARGIN, 48),
        t("title", lang),
        max_size=30,
        fill=PALETTE.text_light,
        bold=True,
    )
    sub_w = badge_size(t("subtitle", lang), size=14)[0]
    badge(img, (width - MARGIN - sub_w, 16), t("subtitle", lang), colour=PALETTE.felt_light, size=14)
    draw_text(
        draw,
        (MARGIN, 50, width - MARGIN, 80),
        subtitle,
        max_size=20,
        min_size=13,
        fill=PALETTE.highlight,
        bold=True,
        wrap=False,
    )


def _legend(
    img: Image.Image,
    view: YggView,
    lang: str,
    top: int,
    width: int,
    growth_for: str | None,
    names: Mapping[str, str] | None = None,
) -> int:
    draw = ImageDraw.Draw(img)
    items = 4
    slot = (width - 2 * MARGIN) // items
    y = top + 16
    texts = [t("legend_power", lang), t("legend_fruit", lang), t("legend_bud", lang), t("legend_spike", lang)]
    for i, text in enumerate(texts):
        x = MARGIN + i * slot
        if i == 0:
            ellipse(img, (x, y - 12, x + 24, y + 12), fill=(44, 38, 34), outline=WOOD[0], width=2)
            draw_text(
                draw,
                (x, y - 12, x + 24, y + 12),
                "3",
                size=14,
                fill=(255, 255, 255),
                bold=True,
                align="center",
                valign="middle",
            )
        elif i == 1:
            ellipse(img, (x + 2, y - 10, x + 22, y + 10), fill=FRUIT)
            ellipse(img, (x + 14, y - 15, x + 22, y - 9), fill=LEAF)
        elif i == 2:
            draw.rectangle((x, y - 5, x + 14, y + 5), fill=WOOD[0])
            ellipse(img, (x + 10, y - 7, x + 24, y + 7), fill=BUD, outline=WOOD[0], width=2)
        else:
            draw.rectangle((x, y - 5, x + 10, y + 5), fill=WOOD[1])
            draw.polygon([(x + 10, y - 8), (x + 24, y), (x + 10, y + 8)], fill=SPIKE)
        draw_text(
            draw,
            (x + 30, y - 14, x + slot - 6, y + 14),
            text,
            max_size=15,
            min_size=10,
            fill=PALETTE.text_light,
            valign="middle",
        )
    y += 26
    lines = [t("legend_joined", lang)]
    if growth_for:
        lines.append(t("growth", lang, seat=who(growth_for, names)))
    for line in lines:
        draw_text(
            draw,
            (MARGIN, y, width - MARGIN, y + 24),
            line,
            max_size=16,
            min_size=11,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
        y += 24
    return y + 8


def render_table(
    view: YggView, lang: str, names: Mapping[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    cell = cell_size(view.columns)
    grid_w = view.columns * cell + 52
    width = max(grid_w + 2 * MARGIN, 640)
    top_panel = 88
    grid_top = top_panel + PANEL_H + 12
    grid_h = view.rows * cell + 52
    bottom_panel = grid_top + grid_h + 12
    height = bottom_panel + PANEL_H + 110
    img = new_canvas(width, height)
    _header(img, view, lang, width, _status(view, lang, names))
    p1, p2 = view.players
    for seat, y in ((p2, top_panel), (p1, bottom_panel)):
        seat_panel(
            img,
            (MARGIN, y, width - MARGIN, y + PANEL_H),
            name=who(seat, names),
            colour=PALETTE.seat(view.players.index(seat)),
            lines=_panel_lines(view, seat, lang),
            active=view.current == seat,
            robot=seat in ai_seats,
        )
    layout = GridLayout(
        left=(width - grid_w) // 2, top=grid_top, cell=cell, gap=8, cols=view.columns, rows=view.rows
    )
    draw_grid(img, view, layout, lang, growth_for=view.current)
    _legend(img, view, lang, bottom_panel + PANEL_H + 6, width, view.current, names)
    return img


def render_final(
    view: YggView, lang: str, names: Mapping[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    cell = cell_size(view.columns)
    grid_w = view.columns * cell + 52
    width = max(grid_w + 2 * MARGIN, 640)
    grid_top = 92
    grid_h = view.rows * cell + 52
    board_top = grid_top + grid_h + 16
    height = board_top + 2 * (PANEL_H + 10) + 30
    img = new_canvas(width, height)
    reason = t(f"reason_{view.end_reason}", lang) if view.end_reason in ("no_room", "both_stuck") else ""
    _header(img, view, lang, width, f"{t('final', lang)} — {reason}" if reason else t("final", lang))
    layout = GridLayout(
        left=(width - grid_w) // 2, top=grid_top, cell=cell, gap=8, cols=view.columns, rows=view.rows
    )
    draw_grid(img, view, layout, lang, highlights=False)
    ranked = sorted(view.players, key=lambda p: -view.scores[p].total)
    draw = ImageDraw.Draw(img)
    for i, seat in enumerate(ranked):
        y = board_top + i * (PANEL_H + 10)
        box = (MARGIN, y, width - MARGIN, y + PANEL_H)
        won = seat in view.winners
        sc = view.scores[seat]
        seat_panel(
            img,
            box,
            name=who(seat, names),
            colour=PALETTE.seat(view.players.index(seat)),
            lines=[
                t("score", lang, total=sc.total, cards=sc.cards, fruit=sc.fruit),
                view.deck_names[seat].get(lang),
            ],
            active=won,
            robot=seat in ai_seats,
            mark=("★ " + t("winner", lang)) if won else (t("draw", lang) if not view.winners else None),
        )
        rounded_rect(img, (box[2] - 120, y + 40, box[2] - 14, y + PANEL_H - 10), 10, fill=PALETTE.felt_dark)
        draw_text(
            draw,
            (box[2] - 120, y + 40, box[2] - 14, y + PANEL_H - 10),
            str(sc.total),
            max_size=34,
            fill=PALETTE.highlight,
            bold=True,
            align="center",
            valign="middle",
        )
    return img
