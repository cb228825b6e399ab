"""The field's geometry: directions as bits, the 180-degree turn of player 2's cards, cell names and the
precomputed tables the hot path uses (neighbours, which branch masks fit which cell).

Coordinates are absolute and drawn once for the table (YG-1, YG-4): the picture is seen from player 1's side.
Columns are letters A.. from left to right, rows are numbers 1.. from bottom to top, so A1 is player 1's
bottom-left corner and player 1's home row is row 1; player 2's home row is the top row. Player 2 names cells
with the same labels (their cards are drawn upside down, the labels are not).
"""

from __future__ import annotations

from functools import lru_cache

#: Direction indices on the table. N is "up" in the picture (towards player 2's home row).
N, E, S, W = 0, 1, 2, 3
DIRS = (N, E, S, W)
LETTERS = "NESW"
BIT = (1, 2, 4, 8)
ALL = 15


def opposite(d: int) -> int:
    return (d + 2) % 4


def turn_half(mask: int) -> int:
    """A branch mask turned by 180 degrees: N<->S, E<->W (YG-4, player 2's cards)."""
    return ((mask << 2) | (mask >> 2)) & ALL


def parse_mask(text: str) -> int:
    """ "NEW" -> mask. Letters in any order; an unknown letter is a data error."""
    mask = 0
    for ch in text.upper():
        if ch not in LETTERS:
            raise ValueError(f"unknown branch direction {ch!r}")
        mask |= BIT[LETTERS.index(ch)]
    return mask


def mask_text(mask: int) -> str:
    """Mask -> canonical "NESW"-ordered letters."""
    return "".join(LETTERS[d] for d in DIRS if mask & BIT[d])


def branch_count(mask: int) -> int:
    return bin(mask).count("1")


def column_label(col: int) -> str:
    return chr(ord("A") + col)


def cell_name(cell: int, cols: int) -> str:
    return f"{column_label(cell % cols)}{cell // cols + 1}"


class Board:
    """Static tables for one field size, shared by every game of that size (see :func:`board`)."""

    __slots__ = ("cells", "cols", "index", "names", "neighbours", "rows")

    def __init__(self, cols: int, rows: int) -> None:
        self.cols = cols
        self.rows = rows
        self.cells = cols * rows
        self.names: tuple[str, ...] = tuple(cell_name(c, cols) for c in range(self.cells))
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        nbs: list[tuple[int, int, int, int]] = []
        for cell in range(self.cells):
            col, row = cell % cols, cell // cols
            nbs.append(
                (
                    cell + cols if row + 1 < rows else -1,
                    cell + 1 if col + 1 < cols else -1,
                    cell - cols if row > 0 else -1,
                    cell - 1 if col > 0 else -1,
                )
            )
        #: neighbours[cell][d] is the cell across edge d, or -1 off the field.
        self.neighbours: tuple[tuple[int, int, int, int], ...] = tuple(nbs)

    def home_cell(self, seat_index: int) -> int:
        """Root cell (YG-2): column C // 2 of the home row, bottom row for player 1, top row for player 2."""
        row = 0 if seat_index == 0 else self.rows - 1
        return row * self.cols + self.cols // 2


@lru_cache(maxsize=128)
def board(cols: int, rows: int) -> Board:
    return Board(cols, rows)


def _fit_table() -> tuple[int, ...]:
    """FIT[must | mustnot << 4] = bit set over the 16 masks that have every ``must`` branch and no ``mustnot``
    branch; with ``must`` empty nothing fits (YG-5b: a card must connect at least once)."""
    table = [0] * 256
    for must in range(16):
        for mustnot in range(16):
            if not must or must & mustnot:
                continue
            fits = 0
            for mask in range(1, 16):
                if mask & must == must and not mask & mustnot:
                    fits |= 1 << mask
            table[must | mustnot << 4] = fits
    return tuple(table)


FIT: tuple[int, ...] = _fit_table()
