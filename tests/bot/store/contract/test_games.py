"""Games on either backend: one live game per channel, versioned writes (a stale write is refused, two
clicks at once give one move), state and log in one transaction, restarts and replays."""

from __future__ import annotations

import asyncio

import pytest
from engines.test_climb.engine import ENGINE as CLIMB

from bot.store import (
    ChannelBusy,
    ConstraintViolation,
    GameNotFound,
    ResultRow,
    StaleVersion,
    Status,
    Store,
)
from engines.core import replay
from tests.bot.store.contract.conftest import SEATS, Reopen, new_lobby


async def test_the_schema_is_migrated_once(reopen: Reopen) -> None:
    first = await reopen()
    version = await first.schema_version()
    assert version >= 1
    await first.close()
    again = await reopen()  # re-opening applies nothing twice
    assert await again.schema_version() == version


async def test_one_live_game_per_channel(store: Store) -> None:
    pk = await new_lobby(store)
    with pytest.raises(ChannelBusy):
        await new_lobby(store)
    await new_lobby(store, channel=101)  # another channel of the same guild is fine
    rec = await store.get_game(pk)
    await store.update(pk, rec.version, status=Status.ABORTED)
    await new_lobby(store)  # the channel is free again once the game is over
    assert [g.channel_id for g in await store.live_games(1)] == [101, 100]


async def test_stale_version_is_rejected_and_changes_nothing(store: Store) -> None:
    pk = await new_lobby(store)
    rec = await store.get_game(pk)
    await store.update(pk, rec.version, seats=SEATS[:1])
    with pytest.raises(StaleVersion):
        await store.update(pk, rec.version, seats=[])
    assert [s.name for s in (await store.get_game(pk)).seats] == ["alice"]
    with pytest.raises(GameNotFound):
        await store.get_game(pk + 1000)


async def test_clicks_at_once_one_wins(store: Store) -> None:
    pk = await new_lobby(store)
    state = CLIMB.new_game(["p1", "p2"], None, 99)
    rec = await store.update(
        pk, (await store.get_game(pk)).version, status=Status.RUNNING, state_json=CLIMB.dump_state(state)
    )
    action = CLIMB.legal_actions(state, "p1")[0]
    new_json = CLIMB.dump_state(CLIMB.apply(state, "p1", action).state)

    async def click() -> str:
        try:
            await store.record_action(
                pk, rec.version, seat="p1", user_id=11, action=action.model_dump(), state_json=new_json
            )
        except StaleVersion:
            return "stale"
        return "ok"

    outcomes = await asyncio.gather(*(click() for _ in range(8)))
    assert sorted(outcomes) == ["ok"] + ["stale"] * 7
    assert len(await store.actions(pk)) == 1
    assert (await store.get_game(pk)).version == rec.version + 1


async def test_state_and_log_are_one_transaction(store: Store) -> None:
    pk = await new_lobby(store)
    rec = await store.update(pk, 0, status=Status.RUNNING, state_json="{}")
    duplicate = [ResultRow(seat="p1", user_id=11, place=1, score=1, winner=True)] * 2
    with pytest.raises(ConstraintViolation):
        await store.record_action(
            pk,
            rec.version,
            seat="p1",
            user_id=11,
            action={"type": "x"},
            state_json='{"changed": true}',
            status=Status.FINISHED,
            results=duplicate,
        )
    after = await store.get_game(pk)
    assert (after.version, after.state_json, after.status) == (rec.version, "{}", Status.RUNNING)
    assert await store.actions(pk) == [] and await store.results(pk) == []


