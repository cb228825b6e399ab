"""Notation: what players type for a cell or a card in hand, and how it is written back (round trips)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core import AmbiguousMove, IllegalMove, Rng, UnreadableMove
from engines.yggdrasil import ENGINE
from engines.yggdrasil.cards import CARDS
from engines.yggdrasil.models import HandCard, Invade, Place
from engines.yggdrasil.notation import (
    canonical_cell,
    card_name,
    cell_name,
    hand_number,
    parse_cell,
    parse_hand_card,
)
from engines.yggdrasil.views import face
from tests.engines.yggdrasil.conftest import build

KINDS = sorted(k for k, c in CARDS.items() if not c.root)


@st.composite
def field_and_cell(draw: st.DrawFn) -> tuple[int, int, int]:
    columns, rows = draw(st.integers(3, 9)), draw(st.integers(3, 9))
    return columns, rows, draw(st.integers(0, columns * rows - 1))


def full_width(text: str) -> str:
    """What a Japanese keyboard types for ASCII letters and digits."""
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


@given(field_and_cell(), st.sampled_from([str, str.lower, full_width, lambda s: f"  {s[0]} {s[1:]} "]))
def test_a_cell_name_parses_back_to_its_cell(args: tuple[int, int, int], spelling: object) -> None:
    columns, rows, cell = args
    name = cell_name(cell, columns)
    assert parse_cell(name, columns, rows) == cell
    typed = spelling(name)  # type: ignore[operator]
    assert parse_cell(typed, columns, rows) == cell, typed
    assert canonical_cell(typed, columns, rows) == name


def test_yg_1_a1_is_bottom_left_and_names_off_the_field_are_refused() -> None:
    assert cell_name(0, 5) == "A1" and cell_name(4, 5) == "E1" and cell_name(34, 5) == "E7"
    assert parse_cell("C4", 5, 7) == 17
    for bad in ("F1", "A8", "A0", "", "4C", "C", "CC4", "C-4", "C44"):
        assert parse_cell(bad, 5, 7) is None, bad
    assert unicodedata.normalize("NFKC", "Ｃ４") == "C4" and parse_cell("Ｃ４", 5, 7) == 17


def hand_of(kinds: list[str]) -> list[HandCard]:
    return [
        HandCard(id=f"p1:{i:02d}", face=face(k), branches="", colours={}, legal_cells=[])
        for i, k in enumerate(kinds)
    ]


@given(st.lists(st.sampled_from(KINDS), min_size=1, max_size=8), st.data())
def test_a_card_named_by_number_or_name_parses_back_to_that_card(
    kinds: list[str], data: st.DataObject
) -> None:
    hand = hand_of(kinds)
    slot = data.draw(st.integers(1, len(hand)))
    held = hand[slot - 1]
    assert parse_hand_card(hand_number(slot), hand) == held
    assert parse_hand_card(held.id, hand) == held
    for lang in ("en", "ja"):
        named = parse_hand_card(card_name(held.face.kind, lang), hand)
        assert named is not None and named.face.kind == held.face.kind
        assert named == hand[kinds.index(held.face.kind)], "a name picks the first copy in hand"
    shouted = parse_hand_card(full_width(card_name(held.face.kind, "en").upper()), hand)
    assert shouted is not None and shouted.face.kind == held.face.kind


def test_a_part_of_a_name_counts_only_when_one_kind_in_hand_has_it() -> None:
    hand = hand_of(["lantern-moth", "star-fruit", "star-fruit", "moss-bear"])
    found = parse_hand_card("moth", hand)
    assert found is not None and found.face.kind == "lantern-moth"
    fruit = parse_hand_card("star", hand)
    assert fruit is not None and fruit.id == "p1:01"  # two copies of one kind: the first
    assert parse_hand_card("m", hand) is None  # moth and moss bear
    assert parse_hand_card("0", hand) is None and parse_hand_card("5", hand) is None
    assert parse_hand_card("", hand) is None and parse_hand_card("dragon", hand) is None
    found = parse_hand_card("灯火", hand)
    assert found is not None and found.face.kind == "lantern-moth"


@given(st.integers(0, 2**32))
def test_legal_moves_written_as_typed_parse_back_to_the_same_move(seed: int) -> None:
    """What /tree place and /tree invade take (the card's number, the cell's name) gives the move back."""
    state = ENGINE.new_game(["p1", "p2"], {"columns": 4, "rows": 5}, seed)
    rng, ai = Rng.from_seed(seed), ENGINE.ai()
    checked = 0
    while ENGINE.to_move(state) and checked < 40:
        seat = ENGINE.to_move(state)[0]
        view = ENGINE.view(state, seat)
        hand = view.hand or []
        for action in ENGINE.legal_actions(state, seat):
            if isinstance(action, Place):
                slot = next(i for i, h in enumerate(hand, start=1) if h.id == action.card)
                held = parse_hand_card(hand_number(slot), hand)
                cell = canonical_cell(action.cell.lower(), view.columns, view.rows)
                assert held is not None and cell is not None
                assert Place(card=held.id, cell=cell) == action
                checked += 1
            if isinstance(action, Invade):
                target = canonical_cell(action.target.lower(), view.columns, view.rows)
                assert target is not None and Invade(target=target) == action
        state = ENGINE.apply(state, seat, ai.choose(state, seat, rng)).state
    assert checked


# -- the notation protocol (engines.core.notation) ---------------------------------------------------------
def test_yg_5_a_part_of_two_names_in_hand_is_ambiguous() -> None:
    state = build(hands={"p1": ["moss-bear", "blossom-fairy"]})
    both = {
        cell
        for cell in {a.cell for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Place)}
        if {Place(card="p1:h0", cell=cell), Place(card="p1:h1", cell=cell)}
        <= set(ENGINE.legal_actions(state, "p1"))
    }
    cell = sorted(both)[0]
    with pytest.raises(AmbiguousMove) as err:
        ENGINE.notation.parse(state, "p1", f"oss {cell}")  # Moss Bear or Blossom Fairy?
    assert set(err.value.moves) == {Place(card="p1:h0", cell=cell), Place(card="p1:h1", cell=cell)}
    assert ENGINE.notation.parse(state, "p1", f"苔むす熊を{cell.lower()}に置く") == Place(
        card="p1:h0", cell=cell
    )


def test_yg_5_the_second_copy_is_written_by_its_number_and_a_cell_off_the_field_is_illegal() -> None:
    state = build(hands={"p1": ["moss-bear", "moss-bear"]})
    place = next(a for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Place) and a.card == "p1:h1")
    assert ENGINE.notation.format(state, "p1", place, "en") == f"2 {place.cell}"
    assert ENGINE.notation.format(state, "p1", place.model_copy(update={"card": "p1:h0"}), "ja") == (
        f"苔むす熊を{place.cell}に置く"
    )
    with pytest.raises(IllegalMove) as err:
        ENGINE.notation.parse(state, "p1", "Moss Bear Z9")
    assert err.value.params["reason"] == "bad_cell"
    with pytest.raises(UnreadableMove):
        ENGINE.notation.parse(state, "p1", "Mosquito C4")
