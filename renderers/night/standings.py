"""The night's standings drawn: a title (the game, after set k of n or final), a header row, then one row per
member: rank (a medal for the first three; a shared place marked "=", with a note under the rows), name,
points per set, total and first places (GN-11's first tie-break).

Phone first, like the leaderboard whose look it shares: :data:`WIDTH` px wide, so a phone (about 400 px)
shows it at 0.71x, and the smallest text, :data:`MIN_TEXT_PX` (16 px), reads at 11.4 px there. A night of up
to about 30 members stays one column: past :data:`ROOMY_UP_TO` members the rows get shorter rather than
narrower, because two columns at this width would leave a name a few characters and the numbers cramped.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from i18n import Scope
from renderers.common import (
    PALETTE,
    Colour,
    contrast_text,
    draw_line,
    draw_text,
    ellipsize,
    encode,
    font_chain,
    mix,
    new_canvas,
    rounded_rect,
    text_width,
)
from renderers.leaderboard import number
from renderers.night.model import Line, Standings

WIDTH = 560
MARGIN = 12
MIN_TEXT_PX: dict[str, int] = {"standings": 16}
"""The smallest text the picture draws (the column headers and the notes)."""
TITLE_PX = 24
SUBTITLE_PX = 17
HEAD_PX = 16
HEAD_H = 28
NOTE_H = 26
COL_PAD = 12
ROOMY_UP_TO = 12
"""Members shown in full-height rows; more get compact rows."""
#: Row height, name size, number size: roomy, then compact.
ROOMY = (40, 18, 17)
COMPACT = (32, 17, 16)

MEDALS: tuple[Colour, ...] = ((232, 184, 48), (192, 198, 206), (205, 127, 50))

t = Scope("picture.night")


def _baseline(top: float, height: float, size: int) -> float:
    ascent, descent = font_chain(size)[0].getmetrics()
    return top + (height + ascent - descent) / 2


def _right(
    draw: ImageDraw.ImageDraw,
    right: float,
    baseline: float,
    text: str,
    size: int,
    *,
    fill: Colour,
    bold: bool,
) -> None:
    """Numbers line up on their last digit."""
    draw_line(draw, (right - text_width(text, size, bold=bold), baseline), text, size, fill=fill, bold=bold)


def rank_label(rank: int, shared: bool, lang: str) -> str:
    return t(lang, "rank_shared" if shared else "rank", rank=rank)


def _cells(line: Line, sets: int) -> list[str]:
    per_set = [number(p) if p is not None else "-" for p in (*line.per_set, *[None] * sets)[:sets]]
    return [*per_set, number(line.total), str(line.firsts)]


def _headers(lang: str, sets: int) -> list[str]:
    return [
        *(t(lang, "col_set", n=k) for k in range(1, sets + 1)),
        t(lang, "col_total"),
        t(lang, "col_firsts"),
    ]


def _shown_sets(board: Standings) -> int:
    """The sets played so far: a column each."""
    return max([board.set_no, *(len(line.per_set) for line in board.lines)])


class _Layout:
    """Where everything goes: column right edges, the rank pill's width, the row metrics."""

    def __init__(self, board: Standings, lang: str) -> None:
        self.sets = _shown_sets(board)
        self.row_h, self.name_px, self.cell_px = ROOMY if len(board.lines) <= ROOMY_UP_TO else COMPACT
        shared = board.shared()
        self.labels = [rank_label(line.rank, line.rank in shared, lang) for line in board.lines]
        pill = max([text_width(label, self.cell_px, bold=True) + 12 for label in self.labels] or [0])
        self.pill = max(self.row_h - 10, pill)
        widths = [text_width(h, HEAD_PX, bold=True) for h in _headers(lang, self.sets)]
        for line in board.lines:
            for i, text in enumerate(_cells(line, self.sets)):
                widths[i] = max(widths[i], text_width(text, self.cell_px, bold=True))
        self.rights: list[int] = []
        right = WIDTH - MARGIN - 8
        for w in reversed(widths):
            self.rights.insert(0, right)
            right -= w + COL_PAD
        self.name_left = MARGIN + 6 + self.pill + 10
        self.name_right = right - 4


