"""GC-17..GC-21: points at each clear, finishing, illegal finishes, bonus and the winner."""

from __future__ import annotations

import pytest

from engines.glorious_crown.events import WentOut
from engines.glorious_crown.models import Discard, Play
from engines.glorious_crown.scoring import fouls_out, is_foul_finish, play_points

from .conftest import E, kinds, make_state, pass_, play


def _clear_after(hands: dict[str, list[str]], cards: list[str], **kw: object) -> int:
    s = play(make_state(hands, **kw), "p1", *cards).state  # type: ignore[arg-type]
    for p in ("p2", "p3"):
        s = pass_(s, p).state
    assert s.top is None
    return s.points["p1"]


HANDS = {"p1": ["C13", "S9", "H9", "D9", "S11", "H11", "JK1", "S4"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]}


def test_gc_17_club_13_clearing_in_normal_scores_1() -> None:
    assert _clear_after(HANDS, ["C13"]) == 1


def test_gc_17_triple_9_in_revolution_scores_1_not_summed() -> None:
    assert _clear_after(HANDS, ["S9", "H9", "D9"], revolution=True) == 1


def test_gc_17_eleven_cleared_scores_its_revolution_value() -> None:
    assert _clear_after(HANDS, ["S11", "H11"]) == 2


def test_gc_17_a_joker_in_the_play_makes_it_worth_the_lowest_value() -> None:
    assert _clear_after(HANDS, ["S9", "JK1"]) == 0
    assert _clear_after(HANDS, ["JK1"]) == 0


def test_gc_17_points_go_to_the_last_player_only() -> None:
    s = make_state(HANDS)
    s = play(s, "p1", "S4").state
    s = play(s, "p2", "H6").state
    s = pass_(s, "p3").state
    s = pass_(s, "p1").state
    assert s.points == {"p1": 0, "p2": 2, "p3": 0}


def test_gc_18_points_table_in_both_states() -> None:
    assert [play_points((c,), False) for c in ("S3", "S7", "S8", "S10", "S11", "S15", "JK1")] == [
        2,
        2,
        0,
        2,
        1,
        1,
        0,
    ]
    assert [play_points((c,), True) for c in ("S3", "S7", "S8", "S10", "S11", "S15", "JK1")] == [
        1,
        1,
        0,
        1,
        2,
        2,
        0,
    ]


def test_gc_19_game_ends_when_one_holder_is_left_and_bonus_follows_the_order() -> None:
    s = make_state(
        {"p1": ["S9"], "p2": ["H6"], "p3": ["C6", "C12"], "p4": ["D4", "D5"]},
        points={"p1": 3, "p2": 1, "p3": 4, "p4": 0},
    )
    s = play(s, "p1", "S9").state
    assert s.finished == ["p1"]
    s = pass_(s, "p2").state
    s = play(s, "p3", "C12").state
    s = pass_(s, "p4").state  # p1 is out, p2 passed: back to p3, cleared
    assert s.top is None and s.current == "p3" and s.points["p3"] == 5
    s = play(s, "p3", "C6").state
    assert s.finished == ["p1", "p3"] and not s.over
    s = pass_(s, "p4").state
    s = pass_(s, "p2").state
    assert s.points["p3"] == 7 and s.current == "p4"  # p3 went out: the next holder leads
    s = play(s, "p4", "D4").state
    s = play(s, "p2", "H6").state
    assert s.over and E.to_move(s) == []
    out = E.outcome(s)
    assert out is not None
    rows = {r["seat"]: r for r in out.details["standings"]}
    assert out.details["finish_order"] == ["p1", "p3", "p2", "p4"]
    assert [rows[p]["bonus"] for p in ("p1", "p3", "p2", "p4")] == [4, 3, 2, 1]
    assert rows["p3"]["total"] == 10


def test_gc_19_the_play_left_on_the_field_at_the_end_is_not_scored() -> None:
    s = make_state({"p1": ["S9"], "p2": ["H6", "H12"]}, fouls=["p3"])
    step = play(s, "p1", "S9")
    assert step.state.over and "cleared" not in kinds(step.events)
    assert step.state.points["p1"] == 0


