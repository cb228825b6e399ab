"""One card as a square tile: branches that reach the tile's edges (so joined cards read as one tree), the
power in the knot at the centre, fruit in the free corners, the name along the bottom.

Tiles are drawn at 3x and scaled down (smooth strokes and text), and cached: a table repeats few tiles.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import PALETTE, draw_text, mix

from .labels import t

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
    spots = [(0.8, 0.22), (0.8, 0.67), (0.2, 0.67), (0.2, 0.22)]
    return spots[:3] if has_badge else spots


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


@lru_cache(maxsize=1024)
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
) -> Image.Image:
    """The tile as an RGBA image of ``size`` px. ``branches`` are as drawn (N = up on the picture);
    ``colours`` maps a direction to its branch colour when the colour option is on."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = int(s * 0.09)
    border = ROOT_GOLD if root else BORDER[owner]
    draw.rounded_rectangle(
        (0, 0, s - 1, s - 1), radius=radius, fill=GROUND[owner], outline=border, width=SS * (4 if root else 2)
    )
    c = s / 2
    bw = s * 0.16  # branch width at the card edge
    wood = WOOD[owner]
    colour_of = dict(colours)
    for d in branches:
        dx, dy = VEC[d]
        # A tapered limb from the knot to the edge midpoint; the edge is where it meets its neighbour.
        ex, ey = c + dx * c, c + dy * c
        px, py = -dy, dx
        w0, w1 = bw * 0.62, bw * 0.5
        poly = [
            (c + px * w0, c + py * w0),
            (ex + px * w1, ey + py * w1),
            (ex - px * w1, ey - py * w1),
            (c - px * w0, c - py * w0),
        ]
        draw.polygon(poly, fill=wood)
        core = BRANCH_COLOURS.get(colour_of.get(d, ""), GRAIN[owner])
        inner = 0.42 if colour_of else 0.16
        draw.polygon(
            [
                (c + px * w0 * inner, c + py * w0 * inner),
                (ex + px * w1 * inner, ey + py * w1 * inner),
                (ex - px * w1 * inner, ey - py * w1 * inner),
                (c - px * w0 * inner, c - py * w0 * inner),
            ],
            fill=core,
        )
        # A leaf on each limb, on the clockwise side.
        lx, ly = c + dx * c * 0.58 + px * bw * 0.75, c + dy * c * 0.58 + py * bw * 0.75
        lr = bw * 0.42
        draw.ellipse(
            (lx - lr, ly - lr * 0.6, lx + lr, ly + lr * 0.6)
            if dx == 0
            else (lx - lr * 0.6, ly - lr, lx + lr * 0.6, ly + lr),
            fill=LEAF,
        )
    # The knot: power.
    kr = s * 0.15
    knot_fill = ROOT_GOLD if root else (44, 38, 34)
    draw.ellipse((c - kr, c - kr, c + kr, c + kr), fill=knot_fill, outline=wood, width=SS * 2)
    draw_text(
        img,
        (int(c - kr), int(c - kr), int(c + kr), int(c + kr)),
        str(power),
        max_size=int(kr * 1.3),
        min_size=8,
        fill=(30, 30, 30) if root else WHITE,
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
    # Corner badge: ROOT or the effect sign.
    badge_text = t("root", lang) if root else {"extra_placement": "»", "swap": "⇄"}.get(effect or "", "")
    if badge_text:
        bx0, by0 = s * 0.05, s * 0.05
        bx1, by1 = s * (0.42 if root and lang == "en" else 0.3), s * 0.24
        draw.rounded_rectangle(
            (bx0, by0, bx1, by1), radius=int(s * 0.05), fill=ROOT_GOLD if root else (60, 90, 170)
        )
        draw_text(
            img,
            (int(bx0), int(by0), int(bx1), int(by1)),
            badge_text,
            max_size=int(s * 0.13),
            min_size=8,
            fill=(30, 30, 30) if root else WHITE,
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )
    spots = _fruit_spots(bool(badge_text))
    ar = s * 0.075
    for i in range(min(fruit, len(spots))):
        fx, fy = spots[i]
        _apple(draw, fx * s, fy * s, ar)
    if fruit > len(spots):
        draw_text(
            img,
            (int(s * 0.6), int(s * 0.05), int(s * 0.95), int(s * 0.2)),
            f"+{fruit - len(spots)}",
            max_size=int(s * 0.1),
            fill=FRUIT,
            bold=True,
        )
    if name:
        band = (int(s * 0.05), int(s * 0.77), int(s * 0.95), int(s * 0.96))
        layer = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        ImageDraw.Draw(layer).rounded_rectangle(band, radius=int(s * 0.04), fill=(*GROUND[owner], 215))
        img.alpha_composite(layer)
        draw_text(
            img,
            (band[0] + SS * 2, band[1] + SS, band[2] - SS * 2, band[3] - SS),
            name,
            max_size=int(s * 0.085),
            min_size=max(8, int(s * 0.05)),
            fill=(28, 28, 30),
            bold=True,
            align="center",
            valign="middle",
            max_lines=2,
        )
    return img.resize((size, size), Image.Resampling.LANCZOS)
