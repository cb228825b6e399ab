"""What players type and read: cell names and cards in hand.

Cells are named as the table picture labels them (YG-1, YG-4): a column letter A.. from left to right and a
row number 1.. from bottom to top, so "A1" is player 1's bottom-left corner; both players use the same names.
Typed names forgive case, spaces and full-width characters ("ｂ５" from a Japanese keyboard is B5).

A card in hand is named by its number on the hand picture (1 = first), by its printed name in either
language, or by a part of a name that only one kind of card in the hand has. The printed names themselves
live once, in ``cards.toml``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from engines.yggdrasil.cards import CARDS
from engines.yggdrasil.geometry import cell_name, column_label
from engines.yggdrasil.models import HandCard

_CELL = re.compile(r"^([A-Z])\s*(\d{1,2})$")


def _fold(text: str) -> str:
    """Case, width and spacing do not matter in what a player types."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


# -- cells ----------------------------------------------------------------------------------------------
# ``cell_name`` and ``column_label`` (the names the picture writes) are the geometry's; they are re-exported
# here so that reading and writing a cell come from one module.
__all__ = [
    "canonical_cell",
    "card_name",
    "cell_name",
    "column_label",
    "hand_number",
    "parse_cell",
    "parse_hand_card",
]


def parse_cell(text: str, columns: int, rows: int) -> int | None:
    """A typed cell name -> its index on a ``columns`` x ``rows`` field, or None when it names no cell."""
    match = _CELL.match(unicodedata.normalize("NFKC", text).strip().upper())
    if match is None:
        return None
    col, row = ord(match[1]) - ord("A"), int(match[2]) - 1
    if not (0 <= col < columns and 0 <= row < rows):
        return None
    return row * columns + col


def canonical_cell(text: str, columns: int, rows: int) -> str | None:
    """A typed cell name as the picture writes it ("c 4" -> "C4"), or None."""
    cell = parse_cell(text, columns, rows)
    return None if cell is None else cell_name(cell, columns)


# -- cards ----------------------------------------------------------------------------------------------


def card_name(kind: str, lang: str) -> str:
    """A card's printed name."""
    return CARDS[kind].name.get(lang)


def hand_number(slot: int) -> str:
    """How a card in hand is named by its place: its number on the hand picture."""
    return str(slot)


def parse_hand_card(text: str, hand: Sequence[HandCard]) -> HandCard | None:
    """The card of ``hand`` that ``text`` names: its id (an autocomplete value), its number on the hand
    picture, its printed name in either language (the first copy of that kind), or a part of a name that
    only one kind in hand has. None when it names nothing, or more than one kind."""
    typed = text.strip()
    for held in hand:
        if held.id == typed:
            return held
    folded = _fold(typed)
    if not folded:
        return None
    if folded.isdecimal():
        number = int(folded)
        return hand[number - 1] if 1 <= number <= len(hand) else None
    names = [(held, [_fold(card_name(held.face.kind, lang)) for lang in ("en", "ja")]) for held in hand]
    for held, printed in names:
        if folded in printed:
            return held
    partial = [held for held, printed in names if any(folded in name for name in printed)]
    return partial[0] if len({held.face.kind for held in partial}) == 1 else None
