"""A seat's hand: each card as it will lie on the table, the cells it fits, and a small map of the field
with the number of every card that fits each cell.

Phone first, like the table: :data:`WIDTH` px wide, no text under :data:`MIN_TEXT_PX` ``["hand"]``.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engines.yggdrasil.models import HandCard, YggView
from renderers.common import PALETTE, composite, draw_text, layout_text, mix, new_canvas, rounded_rect
from renderers.common.cache import bounded_cache

from .grid import cell_names
from .table import MARGIN, MIN_TEXT_PX, WIDTH, who
from .tile import tile
from .words import t

TEXT_MIN = MIN_TEXT_PX["hand"]
TITLE_PX = 22
NOTE_PX = 16
NAME_PX = 17
SMALL_PX = 16
COLS = 3
TILE = 160
GAP = 16
MAP_CELL = 40
EFFECT_INK = (170, 200, 255)


def you_sit(view: YggView, seat: str, lang: str) -> str:
    """Which side of the table the seat's tree grows from: player 1's home row is the bottom row (row 1)."""
    side = "bottom" if view.home_rows.get(seat) == 1 else "top"
    return t(lang, "you_sit", side=t(lang, side))


def _notes(view: YggView, seat: str, lang: str, names: Mapping[str, str] | None) -> list[str]:
    """How to read the map, then what the seat must decide now."""
    notes = [t(lang, "map_help")]
    if view.must_discard:
        notes.append(t(lang, "must_discard"))
    pending = view.pending
    if view.finished:
        notes.append(t(lang, "over"))
    elif view.current == seat:
        notes.append(t(lang, "your_turn"))
        if pending is not None and pending.kind == "swap":
            notes.append(t(lang, "pending_swap", pairs=", ".join("⇄".join(p) for p in pending.swaps[:12])))
        elif pending is not None and pending.kind == "invade":
            opts = ", ".join(
                t(lang, "invade_option_yours", cell=o.target, attack=o.attack, defence=o.defence)
                for o in pending.invasions
            )
            notes.append(t(lang, "pending_invade", options=opts))
        elif pending is not None and pending.kind == "extra_placement":
            notes.append(t(lang, "pending_extra"))
    else:
        notes.append(t(lang, "waiting", seat=who(view.current, names) if view.current else ""))
    if not view.hand:
        notes.append(t(lang, "empty_hand"))
    return notes


def _card_texts(card: HandCard, lang: str) -> list[tuple[str, int, tuple[int, int, int], bool]]:
    """The lines under a card: name, power and fruit, effect, where it fits (text, size, colour, bold)."""
    playable = bool(card.legal_cells)
    where = t(lang, "fits", cells=" ".join(card.legal_cells)) if playable else t(lang, "fits_nowhere")
    out = [
        (card.face.name.get(lang), NAME_PX, PALETTE.text_light, True),
        (
            t(lang, "power_fruit", power=card.face.power, fruit=card.face.fruit),
            SMALL_PX,
            PALETTE.text_muted_light,
            False,
        ),
    ]
    if card.face.effect:
        out.append((t(lang, f"effect_{card.face.effect.type}"), TEXT_MIN, EFFECT_INK, False))
    out.append((where, SMALL_PX, PALETTE.highlight if playable else PALETTE.text_muted_light, playable))
    return out


def _texts_height(texts: list[tuple[str, int, tuple[int, int, int], bool]]) -> int:
    height = 0
    for text, size, _, bold in texts:
        block, _ = layout_text((0, 0, TILE + GAP - 4, 10_000), text, size=size, bold=bold, phrases=True)
        height += block.box[3] + 2
    return height


@bounded_cache(maxsize=16)
def _bare_map(cols: int, rows: int, cell: int) -> Image.Image:
    """The small map with every cell empty (named when there is room), as a transparent layer."""
    img = Image.new("RGBA", (cols * cell, rows * cell), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    for name in cell_names(cols, rows):
        col, row = ord(name[0]) - 65, int(name[1:]) - 1
        box = (col * cell + 2, (rows - 1 - row) * cell + 2, (col + 1) * cell - 2, (rows - row) * cell - 2)
        rounded_rect(img, box, 6, fill=PALETTE.felt_dark)
        if cell >= 34:
            draw_text(
                draw,
                box,
                name,
                size=TEXT_MIN,
                fill=mix(PALETTE.text_muted_light, PALETTE.felt, 0.4),
                align="center",
                valign="middle",
                wrap=False,
            )
    return img


def render_hand(view: YggView, lang: str, names: Mapping[str, str] | None = None) -> Image.Image:
    hand = view.hand or []
    seat = view.seat or ""
    me = view.players.index(seat) if seat in view.players else 0
    cell = min(MAP_CELL, (WIDTH // 2 - MARGIN) // view.columns, 360 // view.rows)
    map_w, map_h = view.columns * cell, view.rows * cell
    notes_x = MARGIN + map_w + 16
    notes_w = WIDTH - MARGIN - notes_x
    notes = _notes(view, seat, lang, names)
    sit = you_sit(view, seat, lang)
    sit_block, _ = layout_text((0, 0, WIDTH - 2 * MARGIN, 10_000), sit, size=NOTE_PX)
    map_top = 44 + sit_block.box[3] + 10
    notes_h = sum(layout_text((0, 0, notes_w, 10_000), note, size=NOTE_PX)[0].box[3] + 8 for note in notes)
    texts = [_card_texts(card, lang) for card in hand]
    rows = [texts[i : i + COLS] for i in range(0, len(texts), COLS)]
    row_heights = [TILE + 8 + max(_texts_height(x) for x in row) for row in rows]
    cards_top = map_top + max(map_h, notes_h) + 18
    height = cards_top + sum(h + GAP for h in row_heights) + 4
    img = new_canvas(WIDTH, height, vignette=False, mode="RGB")  # flat: no gradient to encode (faster)
    draw = ImageDraw.Draw(img)
    draw_text(
        draw,
        (MARGIN, 10, WIDTH - MARGIN, 40),
        t(lang, "your_hand", seat=who(seat, names)),
        max_size=TITLE_PX,
        min_size=TEXT_MIN,
        fill=PALETTE.text_light,
        bold=True,
        wrap=False,
    )
    draw_text(draw, (MARGIN, 44, WIDTH - MARGIN, map_top), sit, size=NOTE_PX, fill=PALETTE.text_muted_light)

    # The map: own and rival cards as small tiles, each cell a card fits carries that card's number.
    fits: dict[str, list[int]] = {}
    for i, card in enumerate(hand):
        for name in card.legal_cells:
            fits.setdefault(name, []).append(i + 1)
    placed = {c.cell: c for c in view.cells}
    # Every cell empty is the same map for every hand of a field size (cached); what differs goes over it.
    composite(img, _bare_map(view.columns, view.rows, cell), (MARGIN, map_top))
    for name in sorted(set(placed) | set(fits)):
        col, row = ord(name[0]) - 65, int(name[1:]) - 1
        x0 = MARGIN + col * cell
        y0 = map_top + (view.rows - 1 - row) * cell
        box = (x0 + 2, y0 + 2, x0 + cell - 2, y0 + cell - 2)
        if name in placed:
            on_field = placed[name]
            o = view.players.index(on_field.owner)
            mini = tile(
                cell - 4,
                o,
                on_field.branches,
                on_field.face.power,
                0,
                root=on_field.face.root,
                text_min=TEXT_MIN,
            )
            composite(img, mini, (box[0], box[1]))
        else:
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
                size=TEXT_MIN,
                fill=PALETTE.text_light,
                bold=True,
                align="center",
                valign="middle",
                wrap=False,
            )
    # Beside the map: how to read it, and what the seat must decide now.
    y = map_top
    for i, note in enumerate(notes):
        block = draw_text(
            draw,
            (notes_x, y, WIDTH - MARGIN, y + 10_000),
            note,
            size=NOTE_PX,
            fill=PALETTE.text_muted_light if i == 0 else PALETTE.text_light,
        )
        y = block.box[3] + 8

    y = cards_top
    for r, card_row in enumerate(rows):
        for c, lines in enumerate(card_row):
            i = r * COLS + c
            card = hand[i]
            x0 = (WIDTH - COLS * TILE - (COLS - 1) * GAP) // 2 + c * (TILE + GAP)
            colours = tuple(sorted(card.colours.items())) if view.branch_colours else ()
            sprite = tile(
                TILE,
                me,
                card.branches,
                card.face.power,
                card.face.fruit,
                effect=card.face.effect.type if card.face.effect else None,
                colours=colours,
                lang=lang,
                text_min=TEXT_MIN,
            )
            playable = bool(card.legal_cells)
            if playable:
                rounded_rect(
                    img, (x0 - 4, y - 4, x0 + TILE + 4, y + TILE + 4), 16, outline=PALETTE.highlight, width=3
                )
            composite(img, sprite, (x0, y))
            # The card's number, matching the map.
            number = (x0 - 8, y - 8, x0 + 24, y + 22)
            rounded_rect(img, number, 12, fill=PALETTE.highlight if playable else PALETTE.neutral)
            draw_text(
                draw,
                number,
                str(i + 1),
                size=16,
                fill=PALETTE.text_dark,
                bold=True,
                align="center",
                valign="middle",
            )
            ty = y + TILE + 8
            for text, size, colour, bold in lines:
                block = draw_text(
                    draw,
                    (x0, ty, x0 + TILE + GAP - 4, ty + 10_000),
                    text,
                    size=size,
                    fill=colour,
                    bold=bold,
                    phrases=True,
                )
                ty = block.box[3] + 2
        y += row_heights[r] + GAP
    return img
