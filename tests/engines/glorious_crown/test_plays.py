"""GC-4..GC-7, GC-9, GC-16: groups, leading, strength, the Joker and the spade 3, suit lock."""

from __future__ import annotations

import pytest

from engines.core import GameError, IllegalAction
from engines.glorious_crown import ENGINE
from engines.glorious_crown.events import Played

from .conftest import kinds, legal_plays_of, make_state, pass_, play

THREE = {"p1": ["S9", "H9", "D9", "C9", "JK1", "S4"], "p2": ["S12", "H5"], "p3": ["C6", "D6"]}


def test_gc_4_groups_of_one_to_four_of_one_rank_with_wild_jokers() -> None:
    state = make_state(THREE)
    plays = legal_plays_of(state, "p1")
    assert ("S9",) in plays and ("S9", "H9") in plays and ("S9", "H9", "D9", "C9") in plays
    assert ("S4", "JK1") in plays  # a Joker completes a pair of 4s
    assert ("S9", "H9", "D9", "JK1") in plays
    assert max(len(p) for p in plays) == 4
    assert all(len({c[1:] for c in p if not c.startswith("JK")}) <= 1 for p in plays)


def test_gc_4_mixed_ranks_five_cards_and_sequences_are_refused() -> None:
    state = make_state({"p1": ["S3", "S4", "S5", "S6", "JK1"], "p2": ["H9"], "p3": ["C9"]})
    with pytest.raises(IllegalAction) as err:
        play(state, "p1", "S3", "S4", "S5")
    assert err.value.code == "mixed_ranks"
    with pytest.raises(GameError):
        play(state, "p1", "S3", "S4", "S5", "S6", "JK1")


def test_gc_4_a_joker_takes_the_rank_of_its_group() -> None:
    state = make_state(THREE)
    step = play(state, "p1", "S4", "JK1")
    assert step.state.top is not None and step.state.top.rank == 4
    assert step.events[0] == Played(seat="p1", cards=["S4", "JK1"], rank=4)


def test_gc_4_with_both_jokers_a_one_joker_play_uses_jk1() -> None:
    state = make_state({"p1": ["S4", "JK1", "JK2", "H9"], "p2": ["H5"], "p3": ["C6"]})
    plays = legal_plays_of(state, "p1")
    assert ("S4", "JK1") in plays and ("S4", "JK2") not in plays
    assert ("S4", "JK1", "JK2") in plays and ("JK1", "JK2") in plays
    with pytest.raises(IllegalAction) as err:
        play(state, "p1", "S4", "JK2")
    assert err.value.code == "use_joker_jk1"
    alone = make_state({"p1": ["S4", "JK2", "H9"], "p2": ["H5"], "p3": ["C6"]})
    assert ("S4", "JK2") in legal_plays_of(alone, "p1")


def test_gc_5_leader_plays_any_group_and_may_not_pass() -> None:
    state = make_state(THREE)
    assert all(a.type != "pass" for a in ENGINE.legal_actions(state, "p1"))
    with pytest.raises(IllegalAction) as err:
        pass_(state, "p1")
    assert err.value.code == "leader_must_play"


def test_gc_6_same_count_and_strictly_stronger() -> None:
    state = make_state(
        {"p1": ["S10"], "p2": ["S9", "H9", "C10", "D10", "S11", "H11", "C15"], "p3": ["C6"]},
        top=("p1", ["H10", "S10"][:1]),
        current="p2",
    )
    plays = legal_plays_of(state, "p2")
    assert plays == {("S11",), ("H11",), ("C15",)}
    with pytest.raises(IllegalAction) as err:
        play(state, "p2", "C10")
    assert err.value.code == "too_weak"
    with pytest.raises(IllegalAction) as err:
        play(state, "p2", "S11", "H11")
    assert err.value.code == "wrong_count"


def test_gc_6_revolution_reverses_the_order() -> None:
    state = make_state(
        {"p1": ["S4"], "p2": ["S9", "C10", "S11", "H5"], "p3": ["C6"]},
        top=("p1", ["H10"]),
        current="p2",
        revolution=True,
    )
    assert legal_plays_of(state, "p2") == {("S9",), ("H5",)}


