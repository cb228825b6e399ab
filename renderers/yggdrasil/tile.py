"""One card as a square tile: branches that reach the tile's edges (so joined cards read as one tree), the
power in the knot at the centre, fruit in the free upper corners, the name along the bottom.

The art (wood, leaves, fruit, knot) is drawn at 3x and scaled down for smooth strokes; the text is drawn
after, at the tile's own size, so its pixel size is what a reader sees (and never below the picture's
floor). Both are cached (bounded LRU): a table repeats few tiles.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.common import PALETTE, draw_text, fit_text, mix, text_width
from renderers.common.cache import bounded_cache

from .words import t

SS = 3  # supersampling factor
WHITE = (255, 255, 255)

#: per seat index: the tree's wood (branch) colour, its light grain, and the tile's ground
WOOD = ((30, 92, 150), (152, 74, 20))
GRAIN = ((120, 184, 232), (240, 170, 96))
GROUND = (mix(PALETTE.seat(0), WHITE, 0.72), mix(PALETTE.seat(1), WHITE, 0.72))
BORDER = (mix(PALETTE.seat(0), (0, 0, 0), 0.25), mix(PALETTE.seat(1), (0, 0, 0), 0.25))
LEAF = (70, 150, 72)
FRUIT = (214, 46, 52)
ROOT_GOLD = (214, 172, 62)
#: branch colours of the colour option (YG-15)
BRANCH_COLOURS = {
    "green": (64, 160, 72),
    "red": (206, 56, 56),
    "gold": (222, 176, 44),
    "blue": (66, 124, 220),
    "any": (245, 245, 245),
}

# Direction -> unit vector on the picture (N is up).
VEC = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def _fruit_spots(has_badge: bool) -> list[tuple[float, float]]:
    # Upper corners first: the name band covers the lower part of a named tile.
    spots = [(0.8, 0.2), (0.2, 0.2), (0.82, 0.4), (0.18, 0.4)]
    return [spot for spot in spots if not (has_badge and spot == (0.2, 0.2))]


def _apple(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=FRUIT, outline=(120, 20, 24), width=max(1, int(r / 5))
    )
    hr = r * 0.32
    draw.ellipse(
        (cx - r * 0.45 - hr, cy - r * 0.4 - hr, cx - r * 0.45 + hr, cy - r * 0.4 + hr), fill=(255, 170, 160)
    )
    draw.line((cx, cy - r, cx + r * 0.25, cy - r * 1.45), fill=(90, 60, 30), width=max(1, int(r / 4)))
    draw.ellipse((cx + r * 0.2, cy - r * 1.5, cx + r * 0.85, cy - r * 1.1), fill=LEAF)


def _badge_text(root: bool, effect: str | None, lang: str, named: bool) -> str:
    """ROOT (unless the name already says so: every root's name does) or the effect's sign."""
    if root:
        return "" if named else t(lang, "root")
    return {"extra_placement": "»", "swap": "⇄"}.get(effect or "", "")


def _badge_box(size: int, text: str, text_px: int) -> tuple[int, int, int, int]:
    left, top = round(size * 0.05), round(size * 0.05)
    width = max(round(size * 0.25), text_width(text, text_px, bold=True) + 8)
    return left, top, left + width, top + max(round(size * 0.19), text_px + 6)


@bounded_cache(maxsize=512)
def _art(
    size: int,
    owner: int,
    branches: str,
    fruit: int,
    root: bool,
    colours: tuple[tuple[str, str], ...],
    badge: tuple[int, int, int, int] | None,
    badge_fill: tuple[int, int, int] | None,
    knot_y: float = 0.5,
) -> Image.Image:
    """Everything but the text, drawn at 3x and scaled to ``size``; the knot's centre at ``knot_y`` of the
    height."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = int(s * 0.09)
    border = ROOT_GOLD if root else BORDER[owner]
    draw.rounded_rectangle(
        (0, 0, s - 1, s - 1), radius=radius, fill=GROUND[owner], outline=border, width=SS * (4 if root else 2)
    )
    c = s / 2
    kx, ky = c, s * knot_y  # the knot: raised on a named tile, so the name band leaves it in view
    bw = s * 0.16  # branch width at the card edge
    wood = WOOD[owner]
    colour_of = dict(colours)
    for d in branches:
        dx, dy = VEC[d]
        # A tapered limb from the knot to the edge midpoint; the edge is where it meets its neighbour.
        ex, ey = c + dx * c, c + dy * c
        length = math.hypot(ex - kx, ey - ky)
        ux, uy = (ex - kx) / length, (ey - ky) / length
        px, py = -uy, ux
        w0, w1 = bw * 0.62, bw * 0.5
        poly = [
            (kx + px * w0, ky + py * w0),
            (ex + px * w1, ey + py * w1),
            (ex - px * w1, ey - py * w1),
            (kx - px * w0, ky - py * w0),
        ]
        draw.polygon(poly, fill=wood)
        core = BRANCH_COLOURS.get(colour_of.get(d, ""), GRAIN[owner])
        inner = 0.42 if colour_of else 0.16
        draw.polygon(
            [
                (kx + px * w0 * inner, ky + py * w0 * inner),
                (ex + px * w1 * inner, ey + py * w1 * inner),
                (ex - px * w1 * inner, ey - py * w1 * inner),
                (kx - px * w0 * inner, ky - py * w0 * inner),
            ],
            fill=core,
        )
        # A leaf on each limb, on the clockwise side.
        lx = kx + (ex - kx) * 0.58 + px * bw * 0.75
        ly = ky + (ey - ky) * 0.58 + py * bw * 0.75
        lr = bw * 0.42
        draw.ellipse(
            (lx - lr, ly - lr * 0.6, lx + lr, ly + lr * 0.6)
            if abs(ux) < abs(uy)
            else (lx - lr * 0.6, ly - lr, lx + lr * 0.6, ly + lr),
            fill=LEAF,
        )
    # The knot, where the power goes.
    kr = s * KNOT
    knot_fill = ROOT_GOLD if root else (44, 38, 34)
    draw.ellipse((kx - kr, ky - kr, kx + kr, ky + kr), fill=knot_fill, outline=wood, width=SS * 2)
    if badge is not None and badge_fill is not None:
        bx0, by0, bx1, by1 = (v * SS for v in badge)
        draw.rounded_rectangle((bx0, by0, bx1, by1), radius=int(s * 0.05), fill=badge_fill)
    spots = _fruit_spots(badge is not None)
    ar = s * 0.075
    for i in range(min(fruit, len(spots))):
        fx, fy = spots[i]
        _apple(draw, fx * s, fy * s, ar)
    return img.resize((size, size), Image.Resampling.LANCZOS)


KNOT = 0.15  # knot radius / tile size
KNOT_Y_NAMED = 0.34  # knot centre / tile size on a tile with its name band


@bounded_cache(maxsize=1024)
def tile(
    size: int,
    owner: int,
    branches: str,
    power: int,
    fruit: int,
    *,
    root: bool = False,
    effect: str | None = None,
    name: str = "",
    colours: tuple[tuple[str, str], ...] = (),
    lang: str = "en",
    text_min: int = 13,
) -> Image.Image:
    """The tile as an RGBA image of ``size`` px. ``branches`` are as drawn (N = up on the picture);
    ``colours`` maps a direction to its branch colour when the colour option is on. No text is drawn below
    ``text_min`` px: a ``name`` that does not fit two lines at that size is left off (the tile is too small
    for it), and so is the power of a tile too small to hold it."""
    text_px = max(text_min, round(size * 0.09))
    name_block = _name_block(name, size, text_min) if name else None
    badge_text = _badge_text(root, effect, lang, name_block is not None)
    badge = _badge_box(size, badge_text, text_px) if badge_text else None
    if badge is not None and (badge[2] > size * 0.55 or badge[3] > size * 0.35):
        badge_text, badge = "", None  # too small a tile: a root still shows by its gold
    badge_fill = (ROOT_GOLD if root else (60, 90, 170)) if badge_text else None
    knot_y = KNOT_Y_NAMED if name_block is not None else 0.5
    img = _art(size, owner, branches, fruit, root, colours, badge, badge_fill, knot_y).copy()
    draw = ImageDraw.Draw(img)
    c, cy = size / 2, size * knot_y
    kr = size * KNOT
    power_px = max(text_min, round(kr * 1.3))
    if power_px <= 2 * kr:
        draw_text(
            draw,
            (int(c - kr), int(cy - kr), int(c + kr) + 1, int(cy + kr) + 1),
            str(power),
            size=power_px,
            fill=(30, 30, 30) if root else WHITE,
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )
    if badge is not None:
        draw_text(
            draw,
            badge,
            badge_text,
            size=text_px,
            fill=(30, 30, 30) if root else WHITE,
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )
    spots = _fruit_spots(badge is not None)
    if fruit > len(spots) and text_px * 2 < size:
        draw_text(
            draw,
            (round(size * 0.55), round(size * 0.04), round(size * 0.97), round(size * 0.04) + text_px + 4),
            f"+{fruit - len(spots)}",
            size=text_px,
            fill=FRUIT,
            bold=True,
            align="right",
            wrap=False,
        )
    if name_block is not None:
        name_px, lines = name_block
        band_h = _band_height(name_px, len(lines))
        band = (
            round(size * 0.04),
            size - band_h - round(size * 0.04),
            round(size * 0.96),
            round(size * 0.96),
        )
        layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        ImageDraw.Draw(layer).rounded_rectangle(band, radius=max(3, size // 24), fill=(*GROUND[owner], 225))
        img.alpha_composite(layer)
        draw_text(
            draw,
            (band[0] + 2, band[1] + 1, band[2] - 2, band[3] - 1),
            "\n".join(lines),
            size=name_px,
            fill=(28, 28, 30),
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
            spacing=NAME_SPACING,
        )
    return img


NAME_SPACING = 1.08


def _band_height(size: int, lines: int) -> int:
    return round(size * (1.25 + NAME_SPACING * (lines - 1))) + 4


def _name_block(name: str, size: int, text_min: int) -> tuple[int, list[str]] | None:
    """The size and lines of the name in its band, or None when it does not fit two lines at ``text_min``
    under the raised knot (the tile is too small to carry its name)."""
    width = size - 2 * round(size * 0.04) - 4  # the band's inner width
    max_px = max(text_min, round(size * 0.15))
    height = round(size * (1 - KNOT_Y_NAMED - KNOT - 0.05))  # below the raised knot
    px, lines = fit_text(
        name,
        width,
        height,
        max_px,
        text_min,
        bold=True,
        spacing=NAME_SPACING,
        max_lines=2,
        balance=True,
        phrases=True,
    )
    if any("…" in line for line in lines) or any(text_width(line, px, bold=True) > width for line in lines):
        return None
    if _band_height(px, len(lines)) > height:
        return None
    return px, lines
