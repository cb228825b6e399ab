"""Project Chaos moves as players type them (``engines.project_chaos.notation``)."""

from __future__ import annotations

import pytest

from engines.core import AmbiguousMove, IllegalMove, UnreadableMove
from engines.project_chaos.models import Discard, Place, Play
from tests.engines.project_chaos.conftest import E, make_state

TWO_WORKPLACES = "pc-oss-fixes-it"  # tech and user


def test_pc_7c_place_without_a_workplace_is_ambiguous_when_two_are_open() -> None:
    state = make_state({"p1": [TWO_WORKPLACES], "p2": [], "p3": []})
    with pytest.raises(AmbiguousMove) as err:
        E.notation.parse(state, "p1", "place Open Source Fixes It Overnight")
    assert set(err.value.moves) == {
        Place(card=TWO_WORKPLACES, workplace="tech"),
        Place(card=TWO_WORKPLACES, workplace="user"),
    }
    assert E.notation.parse(state, "p1", "OSSが一晩で解決してくれたをユーザーに配置") == Place(
        card=TWO_WORKPLACES, workplace="user"
    )


def test_pc_7_a_card_is_named_in_either_language_or_by_a_part_of_its_name() -> None:
    state = make_state({"p1": [TWO_WORKPLACES], "p2": [], "p3": []})
    assert E.notation.parse(state, "p1", "discard OSS") == Discard(card=TWO_WORKPLACES)
    assert (
        E.notation.format(state, "p1", Play(card=TWO_WORKPLACES), "ja") == "OSSが一晩で解決してくれたをプレイ"
    )


def test_a_card_not_in_hand_is_illegal_and_no_card_is_unreadable() -> None:
    state = make_state({"p1": [TWO_WORKPLACES], "p2": ["pc-dream-client"], "p3": []})
    with pytest.raises(IllegalMove) as err:
        E.notation.parse(state, "p1", "play The Dream Client Signs")
    assert err.value.move == Play(card="pc-dream-client") and err.value.params["reason"]
    with pytest.raises(UnreadableMove):
        E.notation.parse(state, "p1", "play qwzx")


HAND = ["pc-product-praised", "pc-ci-all-green", "pc-scope-creep"]


def test_pc_7b_a_typed_card_is_read_in_either_language_as_the_chaos_commands_put_it() -> None:
    """What ``/chaos discard card:`` reads (the cog's own reader before): "discard {card}"."""
    state = make_state({"p1": HAND, "p2": [], "p3": []})
    read = {
        "CI Is All Green": "pc-ci-all-green",
        "ｃｉ　ｉｓ　ａｌｌ　ｇｒｅｅｎ": "pc-ci-all-green",  # width and spaces folded
        "スコープがじわじわ膨らむ": "pc-scope-creep",
        "rave": "pc-product-praised",  # an alias
        "scope": "pc-scope-creep",  # part of one name
    }
    for typed, card in read.items():
        assert E.notation.parse(state, "p1", f"discard {typed}") == Discard(card=card), typed
    with pytest.raises(AmbiguousMove):
        E.notation.parse(state, "p1", "discard re")  # part of several names: not a guess
    with pytest.raises(IllegalMove):
        E.notation.parse(state, "p1", "discard Genius Intern")  # not in hand
    with pytest.raises(UnreadableMove):
        E.notation.parse(state, "p1", "discard    ")
