"""A night's table results from its games (``bot.night.results``): GN-12 credits a seat to the member who
holds it and to the one who left it to the AI; an AI seat nobody held credits nobody."""

from __future__ import annotations

from bot.night.results import night_standings, seat_holders, table_result
from bot.store import GameRecord, SeatInfo, Status
from engines.core import Outcome

SEATS = [
    SeatInfo(seat="p1", user_id=1, name="a"),
    SeatInfo(seat="p2", user_id=None, name="AI-1", ai_level="normal", left_by=2, handed="left"),
    SeatInfo(seat="p3", user_id=None, name="AI-2", ai_level="normal"),
]


def test_gn12_a_seat_is_credited_to_its_holder_and_to_who_left_it() -> None:
    assert [seat_holders(s) for s in SEATS] == [("1",), ("2",), ()]


def test_gn9_standings_from_a_finished_table_leave_ai_seats_out() -> None:
    rec = GameRecord(
        id=5,
        guild_id=1,
        channel_id=2,
        game_id="glorious-crown",
        status=Status.FINISHED,
        host_id=1,
        seed=0,
        seats=SEATS,
    )
    outcome = Outcome(
        scores={"p1": 1, "p2": 5, "p3": 3}, ranking=[["p2"], ["p3"], ["p1"]], winners=["p2"], reason="x"
    )
    rows = night_standings([table_result(1, 1, rec, outcome, cooperative=False)], [1, 2, 3])
    assert [(r.member, r.points) for r in rows] == [("2", 10.0), ("1", 0.0), ("3", 0.0)]


def test_gn10_a_cooperative_table_gives_every_player_its_result() -> None:
    seats = [SeatInfo(seat="p1", user_id=1, name="a"), SeatInfo(seat="p2", user_id=2, name="b")]
    rec = GameRecord(
        id=6,
        guild_id=1,
        channel_id=2,
        game_id="project-chaos",
        status=Status.FINISHED,
        host_id=1,
        seed=0,
        seats=seats,
    )
    won = Outcome(scores={}, ranking=[["p1", "p2"]], winners=["p1", "p2"], reason="goal")
    lost = Outcome(scores={}, ranking=[["p1", "p2"]], winners=[], reason="deadline")
    rows = night_standings(
        [table_result(1, 1, rec, won, cooperative=True), table_result(2, 1, rec, lost, cooperative=True)],
        [1, 2],
    )
    assert [(r.member, r.points, r.per_set) for r in rows] == [
        ("1", 10.0, {1: 10.0, 2: 0.0}),
        ("2", 10.0, {1: 10.0, 2: 0.0}),
    ]
