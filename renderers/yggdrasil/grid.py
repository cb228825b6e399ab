"""The field: empty cells with their names, card tiles, the joins between them, open branch ends, branches
that aim at a rival card, and the highlights (last placed card, last invasion, where a tree can grow)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from engines.yggdrasil.models import PlacedCard, YggView
from renderers.common import PALETTE, composite, draw_text, glow, mix, rounded_rect, text_width
from renderers.common.cache import bounded_cache

from .tile import BRANCH_COLOURS, GRAIN, VEC, WOOD, tile
from .words import t

SPIKE = (226, 52, 60)
BUD = (150, 220, 120)
INVASION = (236, 64, 72)


@dataclass
class GridLayout:
    left: int
    top: int
    cell: int
    gap: int
    cols: int
    rows: int
    label: int = 26
    boxes: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)

    @property
    def width(self) -> int:
        return self.cols * self.cell + 2 * self.label

    @property
    def height(self) -> int:
        return self.rows * self.cell + 2 * self.label

    def box(self, name: str) -> tuple[int, int, int, int]:
        """Tile box of a cell; row 1 is the bottom row of the picture (player 1's side)."""
        if name not in self.boxes:
            col = ord(name[0]) - ord("A")
            row = int(name[1:]) - 1
            x = self.left + self.label + col * self.cell + self.gap // 2
            y = self.top + self.label + (self.rows - 1 - row) * self.cell + self.gap // 2
            self.boxes[name] = (x, y, x + self.cell - self.gap, y + self.cell - self.gap)
        return self.boxes[name]


def cell_names(cols: int, rows: int) -> list[str]:
    return [f"{chr(65 + c)}{r + 1}" for r in range(rows) for c in range(cols)]


def neighbour(name: str, d: str) -> str:
    dx, dy = VEC[d]
    return f"{chr(ord(name[0]) + dx)}{int(name[1:]) - dy}"


def card_tile(
    card: PlacedCard, owner: int, size: int, lang: str, view: YggView, text_min: int = 13
) -> Image.Image:
    colours = tuple(sorted(card.colours.items())) if view.branch_colours else ()
    return tile(
        size,
        owner,
        card.branches,
        card.face.power,
        card.face.fruit,
        root=card.face.root,
        effect=card.face.effect.type if card.face.effect else None,
        name=card.face.name.get(lang),
        colours=colours,
        lang=lang,
        text_min=text_min,
    )


def draw_grid(
    img: Image.Image,
    view: YggView,
    layout: GridLayout,
    lang: str,
    *,
    growth_for: str | None = None,
    highlights: bool = True,
    text_min: int = 13,
) -> None:
    """The field into ``layout``; no text below ``text_min`` px (tiles too small for their names leave
    them off)."""
    draw = ImageDraw.Draw(img)
    size = layout.cell - layout.gap
    cards = {c.cell: c for c in view.cells}
    owner_of = {p: i for i, p in enumerate(view.players)}
    growth = set(view.growth_cells.get(growth_for, [])) if growth_for else set()
    if growth_for and view.hand is not None and view.seat == growth_for:
        # A seat's own (ephemeral) view: mark exactly the cells its hand fits, not every cell a shape could.
        growth = {cell for card in view.hand for cell in card.legal_cells}
    grow_colour = PALETTE.seat(owner_of[growth_for]) if growth_for else PALETTE.highlight

    # The bare board (bed, labels, every cell empty) is the same for every picture of a field size: it is
    # drawn once and laid down, then the cells that differ are drawn over it.
    base = _bare_board(layout.cols, layout.rows, layout.cell, layout.gap, layout.label, text_min)
    composite(img, base, (layout.left, layout.top))
    for name in sorted(growth - set(cards)):
        box = layout.box(name)
        rounded_rect(img, box, 10, fill=mix(PALETTE.felt, grow_colour, 0.16))
        _dashed_box(draw, box, grow_colour, width=3)
        _cell_name(draw, box, name, mix(grow_colour, (255, 255, 255), 0.35), max(text_min, size // 5))

    last = set(view.last_placed) if highlights else set()
    for name in last:
        if name in cards:
            box = layout.box(name)
            glow(img, box, 12, spread=7, blur=5.0, opacity=255)

    # Tiles.
    for name, card in cards.items():
        x0, y0, _, _ = layout.box(name)
        composite(img, card_tile(card, owner_of[card.owner], size, lang, view, text_min), (x0, y0))

    # Joins across the gap, open branch ends (buds) and branches aiming at rival cards (spikes).
    bw = max(6, round(size * 0.16 * 0.5))
    for name, card in cards.items():
        o = owner_of[card.owner]
        box = layout.box(name)
        cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
        for d in card.branches:
            dx, dy = VEC[d]
            ex = cx + dx * (size // 2)
            ey = cy + dy * (size // 2)
            other = neighbour(name, d)
            if d in card.joined and d in ("N", "E"):
                g = layout.gap
                if dx:
                    rect = (
                        (ex - 2, ey - bw, ex + g + 2, ey + bw)
                        if dx > 0
                        else (ex - g - 2, ey - bw, ex + 2, ey + bw)
                    )
                else:
                    rect = (
                        (ex - bw, ey - g - 2, ex + bw, ey + 2)
                        if dy < 0
                        else (ex - bw, ey - 2, ex + bw, ey + g + 2)
                    )
                draw.rectangle(rect, fill=WOOD[o])
                core = GRAIN[o]
                inner = max(1, bw // 3)
                if view.branch_colours and card.colours.get(d, "any") != "any":
                    core = BRANCH_COLOURS[card.colours[d]]
                    inner = max(2, round(bw * 0.42))
                if dx:
                    draw.rectangle((rect[0], ey - inner, rect[2], ey + inner), fill=core)
                else:
                    draw.rectangle((ex - inner, rect[1], ex + inner, rect[3]), fill=core)
            elif d in card.threatens:
                tip = (ex + dx * (layout.gap + size // 9), ey + dy * (layout.gap + size // 9))
                px, py = -dy, dx
                base1 = (ex - dx * 2 + px * bw, ey - dy * 2 + py * bw)
                base2 = (ex - dx * 2 - px * bw, ey - dy * 2 - py * bw)
                draw.polygon([base1, tip, base2], fill=SPIKE, outline=(90, 10, 16))
            elif other not in cards:
                bud = max(4.0, bw * 0.8)
                draw.ellipse((ex - bud, ey - bud, ex + bud, ey + bud), fill=BUD, outline=WOOD[o], width=2)

    for name in last:
        if name in cards:
            box = layout.box(name)
            rounded_rect(
                img, (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), 12, outline=PALETTE.highlight, width=3
            )

    if highlights and view.last_invasion is not None:
        inv = view.last_invasion
        box = layout.box(inv.target)
        outline = (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3)
        if inv.destroyed:
            for name in inv.destroyed_cells:
                b = layout.box(name)
                draw.line((b[0] + 14, b[1] + 14, b[2] - 14, b[3] - 14), fill=INVASION, width=4)
                draw.line((b[0] + 14, b[3] - 14, b[2] - 14, b[1] + 14), fill=INVASION, width=4)
        rounded_rect(img, outline, 12, outline=INVASION, width=4)
        # The attack against the defence on a tag; the verdict is worded in the status line.
        text = t(lang, "invaded", attack=inv.attack, defence=inv.defence)
        tag_w = min(box[2] - box[0] - 8, text_width(text, text_min, bold=True) + 12)
        tag = (box[0] + 4, box[1] + 4, box[0] + 4 + tag_w, box[1] + 4 + text_min + 8)
        rounded_rect(img, tag, (text_min + 8) // 2, fill=INVASION)
        draw_text(
            draw,
            tag,
            text,
            size=text_min,
            fill=(255, 255, 255),
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )


def _cell_name(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    name: str,
    fill: tuple[int, int, int],
    size: int,
) -> None:
    draw_text(draw, box, name, size=size, fill=fill, bold=True, align="center", valign="middle")


@bounded_cache(maxsize=16)
def _bare_board(cols: int, rows: int, cell: int, gap: int, label: int, text_min: int) -> Image.Image:
    """The field with no card on it, as a transparent layer: a darker bed, column letters and row numbers
    on all four sides, every cell with its name. Shared: never draw on it."""
    layout = GridLayout(left=0, top=0, cell=cell, gap=gap, cols=cols, rows=rows, label=label)
    img = Image.new("RGBA", (layout.width, layout.height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    rounded_rect(img, (0, 0, layout.width, layout.height), 18, fill=PALETTE.felt_dark)
    label_size = max(text_min, min(16, cell // 6))
    for c in range(cols):
        x0 = label + c * cell
        for y0 in (0, layout.height - label):
            draw_text(
                draw,
                (x0, y0, x0 + cell, y0 + label),
                chr(65 + c),
                size=label_size,
                fill=PALETTE.text_muted_light,
                bold=True,
                align="center",
                valign="middle",
            )
    for r in range(rows):
        y0 = label + (rows - 1 - r) * cell
        for x0 in (0, layout.width - label):
            draw_text(
                draw,
                (x0, y0, x0 + label, y0 + cell),
                str(r + 1),
                size=label_size,
                fill=PALETTE.text_muted_light,
                bold=True,
                align="center",
                valign="middle",
            )
    name_size = max(text_min, (cell - gap) // 5)
    for name in cell_names(cols, rows):
        box = layout.box(name)
        rounded_rect(
            img, box, 10, fill=mix(PALETTE.felt, PALETTE.felt_dark, 0.35), outline=PALETTE.panel_edge
        )
        _cell_name(draw, box, name, mix(PALETTE.text_muted_light, PALETTE.felt, 0.45), name_size)
    return img


def _dashed_box(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: tuple[int, int, int], width: int
) -> None:
    x0, y0, x1, y1 = box[0] + 2, box[1] + 2, box[2] - 3, box[3] - 3
    dash, gap = 10, 7
    for a, b, fixed, horizontal in (
        (x0, x1, y0, True),
        (x0, x1, y1, True),
        (y0, y1, x0, False),
        (y0, y1, x1, False),
    ):
        pos = a
        while pos < b:
            end = min(pos + dash, b)
            if horizontal:
                draw.line((pos, fixed, end, fixed), fill=colour, width=width)
            else:
                draw.line((fixed, pos, fixed, end), fill=colour, width=width)
            pos = end + gap
