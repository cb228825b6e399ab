"""The card notation (engines/glorious_crown/notation.py): every way players write cards is read, what the
bot writes reads back to the same cards and moves, misspelt names get suggestions, one symbol table."""

from __future__ import annotations

import pathlib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core import IllegalAction, IllegalMove, Rng, Text, UnreadableMove
from engines.glorious_crown import ENGINE
from engines.glorious_crown.cards import ALL_IDS, CARDS, JOKERS, SUITS, canonical
from engines.glorious_crown.models import Answer, Decline, Discard, Give, Pass, Pending, Play
from engines.glorious_crown.notation import (
    JOKER_NAME,
    SYMBOL,
    UnreadableCards,
    format_card,
    format_cards,
    format_move,
    parse_cards,
    parse_move,
    suggest,
)

from .conftest import make_state

LANGS = st.sampled_from(["en", "ja"])
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
REPO = pathlib.Path(__file__).resolve().parents[3]


# -- typed cards ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "cards"),
    [
        ("S7 H7", ["S7", "H7"]),
        ("7♠ 7♥", ["S7", "H7"]),
        ("7♠7♥", ["S7", "H7"]),
        ("spade 3", ["S3"]),
        ("3 of spades", ["S3"]),
        ("スペード3", ["S3"]),
        ("スペードの３", ["S3"]),
        ("ハート7、ダイヤ7", ["H7", "D7"]),
        ("h10 + d10", ["H10", "D10"]),
        ("10♥ 10♦", ["H10", "D10"]),
        ("c15", ["C15"]),
        ("♠3 + joker", ["S3", "JK1"]),
        ("3♦ + Joker (pair)", ["D3", "JK1"]),  # a label pasted back
        ("7♠ · trade with the next player", ["S7"]),
        ("ジョーカー", ["JK1"]),
        ("JK2", ["JK2"]),
        ("joker ×2", ["JK1", "JK2"]),
        ("SK SA", ["S13", "S14"]),
    ],
)
def test_typed_cards_are_read(typed: str, cards: list[str]) -> None:
    assert parse_cards(typed) == cards


def test_a_lone_joker_is_the_one_the_player_holds() -> None:
    assert parse_cards("5♦ joker", hand=["D5", "JK2"]) == ["D5", "JK2"]


@pytest.mark.parametrize(("typed", "bad"), [("zz", "zz"), ("S3 H4 foo", "foo"), ("S1", "s1"), ("", "-")])
def test_unreadable_text_is_named(typed: str, bad: str) -> None:
    with pytest.raises(UnreadableCards) as err:
        parse_cards(typed)
    assert err.value.text == bad


# -- writing, and reading back ------------------------------------------------------------------------------
def test_cards_are_written_short() -> None:
    assert format_cards(["S7", "H7"]) == "7♠ 7♥"
    assert format_cards(["D3", "JK1"], "ja") == "3♦ + ジョーカー"
    assert format_cards(["JK1", "JK2"]) == "Joker ×2"
    assert format_card("JK2") == "Joker"  # for reading: a Joker is a Joker
    assert format_cards(["JK2"], hand=["JK1", "JK2"]) == "JK2"  # for typing: the one meant


@given(card=st.sampled_from(ALL_IDS), lang=LANGS)
def test_a_card_reads_back_for_its_holder(card: str, lang: str) -> None:
    assert parse_cards(format_card(card, lang), hand=[card]) == [card]


@given(
    cards=st.lists(st.sampled_from(ALL_IDS), min_size=1, max_size=4, unique=True),
    extra=st.lists(st.sampled_from(ALL_IDS), max_size=6),
    lang=LANGS,
)
def test_any_cards_read_back_as_written_for_the_hand(cards: list[str], extra: list[str], lang: str) -> None:
    cards = canonical(cards)
    hand = canonical(list(dict.fromkeys([*cards, *extra])))
    assert parse_cards(format_cards(cards, lang, hand=hand), hand) == cards


def _positions(seed: int) -> list[tuple[str, object]]:
    """Every (mover, state) of a random game, the pending 7 / 10 choices included."""
    state = ENGINE.new_game(["p1", "p2", "p3", "p4"], None, seed)
    rng, agent = Rng.from_seed(seed), ENGINE.ai("random")
    out: list[tuple[str, object]] = []
    while ENGINE.to_move(state):
        seat = ENGINE.to_move(state)[0]
        out.append((seat, state))
        state = ENGINE.apply(state, seat, agent.choose(state, seat, rng)).state
    return out


@given(seed=SEEDS, lang=LANGS, data=st.data())
def test_every_legal_move_reads_back_from_what_is_written(seed: int, lang: str, data: st.DataObject) -> None:
    positions = _positions(seed)
    for seat, state in data.draw(st.lists(st.sampled_from(positions), min_size=1, max_size=5)):
        view = ENGINE.view(state, seat)  # type: ignore[arg-type]
        hand = [c.id for c in view.hand or []]
        for action in ENGINE.legal_actions(state, seat)[:60]:  # type: ignore[arg-type]
            written = format_move(action, lang, hand=hand)
            assert parse_move(written, view) == action, (written, action)