def _row(img: Image.Image, y: int, line: Line, label: str, layout: _Layout, shade: bool) -> None:
    draw = ImageDraw.Draw(img)
    h = layout.row_h
    if shade:
        rounded_rect(img, (MARGIN, y + 1, WIDTH - MARGIN, y + h - 1), 8, fill=PALETTE.felt_light)
    x = MARGIN + 6
    ink: Colour = PALETTE.text_muted_light
    if line.rank <= len(MEDALS):
        medal = MEDALS[line.rank - 1]
        pill = (x, y + 5, x + layout.pill, y + h - 5)
        rounded_rect(img, pill, (h - 10) // 2, fill=medal, outline=mix(medal, PALETTE.shadow, 0.3))
        ink = contrast_text(medal)
    draw_text(
        draw,
        (x, y, x + layout.pill, y + h),
        label,
        size=layout.cell_px,
        fill=ink,
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
    name = ellipsize(line.name, layout.name_right - layout.name_left, layout.name_px, bold=True)
    base = _baseline(y, h, layout.name_px)
    draw_line(draw, (layout.name_left, base), name, layout.name_px, fill=PALETTE.text_light, bold=True)
    base = _baseline(y, h, layout.cell_px)
    cells = _cells(line, layout.sets)
    total_at, firsts_at = len(cells) - 2, len(cells) - 1
    for i, (text, right) in enumerate(zip(cells, layout.rights, strict=True)):
        # The total is what the standings rank by; first places in gold, as the leaderboard shows wins.
        gold = i == firsts_at and line.firsts > 0
        colour = PALETTE.highlight if gold else PALETTE.text_light
        _right(draw, right, base, text, layout.cell_px, fill=colour, bold=i in (total_at, firsts_at))


def _height(board: Standings, layout: _Layout) -> int:
    top = 12 + TITLE_PX + 8 + SUBTITLE_PX + 12
    rows = len(board.lines) * layout.row_h if board.lines else NOTE_H
    note = NOTE_H if board.shared() else 0
    return top + HEAD_H + rows + note + 10


def draw_standings(board: Standings, lang: str) -> Image.Image:
    layout = _Layout(board, lang)
    img = new_canvas(WIDTH, _height(board, layout), mode="RGB", vignette=False)
    draw = ImageDraw.Draw(img)
    title = ellipsize(t(lang, "title", game=board.game), WIDTH - 2 * MARGIN, TITLE_PX, bold=True)
    draw_line(
        draw,
        (MARGIN, _baseline(10, TITLE_PX + 8, TITLE_PX)),
        title,
        TITLE_PX,
        fill=PALETTE.highlight,
        bold=True,
    )
    subtitle = (
        t(lang, "final", n=board.set_no)
        if board.final
        else t(lang, "after_set", set=board.set_no, sets=board.sets)
    )
    y = 12 + TITLE_PX + 8
    draw_line(
        draw,
        (MARGIN, _baseline(y, SUBTITLE_PX + 6, SUBTITLE_PX)),
        subtitle,
        SUBTITLE_PX,
        fill=PALETTE.text_light,
    )
    y += SUBTITLE_PX + 12
    base = _baseline(y, HEAD_H, HEAD_PX)
    muted = PALETTE.text_muted_light
    for text, right in zip(_headers(lang, layout.sets), layout.rights, strict=True):
        _right(draw, right, base, text, HEAD_PX, fill=muted, bold=True)
    y += HEAD_H
    if not board.lines:
        draw_line(
            draw, (MARGIN + 8, _baseline(y, NOTE_H, HEAD_PX)), t(lang, "no_results"), HEAD_PX, fill=muted
        )
        return img
    for i, (line, label) in enumerate(zip(board.lines, layout.labels, strict=True)):
        _row(img, y, line, label, layout, shade=i % 2 == 0)
        y += layout.row_h
    if board.shared():
        draw_line(
            draw, (MARGIN + 8, _baseline(y, NOTE_H, HEAD_PX)), t(lang, "shared_note"), HEAD_PX, fill=muted
        )
    return img


def render_standings(board: Standings, lang: str) -> bytes:
    """The standings as PNG bytes (CPU work: the bot runs it off its event loop)."""
    return encode(draw_standings(board, lang))
