"""AB-1..AB-4: set-up."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import DEFAULT_DB, key_of
from engines.aws_builder_cards.models import Acquire, EndTurn
from engines.core import BadOptions, BadPlayerCount
from tests.engines.aws_builder_cards.conftest import Table, every_card


def test_ab_1_each_player_gets_the_ten_starters_of_one_colour() -> None:
    state = ENGINE.new_game(["a", "b", "c"], None, 4)
    for seat in state.players:
        p = state.piles[seat]
        cards = [*p.deck, *p.hand]
        assert Counter(key_of(c) for c in cards) == Counter(
            {"bare-metal-host": 3, "document-store": 1, "networking": 1, "data-warehouse": 1, "san": 1}
            | {"corporate-idp": 1, "virtual-machine": 1, "database-server": 1}
        )
        assert all(DEFAULT_DB.card(c).defn.credits == 0 for c in cards)
    assert len(set(every_card(state))) == len(every_card(state)), "instance ids are unique"


def test_ab_1_two_to_four_players() -> None:
    with pytest.raises(BadPlayerCount):
        ENGINE.new_game(["a"], None, 1)
    with pytest.raises(BadPlayerCount):
        ENGINE.new_game(["a", "b", "c", "d", "e"], None, 1)


@pytest.mark.parametrize(("players", "ones", "threes"), [(2, 4, 3), (3, 5, 4), (4, 7, 5)])
def test_ab_2_wa_pile_by_player_count(players: int, ones: int, threes: int) -> None:
    state = ENGINE.new_game([f"p{i}" for i in range(players)], None, 1)
    pts = [DEFAULT_DB.card(c).defn.points for c in reversed(state.wa)]  # top first
    assert pts == [1] * ones + [3] * threes


def test_ab_2_only_the_top_wa_card_can_be_acquired_and_costs_3_or_8() -> None:
    t = Table()
    t.state.now.credits = 8
    wa = [a for a in t.legal() if isinstance(a, Acquire) and a.source == "wa"]
    assert wa == [Acquire(source="wa")]
    t.do("p1", Acquire(source="wa"))
    assert t.state.now.spent == 3
    t.state.wa = [c for c in t.state.wa if DEFAULT_DB.card(c).defn.points == 3]
    t.state.now.adopt = 1
    t.state.now.credits = 10
    assert Acquire(source="wa") not in t.legal()  # 7 left < 8
    t.state.now.credits = 11
    t.do("p1", Acquire(source="wa"))
    assert t.state.now.spent == 11 and t.state.score["p1"][-1].startswith("wa3")


def test_ab_3_console_shows_four_different_free_cards_and_one_paid_card() -> None:
    for seed in range(20):
        state = ENGINE.new_game(["a", "b"], None, seed)
        keys = [key_of(s[0]) for s in state.free.slots]
        assert len(keys) == 4 and len(set(keys)) == 4
        for stack in state.free.slots:
            assert len({key_of(c) for c in stack}) == 1
            assert not DEFAULT_DB.card(stack[0]).paid
        assert len(state.paid.slots) == 1 and DEFAULT_DB.card(state.paid.slots[0][0]).paid
        shown = sum(len(s) for s in state.free.slots) + len(state.free.deck)
        assert shown == 76 and len(state.paid.deck) + len(state.paid.slots[0]) == 15


def test_ab_3_an_emptied_slot_is_refilled_at_once_and_identical_cards_stack() -> None:
    t = Table()
    t.slot(0, "s3")
    t.state.free.deck.append(t.take("lambda"))
    t.state.free.deck.append(t.take("ec2"))  # turned up first
    slot1 = t.state.free.slots[1][0]
    t.slot(1, key_of(slot1))
    t.state.free.slots[1] = [t.take("ec2")]
    t.do("p1", Acquire(source="free", slot=0))
    # The EC2 turned up joins slot 1's EC2 stack; the Lambda fills slot 0.
    assert [key_of(c) for c in t.state.free.slots[0]] == ["lambda"]
    assert [key_of(c) for c in t.state.free.slots[1]] == ["ec2", "ec2"]


def test_ab_4_everyone_draws_five() -> None:
    state = ENGINE.new_game(["a", "b", "c"], None, 3)
    for seat in state.players:
        assert len(state.piles[seat].hand) == 5 and len(state.piles[seat].deck) == 5


@pytest.mark.parametrize("players", [["a", "b"], ["c", "a", "b"], ["d", "b", "a", "c"]])
def test_ab_4_the_order_of_players_is_the_order_of_play(players: list[str]) -> None:
    """The lobby shuffles the seats once; the engine must not shuffle them again (the announced order)."""
    for seed in range(12):
        state = ENGINE.new_game(players, None, seed)
        assert state.order == players
        seen = []
        for _ in range(2 * len(players)):
            (seat,) = ENGINE.to_move(state)
            seen.append(seat)
            state = ENGINE.apply(state, seat, EndTurn()).state
        assert seen == players * 2


def test_ab_4_the_engine_has_no_seat_shuffle_option_but_old_games_still_load() -> None:
    with pytest.raises(BadOptions):
        ENGINE.make_options({"random_order": True})
    state = ENGINE.new_game(["b", "a"], None, 5)
    stored = json.loads(ENGINE.dump_state(state))
    stored["options"]["random_order"] = True  # a game saved while the option existed
    loaded = ENGINE.load_state(json.dumps(stored))
    assert loaded == state and loaded.order == ["b", "a"]
