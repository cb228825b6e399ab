"""The game's course as an evaluation graph (issue 27 item 2), for a player's review.

x: the moves (0 = the start, then the number of actions played); y: each seat's expected result, 0..100 %
(``engines.core.analysis.course``), with the 50 % line marked. One line per seat in the product's seat
colours (``PALETTE.seat``, by seating order), the reviewed seat's thicker and on top; the review's key
moments (its costliest decisions, costliest first) as numbered gold discs on that line, just after the move
they were made at, where the line shows what the move cost. A cooperative game (every seat the team's value)
is one line, the team's. Legend with the names under the graph.

Phone first, like the other pictures: :data:`WIDTH` px wide, so a phone (about 400 px) shows it at 0.71x and
the smallest text, :data:`MIN_TEXT_PX` (16 px), reads at 11.4 px there. Lines are drawn supersampled (three
times the size, scaled down) so they come out smooth; every text is drawn at full size after that.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise

from PIL import Image, ImageDraw

import engines
from engines.core.analysis import Course
from engines.core.errors import UnknownGame
from engines.core.models import Seat
from i18n import Scope
from renderers.common import (
    PALETTE,
    Colour,
    draw_line,
    draw_text,
    ellipse,
    ellipsize,
    encode,
    font_chain,
    mix,
    new_canvas,
    rounded_rect,
    text_width,
    wrap_text,
)

WIDTH = 560
MARGIN = 12
MIN_TEXT_PX: dict[str, int] = {"course": 16}
"""The smallest text the picture draws (the axis labels)."""
TITLE_PX = 24
SUBTITLE_PX = 17
AXIS_PX = 16
NAME_PX = 18
MARK_PX = 17
PLOT_H = 250
TICKS_H = 26
LEGEND_ROW = 32
NOTE_H = 34
SWATCH = 28
MAX_KEYS = 9
"""Key moments marked at most (a review shows three)."""
MARK_R = 14
SS = 3
"""Supersampling factor of the lines."""
LINE_W = 3
HIGHLIGHT_W = 6
TEAM_COLOUR: Colour = PALETTE.seat(0)
GRID: Colour = mix(PALETTE.panel, PALETTE.text_light, 0.14)
HALF: Colour = mix(PALETTE.panel, PALETTE.text_light, 0.45)

t = Scope("picture.review")


def _baseline(top: float, height: float, size: int) -> float:
    ascent, descent = font_chain(size)[0].getmetrics()
    return top + (height + ascent - descent) / 2


def _is_team(course: Course) -> bool:
    """A cooperative game: every seat carries the team's value (the engine says so; a game this process
    does not know is judged by its figures)."""
    try:
        return engines.get(course.game).cooperative
    except UnknownGame:
        return all(len(set(p.values.values())) == 1 for p in course.points) and len(_seats(course)) > 1


def _seats(course: Course) -> list[Seat]:
    return list(course.points[0].values) if course.points else []


class _Plot:
    """Where a (move, value) pair goes in the picture."""

    def __init__(self, top: int, moves: int) -> None:
        self.left = MARGIN + text_width("100%", AXIS_PX) + 10
        self.right = WIDTH - MARGIN - MARK_R - 4
        self.top = top + MARK_R + 4
        self.bottom = top + PLOT_H - 8
        self.moves = max(1, moves)

    def x(self, move: float) -> float:
        return self.left + (self.right - self.left) * move / self.moves

    def y(self, value: float) -> float:
        return self.bottom - (self.bottom - self.top) * max(0.0, min(1.0, value))


def _tick_step(moves: int) -> int:
    """A round step giving at most six move labels."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if moves / step <= 6:
            return step
    return max(1, moves // 6)


def _series(course: Course, seat: Seat) -> list[tuple[float, float]]:
    """A seat's line: (moves played, value) per point."""
    return [(p.index + 1, p.values[seat]) for p in course.points]


def _value_at(series: Sequence[tuple[float, float]], move: float) -> float:
    """The line's value at ``move``, read between its points."""
    for (x0, y0), (x1, y1) in pairwise(series):
        if x0 <= move <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (move - x0) / (x1 - x0)
    return series[-1][1] if move > series[-1][0] else series[0][1]


def _grid(img: Image.Image, plot: _Plot) -> None:
    draw = ImageDraw.Draw(img)
    for value in (0.0, 0.25, 0.75, 1.0):
        y = round(plot.y(value))
        draw.line((plot.left, y, plot.right, y), fill=GRID, width=1)
    y = round(plot.y(0.5))
    for x in range(plot.left, plot.right, 12):  # the 50 % line, dashed
        draw.line((x, y, min(x + 6, plot.right), y), fill=HALF, width=2)
    for value, label in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        base = _baseline(plot.y(value) - 12, 24, AXIS_PX)
        left = plot.left - 8 - text_width(label, AXIS_PX)
        draw_line(draw, (left, base), label, AXIS_PX, fill=PALETTE.text_muted_light)


def _ticks(img: Image.Image, plot: _Plot, top: int, lang: str) -> None:
    draw = ImageDraw.Draw(img)
    caption = t(lang, "moves")
    caption_left = plot.right + MARK_R - text_width(caption, AXIS_PX)
    base = _baseline(top, TICKS_H, AXIS_PX)
    draw_line(draw, (caption_left, base), caption, AXIS_PX, fill=PALETTE.text_muted_light)
    step = _tick_step(plot.moves)
    for move in range(0, plot.moves + 1, step):
        x = plot.x(move)
        draw.line((round(x), plot.bottom, round(x), plot.bottom + 5), fill=HALF, width=1)
        label = str(move)
        w = text_width(label, AXIS_PX)
        if x + w / 2 < caption_left - 8:  # the caption wins over a label it would touch
            draw_line(draw, (x - w / 2, base), label, AXIS_PX, fill=PALETTE.text_muted_light)


def _lines(
    img: Image.Image, plot: _Plot, lines: Sequence[tuple[list[tuple[float, float]], Colour, bool]]
) -> None:
    """Every line, supersampled; the thick one (the reviewed seat's) last, over a dark edge."""
    box = (plot.left - 8, plot.top - 8, plot.right + 8, plot.bottom + 8)
    region = img.crop(box).resize(((box[2] - box[0]) * SS, (box[3] - box[1]) * SS), Image.Resampling.NEAREST)
    draw = ImageDraw.Draw(region)
    for series, colour, thick in sorted(lines, key=lambda line: line[2]):
        points = [((plot.x(m) - box[0]) * SS, (plot.y(v) - box[1]) * SS) for m, v in series]
        width = HIGHLIGHT_W if thick else LINE_W
        if thick:
            draw.line(points, fill=PALETTE.panel, width=(width + 4) * SS, joint="curve")
        draw.line(points, fill=colour, width=width * SS, joint="curve")
        end_x, end_y = points[-1]
        r = (width + 2) * SS / 2
        draw.ellipse((end_x - r, end_y - r, end_x + r, end_y + r), fill=colour)
    img.paste(region.resize((box[2] - box[0], box[3] - box[1]), Image.Resampling.LANCZOS), box[:2])


def _markers(img: Image.Image, plot: _Plot, series: list[tuple[float, float]], keys: Sequence[int]) -> None:
    """Numbered discs on the line, just after each key move; discs that would touch are lifted apart, with
    a leader to the point they mark."""
    draw = ImageDraw.Draw(img)
    last = series[-1][0]
    placed: list[tuple[float, float]] = []
    for number, index in sorted(enumerate(keys, start=1), key=lambda item: item[1]):
        move = min(float(index + 1), last)
        at = (plot.x(move), plot.y(_value_at(series, move)))
        x, y = at
        lift = -1 if at[1] > (plot.top + plot.bottom) / 2 else 1
        while any(abs(x - px) < 2 * MARK_R + 2 and abs(y - py) < 2 * MARK_R + 2 for px, py in placed):
            y += lift * (2 * MARK_R + 4)
        y = max(plot.top - MARK_R, min(plot.bottom + MARK_R - 4, y))
        if (x, y) != at:
            draw.line((round(at[0]), round(at[1]), round(x), round(y)), fill=PALETTE.highlight, width=2)
        placed.append((x, y))
        _disc(img, (x, y), str(number))


def _disc(img: Image.Image, centre: tuple[float, float], label: str) -> None:
    x, y = round(centre[0]), round(centre[1])
    ellipse(
        img,
        (x - MARK_R, y - MARK_R, x + MARK_R, y + MARK_R),
        fill=PALETTE.highlight,
        outline=PALETTE.text_dark,
        width=2,
    )
    box = (x - MARK_R, y - MARK_R, x + MARK_R, y + MARK_R)
    draw_text(
        img,
        box,
        label,
        size=MARK_PX,
        fill=PALETTE.text_dark,
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )


def _lines_of(text: str, width: int, size: int, *, bold: bool = False, most: int = 2) -> list[str]:
    """``text`` wrapped to ``width`` (Japanese between phrases), at most ``most`` lines (the last one cut
    with "…")."""
    lines = wrap_text(text, width, size, bold=bold, phrases=True)
    if len(lines) > most:
        lines = [*lines[: most - 1], ellipsize("".join(lines[most - 1 :]), width, size, bold=bold)]
    return lines


class _Words:
    """Every text of the picture, wrapped: the layout's heights follow from them."""

    def __init__(
        self, course: Course, keys: Sequence[int], names: Mapping[Seat, str], lang: str, highlight: Seat
    ):
        seats = _seats(course)
        self.team = _is_team(course)
        self.names = {s: names.get(s, s) for s in seats}
        viewer = names.get(course.seat, course.seat)
        self.title = ellipsize(t(lang, "title"), WIDTH - 2 * MARGIN, TITLE_PX, bold=True)
        self.what = ellipsize(t(lang, "what_team" if self.team else "what"), WIDTH - 2 * MARGIN, SUBTITLE_PX)
        self.seen_by = ellipsize(t(lang, "seen_by", name=viewer), WIDTH - 2 * MARGIN, SUBTITLE_PX)
        self.team_lines = (
            _lines_of(
                t(lang, "team", names=("、" if lang == "ja" else ", ").join(self.names.values())),
                WIDTH - 2 * MARGIN - SWATCH - 16,
                NAME_PX,
                bold=True,
            )
            if self.team
            else []
        )
        shown = min(len(keys), 3)
        self.note_left = MARGIN + 6 + shown * (2 * MARK_R + 4) + 6
        note = t(lang, "key_note", name=names.get(highlight, highlight), n=len(keys))
        self.note_lines = _lines_of(note, WIDTH - MARGIN - self.note_left, AXIS_PX) if keys else []

    def legend_height(self, seats: int) -> int:
        if self.team:
            return max(LEGEND_ROW, len(self.team_lines) * (NAME_PX + 8) + 8)
        return (seats + 1) // 2 * LEGEND_ROW

    def note_height(self) -> int:
        return max(NOTE_H, len(self.note_lines) * (AXIS_PX + 7) + 10) if self.note_lines else 0


def _swatch(img: Image.Image, x: int, mid: int, colour: Colour, thick: bool) -> None:
    width = HIGHLIGHT_W if thick else LINE_W
    rounded_rect(img, (x, mid - width // 2, x + SWATCH, mid - width // 2 + width), width // 2, fill=colour)


def _legend(img: Image.Image, top: int, entries: Sequence[tuple[str, Colour, bool]]) -> None:
    """A swatch and a name per seat, two to a row."""
    draw = ImageDraw.Draw(img)
    col_w = (WIDTH - 2 * MARGIN) // 2
    for i, (name, colour, thick) in enumerate(entries):
        x = MARGIN + 6 + (i % 2) * col_w
        y = top + (i // 2) * LEGEND_ROW
        _swatch(img, x, y + LEGEND_ROW // 2, colour, thick)
        label = ellipsize(name, col_w - SWATCH - 20, NAME_PX, bold=thick)
        fill = PALETTE.text_light if thick else PALETTE.text_muted_light
        draw_line(
            draw, (x + SWATCH + 10, _baseline(y, LEGEND_ROW, NAME_PX)), label, NAME_PX, fill=fill, bold=thick
        )


def _team_legend(img: Image.Image, top: int, lines: Sequence[str]) -> None:
    draw = ImageDraw.Draw(img)
    x = MARGIN + 6
    _swatch(img, x, top + LEGEND_ROW // 2, TEAM_COLOUR, True)
    for i, line in enumerate(lines):
        base = _baseline(top + i * (NAME_PX + 8), LEGEND_ROW, NAME_PX)
        draw_line(draw, (x + SWATCH + 10, base), line, NAME_PX, fill=PALETTE.text_light, bold=True)


def _key_note(img: Image.Image, top: int, count: int, words: _Words) -> None:
    """The discs 1..3 again, with what they mark."""
    draw = ImageDraw.Draw(img)
    x = MARGIN + 6 + MARK_R
    for number in range(1, min(count, 3) + 1):
        _disc(img, (x, top + NOTE_H // 2), str(number))
        x += 2 * MARK_R + 4
    for i, line in enumerate(words.note_lines):
        base = _baseline(top + i * (AXIS_PX + 7), NOTE_H, AXIS_PX)
        draw_line(draw, (words.note_left, base), line, AXIS_PX, fill=PALETTE.text_light)


def course_image(
    course: Course,
    key_indices: Sequence[int],
    names: Mapping[Seat, str],
    lang: str,
    *,
    highlight: Seat,
) -> Image.Image:
    """The picture itself (see :func:`draw_course`)."""
    seats = _seats(course)
    keys = list(key_indices)[:MAX_KEYS]
    words = _Words(course, keys, names, lang, highlight)
    top = 10 + TITLE_PX + 8 + 2 * (SUBTITLE_PX + 7) + 12
    legend_top = top + PLOT_H + TICKS_H + 8
    note_top = legend_top + words.legend_height(len(seats))
    img = new_canvas(WIDTH, note_top + words.note_height() + 8, mode="RGB", vignette=False)
    draw = ImageDraw.Draw(img)
    draw_line(
        draw,
        (MARGIN, _baseline(8, TITLE_PX + 8, TITLE_PX)),
        words.title,
        TITLE_PX,
        fill=PALETTE.highlight,
        bold=True,
    )
    y = 10 + TITLE_PX + 8
    for line, fill in ((words.what, PALETTE.text_light), (words.seen_by, PALETTE.text_muted_light)):
        draw_line(draw, (MARGIN, _baseline(y, SUBTITLE_PX + 7, SUBTITLE_PX)), line, SUBTITLE_PX, fill=fill)
        y += SUBTITLE_PX + 7
    rounded_rect(img, (MARGIN, top - 6, WIDTH - MARGIN, top + PLOT_H + TICKS_H), 10, fill=PALETTE.panel)
    plot = _Plot(top, course.points[-1].index + 1 if course.points else 0)
    _grid(img, plot)
    _ticks(img, plot, plot.bottom + 2, lang)
    if course.points:
        if words.team:
            lines = [(_series(course, seats[0]), TEAM_COLOUR, True)]
        else:
            lines = [(_series(course, s), PALETTE.seat(i), s == highlight) for i, s in enumerate(seats)]
        _lines(img, plot, lines)
        marked = seats[0] if words.team else highlight
        if marked in seats and keys:
            _markers(img, plot, _series(course, marked), keys)
    if words.team:
        _team_legend(img, legend_top, words.team_lines)
    else:
        _legend(
            img, legend_top, [(words.names[s], PALETTE.seat(i), s == highlight) for i, s in enumerate(seats)]
        )
    if keys:
        _key_note(img, note_top, len(keys), words)
    return img


def draw_course(
    course: Course,
    key_indices: list[int],
    names: dict[Seat, str],
    lang: str,
    *,
    highlight: Seat,
) -> bytes:
    """The course as PNG bytes (CPU work: the bot runs it off its event loop). ``key_indices``: the action
    indices of the key moments, costliest first (numbered 1, 2, 3 on ``highlight``'s line); ``names``: seat
    -> display name (the seat id where missing)."""
    return encode(course_image(course, key_indices, names, lang, highlight=highlight))
