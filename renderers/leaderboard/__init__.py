"""The server's leaderboard: one table per game of who wins most, for ``/game stats``.

Phone first, like the game pictures: :data:`WIDTH` px wide, so a phone (about 400 px) shows it at 0.71x and
the smallest text, :data:`MIN_TEXT_PX` (16 px), reads at 11.4 px there, Discord's own smallest size. Each
game gets a heading, a header row and a row per person (rank medal, name, then the numbers in columns sized
to their longest entry, so Japanese and English headers both fit); the computer's seats follow under their
own heading, unranked, with the robot mark, because a bot's record is not a person's. A cooperative game's
board (``Board.team``) ranks nobody: the team's record per variant (scenario), then each member's team
record by name, games and successes only. A board notes the games left out because the AI was playing a
member's seat at the end.

The bot passes plain rows (names as seated, numbers already counted); this module only draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from i18n import Scope
from renderers.common import (
    PALETTE,
    Colour,
    contrast_text,
    draw_line,
    draw_text,
    ellipse,
    ellipsize,
    encode,
    font_chain,
    mix,
    new_canvas,
    robot_mark,
    rounded_rect,
    text_width,
)

WIDTH = 560
MARGIN = 12
MIN_TEXT_PX: dict[str, int] = {"leaderboard": 16}
"""The smallest text the picture draws (the column headers)."""
TITLE_PX = 24
SUBTITLE_PX = 17
GAME_PX = 20
HEAD_PX = 16
NAME_PX = 18
CELL_PX = 17
ROW_H = 40
HEAD_H = 28
GAME_H = 38
SECTION_GAP = 14
COL_PAD = 10
MAX_ROWS = 10
"""People shown per game (the text reply lists them all)."""

MEDALS: tuple[tuple[int, int, int], ...] = ((232, 184, 48), (192, 198, 206), (205, 127, 50))

t = Scope("picture.leaderboard")


@dataclass(frozen=True)
class Row:
    """One person (or one AI level) in one game. ``streak``: +3 is three wins in a row, -2 two games
    without a win; ``best`` is the best score (None when no score was kept)."""

    name: str
    played: int
    wins: int
    avg_place: float
    best: float | None
    streak: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True)
class Board:
    """One game's table: ``rows`` ranked best first (the bot decides the order), ``ai_rows`` apart."""

    game: str
    games: int
    rows: Sequence[Row]
    ai_rows: Sequence[Row] = field(default_factory=tuple)
    #: A cooperative game: ``rows`` are members' team records (``wins``: successes), unranked, after
    #: ``variants``, the team's record per scenario.
    team: bool = False
    variants: Sequence[Row] = field(default_factory=tuple)
    #: Games not counted for a seat the AI was playing for a member at the end.
    left_out: int = 0
    #: Games played with the coach on (``coach=on``, issue 27): counted, and noted, as the stats mark them.
    coached: int = 0

    def notes(self, lang: str) -> list[str]:
        """The lines under the board: games left out, games played with the coach."""
        out = [t(lang, "left_out", n=self.left_out)] if self.left_out else []
        return out + ([t(lang, "coached", n=self.coached)] if self.coached else [])


