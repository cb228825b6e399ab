"""A seat's hand: each card as it will lie on the table, the cells it fits, and a small map of the field
with the number of every card that fits each cell."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engines.yggdrasil.models import YggView
from renderers.common import PALETTE, draw_text, mix, new_canvas, rounded_rect

from .grid import cell_names
from .labels import t
from .table import MARGIN, who
from .tile import tile

TILE = 150
COLS = 4
TEXT_H = 118
MAP_CELL = 40


def you_sit(view: YggView, seat: str, lang: str) -> str:
    """Which side of the table the seat's tree grows from: player 1's home row is the bottom row (row 1)."""
    side = "bottom" if view.home_rows.get(seat) == 1 else "top"
    return t("you_sit", lang, side=t(side, lang))


def render_hand(view: YggView, lang: str, names: Mapping[str, str] | None = None) -> Image.Image:
    hand = view.hand or []
    seat = view.seat or ""
    me = view.players.index(seat) if seat in view.players else 0
    width = MARGIN * 2 + COLS * TILE + (COLS - 1) * 20
    map_h = view.rows * MAP_CELL
    map_w = view.columns * MAP_CELL
    rows = max(1, -(-len(hand) // COLS))
    cards_top = 96 + max(map_h, 160) + 24
    height = cards_top + rows * (TILE + TEXT_H + 16) + 16
    img = new_canvas(width, height)
    draw = ImageDraw.Draw(img)
    draw_text(
        draw,
        (MARGIN, 12, width - MARGIN, 44),
        t("your_hand", lang, seat=who(seat, names)),
        max_size=28,
        fill=PALETTE.text_light,
        bold=True,
        wrap=False,
    )
    draw_text(
        draw,
        (MARGIN, 46, width - MARGIN, 88),
        you_sit(view, seat, lang),
        max_size=16,
        min_size=12,
        fill=PALETTE.text_muted_light,
    )

    # The map: own and rival cards as coloured squares, each cell a card fits carries that card's number.
    mx, my = MARGIN, 96
    fits: dict[str, list[int]] = {}
    for i, card in enumerate(hand):
        for cell in card.legal_cells:
            fits.setdefault(cell, []).append(i + 1)
    placed = {c.cell: c for c in view.cells}
    for name in cell_names(view.columns, view.rows):
        col, row = ord(name[0]) - 65, int(name[1:]) - 1
        x0 = mx + col * MAP_CELL
        y0 = my + (view.rows - 1 - row) * MAP_CELL
        box = (x0 + 2, y0 + 2, x0 + MAP_CELL - 2, y0 + MAP_CELL - 2)
        if name in placed:
            on_field = placed[name]
            o = view.players.index(on_field.owner)
            mini = tile(
                MAP_CELL - 4, o, on_field.branches, on_field.face.power, 0, root=on_field.face.root, lang=lang
            )
            img.alpha_composite(mini, (box[0], box[1]))
        elif name in fits:
            rounded_rect(
                img,
                box,
                6,
                fill=mix(PALETTE.felt, PALETTE.highlight, 0.35),
                outline=PALETTE.highlight,
                width=2,
            )
            draw_text(
                draw,
                box,
                ",".join(map(str, fits[name])),
                max_size=15,
                min_size=8,
                fill=PALETTE.text_light,
                bold=True,
                align="center",
                valign="middle",
                wrap=False,
            )
        else:
            rounded_rect(img, box, 6, fill=PALETTE.felt_dark)
            draw_text(
                draw,
                box,
                name,
                size=11,
                fill=mix(PALETTE.text_muted_light, PALETTE.felt, 0.4),
                align="center",
                valign="middle",
            )
    # Beside the map: how to read it, and what the seat must decide now.
    tx = mx + map_w + 20
    notes = [t("map_help", lang)]
    if view.must_discard:
        notes.append(t("must_discard", lang))
    pending = view.pending
    if view.finished:
        notes.append(t("over", lang))
    elif view.current == seat:
        notes.append(t("your_turn", lang))
        if pending is not None and pending.kind == "swap":
            notes.append(t("pending_swap", lang, pairs=", ".join("⇄".join(p) for p in pending.swaps[:12])))
        elif pending is not None and pending.kind == "invade":
            opts = ", ".join(f"{o.target} ({o.attack}:{o.defence})" for o in pending.invasions)
            notes.append(t("pending_invade", lang, options=opts))
        elif pending is not None and pending.kind == "extra_placement":
            notes.append(t("pending_extra", lang))
    else:
        notes.append(t("waiting", lang, seat=who(view.current, names) if view.current else ""))
    if not hand:
        notes.append(t("empty_hand", lang))
    y = my
    for note in notes:
        block = draw_text(
            draw,
            (tx, y, width - MARGIN, y + 64),
            note,
            max_size=17,
            min_size=12,
            fill=PALETTE.text_light if note != notes[0] else PALETTE.text_muted_light,
        )
        y = block.box[3] + 10

    for i, card in enumerate(hand):
        r, c = divmod(i, COLS)
        x0 = MARGIN + c * (TILE + 20)
        y0 = cards_top + r * (TILE + TEXT_H + 16)
        colours = tuple(sorted(card.colours.items())) if view.branch_colours else ()
        sprite = tile(
            TILE,
            me,
            card.branches,
            card.face.power,
            card.face.fruit,
            root=False,
            effect=card.face.effect.type if card.face.effect else None,
            name="",
            colours=colours,
            lang=lang,
        )
        playable = bool(card.legal_cells)
        if playable:
            rounded_rect(
                img, (x0 - 4, y0 - 4, x0 + TILE + 4, y0 + TILE + 4), 16, outline=PALETTE.highlight, width=3
            )
        img.alpha_composite(sprite, (x0, y0))
        # The card's number, matching the map.
        rounded_rect(
            img,
            (x0 - 8, y0 - 8, x0 + 24, y0 + 22),
            12,
            fill=PALETTE.highlight if playable else PALETTE.neutral,
        )
        draw_text(
            draw,
            (x0 - 8, y0 - 8, x0 + 24, y0 + 22),
            str(i + 1),
            size=17,
            fill=PALETTE.text_dark,
            bold=True,
            align="center",
            valign="middle",
        )
        ty = y0 + TILE + 6
        block = draw_text(
            draw,
            (x0, ty, x0 + TILE, ty + 40),
            card.face.name.get(lang),
            max_size=16,
            min_size=11,
            fill=PALETTE.text_light,
            bold=True,
            max_lines=2,
        )
        ty = block.box[3] + 2
        draw_text(
            draw,
            (x0, ty, x0 + TILE, ty + 20),
            t("power_fruit", lang, power=card.face.power, fruit=card.face.fruit),
            size=13,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
        ty += 20
        if card.face.effect:
            block = draw_text(
                draw,
                (x0, ty, x0 + TILE, ty + 34),
                t(f"effect_{card.face.effect.type}", lang),
                size=12,
                fill=(170, 200, 255),
                max_lines=2,
            )
            ty = block.box[3] + 2
        where = t("fits", lang, cells=" ".join(card.legal_cells)) if playable else t("fits_nowhere", lang)
        draw_text(
            draw,
            (x0, ty, x0 + TILE, y0 + TILE + TEXT_H),
            where,
            size=13,
            fill=PALETTE.highlight if playable else PALETTE.text_muted_light,
            bold=playable,
            max_lines=3,
        )
    return img
