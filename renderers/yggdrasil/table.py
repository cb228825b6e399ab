"""The table picture (public view) and the end-of-game picture.

Phone first: :data:`WIDTH` px wide, so a phone (about 400 px) shows it at 0.71x and the smallest text,
:data:`MIN_TEXT_PX` (16 px), reads at 11.4 px there, Discord's own smallest size. A 5 x 7 field gets 99 px
cells: most names on the tiles fit two lines at that floor, and a name that does not (or any name on a larger
field's smaller tiles) is left off the tile rather than shrunk; the card lookup names it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engines.yggdrasil.models import YggView
from renderers.common import (
    PALETTE,
    draw_text,
    ellipse,
    ellipsize,
    layout_text,
    new_canvas,
    seat_panel,
)

from .grid import BUD, SPIKE, GridLayout, draw_grid
from .tile import FRUIT, LEAF, WOOD
from .words import t

WIDTH = 560
MARGIN = 12
LABEL = 20  # the column letters and row numbers around the field
MIN_TEXT_PX: dict[str, int] = {"table": 16, "hand": 16, "final": 16, "card": 16}
"""The smallest text each picture draws (every size below is at least this)."""
TEXT_MIN = 16
TITLE_PX = 24
STATUS_PX = 18
PANEL_H = 90
PANEL_NAME_PX = 20  # the mark beside it is set 4 px smaller: 16 px
PANEL_LINE_PX = 16
LEGEND_PX = 16
NOTE_PX = 16


def who(seat: str, names: Mapping[str, str] | None) -> str:
    """The player's display name for a seat (the seat id when the bot gave no names)."""
    return (names or {}).get(seat) or seat