async def test_restart_mid_game_loses_nothing_and_replays(reopen: Reopen) -> None:
    store = await reopen()
    pk = await new_lobby(store)
    state = CLIMB.new_game(["p1", "p2"], None, 99)
    rec = await store.update(pk, 0, status=Status.RUNNING, state_json=CLIMB.dump_state(state))
    for _ in range(4):
        seat = CLIMB.to_move(state)[0]
        action = CLIMB.legal_actions(state, seat)[0]
        state = CLIMB.apply(state, seat, action).state
        rec = await store.record_action(
            pk,
            rec.version,
            seat=seat,
            user_id=None,
            action=action.model_dump(),
            state_json=CLIMB.dump_state(state),
            decided_by="ai",
            seats=SEATS,
        )
    await store.close()  # the bot process stops here

    store = await reopen()
    live = await store.live_game_in(100)
    assert live is not None and live.id == pk and live.version == rec.version
    assert live.state_json == CLIMB.dump_state(state)  # the engine's text, byte for byte
    log = await store.actions(pk)
    assert [a.seq for a in log] == [1, 2, 3, 4]
    assert {a.decided_by for a in log} == {"ai"} and log[0].seats == SEATS
    replayed = replay(CLIMB, ["p1", "p2"], None, 99, [(a.seat, a.action) for a in log])
    assert CLIMB.dump_state(replayed) == live.state_json


async def test_finish_writes_results(store: Store) -> None:
    pk = await new_lobby(store)
    rows = [
        ResultRow(seat="p1", user_id=11, place=1, score=3, winner=True),
        ResultRow(seat="p2", user_id=None, place=2, score=-2.5, winner=False),
    ]
    rec = await store.finish(pk, 0, Status.FINISHED, rows)
    assert rec.status is Status.FINISHED and await store.live_game_in(100) is None
    assert await store.results(pk) == rows


async def test_fields_a_lobby_changes_are_stored_as_given(store: Store) -> None:
    pk = await new_lobby(store)
    rec = await store.update(
        pk,
        0,
        options={"hand_size": 5, "nested": {"a": [1, 2]}},
        fixed_order=True,
        host_id=22,
        parent_channel_id=7,
        clock_seconds=3600,
        end_reason=None,
    )
    assert rec.options == {"hand_size": 5, "nested": {"a": [1, 2]}} and rec.fixed_order is True
    assert (rec.host_id, rec.parent_channel_id, rec.clock, rec.version) == (22, 7, 3600, 1)
    assert rec.created_at.endswith("Z") and rec.updated_at >= rec.created_at
    assert await store.live_games_opened_from(7) == [rec]
    with pytest.raises(ValueError, match="not updatable"):
        await store.update(pk, 1, version=9)


async def test_rematches_and_message_ids(store: Store) -> None:
    first = await new_lobby(store)
    await store.set_message_ids(first, lobby_message_id=5, table_message_id=6, feed={"lines": ["a"]})
    rec = await store.finish(first, 0, Status.FINISHED, [])
    assert (rec.lobby_message_id, rec.table_message_id, rec.feed.lines) == (5, 6, ["a"])
    assert rec.version == 1, "message bookkeeping is not versioned"
    again = await store.create_game(
        guild_id=1, channel_id=100, game_id="test-climb", host_id=11, seed=1, options={}, seats=SEATS,
        rematch_of=first,
    )  # fmt: skip
    assert [g.id for g in await store.rematches_of(first)] == [again.id]


async def test_a_coached_game_is_stored_and_its_results_say_so(store: Store) -> None:
    """Issue 27: ``coach=on`` is kept on the game (set at the lobby, changed by the lobby's options) and
    comes back with the finished game's results, so the stats can mark coached games."""
    coached = await store.create_game(
        guild_id=1,
        channel_id=100,
        game_id="test-climb",
        host_id=11,
        seed=5,
        options={},
        seats=SEATS,
        coach=True,
    )
    assert coached.coach is True and (await store.get_game(coached.id)).coach is True
    plain = await store.create_game(
        guild_id=1, channel_id=101, game_id="test-climb", host_id=11, seed=6, options={}, seats=SEATS
    )
    assert plain.coach is False
    turned = await store.update(plain.id, plain.version, coach=True)
    turned = await store.update(turned.id, turned.version, coach=False)
    assert turned.coach is False
    rows = [
        ResultRow(seat=s.seat, user_id=s.user_id, place=i, score=0, winner=i == 1)
        for i, s in enumerate(SEATS, 1)
    ]
    await store.finish(coached.id, coached.version, Status.FINISHED, rows)
    await store.finish(plain.id, turned.version, Status.FINISHED, rows)
    found = {(r.game_pk, r.coached) for r in await store.finished_results(1)}
    assert found == {(coached.id, True), (plain.id, False)}
