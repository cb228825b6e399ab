"""The table message's clock line (``bot.presenters.words.time_left``): the turn's own time and the
reserve apart, in both languages, as Discord timestamps that count down by themselves."""

from __future__ import annotations

from bot.presenters.words import span, time_left
from bot.store import GameRecord, SeatInfo, Status
from bot.table.clock import ClockState, advance

HOUR = 3600.0
NOW = 1_700_000_000.0


def record(clock: ClockState, limit: int = int(HOUR)) -> GameRecord:
    seats = [SeatInfo(seat="p1", user_id=1, name="Alice"), SeatInfo(seat="p2", user_id=2, name="Bob")]
    return GameRecord(
        id=1,
        guild_id=9,
        channel_id=50,
        game_id="test-climb",
        status=Status.RUNNING,
        host_id=1,
        seed=1,
        seats=seats,
        clock=limit,
        clock_state=clock,
    )


def line(rec: GameRecord, movers: list[str], lang: str, now: float) -> str:
    return time_left(rec, movers, lang, now)


def test_the_turns_time_and_the_reserve_are_shown_apart() -> None:
    clock = ClockState()
    advance(clock, limit=int(HOUR), to_move=["p1"], version=1, now=NOW)
    rec = record(clock)
    turn_end, deadline = int(NOW + HOUR), int(NOW + 2 * HOUR)
    assert line(rec, ["p1"], "en", NOW) == (
        f"⏳ Turn time ends <t:{turn_end}:R> · reserve: 1 hour (runs out <t:{deadline}:R>)"
    )
    assert line(rec, ["p1"], "ja", NOW) == (
        f"⏳ 手番の持ち時間：<t:{turn_end}:R>に終了 · 予備時間：1 時間（<t:{deadline}:R>に終了）"
    )
    # Past the turn's own time only the reserve is left, and the line says so.
    assert (
        line(rec, ["p1"], "en", NOW + HOUR + 1)
        == f"⏳ Turn time is up · the reserve runs out <t:{deadline}:R>"
    )


def test_no_reserve_left_and_several_players_each_with_their_own() -> None:
    clock = ClockState()
    clock.seat("p2", HOUR).bank = 0.0
    clock.seat("p1", HOUR).bank = 90 * 60
    advance(clock, limit=int(HOUR), to_move=["p1", "p2"], version=1, now=NOW)
    rec = record(clock)
    assert line(rec, ["p1", "p2"], "en", NOW) == (
        f"⏳ Alice: Turn time ends <t:{int(NOW + HOUR)}:R> · reserve: 1 hour 30 minutes"
        f" (runs out <t:{int(NOW + 150 * 60)}:R>)\n"
        f"⏳ Bob: Turn time ends <t:{int(NOW + HOUR)}:R> · no reserve left"
    )
    # A turn the AI plays because its time ran out shows no clock.
    clock.expire("p2")
    assert "Bob" not in line(record(clock), ["p1", "p2"], "en", NOW)


def test_spans_in_both_languages() -> None:
    assert [span("en", s) for s in (30, 60, 150, 3600, 7260)] == [
        "less than a minute",
        "1 minute",
        "2 minutes",
        "1 hour",
        "2 hours 1 minute",
    ]
    assert [span("ja", s) for s in (30, 600, 5400)] == ["1 分未満", "10 分", "1 時間 30 分"]
