"""A demo sheet of the drawing kit, for eyeballing changes: ``python -m renderers.common.demo OUT.png``."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Required, TypedDict

from PIL import Image

from .canvas import new_canvas, to_png
from .layout import hstack
from .palette import PALETTE, Suit
from .playing_cards import playing_card
from .seats import badge, seat_panel
from .shapes import rounded_rect
from .text import draw_text

__all__ = ["DEMO_SIZE", "demo_sheet", "main"]

DEMO_SIZE = (1200, 800)


class _CardSpec(TypedDict, total=False):
    rank_label: Required[str]
    suit: Required[Suit | None]
    title: str
    symbol: str
    highlight: bool
    dimmed: bool
    face_down: bool


_FIELD: list[_CardSpec] = [
    {"rank_label": "3", "suit": "diamond", "title": "歩き売りの少女"},
    {"rank_label": "3", "suit": "spade", "title": "見習いの侍女"},
    {"rank_label": "7", "suit": "heart", "title": "秘密の取引き", "highlight": True},
    {"rank_label": "8", "suit": "club", "title": "騎士の斬撃"},
    {"rank_label": "13", "suit": "club", "title": "英雄アレクサンダー"},
    {"rank_label": "10", "suit": "diamond", "title": "苦悩の選択", "dimmed": True},
    {"rank_label": "JOKER", "suit": None, "symbol": "★", "title": "道化師 Jester"},
    {"rank_label": "", "suit": None, "face_down": True},
]

_HAND: list[tuple[str, Suit | None]] = [
    ("3", "spade"),
    ("4", "heart"),
    ("5", "club"),
    ("6", "diamond"),
    ("9", "spade"),
    ("11", "heart"),
    ("12", "club"),
    ("14", "diamond"),
    ("15", "spade"),
    ("JOKER", None),
]


def demo_sheet() -> Image.Image:
    """A table-like sheet showing every primitive: seat panels, a field of cards, badges, text and a hand."""
    width, height = DEMO_SIZE
    img = new_canvas(width, height)

    draw_text(
        img,
        (32, 18, 760, 58),
        "Glorious Crown — 第3ラウンド",
        size=28,
        bold=True,
        fill=PALETTE.text_light,
        shadow=PALETTE.felt_dark,
    )
    x = 780
    for text, colour in (
        ("革命中", PALETTE.danger),
        ("縛り ♠♥", PALETTE.warning),
        ("11バック", PALETTE.info),
    ):
        x = badge(img, (x, 22), text, colour=colour, size=16)[2] + 8

    # Seats along the top.
    seats = [
        ("alice", ["hand 7 · 12 pts", "last: 7♠ 7♥"], True, "親"),
        ("ボブ", ["手札 9枚 · 4点", "パス"], False, "PASS"),
        ("Carol Ann Whitaker-Smythe", ["hand 0 · 18 pts", "1st ★"], False, "1st"),
        ("四郎 (AI)", ["手札 13枚 · 0点", "考え中…"], False, None),
    ]
    panel_w, gap = 270, 16
    xs = hstack(len(seats), panel_w, width - 64, gap=gap, start=32)
    for i, ((name, lines, active, mark), px) in enumerate(zip(seats, xs, strict=True)):
        seat_panel(
            img,
            (px, 76, px + panel_w, 176),
            name=name,
            colour=PALETTE.seat(i),
            lines=lines,
            active=active,
            mark=mark,
        )

    # The field: one row of cards on a slightly lighter mat.
    mat = (24, 206, width - 24, 430)
    rounded_rect(img, mat, 20, fill=(*PALETTE.felt_light, 90), outline=(*PALETTE.text_light, 40), width=2)
    card_w, card_h = 120, 168
    card_xs = hstack(len(_FIELD), card_w, mat[2] - mat[0] - 32, gap=18, start=mat[0] + 16)
    for spec, cx in zip(_FIELD, card_xs, strict=True):
        playing_card(img, (cx, mat[1] + 28), (card_w, card_h), **spec)

    # Badges: a row laid out from the boxes they return.
    x = 32
    for text, colour in (
        ("✓ 出せる", PALETTE.success),
        ("✗ Pass", PALETTE.danger),
        ("⟲ reshuffle", PALETTE.neutral),
        ("★ 3 pts", PALETTE.warning),
        ("→ ボブの番", PALETTE.info),
        ("⚠ 残り1枚", PALETTE.highlight),
    ):
        x = badge(img, (x, 450), text, colour=colour, size=18)[2] + 10

    # A wrapped, mixed-language log line.
    log_box = (width - 420, 448, width - 32, 540)
    rounded_rect(img, log_box, 12, fill=PALETTE.panel, outline=PALETTE.panel_edge)
    draw_text(
        img,
        (log_box[0] + 14, log_box[1] + 10, log_box[2] - 14, log_box[3] - 8),
        "alice が 7♠ 7♥ を出した — 「秘密の取引き」 Secret Deal ★ ボブと2枚交換。",
        size=17,
        fill=PALETTE.text_light,
    )

    # A hand too wide for its row: hstack overlaps the cards evenly.
    hand_w, hand_h = 96, 134
    hand_span = (32, 32 + 620)
    hand_xs = hstack(len(_HAND), hand_w, hand_span[1] - hand_span[0], gap=10, start=hand_span[0])
    for i, ((rank, suit), hx) in enumerate(zip(_HAND, hand_xs, strict=True)):
        playing_card(
            img,
            (hx, 600 if i != 4 else 584),
            (hand_w, hand_h),
            rank_label=rank,
            suit=suit,
            symbol="★" if suit is None else None,
            highlight=i == 4,
        )
    draw_text(
        img, (32, 556, 660, 580), "あなたの手札 · Your hand (10)", size=18, bold=True, fill=PALETTE.text_light
    )

    # The opponents' hands, face down and small.
    back_xs = hstack(5, 72, 220, gap=8, start=width - 300)
    for bx in back_xs:
        playing_card(img, (bx, 620), (72, 101), rank_label="", suit=None, face_down=True)
    draw_text(
        img,
        (width - 300, 576, width - 32, 600),
        "山札 Deck · 24",
        size=18,
        bold=True,
        fill=PALETTE.text_light,
    )

    # Seat colours, for checking the palette at a glance.
    for i in range(len(PALETTE.seats)):
        sx = 700 + i * 36
        rounded_rect(img, (sx, 750, sx + 28, 778), 8, fill=PALETTE.seat(i))
    return img


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("renderers_demo.png")
    start = time.perf_counter()
    data = to_png(demo_sheet())
    elapsed = time.perf_counter() - start
    out.write_bytes(data)
    print(f"wrote {out} ({len(data) / 1024:.0f} KiB, {elapsed * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
