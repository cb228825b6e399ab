"""The Yggdrasil time-lapse: both trees growing, one frame per placement, as one animated GIF.

Each frame is a lighter drawing than the table picture (no legend, no hand counts, one line of caption), so
every frame has the same size whatever happened, and the animation stays small: the field, a caption naming
the card just placed, a one-line row per player with the score, and a progress bar.

GIF rather than animated WebP, measured on three AI games (28-37 placements, 560 x 925 px frames): GIF with
one shared palette, unchanged pixels left transparent, 0.37-0.50 MiB in 0.3-0.6 s; lossless WebP 4.2-6.0 MiB;
lossy WebP (quality 80) 0.44-0.63 MiB but 2-4.5 s to encode and blurred text. GIF is also the format every
Discord client animates inline.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.yggdrasil.models import YggView
from i18n import Scope
from renderers.common import PALETTE, draw_text, ellipsize, new_canvas, rounded_rect, seat_row

from .grid import GridLayout, draw_grid
from .table import MARGIN, grid_layout, who

WIDTH = 560
MIN_TEXT_PX = 16
"""The smallest text a frame draws: 16 px on 560 shows at 11.4 px on a 400 px phone (Discord's own smallest
size)."""
TITLE_PX = 22
CAPTION_PX = 18
ROW_H = 50  # the avatar's initials then draw at 17 px, above the floor
ROW_NAME_PX = 19
ROW_DETAIL_PX = 17
BAR_H = 6
FRAME_MS = 700
LAST_FRAME_MS = 4000
MAX_TIMELAPSE_BYTES = 4 * 1024 * 1024
"""Well under Discord's 8 MiB attachment limit; a whole game measures a fraction of it."""

GIF_SUFFIX = ".gif"

t = Scope("yggdrasil.picture.timelapse")


@dataclass(frozen=True)
class Placement:
    """One frame: the public view right after ``seat`` placed a card on ``cell``."""

    view: YggView
    seat: str
    cell: str


def _caption(frame: Placement, index: int, total: int, lang: str, names: Mapping[str, str] | None) -> str:
    card = next((c for c in frame.view.cells if c.cell == frame.cell), None)
    # A card placed and destroyed in the same turn is gone from the view: the caption still says where.
    card_name = card.face.name.get(lang) if card is not None else "?"
    return t(lang, "caption", i=index, n=total, seat=who(frame.seat, names), card=card_name, cell=frame.cell)


def _layout(view: YggView) -> tuple[int, GridLayout, int, int]:
    """(top row y, grid layout, bottom row y, canvas height): the same for every frame of one game."""
    top_row = 12 + TITLE_PX + 10 + CAPTION_PX + 12
    layout = grid_layout(view, top_row + ROW_H + 8)
    bottom_row = layout.top + layout.height + 8
    height = bottom_row + ROW_H + 10 + BAR_H + 10
    return top_row, layout, bottom_row, height


def render_frame(
    frame: Placement,
    index: int,
    total: int,
    lang: str,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> Image.Image:
    """Frame ``index`` (1-based) of ``total``, as an RGB image."""
    view = frame.view
    top_row, layout, bottom_row, height = _layout(view)
    img = new_canvas(WIDTH, height, mode="RGB", vignette=False)
    draw = ImageDraw.Draw(img)
    draw_text(
        draw,
        (MARGIN, 10, WIDTH - MARGIN, 12 + TITLE_PX + 6),
        t(lang, "title"),
        size=TITLE_PX,
        fill=PALETTE.text_light,
        bold=True,
        wrap=False,
    )
    caption = ellipsize(_caption(frame, index, total, lang, names), WIDTH - 2 * MARGIN, CAPTION_PX, bold=True)
    draw_text(
        draw,
        (MARGIN, 12 + TITLE_PX + 8, WIDTH - MARGIN, top_row),
        caption,
        size=CAPTION_PX,
        fill=PALETTE.highlight,
        bold=True,
        wrap=False,
    )
    p1, p2 = view.players
    for seat, y in ((p2, top_row), (p1, bottom_row)):
        seat_row(
            img,
            (MARGIN, y, WIDTH - MARGIN, y + ROW_H),
            name=who(seat, names),
            colour=PALETTE.seat(view.players.index(seat)),
            detail=t(lang, "points", n=view.scores[seat].total),
            active=seat == frame.seat,
            robot=seat in ai_seats,
            name_size=ROW_NAME_PX,
            detail_size=ROW_DETAIL_PX,
        )
    draw_grid(img, view, layout, lang, highlights=True, text_min=MIN_TEXT_PX)
    bar_top = height - 10 - BAR_H
    rounded_rect(img, (MARGIN, bar_top, WIDTH - MARGIN, bar_top + BAR_H), BAR_H // 2, fill=PALETTE.felt_dark)
    done = MARGIN + round((WIDTH - 2 * MARGIN) * index / max(1, total))
    if done - MARGIN >= BAR_H:
        rounded_rect(img, (MARGIN, bar_top, done, bar_top + BAR_H), BAR_H // 2, fill=PALETTE.highlight)
    return img


def _shared_palette(frames: Sequence[Image.Image]) -> Image.Image:
    """One 255-colour palette for every frame, taken from the last (fullest) frame and the first: with a
    shared palette unchanged pixels keep their index, so each GIF frame stores only the box that changed."""
    last, first = frames[-1], frames[0]
    both = Image.new("RGB", (last.width, last.height + first.height))
    both.paste(last, (0, 0))
    both.paste(first, (0, last.height))
    return both.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def encode_gif(frames: Sequence[Image.Image], *, max_bytes: int = MAX_TIMELAPSE_BYTES) -> bytes:
    """The frames as a looping GIF, each shown :data:`FRAME_MS` (the last one longer); halves the size of
    the frames until it fits ``max_bytes`` (never needed for a real game, but a limit is a limit)."""
    if not frames:
        raise ValueError("a time-lapse needs at least one frame")
    scaled = list(frames)
    while True:
        palette = _shared_palette(scaled)
        indexed = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in scaled]
        durations = [FRAME_MS] * (len(indexed) - 1) + [LAST_FRAME_MS]
        buffer = io.BytesIO()
        indexed[0].save(
            buffer,
            format="GIF",
            save_all=True,
            append_images=indexed[1:],
            duration=durations,
            loop=0,
            optimize=True,
            disposal=1,
        )
        data = buffer.getvalue()
        if len(data) <= max_bytes:
            return data
        if scaled[0].width < 160:
            raise ValueError("cannot shrink the time-lapse under the size limit")
        scaled = [f.resize((f.width // 2, f.height // 2), Image.Resampling.LANCZOS) for f in scaled]


def render_timelapse(
    placements: Sequence[Placement],
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
    max_bytes: int = MAX_TIMELAPSE_BYTES,
) -> bytes:
    """The animated GIF of ``placements`` (one frame each, in order)."""
    total = len(placements)
    frames = [
        render_frame(p, i, total, lang, names, frozenset(ai_seats)) for i, p in enumerate(placements, start=1)
    ]
    return encode_gif(frames, max_bytes=max_bytes)


__all__ = [
    "GIF_SUFFIX",
    "MAX_TIMELAPSE_BYTES",
    "MIN_TEXT_PX",
    "WIDTH",
    "Placement",
    "encode_gif",
    "render_frame",
    "render_timelapse",
]
