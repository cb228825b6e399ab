"""What players type and read: cell names, cards in hand, and whole moves (``YggNotation``, the notation
protocol of ``engines.core.notation``).

Cells are named as the table picture labels them (YG-1, YG-4): a column letter A.. from left to right and a
row number 1.. from bottom to top, so "A1" is player 1's bottom-left corner; both players use the same names.
Typed names forgive case, spaces and full-width characters ("ｂ５" from a Japanese keyboard is B5).

A card in hand is named by its number on the hand picture (1 = first), by its printed name in either
language, or by a part of a name that only one kind of card in the hand has. The printed names themselves
live once, in ``cards.toml``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engines.core import IllegalAction, IllegalMove, Phrase, Phrasebook, Seat, fold
from engines.yggdrasil.board import board_of
from engines.yggdrasil.cards import CARDS
from engines.yggdrasil.geometry import cell_name, column_label
from engines.yggdrasil.models import (
    Discard,
    HandCard,
    Invade,
    NoInvasion,
    Place,
    SkipEffect,
    SwapAction,
    YggAction,
    YggState,
)

_CELL = re.compile(r"^([A-Z])\s*(\d{1,2})$")
#: a cell name in folded text: "c4"
_CELL_SLOT = r"[a-z]\s*[0-9]{1,2}"


# -- cells ----------------------------------------------------------------------------------------------
# ``cell_name`` and ``column_label`` (the names the picture writes) are the geometry's; they are re-exported
# here so that reading and writing a cell come from one module.
__all__ = [
    "PHRASES",
    "YggNotation",
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
    match = _CELL.match(fold(text).upper())
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
    folded = fold(typed)
    if not folded:
        return None
    if folded.isdecimal():
        number = int(folded)
        return hand[number - 1] if 1 <= number <= len(hand) else None
    names = [(held, [fold(card_name(held.face.kind, lang)) for lang in ("en", "ja")]) for held in hand]
    for held, printed in names:
        if folded in printed:
            return held
    partial = [held for held, printed in names if any(folded in name for name in printed)]
    return partial[0] if len({held.face.kind for held in partial}) == 1 else None


# -- moves ----------------------------------------------------------------------------------------------
PHRASES = {
    "place": Phrase(
        en="{card} {cell}",
        ja="{card}を{cell}に置く",
        also=("place {card} {cell}", "{card} {cell}に置く", "{card}を{cell}"),
        slots={"cell": _CELL_SLOT},
    ),
    "discard": Phrase(en="discard {card}", ja="{card}を捨てる"),
    "swap": Phrase(
        en="swap {first} {second}",
        ja="{first}と{second}を入れ替える",
        also=("{first}と{second}を入れ替え",),
        slots={"first": _CELL_SLOT, "second": _CELL_SLOT},
    ),
    "skip_effect": Phrase(en="skip", ja="スキップ", also=("見送る",)),
    "invade": Phrase(
        en="invade {target}", ja="{target}に侵攻", also=("{target}に侵攻する",), slots={"target": _CELL_SLOT}
    ),
    "no_invasion": Phrase(en="no invasion", ja="侵攻しない"),
}


class YggNotation(Phrasebook[YggState, YggAction]):
    """The notation protocol (``engines.core.notation``) for The Yggdrasil: "World Tree C4" / "世界樹をC4に
    置く" places (YG-5) — a card by its name (the first copy of that kind in hand), a part of a name only one
    kind in hand has, or its number on the hand picture; "discard World Tree" (YG-6); "swap C2 C3" (YG-14);
    "invade C5" (YG-8); "skip"; "no invasion"."""

    def _cols_rows(self, state: YggState) -> tuple[int, int]:
        geo = board_of(state)
        return geo.cols, geo.rows

    def _cell(self, state: YggState, typed: str) -> str:
        cols, rows = self._cols_rows(state)
        # A cell off the field still reads as a cell: the move is then illegal (the rules' ``bad_cell``,
        # naming the cell as it was typed), not unreadable.
        return canonical_cell(typed, cols, rows) or fold(typed)

    def _card_word(self, state: YggState, seat: Seat, card: str, lang: str, precise: bool) -> str:
        hand = state.hands.get(seat, [])
        if not precise:
            return card_name(state.kinds.get(card, card), lang)
        return hand_number(hand.index(card) + 1) if card in hand else card

    def spell(self, state: YggState, seat: Seat, action: YggAction, lang: str, *, precise: bool) -> str:
        phrase = PHRASES[action.type]
        if isinstance(action, Place):
            return phrase.write(
                lang, card=self._card_word(state, seat, action.card, lang, precise), cell=action.cell
            )
        if isinstance(action, Discard):
            return phrase.write(lang, card=self._card_word(state, seat, action.card, lang, precise))
        if isinstance(action, SwapAction):
            return phrase.write(lang, first=action.first, second=action.second)
        if isinstance(action, Invade):
            return phrase.write(lang, target=action.target)
        return phrase.write(lang)

    def _cards(self, state: YggState, seat: Seat, typed: str) -> list[str]:
        """The card instances ``typed`` may name: an id, a number on the hand picture, or a kind by (part of)
        its name — the first copy in hand, else any copy (an illegal move, not an unreadable one)."""
        hand = state.hands.get(seat, [])
        wanted = fold(typed)
        ids = [c for c in state.kinds if fold(c) == wanted]
        if ids:
            return ids
        if wanted.isdecimal():
            number = int(wanted)
            return [hand[number - 1]] if 1 <= number <= len(hand) else []
        printed = {kind: {fold(card.name.en), fold(card.name.ja), kind} for kind, card in CARDS.items()}
        kinds = [kind for kind, spelt in printed.items() if wanted in spelt]
        if not kinds:
            partial = [kind for kind, spelt in printed.items() if any(wanted in name for name in spelt)]
            held = [k for k in partial if any(state.kinds.get(c) == k for c in hand)]
            kinds = held or partial
        out = []
        for kind in kinds:
            copies = [c for c in hand if state.kinds.get(c) == kind] or sorted(
                c for c, k in state.kinds.items() if k == kind
            )
            out += copies[:1]
        return out

    def read(self, state: YggState, seat: Seat, text: str) -> Sequence[YggAction]:
        out: list[YggAction] = []
        numbers: list[str] = []  # cards named by a number the hand picture does not show
        for args in PHRASES["place"].read(text):
            cell = self._cell(state, args["cell"])
            out += [Place(card=c, cell=cell) for c in self._cards(state, seat, args["card"])]
            numbers += [args["card"]] if fold(args["card"]).isdecimal() else []
        for args in PHRASES["discard"].read(text):
            out += [Discard(card=c) for c in self._cards(state, seat, args["card"])]
            numbers += [args["card"]] if fold(args["card"]).isdecimal() else []
        for args in PHRASES["swap"].read(text):
            out.append(
                SwapAction(first=self._cell(state, args["first"]), second=self._cell(state, args["second"]))
            )
        for args in PHRASES["invade"].read(text):
            out.append(Invade(target=self._cell(state, args["target"])))
        if PHRASES["skip_effect"].read(text):
            out.append(SkipEffect())
        if PHRASES["no_invasion"].read(text):
            out.append(NoInvasion())
        if not out and numbers:
            # "card 9" of a hand of five: a move in the notation that no card in hand can make.
            raise IllegalMove(text, None, IllegalAction("unknown_card", name=numbers[0]))
        return out

    def same(self, legal: YggAction, reading: YggAction) -> bool:
        """A swap names the same two cells either way round."""
        if isinstance(legal, SwapAction) and isinstance(reading, SwapAction):
            return {legal.first, legal.second} == {reading.first, reading.second}
        return legal == reading
