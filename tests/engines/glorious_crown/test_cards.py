"""GC-1, GC-18: the deck, its titles and points; ``/card`` lookup."""

from __future__ import annotations

import pytest

from engines.glorious_crown import ENGINE
from engines.glorious_crown.cards import CARDS, POINTS, RANK, SUIT
from engines.glorious_crown.scoring import play_points


def test_gc_1_deck_has_54_cards_ranks_3_to_15_in_four_suits_and_two_jokers() -> None:
    assert len(CARDS) == 54
    for suit in "SHDC":
        assert sorted(RANK[c] for c in CARDS if SUIT[c] == suit) == list(range(3, 16))
    assert [c for c in CARDS if RANK[c] == 0] == ["JK1", "JK2"]


@pytest.mark.parametrize(
    ("card", "ja"),
    [
        ("D3", "歩き売りの少女"),
        ("S3", "見習いの侍女"),
        ("H5", "伝令の馬使い"),
        ("C7", "秘密の取引き"),
        ("S8", "騎士の斬撃"),
        ("D10", "苦悩の選択"),
        ("C13", "英雄アレクサンダー"),
    ],
)
def test_gc_1_seed_titles(card: str, ja: str) -> None:
    assert CARDS[card].title.ja == ja


def test_gc_1_every_card_has_a_bilingual_title_and_jacks_differ_by_suit() -> None:
    for card in CARDS.values():
        assert card.title.en.strip() and card.title.ja.strip()
    assert len({CARDS[f"{s}11"].title.ja for s in "SHDC"}) == 4


@pytest.mark.parametrize("rank", [3, 4, 5, 6, 7, 9, 10])
def test_gc_18_low_numbers_score_2_normal_1_revolution(rank: int) -> None:
    assert POINTS[rank] == (2, 1)


@pytest.mark.parametrize("rank", [11, 12, 13, 14, 15])
def test_gc_18_high_numbers_score_1_normal_2_revolution(rank: int) -> None:
    assert POINTS[rank] == (1, 2)


def test_gc_18_eights_and_jokers_score_0() -> None:
    assert POINTS[8] == (0, 0) and POINTS[0] == (0, 0)
    assert play_points(("S8",), False) == 0 and play_points(("JK1",), True) == 0


@pytest.mark.parametrize(
    ("query", "card"),
    [
        ("S3", "S3"),
        ("spade 3", "S3"),
        ("♠3", "S3"),
        ("スペード3", "S3"),
        ("ダイヤ3", "D3"),
        ("JOKER", "JK1"),
        ("英雄アレクサンダー", "C13"),
        ("Alexander the Hero", "C13"),
        ("H11", "H11"),
        ("D15", "D15"),
    ],
)
def test_cards_are_found_by_title_or_number_and_suit(query: str, card: str) -> None:
    hits = [c.id for c in ENGINE.cards() if query.lower() in (a.lower() for a in c.aliases)]
    assert hits and hits[0] == card
