"""The scheduler (bot.table.scheduler) on the table service and a real SQLite file, with a clock the test
moves: timers made and cancelled with the turns, reminders exactly once (also across a restart), a timeout
making the AI play that turn, three in a row handing the seat over, a stale timer doing nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.errors import UserError
from bot.settings import Settings
from bot.store import SqliteStore, Status
from bot.store.models import ClockWrite, TimerItem
from bot.table.assembly import table_service
from bot.table.scheduler import MAX_SLEEP
from bot.table.service import TableService
from tests.bot.table.conftest import NoGuilds, RecordingPublisher

ALICE, BOB = 1, 2
HOUR = 3600.0
START = 1_700_000_000.0


class FakeClock:
    def __init__(self) -> None:
        self.at = START

    def now(self) -> float:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def make_service(path: Path, store: SqliteStore, clock: FakeClock) -> TableService:
    settings = Settings(DECKHAND_DATABASE=str(path), DECKHAND_AI_DELAY=0, _env_file=None)
    svc = table_service(NoGuilds(), store, settings)  # type: ignore[arg-type]
    svc.publisher = svc.outbox.publisher = RecordingPublisher(store)  # type: ignore[assignment]
    svc.scheduler.clock = clock
    return svc


@pytest.fixture
async def timed(
    tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[TableService]:
    # One deal for every run: the seat order is fixed by the test, the cards by this seed.
    monkeypatch.setattr("bot.table.service.secrets.randbits", lambda _bits: 1234)
    store = await SqliteStore.open(tmp_path / "deckhand.db")
    svc = make_service(tmp_path / "deckhand.db", store, clock)
    yield svc
    await svc.shutdown()
    await svc.store.close()


async def two_players(svc: TableService, options: str = "clock=1h hand_size=5") -> int:
    rec = await svc.create(
        guild_id=9,
        channel_id=50,
        host_id=ALICE,
        host_name="alice",
        game_id="test-climb",
        options_text=options,
    )
    await svc.join(rec.id, BOB, "bob")
    await svc.start(rec.id, ALICE, fixed_order=True)
    return rec.id


async def settle(svc: TableService, pk: int) -> None:
    """Let the AI task of the game finish (it plays with no delay here)."""
    task = svc.ai.tasks.get(pk)
    if task is not None:
        await task
    await svc.outbox.flush(pk)


async def play(svc: TableService, pk: int, user: int) -> None:
    """A quiet move: draw while the deck lasts, else pass, else the lowest card."""
    rec = await svc.store.get_game(pk)
    state = svc.state(rec)
    seat = rec.seat_of(user)
    assert seat is not None
    legal = svc.engine(rec).legal_actions(state, seat.seat)
    order = {"draw": 0, "pass": 1, "give": 2, "play": 3}
    await svc.act(pk, user, min(legal, key=lambda a: order[a.type]))


def notices(svc: TableService) -> list[dict[str, Any]]:
    return [p for kind, p in svc.publisher.notices if kind == "notice"]  # type: ignore[attr-defined]


async def pending(svc: TableService, pk: int) -> list[tuple[str, str]]:
    return [(t.seat, t.kind) for t in await svc.store.timers(pk) if t.done_at is None]


async def test_a_turn_gets_its_timers_and_a_played_turn_cancels_them(timed: TableService) -> None:
    pk = await two_players(timed)
    rec = await timed.store.get_game(pk)
    assert rec.clock == 3600
    turn = rec.clock_state.turns["p1"]
    assert turn.deadline == START + 2 * HOUR  # an hour plus an hour of reserve
    assert await pending(timed, pk) == [("p1", "half"), ("p1", "near"), ("p1", "timeout")]
    await play(timed, pk, ALICE)
    timers = await timed.store.timers(pk)
    assert [(t.seat, t.outcome) for t in timers[:3]] == [("p1", "cancelled")] * 3
    assert await pending(timed, pk) == [("p2", "half"), ("p2", "near"), ("p2", "timeout")]
    # The played turn's deadline passes: nothing happens, it is gone.
    timed.scheduler.clock.advance(3 * HOUR)  # type: ignore[attr-defined]
    await play(timed, pk, BOB)
    assert await timed.scheduler.tick() == 0
    assert notices(timed) == []


async def test_reminders_come_once_each_at_half_time_and_near_the_end(
    timed: TableService, clock: FakeClock
) -> None:
    pk = await two_players(timed)
    clock.advance(HOUR - 1)
    assert await timed.scheduler.tick() == 0
    clock.advance(1)
    assert await timed.scheduler.tick() == 1
    assert await timed.scheduler.tick() == 0
    await timed.outbox.flush(pk)
    (half,) = notices(timed)
    assert half["key"] == "clock.remind_half" and half["ping"] == [ALICE]
    assert half["left"] == f"<t:{int(START + 2 * HOUR)}:R>"
    clock.advance(HOUR - 6 * 60)  # a tenth of the 1h clock before the end
    assert await timed.scheduler.tick() == 1
    assert await timed.scheduler.tick() == 0
    await timed.outbox.flush(pk)
    assert [n["key"] for n in notices(timed)] == ["clock.remind_half", "clock.remind_near"]


async def test_a_restart_fires_what_is_pending_once(
    tmp_path: Path, timed: TableService, clock: FakeClock
) -> None:
    pk = await two_players(timed)
    clock.advance(HOUR)
    assert await timed.scheduler.tick() == 1
    await timed.shutdown()
    await timed.store.close()
    store = await SqliteStore.open(tmp_path / "deckhand.db")
    again = make_service(tmp_path / "deckhand.db", store, clock)
    try:
        await again.resume_all()
        assert await again.scheduler.tick() == 0  # the half-time reminder is not sent again
        clock.advance(HOUR - 6 * 60)
        assert await again.scheduler.tick() == 1
        await again.outbox.flush(pk)
        # The half-time notice was committed before the stop and published after it: once in all.
        sent = [n["key"] for n in notices(timed) + notices(again)]
        assert sent == ["clock.remind_half", "clock.remind_near"]
        timers = {t.kind: t.outcome for t in await store.timers(pk)}
        assert timers == {"half": "fired", "near": "fired", "timeout": None}
    finally:
        await again.shutdown()
        await store.close()
    timed.store = await SqliteStore.open(tmp_path / "deckhand.db")  # for the fixture's teardown


async def test_a_bot_down_over_both_reminders_sends_only_the_later(
    timed: TableService, clock: FakeClock
) -> None:
    pk = await two_players(timed)
    clock.advance(2 * HOUR - 60)
    assert await timed.scheduler.tick() == 1
    await timed.outbox.flush(pk)
    assert [n["key"] for n in notices(timed)] == ["clock.remind_near"]
    outcomes = [t.outcome for t in await timed.store.timers(pk)]
    assert outcomes == ["skipped", "fired", None]


async def test_a_timeout_makes_the_ai_play_that_turn_and_three_hand_the_seat_over(
    timed: TableService, clock: FakeClock
) -> None:
    pk = await two_players(timed)
    await play(timed, pk, ALICE)
    for n in (1, 2, 3):
        rec = await timed.store.get_game(pk)
        deadline = rec.clock_state.turns["p2"].deadline
        clock.at = deadline
        assert await timed.scheduler.tick() >= 1
        await settle(timed, pk)
        rec = await timed.store.get_game(pk)
        log = await timed.store.actions(pk)
        assert log[-1].seat == "p2" and log[-1].user_id is None  # the AI played bob's turn
        assert rec.status is Status.RUNNING, "the seed keeps this game going for three timeouts"
        if n < 3:
            assert rec.seat_info("p2").user_id == BOB and "p2" not in rec.clock_state.turns
            assert rec.clock_state.seats["p2"].model_dump() == {"bank": 0.0, "timeouts": n}
            await play(timed, pk, ALICE)
    timeouts = [x for x in notices(timed) if x["key"].startswith("clock.timed_out")]
    assert [(x["key"], x["n"]) for x in timeouts] == [
        ("clock.timed_out", 1),
        ("clock.timed_out", 2),
        ("clock.timed_out_seat", 3),
    ]
    assert timeouts[-1]["button"] == "take_back" and timeouts[-1]["name"] == "bob"
    rec = await timed.store.get_game(pk)
    assert rec.seat_info("p2").is_ai and rec.seat_info("p2").left_by == BOB
    # bob takes the seat back: a new turn of his starts with a fresh count.
    await timed.take_back(pk, BOB, "bob")
    rec = await timed.store.get_game(pk)
    assert rec.clock_state.seats["p2"].timeouts == 0


async def test_a_played_turn_between_timeouts_breaks_the_streak(
    timed: TableService, clock: FakeClock
) -> None:
    pk = await two_players(timed)
    await play(timed, pk, ALICE)
    clock.at = (await timed.store.get_game(pk)).clock_state.turns["p2"].deadline
    await timed.scheduler.tick()
    await settle(timed, pk)
    await play(timed, pk, ALICE)
    await play(timed, pk, BOB)
    rec = await timed.store.get_game(pk)
    assert rec.clock_state.seats["p2"].timeouts == 0


async def test_a_stale_timer_of_a_turn_already_played_does_nothing(
    timed: TableService, clock: FakeClock
) -> None:
    pk = await two_players(timed)
    rec = await timed.store.get_game(pk)
    old = rec.clock_state.turns["p1"].version
    await play(timed, pk, ALICE)
    await play(timed, pk, BOB)  # alice to move again: a new turn, a newer version
    rec = await timed.store.get_game(pk)
    assert rec.clock_state.turns["p1"].version != old
    # A timer for the earlier turn (as a crash between two processes could leave): skipped when due.
    stale = TimerItem(seat="p1", kind="timeout", due_at=START, version=old)
    await timed.store.set_clock(pk, ClockWrite(state=rec.clock_state.dump(), timers=[stale]))
    actions = len(await timed.store.actions(pk))
    assert await timed.scheduler.tick() == 0
    await settle(timed, pk)
    assert len(await timed.store.actions(pk)) == actions and notices(timed) == []
    assert (await timed.store.timers(pk))[-1].outcome == "skipped"


async def test_no_clock_no_timers_but_turns_are_tracked(timed: TableService) -> None:
    pk = await two_players(timed, options=None)  # type: ignore[arg-type]
    rec = await timed.store.get_game(pk)
    assert rec.clock == 0 and rec.clock_state.turns["p1"].deadline is None
    assert await timed.store.timers(pk) == []


async def test_the_server_default_clock_applies_unless_the_lobby_says(timed: TableService) -> None:
    await timed.store.set_guild_setting(9, "clock", "24h")
    pk = await two_players(timed, options="hand_size=5")
    assert (await timed.store.get_game(pk)).clock == 24 * 3600
    await timed.abort(pk, None, ALICE, False)
    pk = await two_players(timed, options="clock=off")
    assert (await timed.store.get_game(pk)).clock == 0
    with pytest.raises(UserError, match="bad_clock"):
        timed.check_options("test-climb", "clock=2d")


async def test_the_end_of_a_game_cancels_its_timers(timed: TableService) -> None:
    pk = await two_players(timed)
    await timed.abort(pk, None, ALICE, False)
    assert await pending(timed, pk) == []
    assert (await timed.store.get_game(pk)).clock_state.turns == {}


async def test_auto_hands_the_seat_to_the_ai_and_again_takes_it_back(timed: TableService) -> None:
    pk = await two_players(timed)
    assert await timed.auto(pk, ALICE, "alice") is True
    await settle(timed, pk)
    rec = await timed.store.get_game(pk)
    assert rec.seat_info("p1").left_by == ALICE and rec.seat_info("p1").is_ai
    assert "p1" not in rec.clock_state.turns  # the AI's turns are not timed
    assert (await timed.store.actions(pk))[0].user_id is None  # the AI played alice's turn
    with pytest.raises(UserError, match="auto_last_player"):
        await timed.auto(pk, BOB, "bob")
    assert await timed.auto(pk, ALICE, "alice") is False
    rec = await timed.store.get_game(pk)
    assert rec.seat_info("p1").user_id == ALICE
    assert [n["key"] for n in notices(timed)] == ["clock.auto", "table.back"]


async def test_a_vote_resolves_with_the_ais_answer_for_the_seats_that_did_not_answer(
    timed: TableService, clock: FakeClock
) -> None:
    carol = 3
    rec = await timed.create(
        guild_id=9,
        channel_id=51,
        host_id=ALICE,
        host_name="alice",
        game_id="aws-builder-cards",
        options_text="clock=1h",
    )
    pk = rec.id
    await timed.join(pk, BOB, "bob")
    await timed.join(pk, carol, "carol")
    rec = await timed.start(pk, ALICE, fixed_order=True)
    engine = timed.engine(rec)
    propose = next(a for a in engine.legal_actions(timed.state(rec), "p1") if a.type == "propose_reshuffle")
    clock.advance(60)
    await timed.act(pk, ALICE, propose)
    rec = await timed.store.get_game(pk)
    assert sorted(engine.to_move(timed.state(rec))) == ["p2", "p3"]  # both vote, each on their own clock
    # alice's own turn stands still while the others vote (a vote is part of her turn, not theirs).
    turns = rec.clock_state.turns
    assert set(turns) == {"p1", "p2", "p3"} and turns["p1"].deadline is None and turns["p1"].left
    assert not turns["p2"].own and not turns["p3"].own
    vote = next(a for a in engine.legal_actions(timed.state(rec), "p2") if a.type == "vote")
    await timed.act(pk, BOB, vote)
    clock.at = rec.clock_state.turns["p3"].deadline
    assert await timed.scheduler.tick() == 1
    await settle(timed, pk)
    rec = await timed.store.get_game(pk)
    log = await timed.store.actions(pk)
    assert [(a.seat, a.user_id, a.action["type"]) for a in log] == [
        ("p1", ALICE, "propose_reshuffle"),
        ("p2", BOB, "vote"),
        ("p3", None, "vote"),  # carol did not answer: the AI did, for her seat only
    ]
    assert engine.to_move(timed.state(rec)) == ["p1"] and rec.seat_info("p3").user_id == carol
    # A vote in another's turn the AI answers for her, and it is not a missed turn of her own.
    assert [n["name"] for n in notices(timed) if n["key"] == "clock.timed_out_decision"] == ["carol"]
    assert [n for n in notices(timed) if n["key"] == "clock.timed_out"] == []
    assert rec.clock_state.seats["p3"].timeouts == 0
    # alice's turn goes on with the time she had left (an hour, less the minute before she proposed).
    assert rec.clock_state.turns["p1"].deadline == clock.at + 2 * HOUR - 60


async def test_a_turn_whose_time_ran_out_is_played_after_a_restart(
    tmp_path: Path, timed: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    pk = await two_players(timed)
    clock.at = (await timed.store.get_game(pk)).clock_state.turns["p1"].deadline
    # The bot stops right after the timeout was recorded, before the AI moved.
    monkeypatch.setattr(timed, "kick_ai", lambda _pk: None)
    assert await timed.scheduler.tick() == 1
    assert await timed.store.actions(pk) == []
    await timed.shutdown()
    await timed.store.close()
    store = await SqliteStore.open(tmp_path / "deckhand.db")
    again = make_service(tmp_path / "deckhand.db", store, clock)
    try:
        await again.resume_all()
        await settle(again, pk)
        log = await store.actions(pk)
        assert [(a.seat, a.user_id) for a in log][:1] == [("p1", None)]  # the AI played alice's turn
        rec = await store.get_game(pk)
        assert rec.clock_state.seats["p1"].timeouts == 1 and "p1" not in rec.clock_state.turns
        assert await again.scheduler.tick() == 0  # and the timeout does not fire again
    finally:
        await again.shutdown()
        await store.close()
    timed.store = await SqliteStore.open(tmp_path / "deckhand.db")  # for the fixture's teardown


async def test_the_loop_sleeps_until_the_soonest_timer(timed: TableService, clock: FakeClock) -> None:
    assert await timed.scheduler._delay() == MAX_SLEEP  # nothing pending: it looks again later anyway
    await two_players(timed)  # alice's half-time reminder is due in an hour
    assert await timed.scheduler._delay() == MAX_SLEEP
    clock.advance(HOUR - 10)
    assert await timed.scheduler._delay() == 10
    clock.advance(20)
    assert await timed.scheduler._delay() == 0
