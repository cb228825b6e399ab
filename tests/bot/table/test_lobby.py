"""Lobby and life-cycle rules of the table service, on a real SQLite file."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import pytest

from bot.errors import UserError
from bot.store import StaleVersion, Status
from bot.table.service import TableService
from engines.core import BadOptions, NotYourTurn, UnknownGame

ALICE, BOB, CAROL = 1, 2, 3


async def lobby(service: TableService, options: str | None = None) -> int:
    rec = await service.create(
        guild_id=9,
        channel_id=50,
        host_id=ALICE,
        host_name="alice",
        game_id="test-climb",
        options_text=options,
    )
    return rec.id


async def test_new_lobby_validates_game_and_options(service: TableService) -> None:
    with pytest.raises(UnknownGame):
        await service.create(
            guild_id=9, channel_id=50, host_id=ALICE, host_name="a", game_id="chess", options_text=None
        )
    with pytest.raises(BadOptions):
        await lobby(service, "hand_size=9")
    pk = await lobby(service, "hand_size=4")
    rec = await service.store.get_game(pk)
    assert rec.options == {"hand_size": 4} and [s.name for s in rec.seats] == ["alice"]


async def test_join_leave_and_host_rules(service: TableService) -> None:
    pk = await lobby(service)
    await service.join(pk, BOB, "bob")
    with pytest.raises(UserError, match="already_joined"):
        await service.join(pk, BOB, "bob")
    with pytest.raises(UserError, match="host_only"):
        await service.add_ai(pk, BOB)
    with pytest.raises(UserError, match="host_only"):
        await service.start(pk, BOB)
    await service.add_ai(pk, ALICE)
    await service.add_ai(pk, ALICE, "random")
    with pytest.raises(UserError, match="game_full"):
        await service.join(pk, CAROL, "carol")
    rec = await service.leave(pk, ALICE)  # the host leaves: bob hosts now
    assert rec.host_id == BOB and [s.name for s in rec.seats] == ["bob", "AI-1", "AI-2"]
    rec = await service.leave(pk, BOB)  # the last human leaves: the lobby closes
    assert rec.status is Status.ABORTED


async def test_start_needs_enough_players(service: TableService) -> None:
    pk = await lobby(service)
    with pytest.raises(UserError, match="player_count"):
        await service.start(pk, ALICE)
    await service.join(pk, BOB, "bob")
    rec = await service.start(pk, ALICE, fixed_order=True)
    assert rec.status is Status.RUNNING
    assert [(s.seat, s.name) for s in rec.seats] == [("p1", "alice"), ("p2", "bob")]
    assert service.publisher.announced[0][1] == ["game_started"]  # type: ignore[attr-defined]
    with pytest.raises(UserError, match="not_in_lobby"):
        await service.join(pk, CAROL, "carol")


async def test_act_checks_seat_turn_and_version(service: TableService, climb: Any) -> None:
    pk = await lobby(service)
    await service.join(pk, BOB, "bob")
    rec = await service.start(pk, ALICE, fixed_order=True)
    state = service.state(rec)
    action = climb.legal_actions(state, "p1")[0]
    with pytest.raises(UserError, match="not_in_game"):
        await service.act(pk, CAROL, action)
    with pytest.raises(NotYourTurn):
        await service.act(pk, BOB, action)
    with pytest.raises(StaleVersion):
        await service.act(pk, ALICE, action, expected_version=rec.version - 1)
    unchanged = await service.store.get_game(pk)
    assert unchanged.version == rec.version and unchanged.state_json == rec.state_json
    played = await service.act(pk, ALICE, action, expected_version=rec.version)
    assert played.record.version == rec.version + 1
    assert [a.seat for a in await service.store.actions(pk)] == ["p1"]


async def test_two_clicks_at_once_apply_once(service: TableService, climb: Any) -> None:
    pk = await lobby(service)
    await service.join(pk, BOB, "bob")
    rec = await service.start(pk, ALICE, fixed_order=True)
    action = climb.legal_actions(service.state(rec), "p1")[0]
    results = await asyncio.gather(
        service.act(pk, ALICE, action, expected_version=rec.version),
        service.act(pk, ALICE, action, expected_version=rec.version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleVersion) for r in results) == 1
    assert len(await service.store.actions(pk)) == 1


async def test_ai_seats_play_to_the_end(service: TableService) -> None:
    pk = await lobby(service)
    await service.join(pk, BOB, "bob")
    await service.add_ai(pk, ALICE)
    await service.start(pk, ALICE, fixed_order=True)
    rec = await service.leave(pk, ALICE)  # alice hands her seat to the AI; bob stays
    assert rec.seats[0].is_ai and rec.seats[0].name == "alice" and rec.seats[0].left_by == ALICE
    assert service.publisher.notices[-1][1]["key"] == "table.left"  # type: ignore[attr-defined]
    for _ in range(400):
        rec = await service.store.get_game(pk)
        if rec.status is not Status.RUNNING:
            break
        movers = service.engine(rec).to_move(service.state(rec))
        if "p2" in movers:  # bob plays the first legal move whenever it is his turn
            legal = service.engine(rec).legal_actions(service.state(rec), "p2")
            await service.act(pk, BOB, legal[0], expected_version=rec.version)
        await asyncio.sleep(0.01)
    assert rec.status is Status.FINISHED
    results = await service.store.results(pk)
    assert sorted(r.seat for r in results) == ["p1", "p2", "p3"] and sum(r.winner for r in results) >= 1
    assert await service.store.pending(pk) == [], "everything was published"


async def test_leave_take_back_and_the_last_human_leaving(service: TableService) -> None:
    pk = await lobby(service)
    await service.join(pk, BOB, "bob")
    await service.start(pk, ALICE, fixed_order=True)
    with pytest.raises(UserError, match="already_seated"):
        await service.take_back(pk, BOB, "bob")
    await service.leave(pk, BOB)
    with pytest.raises(UserError, match="no_seat_to_take_back"):
        await service.take_back(pk, 55, "dave")  # only the one who left takes the seat back
    rec = await service.take_back(pk, BOB, "bob")
    assert rec.seat_info("p2").user_id == BOB and rec.seat_info("p2").left_by is None
    with pytest.raises(UserError, match="already_seated"):
        await service.take_back(pk, BOB, "bob")
    await service.leave(pk, BOB)
    with pytest.raises(UserError, match="host_only"):
        await service.hand_seat(pk, BOB, False, "bob", 77, "carol")

    async def refused() -> None:
        assert service.member_lock(77).locked(), "the check runs under the member's seating lock"
        raise UserError("night_two_tables", member="carol", n=2)

    before = await service.store.get_game(pk)
    with pytest.raises(UserError, match="night_two_tables"):
        await service.hand_seat(pk, ALICE, False, "bob", 77, "carol", allowed=refused)
    assert await service.store.get_game(pk) == before, "a refused seating changes nothing"
    rec = await service.hand_seat(pk, ALICE, False, "bob", 77, "carol")
    assert rec.seat_info("p2").user_id == 77 and rec.seat_info("p2").name == "carol"
    await service.leave(pk, 77)
    rec = await service.leave(pk, ALICE)  # nobody human is left: the game ends, abandoned
    assert rec.status is Status.ABORTED and rec.end_reason == "abandoned"
    assert await service.store.results(pk) == [], "an abandoned game counts in no statistics"
    kinds = [k for k, _ in service.publisher.notices]  # type: ignore[attr-defined]
    assert kinds[-1] == "end"


async def test_abort_rules(service: TableService) -> None:
    pk = await lobby(service)
    await service.join(pk, BOB, "bob")
    with pytest.raises(UserError, match="abort_not_allowed"):
        await service.abort(pk, None, BOB, can_manage=False)
    rec = await service.abort(pk, None, BOB, can_manage=True)
    assert rec.status is Status.ABORTED
    with pytest.raises(UserError, match="game_aborted_here"):  # its channel says how it ended
        await service.game_in(50)


async def test_a_finished_game_leaves_no_lock_or_task_behind(service: TableService) -> None:
    """1,000 finished games must not keep 1,000 locks and tasks (the memory bench found both growing)."""
    pk = await lobby(service)
    await service.add_ai(pk, ALICE)
    await service.start(pk, ALICE, fixed_order=True)
    rec = await service.store.get_game(pk)
    await service.abort(pk, rec.version, ALICE, can_manage=False)
    for _ in range(100):
        if pk not in service.ai.tasks:
            break
        await asyncio.sleep(0.01)
    gc.collect()
    assert pk not in service._locks and pk not in service.ai.tasks