def test_moves_for_a_pending_choice() -> None:
    hands = {"p1": ["S10", "S4", "JK1", "JK2"], "p2": ["H6", "H9"], "p3": ["C6", "C12"]}
    discard = ENGINE.view(make_state(hands, pending=Pending(kind="ten_discard", seat="p1", count=1)), "p1")
    assert parse_move("S4", discard) == Discard(card="S4")
    assert parse_move("pass", discard) == parse_move("見送る", discard) == Decline()
    assert parse_move("joker 2", discard) == Discard(card="JK2")
    give = ENGINE.view(
        make_state(hands, pending=Pending(kind="seven_give", seat="p1", other="p2", count=2)), "p1"
    )
    assert parse_move("4♠ + joker", give) == Give(cards=["S4", "JK1"])
    answer = ENGINE.view(
        make_state(hands, pending=Pending(kind="seven_answer", seat="p1", other="p2", count=1)), "p1"
    )
    assert parse_move("スペード4", answer) == Answer(cards=["S4"])
    lead = ENGINE.view(make_state(hands), "p1")
    assert parse_move("パス", lead) == Pass()
    assert parse_move("s4 joker", lead) == Play(cards=["S4", "JK1"])
    with pytest.raises(IllegalAction) as too_many:
        parse_move("S3 H3 D3 C3 joker", lead)
    assert too_many.value.code == "bad_group_size" and too_many.value.params == {"size": 5}


# -- misspelt names --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "piece", "names"),
    [
        ("jokr", "jokr", [JOKER_NAME]),
        ("S3 jokr", "jokr", [JOKER_NAME]),
        ("ジョーカ", "ジョーカ", [JOKER_NAME]),
        ("spde7", "spde7", [Text(en="7♠", ja="7♠")]),
        ("harts 9", "harts", [Text(en="9♥", ja="9♥")]),
        ("hart", "hart", [SUITS["H"].name]),
        ("zz", "zz", []),
    ],
)
def test_a_misspelt_card_name_is_named_whole_with_the_closest_names(
    typed: str, piece: str, names: list[Text]
) -> None:
    """Issue 10: "jokr" used to be reported as "kr" (its "jo" was read as a Joker) with no hint."""
    with pytest.raises(UnreadableCards) as err:
        parse_cards(typed)
    assert err.value.text == piece
    assert list(err.value.suggestions) == names


def test_suggestions_come_only_from_the_notation_words() -> None:
    assert suggest("xyzzy") == []
    assert suggest("") == []
    assert suggest("clbs")[0] == SUITS["C"].name


# -- one table -------------------------------------------------------------------------------------
def test_one_suit_symbol_table_from_the_card_data() -> None:
    assert {code: suit.symbol for code, suit in SUITS.items()} == SYMBOL
    assert Text(en="Joker", ja="ジョーカー") == JOKER_NAME
    assert {format_card(c) for c in JOKERS} == {"Joker"}
    assert all(format_card(c.id).endswith(SYMBOL[c.suit]) for c in CARDS.values() if not c.is_joker)
    # The bot's Glorious Crown code names suits only through the notation: no second table of symbols
    # (a symbol may appear inside an example sentence, never as a value of its own).
    for path in sorted((REPO / "bot" / "games" / "glorious_crown").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"[\"'][♠♥♦♣][\"']", source), path.name


# -- the notation protocol (engines.core.notation) ---------------------------------------------------------
def test_gc_4_a_group_reads_in_any_order_and_five_cards_are_illegal() -> None:
    state = make_state({"p1": ["S7", "H7", "D9", "C9", "H9", "S9", "D3"], "p2": ["S4"], "p3": ["S5"]})
    assert ENGINE.notation.parse(state, "p1", "7♥ ７♠") == Play(cards=["S7", "H7"])
    assert ENGINE.notation.format(state, "p1", Play(cards=["S7", "H7"]), "ja") == "7♠ 7♥"
    with pytest.raises(IllegalMove) as err:
        ENGINE.notation.parse(state, "p1", "S9 H9 D9 C9 D3")
    assert err.value.params["reason"] == "bad_group_size"
    with pytest.raises(IllegalMove):
        ENGINE.notation.parse(state, "p1", "S5")  # not in p1's hand
    with pytest.raises(UnreadableMove):
        ENGINE.notation.parse(state, "p1", "jokr")


def test_gc_12_pass_declines_the_optional_seven_trade() -> None:
    hands = {"p1": ["S3", "H4", "D5"], "p2": ["S6"], "p3": ["S8"]}
    state = make_state(hands, pending=Pending(kind="seven_give", seat="p1", other="p2", count=2))
    assert ENGINE.notation.parse(state, "p1", "パス") == Decline()
    assert ENGINE.notation.parse(state, "p1", "3♠ 4♥") == Give(cards=["S3", "H4"])