def cell_size(cols: int) -> int:
    return max(40, min(140, (WIDTH - 2 * MARGIN - 2 * LABEL) // cols))


def grid_layout(view: YggView, top: int) -> GridLayout:
    cell = cell_size(view.columns)
    width = view.columns * cell + 2 * LABEL
    return GridLayout(
        left=(WIDTH - width) // 2, top=top, cell=cell, gap=8, cols=view.columns, rows=view.rows, label=LABEL
    )


def in_line(seat: str, names: Mapping[str, str] | None) -> str:
    """A display name inside a sentence: cut with "…" past 200 px so the sentence keeps its line."""
    return ellipsize(who(seat, names), 200, STATUS_PX, bold=True)


def status_lines(view: YggView, lang: str, names: Mapping[str, str] | None) -> list[str]:
    """Whose turn and what they may do, then the last invasion's outcome (YG-8, YG-9) when there was one."""
    seat = in_line(view.current, names) if view.current else ""
    pending = view.pending
    if view.finished:
        lines = [t(lang, "over")]
    elif pending is not None and pending.kind == "invade":
        # In words, not "C3 (4:1)": a new player must read who attacks with what (issue 10).
        options = ", ".join(
            t(lang, "invade_option", cell=o.target, attack=o.attack, defence=o.defence)
            for o in pending.invasions
        )
        lines = [t(lang, "to_invade", seat=seat, options=options)]
    elif pending is not None and pending.kind == "swap":
        lines = [t(lang, "to_swap", seat=seat)]
    elif pending is not None and pending.kind == "extra_placement":
        lines = [t(lang, "to_extra", seat=seat)]
    else:
        lines = [t(lang, "to_place", seat=seat)]
    inv = view.last_invasion
    if inv is not None and not view.finished:
        verdict = t(lang, "destroyed" if inv.destroyed else "held")
        lines.append(
            t(
                lang,
                "invasion_line",
                seat=in_line(inv.seat, names),
                cell=inv.target,
                attack=inv.attack,
                defence=inv.defence,
                verdict=verdict,
            )
        )
    return lines


def score_line(total: int, cards: int, fruit: int, lang: str) -> str:
    """ "3 pts = 1 card + 2 fruit": each count worded with its own number (one point, one card)."""
    return t(
        lang,
        "score",
        total=t(lang, "score_total", n=total),
        cards=t(lang, "score_cards", n=cards),
        fruit=fruit,
    )


def _panel_lines(view: YggView, seat: str, lang: str) -> list[str]:
    sc = view.scores[seat]
    counts = f"{t(lang, 'hand', n=view.hand_counts[seat])} · {t(lang, 'deck', n=view.deck_counts[seat])}"
    return [
        score_line(sc.total, sc.cards, sc.fruit, lang),
        f"{view.deck_names[seat].get(lang)} · {counts}",
    ]


def _text_height(text: str, size: int, bold: bool = False) -> int:
    block, _ = layout_text((0, 0, WIDTH - 2 * MARGIN, 10_000), text, size=size, bold=bold)
    return block.box[3]


def _header(img: Image.Image, lines: list[str], lang: str) -> int:
    """Title, then the status lines in gold; returns the y below them."""
    draw = ImageDraw.Draw(img)
    draw_text(
        draw,
        (MARGIN, 10, WIDTH - MARGIN, 40),
        t(lang, "title"),
        size=TITLE_PX,
        fill=PALETTE.text_light,
        bold=True,
        wrap=False,
    )
    y = 44
    for i, line in enumerate(lines):
        size = STATUS_PX if i == 0 else LEGEND_PX
        block = draw_text(
            draw,
            (MARGIN, y, WIDTH - MARGIN, y + 200),
            line,
            size=size,
            fill=PALETTE.highlight if i == 0 else (255, 170, 170),
            bold=i == 0,
        )
        y = block.box[3] + 6
    return y + 4


def _header_height(lines: list[str]) -> int:
    y = 44
    for i, line in enumerate(lines):
        y += _text_height(line, STATUS_PX if i == 0 else LEGEND_PX, bold=i == 0) + 6
    return y + 4


def _panel(
    img: Image.Image,
    view: YggView,
    seat: str,
    y: int,
    lang: str,
    names: Mapping[str, str] | None,
    ai_seats: frozenset[str],
    *,
    lines: list[str],
    active: bool,
    mark: str | None = None,
) -> None:
    seat_panel(
        img,
        (MARGIN, y, WIDTH - MARGIN, y + PANEL_H),
        name=who(seat, names),
        colour=PALETTE.seat(view.players.index(seat)),
        lines=lines,
        active=active,
        robot=seat in ai_seats,
        mark=mark,
        name_size=PANEL_NAME_PX,
        line_size=PANEL_LINE_PX,
    )


LEGEND_ROW = 28
NOTE_ROW = 24


def _legend_height(growth_for: str | None) -> int:
    return 2 * LEGEND_ROW + 4 + (2 if growth_for else 1) * NOTE_ROW + 8


def _legend(
    img: Image.Image, lang: str, top: int, growth_for: str | None, names: Mapping[str, str] | None
) -> int:
    """What the marks mean, two a row; then how to read the field."""
    draw = ImageDraw.Draw(img)
    slot = (WIDTH - 2 * MARGIN) // 2
    texts = [t(lang, "legend_power"), t(lang, "legend_fruit"), t(lang, "legend_bud"), t(lang, "legend_spike")]
    for i, text in enumerate(texts):
        x = MARGIN + (i % 2) * slot
        y = top + (i // 2) * LEGEND_ROW + LEGEND_ROW // 2
        if i == 0:
            ellipse(img, (x, y - 11, x + 22, y + 11), fill=(44, 38, 34), outline=WOOD[0], width=2)
            draw_text(
                draw,
                (x, y - 11, x + 22, y + 11),
                "3",
                size=TEXT_MIN,
                fill=(255, 255, 255),
                bold=True,
                align="center",
                valign="middle",
            )
        elif i == 1:
            ellipse(img, (x + 2, y - 9, x + 20, y + 9), fill=FRUIT)
            ellipse(img, (x + 13, y - 14, x + 20, y - 8), fill=LEAF)
        elif i == 2:
            draw.rectangle((x, y - 5, x + 12, y + 5), fill=WOOD[0])
            ellipse(img, (x + 9, y - 7, x + 23, y + 7), fill=BUD, outline=WOOD[0], width=2)
        else:
            draw.rectangle((x, y - 5, x + 10, y + 5), fill=WOOD[1])
            draw.polygon([(x + 10, y - 8), (x + 24, y), (x + 10, y + 8)], fill=SPIKE)
        draw_text(
            draw,
            (x + 30, y - 12, x + slot - 6, y + 12),
            text,
            size=LEGEND_PX,
            fill=PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
    y = top + 2 * LEGEND_ROW + 4
    lines = [t(lang, "legend_joined")]
    if growth_for:
        lines.append(t(lang, "growth", seat=in_line(growth_for, names)))
    for line in lines:
        draw_text(
            draw,
            (MARGIN, y, WIDTH - MARGIN, y + NOTE_ROW),
            line,
            size=NOTE_PX,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
        y += NOTE_ROW
    return y + 8


def render_table(
    view: YggView, lang: str, names: Mapping[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    lines = status_lines(view, lang, names)
    head = _header_height(lines)
    grid_top = head + PANEL_H + 8
    layout = grid_layout(view, grid_top)
    bottom_panel = grid_top + layout.height + 8
    height = bottom_panel + PANEL_H + 8 + _legend_height(view.current)
    img = new_canvas(WIDTH, height, mode="RGB")
    _header(img, lines, lang)
    p1, p2 = view.players
    for seat, y in ((p2, head), (p1, bottom_panel)):
        _panel(
            img,
            view,
            seat,
            y,
            lang,
            names,
            ai_seats,
            lines=_panel_lines(view, seat, lang),
            active=view.current == seat,
        )
    draw_grid(img, view, layout, lang, growth_for=view.current, text_min=TEXT_MIN)
    _legend(img, lang, bottom_panel + PANEL_H + 8, view.current, names)
    return img


def render_final(
    view: YggView, lang: str, names: Mapping[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    reason = t(lang, f"reason_{view.end_reason}") if view.end_reason in ("no_room", "both_stuck") else ""
    lines = [t(lang, "final")] + ([reason] if reason else [])
    head = _header_height(lines)
    layout = grid_layout(view, head)
    board_top = head + layout.height + 12
    height = board_top + 2 * (PANEL_H + 8) + 4
    img = new_canvas(WIDTH, height, mode="RGB")
    _header(img, lines, lang)
    draw_grid(img, view, layout, lang, highlights=False, text_min=TEXT_MIN)
    ranked = sorted(view.players, key=lambda p: -view.scores[p].total)
    for i, seat in enumerate(ranked):
        y = board_top + i * (PANEL_H + 8)
        won = seat in view.winners
        sc = view.scores[seat]
        _panel(
            img,
            view,
            seat,
            y,
            lang,
            names,
            ai_seats,
            lines=[
                score_line(sc.total, sc.cards, sc.fruit, lang),
                view.deck_names[seat].get(lang),
            ],
            active=won,
            mark=("★ " + t(lang, "winner")) if won else (t(lang, "draw") if not view.winners else None),
        )
    return img