@pytest.mark.parametrize("revolution", [False, True])
def test_gc_7_lone_joker_beats_any_single_in_either_state(revolution: bool) -> None:
    state = make_state(
        {"p1": ["S4"], "p2": ["JK1", "H5"], "p3": ["C6"]},
        top=("p1", ["H3" if revolution else "H15"]),
        current="p2",
        revolution=revolution,
    )
    assert ("JK1",) in legal_plays_of(state, "p2")
    after = play(state, "p2", "JK1").state
    nothing = make_state(
        {"p1": ["S4", "C15", "C3"], "p2": ["H5"], "p3": ["C6"]},
        top=("p2", ["JK1"]),
        current="p1",
        revolution=revolution,
    )
    assert legal_plays_of(nothing, "p1") == set()
    assert after.top is not None and after.top.rank == 0


def test_gc_7_spade_three_beats_lone_joker_clears_and_scores() -> None:
    state = make_state(
        {"p1": ["S3", "H4"], "p2": ["H5", "H6"], "p3": ["C6", "C7"]},
        top=("p3", ["JK1"]),
        current="p1",
        lock="H",
    )
    assert legal_plays_of(state, "p1") == {("S3",)}  # the counter ignores the lock
    step = play(state, "p1", "S3")
    assert "cleared" in kinds(step.events)
    s = step.state
    assert s.top is None and s.field == [] and s.points["p1"] == 2 and s.current == "p1"
    assert s.last_clear is not None and s.last_clear.cause == "counter"
    # Optional: the holder may pass instead.
    assert any(a.type == "pass" for a in ENGINE.legal_actions(state, "p1"))


def test_gc_16_spade_three_counter_scores_its_revolution_value_and_only_on_a_lone_joker() -> None:
    state = make_state(
        {"p1": ["S3", "H4"], "p2": ["H5", "H6"], "p3": ["C6", "C7"]},
        top=("p3", ["JK1"]),
        current="p1",
        revolution=True,
    )
    assert play(state, "p1", "S3").state.points["p1"] == 1
    pair = make_state(
        {"p1": ["S3", "H3"], "p2": ["H5", "H6"], "p3": ["C6", "C7"]},
        top=("p3", ["JK1", "JK2"]),
        current="p1",
    )
    assert legal_plays_of(pair, "p1") == set()
    single = make_state({"p1": ["S3", "H4"], "p2": ["H5"], "p3": ["C6"]}, top=("p3", ["C15"]), current="p1")
    assert ("S3",) not in legal_plays_of(single, "p1")


def test_gc_9_same_suits_lock_the_field_until_cleared() -> None:
    state = make_state(
        {"p1": ["S6", "H6", "C9"], "p2": ["S9", "H9", "D12", "S12", "H12", "C8"], "p3": ["C6", "C7", "D9"]},
        top=("p3", ["S4", "H4"]),
        current="p1",
    )
    step = play(state, "p1", "S6", "H6")
    assert step.state.lock == "SH" and "locked" in kinds(step.events)
    plays = legal_plays_of(step.state, "p2")
    assert ("S9", "H9") in plays and ("S12", "H12") in plays and ("S12", "D12") not in plays
    with pytest.raises(IllegalAction) as err:
        play(step.state, "p2", "H12", "D12")
    assert err.value.code == "suit_locked"


def test_gc_9_different_suits_do_not_lock_and_jokers_count_as_any_suit() -> None:
    state = make_state(
        {"p1": ["S5", "D5", "JK1", "C9"], "p2": ["S6", "H6", "D7"], "p3": ["C6", "C7"]},
        top=("p3", ["S4", "H4"]),
        current="p1",
    )
    assert play(state, "p1", "S5", "D5").state.lock is None
    with_joker = play(state, "p1", "S5", "JK1").state  # the Joker stands for the heart
    assert with_joker.lock == "SH"
    locked = make_state(
        {"p1": ["S9", "JK1", "D9"], "p2": ["S6"], "p3": ["C6"]},
        top=("p3", ["S8", "H8"]),
        current="p1",
        lock="SH",
    )
    plays = legal_plays_of(locked, "p1")
    assert ("S9", "JK1") in plays and ("D9", "JK1") not in plays