@pytest.mark.parametrize(
    ("cards", "revolution", "foul"),
    [
        (["JK1"], False, True),
        (["S9", "JK1"], True, True),
        (["S8"], False, True),
        (["S15"], False, True),
        (["S15"], True, False),
        (["S3"], True, True),
        (["S3"], False, False),
        (["S12"], False, False),
    ],
)
def test_gc_20_illegal_finish_cards(cards: list[str], revolution: bool, foul: bool) -> None:
    assert is_foul_finish(cards, revolution) is foul


def test_gc_20_illegal_finish_uses_the_effective_state_and_ranks_last_with_no_bonus() -> None:
    s = make_state(
        {"p1": ["S15"], "p2": ["H6", "H12"], "p3": ["C6", "C14"], "p4": ["D4", "D5"]},
        top=("p4", ["D11"]),
        eleven_back=True,
        revolution=True,
        points={"p1": 5},
    )
    assert not s.effective_revolution
    step = play(s, "p1", "S15")
    went = next(e for e in step.events if isinstance(e, WentOut))
    assert went.foul is True and went.place is None
    assert step.state.fouls == ["p1"] and step.state.points["p1"] == 5
    legal = make_state(
        {"p1": ["S15"], "p2": ["H6", "H12"], "p3": ["C6", "C14"], "p4": ["D4", "D5"]}, revolution=True
    )
    assert play(legal, "p1", "S15").state.finished == ["p1"]


def test_gc_20_fouls_rank_below_everyone_later_foul_above_earlier() -> None:
    s = make_state({"p2": ["H6", "H12"], "p4": ["D4"], "p1": [], "p3": []}, current="p2", fouls=["p1", "p3"])
    s = play(s, "p2", "H6").state
    s = pass_(s, "p4").state
    s = play(s, "p2", "H12").state
    assert s.over
    out = E.outcome(s)
    assert out is not None
    rows = {r["seat"]: r for r in out.details["standings"]}
    assert out.details["finish_order"] == ["p2", "p4", "p3", "p1"]
    assert rows["p3"]["bonus"] == 0 and rows["p1"]["bonus"] == 0 and rows["p4"]["bonus"] == 3


def test_gc_21_most_total_points_wins_and_ties_share_the_place() -> None:
    s = make_state(
        {"p1": ["S9"], "p2": ["H6", "H12"], "p3": []},
        fouls=["p3"],
        points={"p1": 1, "p2": 3, "p3": 4},
    )
    s = play(s, "p1", "S9").state
    out = E.outcome(s)
    assert out is not None
    # p1: 1 + 3 = 4, p2: 3 + 2 = 5, p3: 4 + 0 = 4
    assert out.scores == {"p1": 4.0, "p2": 5.0, "p3": 4.0}
    assert out.ranking == [["p2"], ["p1", "p3"]] and out.winners == ["p2"]
    assert out.place_of("p3") == 2 and out.place_of("p1") == 2


def test_fouls_out_tells_an_illegal_finish_before_the_move_GC_20() -> None:
    hand = ["S5", "H5", "JK1"]
    assert fouls_out(Play(cards=["S5", "H5", "JK1"]), hand, revolution=False)
    assert not fouls_out(Play(cards=["S5", "H5"]), hand, revolution=False), "cards stay in hand"
    assert not fouls_out(Play(cards=["S5", "H5"]), ["S5", "H5"], revolution=False), "a legal finish"
    assert fouls_out(Play(cards=["C15"]), ["C15"], revolution=False)
    assert not fouls_out(Play(cards=["C15"]), ["C15"], revolution=True)
    assert fouls_out(Play(cards=["C3"]), ["C3"], revolution=True)
    assert fouls_out(Discard(card="S9"), ["S9"], revolution=False), "a 10's discard of the last card"
    assert not fouls_out(Discard(card="S9"), ["S9", "H4"], revolution=False)
