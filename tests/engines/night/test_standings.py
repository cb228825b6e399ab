"""GN-9 to GN-12: place points, cooperative tables, sums over sets, tie-breaks, leavers and late joiners."""

from __future__ import annotations

import pytest

from engines.core.models import Outcome
from engines.night import SeatResult, TableResult, place_points, standings


def outcome(
    ranking: list[list[str]], scores: dict[str, float], *, winners: list[str] | None = None
) -> Outcome:
    return Outcome(scores=scores, ranking=ranking, winners=winners or ranking[0], reason="end")


def table(
    set_no: int, no: int, result: Outcome, holders: dict[str, tuple[str, ...]], coop: bool = False
) -> TableResult:
    return TableResult(set_no, no, result, tuple(SeatResult(s, m) for s, m in holders.items()), coop)


def test_gn_9_place_points_of_four_seats() -> None:
    points = place_points(outcome([["a"], ["b"], ["c"], ["d"]], dict(a=9, b=7, c=5, d=1)))
    assert points == pytest.approx({"a": 10, "b": 20 / 3, "c": 10 / 3, "d": 0})


def test_gn_9_shared_places_average_the_points_they_cover() -> None:
    points = place_points(outcome([["a"], ["b", "c"], ["d"]], dict(a=9, b=7, c=7, d=1)))
    assert points["b"] == points["c"] == pytest.approx((20 / 3 + 10 / 3) / 2)
    three = place_points(outcome([["a", "b", "c"]], dict(a=1, b=1, c=1)))
    assert list(three.values()) == pytest.approx([5.0, 5.0, 5.0])


def test_gn_9_ai_seats_take_places_but_are_not_in_the_standings() -> None:
    t = table(
        1,
        1,
        outcome([["s0"], ["s1"], ["s2"]], dict(s0=9, s1=5, s2=1)),
        {"s0": (), "s1": ("a",), "s2": ("b",)},
    )
    rows = standings([t])
    assert [r.member for r in rows] == ["a", "b"]
    assert rows[0].points == pytest.approx(5.0)  # second of three places
    assert rows[0].firsts == 0


def test_gn_10_a_cooperative_table_shares_its_result() -> None:
    won = table(1, 1, outcome([["s1", "s2"]], dict(s1=3, s2=3)), {"s1": ("a",), "s2": ("b",)}, coop=True)
    lost = Outcome(scores=dict(s1=0, s2=0), ranking=[["s1", "s2"]], winners=[], reason="deadline")
    rows = standings([won, table(1, 2, lost, {"s1": ("c",), "s2": ("d",)}, coop=True)])
    assert {r.member: r.points for r in rows} == {"a": 10, "b": 10, "c": 0, "d": 0}


def test_gn_11_sum_over_sets_and_tie_breaks() -> None:
    set1 = [
        table(1, 1, outcome([["s1"], ["s2"]], dict(s1=10, s2=5)), {"s1": ("a",), "s2": ("b",)}),
        table(1, 2, outcome([["s1"], ["s2"]], dict(s1=8, s2=6)), {"s1": ("c",), "s2": ("d",)}),
    ]
    set2 = [
        table(2, 1, outcome([["s1"], ["s2"]], dict(s1=6, s2=3)), {"s1": ("b",), "s2": ("c",)}),
        table(2, 2, outcome([["s1"], ["s2"]], dict(s1=9, s2=9.0 - 0.5)), {"s1": ("d",), "s2": ("a",)}),
    ]
    rows = standings(set1 + set2)
    by = {r.member: r for r in rows}
    # Everyone has one first place and 10 points: the normalised scores decide.
    assert {r.points for r in rows} == {10.0}
    assert by["a"].normalised == pytest.approx(1 + 8.5 / 9)
    assert by["c"].normalised == pytest.approx(1 + 0.5)
    assert by["d"].normalised == pytest.approx(6 / 8 + 1)
    # b and c both have 1.5: shared third place.
    assert [(r.member, r.rank) for r in rows] == [("a", 1), ("d", 2), ("b", 3), ("c", 3)]
    assert by["a"].per_set == {1: 10.0, 2: 0.0}


def test_gn_11_fully_tied_members_share_a_rank() -> None:
    t = table(1, 1, outcome([["s1", "s2"]], dict(s1=4, s2=4)), {"s1": ("a",), "s2": ("b",)})
    rows = standings([t], members=["c"])
    assert [(r.member, r.rank) for r in rows] == [("a", 1), ("b", 1), ("c", 3)]
    assert rows[0].firsts == 1  # a shared first counts


def test_gn_11_a_table_where_nobody_scored_still_orders_its_players() -> None:
    t = table(1, 1, outcome([["s1"], ["s2"]], dict(s1=0, s2=-2)), {"s1": ("a",), "s2": ("b",)})
    by = {r.member: r for r in standings([t])}
    assert (by["a"].normalised, by["b"].normalised) == (1.0, 0.0)


def test_gn_12_leaver_and_late_joiner_both_earn_the_seat() -> None:
    t = table(
        1,
        1,
        outcome([["s1"], ["s2"], ["s3"]], dict(s1=9, s2=5, s3=1)),
        {"s1": ("a", "late"), "s2": ("b",), "s3": ()},
    )
    by = {r.member: r for r in standings([t])}
    assert by["a"].points == by["late"].points == 10.0