def number(value: float, digits: int = 1) -> str:
    """At most ``digits`` decimals and no trailing zeros: 12.0 -> "12", 28.50 -> "28.5"."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def streak_text(streak: int, lang: str) -> str:
    if streak > 0:
        return t(lang, "streak_win", n=streak)
    if streak < 0:
        return t(lang, "streak_loss", n=-streak)
    return "-"


def cells(row: Row, lang: str) -> list[str]:
    return [
        str(row.played),
        str(row.wins),
        f"{round(100 * row.win_rate)}%",
        number(row.avg_place),
        number(row.best, 2) if row.best is not None else "-",
        streak_text(row.streak, lang),
    ]


HEADERS = ("col_played", "col_wins", "col_rate", "col_place", "col_best", "col_streak")
TEAM_HEADERS = ("col_played", "col_successes", "col_success_rate")
NOTE_H = 22


def team_cells(row: Row) -> list[str]:
    return [str(row.played), str(row.wins), f"{round(100 * row.win_rate)}%"]


def column_widths(boards: Sequence[Board], lang: str) -> list[int]:
    """Each number column as wide as its widest entry (header or value) plus padding."""
    widths = [text_width(t(lang, key), HEAD_PX, bold=True) for key in HEADERS]
    for board in boards:
        if board.team:
            continue
        for row in [*board.rows[:MAX_ROWS], *board.ai_rows]:
            for i, text in enumerate(cells(row, lang)):
                widths[i] = max(widths[i], text_width(text, CELL_PX))
    return [w + COL_PAD for w in widths]


def team_widths(boards: Sequence[Board], lang: str) -> list[int]:
    widths = [text_width(t(lang, key), HEAD_PX, bold=True) for key in TEAM_HEADERS]
    for board in boards:
        if not board.team:
            continue
        for row in [*board.variants, *board.rows[:MAX_ROWS]]:
            for i, text in enumerate(team_cells(row)):
                widths[i] = max(widths[i], text_width(text, CELL_PX))
    return [w + COL_PAD for w in widths]


def _rights(widths: list[int]) -> tuple[list[int], int]:
    """The right edge of each number column, and where the names must end."""
    rights: list[int] = []
    right = WIDTH - MARGIN - 6
    for w in reversed(widths):
        rights.insert(0, right)
        right -= w
    return rights, right - 4


def _board_height(board: Board, lang: str) -> int:
    note = NOTE_H * len(board.notes(lang))
    if board.team:
        shown = min(len(board.rows), MAX_ROWS)
        more = NOTE_H if len(board.rows) > MAX_ROWS else 0
        variants = HEAD_H + len(board.variants) * ROW_H if board.variants else 0
        return GAME_H + variants + HEAD_H + shown * ROW_H + more + note + SECTION_GAP
    shown = min(len(board.rows), MAX_ROWS)
    height = GAME_H + HEAD_H + shown * ROW_H
    if len(board.rows) > MAX_ROWS:
        height += 22
    if board.ai_rows:
        height += HEAD_H + len(board.ai_rows) * ROW_H
    return height + note + SECTION_GAP


def _right(
    draw: ImageDraw.ImageDraw,
    right: int,
    baseline: float,
    text: str,
    size: int,
    *,
    fill: Colour,
    bold: bool = False,
) -> None:
    """One line ending at ``right`` (numbers line up on their last digit)."""
    draw_line(draw, (right - text_width(text, size, bold=bold), baseline), text, size, fill=fill, bold=bold)


def _baseline(top: int, height: int, size: int) -> float:
    ascent, descent = font_chain(size)[0].getmetrics()
    return top + (height + ascent - descent) / 2


def _header_row(
    draw: ImageDraw.ImageDraw,
    y: int,
    label: str,
    rights: list[int],
    lang: str,
    *,
    with_columns: bool,
    headers: tuple[str, ...] = HEADERS,
) -> None:
    base = _baseline(y, HEAD_H, HEAD_PX)
    draw_line(draw, (MARGIN + 4, base), label, HEAD_PX, fill=PALETTE.text_muted_light, bold=True)
    if with_columns:
        for key, right in zip(headers, rights, strict=True):
            _right(draw, right, base, t(lang, key), HEAD_PX, fill=PALETTE.text_muted_light, bold=True)


def _row(
    img: Image.Image,
    y: int,
    row: Row,
    rank: int | None,
    rights: list[int],
    name_right: int,
    lang: str,
    shade: bool,
) -> None:
    draw = ImageDraw.Draw(img)
    if shade:
        rounded_rect(img, (MARGIN, y + 1, WIDTH - MARGIN, y + ROW_H - 1), 8, fill=PALETTE.felt_light)
    x = MARGIN + 6
    disc = ROW_H - 10
    ink: Colour = PALETTE.text_muted_light
    if rank is None:
        robot_mark(img, (x, y + 5), disc)
    else:
        if rank <= len(MEDALS):
            medal = MEDALS[rank - 1]
            ellipse(
                img, (x, y + 5, x + disc, y + 5 + disc), fill=medal, outline=mix(medal, PALETTE.shadow, 0.3)
            )
            ink = contrast_text(medal)
        draw_text(
            draw,
            (x, y, x + disc, y + ROW_H),
            str(rank),
            size=CELL_PX,
            fill=ink,
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )
    x += disc + 8
    name = ellipsize(row.name, name_right - x, NAME_PX, bold=True)
    draw_line(draw, (x, _baseline(y, ROW_H, NAME_PX)), name, NAME_PX, fill=PALETTE.text_light, bold=True)
    base = _baseline(y, ROW_H, CELL_PX)
    values = cells(row, lang)
    for i, (text, right) in enumerate(zip(values, rights, strict=True)):
        # Wins and a winning run in gold: what the eye looks for first.
        gold = (i == 1 and row.wins > 0) or (i == 5 and row.streak > 1)
        _right(draw, right, base, text, CELL_PX, fill=PALETTE.highlight if gold else PALETTE.text_light)


def _team_row(img: Image.Image, y: int, row: Row, rights: list[int], name_right: int, shade: bool) -> None:
    """A member's (or a scenario's) team record: no rank, no medal: a team game ranks nobody."""
    draw = ImageDraw.Draw(img)
    if shade:
        rounded_rect(img, (MARGIN, y + 1, WIDTH - MARGIN, y + ROW_H - 1), 8, fill=PALETTE.felt_light)
    x = MARGIN + 12
    name = ellipsize(row.name, name_right - x, NAME_PX, bold=True)
    draw_line(draw, (x, _baseline(y, ROW_H, NAME_PX)), name, NAME_PX, fill=PALETTE.text_light, bold=True)
    base = _baseline(y, ROW_H, CELL_PX)
    for i, (text, right) in enumerate(zip(team_cells(row), rights, strict=True)):
        gold = i == 1 and row.wins > 0
        _right(draw, right, base, text, CELL_PX, fill=PALETTE.highlight if gold else PALETTE.text_light)


def _note(draw: ImageDraw.ImageDraw, y: int, text: str) -> int:
    draw_line(draw, (MARGIN + 8, _baseline(y, NOTE_H, HEAD_PX)), text, HEAD_PX, fill=PALETTE.text_muted_light)
    return y + NOTE_H


def _team_board(img: Image.Image, y: int, board: Board, lang: str, widths: list[int]) -> int:
    draw = ImageDraw.Draw(img)
    rights, name_right = _rights(widths)
    if board.variants:
        _header_row(draw, y, t(lang, "by_variant"), rights, lang, with_columns=True, headers=TEAM_HEADERS)
        y += HEAD_H
        for i, row in enumerate(board.variants):
            _team_row(img, y, row, rights, name_right, shade=i % 2 == 0)
            y += ROW_H
    _header_row(
        draw, y, t(lang, "members"), rights, lang, with_columns=not board.variants, headers=TEAM_HEADERS
    )
    y += HEAD_H
    for i, row in enumerate(board.rows[:MAX_ROWS]):
        _team_row(img, y, row, rights, name_right, shade=i % 2 == 0)
        y += ROW_H
    if len(board.rows) > MAX_ROWS:
        y = _note(draw, y, t(lang, "more", n=len(board.rows) - MAX_ROWS))
    return y


def draw_leaderboard(boards: Sequence[Board], lang: str, subtitle: str = "") -> Image.Image:
    widths = column_widths(boards, lang)
    rights, name_right = _rights(widths)
    teams = team_widths(boards, lang)
    top = 12 + TITLE_PX + 8 + (SUBTITLE_PX + 8 if subtitle else 0)
    height = top + sum(_board_height(b, lang) for b in boards) + 4
    img = new_canvas(WIDTH, height, mode="RGB", vignette=False)
    draw = ImageDraw.Draw(img)
    draw_text(
        draw,
        (MARGIN, 10, WIDTH - MARGIN, 12 + TITLE_PX + 6),
        t(lang, "title_team" if all(b.team for b in boards) else "title"),
        size=TITLE_PX,
        fill=PALETTE.text_light,
        bold=True,
        wrap=False,
    )
    if subtitle:
        draw_text(
            draw,
            (MARGIN, 12 + TITLE_PX + 8, WIDTH - MARGIN, top),
            ellipsize(subtitle, WIDTH - 2 * MARGIN, SUBTITLE_PX),
            size=SUBTITLE_PX,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    y = top
    for board in boards:
        rounded_rect(img, (MARGIN, y, WIDTH - MARGIN, y + GAME_H - 4), 10, fill=PALETTE.panel)
        base = _baseline(y, GAME_H - 4, GAME_PX)
        count = t(lang, "team_games" if board.team else "games", n=board.games)
        count_w = text_width(count, CELL_PX)
        game = ellipsize(board.game, WIDTH - 2 * MARGIN - count_w - 36, GAME_PX, bold=True)
        draw_line(draw, (MARGIN + 10, base), game, GAME_PX, fill=PALETTE.highlight, bold=True)
        count_base = _baseline(y, GAME_H - 4, CELL_PX)
        _right(draw, WIDTH - MARGIN - 10, count_base, count, CELL_PX, fill=PALETTE.text_muted_light)
        y += GAME_H
        if board.team:
            y = _team_board(img, y, board, lang, teams)
            for line in board.notes(lang):
                y = _note(draw, y, line)
            y += SECTION_GAP
            continue
        _header_row(draw, y, "", rights, lang, with_columns=True)
        y += HEAD_H
        for rank, row in enumerate(board.rows[:MAX_ROWS], start=1):
            _row(img, y, row, rank, rights, name_right, lang, shade=rank % 2 == 1)
            y += ROW_H
        if len(board.rows) > MAX_ROWS:
            draw_line(
                draw,
                (MARGIN + 8, _baseline(y, 22, HEAD_PX)),
                t(lang, "more", n=len(board.rows) - MAX_ROWS),
                HEAD_PX,
                fill=PALETTE.text_muted_light,
            )
            y += 22
        if board.ai_rows:
            _header_row(draw, y, t(lang, "ai"), rights, lang, with_columns=False)
            y += HEAD_H
            for i, row in enumerate(board.ai_rows):
                _row(img, y, row, None, rights, name_right, lang, shade=i % 2 == 0)
                y += ROW_H
        for line in board.notes(lang):
            y = _note(draw, y, line)
        y += SECTION_GAP
    return img


def render_leaderboard(boards: Sequence[Board], lang: str, *, subtitle: str = "") -> bytes:
    """The leaderboard of ``boards`` (one per game) as PNG bytes; ``subtitle`` names the server."""
    if not boards:
        raise ValueError("a leaderboard needs at least one game")
    return encode(draw_leaderboard(boards, lang, subtitle))


__all__ = [
    "MAX_ROWS",
    "MIN_TEXT_PX",
    "WIDTH",
    "Board",
    "Row",
    "number",
    "render_leaderboard",
    "streak_text",
]
