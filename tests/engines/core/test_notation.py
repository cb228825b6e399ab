"""The notation protocol's shared parts (``engines.core.notation``): the one ``fold``, phrases, the three
refusals. Each game's own notation is checked by ``tests/engines/test_notation_contract.py`` and beside it."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import (
    AmbiguousMove,
    GameError,
    IllegalAction,
    IllegalMove,
    NameIndex,
    NotationError,
    Phrase,
    UnreadableMove,
    fold,
)


@pytest.mark.parametrize(
    ("typed", "folded"),
    [
        ("ｓ３", "s3"),  # full width, from a Japanese keyboard
        ("Amazon  S3", "amazons3"),
        ("ベア・メタル", "べあめたる"),  # katakana meets hiragana; a middle dot is a space
        ("ﾍﾞｱﾒﾀﾙ", "べあめたる"),  # half-width katakana
        ("\u3000EC2\tAuto Scaling ", "ec2autoscaling"),
    ],
)
def test_fold_forgives_case_width_kana_and_spacing(typed: str, folded: str) -> None:
    assert fold(typed) == folded
    assert fold(folded) == folded


def test_fold_can_keep_single_spaces_and_katakana() -> None:
    assert fold("  Ｓ７　 H7 ", spaces=True) == "s7 h7"
    assert fold("ジョーカ・ｘ2", spaces=True, kana=False) == "ジョーカ x2"


def test_a_phrase_reads_either_language_and_writes_the_asked_one() -> None:
    give = Phrase(en="give {card}", ja="{card}を渡す", also=("hand over {card}",))
    assert give.write("en", card="Card 3") == "give Card 3"
    assert give.write("ja", card="カード3") == "カード3を渡す"
    assert give.read("GIVE  card 3") == [{"card": "card 3"}]
    assert give.read("カード３を渡す") == [{"card": "かーど3"}]
    assert give.read("hand over c3") == [{"card": "c3"}]
    assert give.read("take card 3") == []


def test_a_slot_pattern_keeps_an_argument_from_swallowing_its_neighbour() -> None:
    place = Phrase(en="{card} {cell}", ja="{card}を{cell}に置く", slots={"cell": r"[a-z][0-9]{1,2}"})
    assert place.read("Moss Bear C4") == [{"card": "moss bear", "cell": "c4"}]
    assert place.read("苔むす熊をC4に置く") == [{"card": "苔むす熊", "cell": "c4"}]


def test_a_name_index_maps_every_spelling_to_its_keys() -> None:
    index = NameIndex({"s3": ("Amazon S3", "S3"), "s3-glacier": ("S3 Glacier", "S3")})
    assert index.keys("amazon s3") == {"s3"}
    assert index.keys("Ｓ３") == {"s3", "s3-glacier"}
    assert index.keys("athena") == frozenset()


def test_the_three_refusals_have_stable_codes_and_parameters() -> None:
    unreadable = UnreadableMove("qwzx", "test-climb")
    assert (unreadable.code, unreadable.params, unreadable.game) == (
        "unreadable_move",
        {"text": "qwzx"},
        "test-climb",
    )
    cause = IllegalAction("too_weak", card="c2")
    illegal = IllegalMove("Card 2", None, cause, "test-climb")
    assert illegal.code == "illegal_move" and illegal.params == {"text": "Card 2", "reason": "too_weak"}
    assert illegal.cause is cause
    # An illegal move is an illegal action: what already words IllegalAction keeps working.
    assert isinstance(illegal, IllegalAction) and isinstance(illegal, NotationError)
    ambiguous = AmbiguousMove("mo C3", [], "yggdrasil")
    assert ambiguous.code == "ambiguous_move" and ambiguous.params == {"text": "mo C3", "count": 0}
    assert all(isinstance(e, GameError) for e in (unreadable, illegal, ambiguous))


def test_climb_refuses_each_way(climb: Any) -> None:
    """The three refusals on the test game: junk, a card too weak to play, a card not in the game."""
    state = climb.new_game(["p1", "p2"], None, 3)
    state.hands["p1"] = ["c2", "c9"]
    state.pile = ["c5"]
    notation = climb.notation
    assert notation.parse(state, "p1", "カード９") == climb.action_adapter.validate_python(
        {"type": "play", "card": "c9"}
    )
    with pytest.raises(IllegalMove) as err:
        notation.parse(state, "p1", "Card 2")
    assert err.value.params["reason"] == "too_weak"
    with pytest.raises(UnreadableMove):
        notation.parse(state, "p1", "Card 13")
    with pytest.raises(UnreadableMove):
        notation.parse(state, "p1", "   ")
