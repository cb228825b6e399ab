"""The SQLite store against a real file: migrations, versioning, one-transaction writes, restarts."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from engines.test_climb.engine import ENGINE as CLIMB

from bot.store import ChannelBusy, GameNotFound, ResultRow, SeatInfo, SqliteStore, StaleVersion, Status
from bot.store.sqlite import migrations
from engines.core import replay

SEATS = [SeatInfo(seat="p1", user_id=11, name="alice"), SeatInfo(seat="p2", user_id=22, name="bob")]


async def new_lobby(store: SqliteStore, channel: int = 100) -> int:
    rec = await store.create_game(
        guild_id=1, channel_id=channel, game_id=CLIMB.id, host_id=11, seed=99, options={}, seats=SEATS
    )
    return rec.id


async def test_migrations_apply_once_and_use_wal(tmp_path: Path) -> None:
    path = tmp_path / "deckhand.db"
    store = await SqliteStore.open(path)
    assert await store.schema_version() == len(migrations())
    await store.close()
    store = await SqliteStore.open(path)  # re-opening applies nothing twice
    assert await store.schema_version() == len(migrations())
    await store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "actions", "guild_settings", "results", "schema_migrations"} <= tables


async def test_one_live_game_per_channel(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    pk = await new_lobby(store)
    with pytest.raises(ChannelBusy):
        await new_lobby(store)
    await new_lobby(store, channel=101)  # another channel of the same guild is fine
    rec = await store.get_game(pk)
    await store.update(pk, rec.version, status=Status.ABORTED)
    await new_lobby(store)  # the channel is free again once the game is over
    assert [g.channel_id for g in await store.live_games(1)] == [101, 100]
    await store.close()


async def test_stale_version_is_rejected_and_changes_nothing(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    pk = await new_lobby(store)
    rec = await store.get_game(pk)
    await store.update(pk, rec.version, seats=SEATS[:1])
    with pytest.raises(StaleVersion):
        await store.update(pk, rec.version, seats=[])
    assert [s.name for s in (await store.get_game(pk)).seats] == ["alice"]
    with pytest.raises(GameNotFound):
        await store.get_game(pk + 1000)
    await store.close()


async def test_two_clicks_at_once_one_wins(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
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

    assert sorted(await asyncio.gather(click(), click())) == ["ok", "stale"]
    assert len(await store.actions(pk)) == 1
    await store.close()


async def test_state_and_log_are_one_transaction(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    pk = await new_lobby(store)
    rec = await store.update(pk, 0, status=Status.RUNNING, state_json="{}")
    duplicate = [ResultRow(seat="p1", user_id=11, place=1, score=1, winner=True)] * 2
    with pytest.raises(sqlite3.IntegrityError):
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
    await store.close()


async def test_restart_mid_game_loses_nothing_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "d.db"
    store = await SqliteStore.open(path)
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
        )
    await store.close()  # the bot process stops here

    store = await SqliteStore.open(path)
    live = await store.live_game_in(100)
    assert live is not None and live.id == pk and live.version == rec.version
    assert live.state_json == CLIMB.dump_state(state)
    log = [(a.seat, a.action) for a in await store.actions(pk)]
    assert [a.seq for a in await store.actions(pk)] == [1, 2, 3, 4]
    assert CLIMB.dump_state(replay(CLIMB, ["p1", "p2"], None, 99, log)) == live.state_json
    await store.close()


async def test_finish_writes_results(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    pk = await new_lobby(store)
    rows = [
        ResultRow(seat="p1", user_id=11, place=1, score=3, winner=True),
        ResultRow(seat="p2", user_id=None, place=2, score=-2, winner=False),
    ]
    rec = await store.finish(pk, 0, Status.FINISHED, rows)
    assert rec.status is Status.FINISHED and await store.live_game_in(100) is None
    assert await store.results(pk) == rows
    await store.set_guild_locale(1, "ja")
    assert await store.guild_locale(1) == "ja" and await store.guild_locale(2) is None
    await store.close()


async def test_a_table_picture_left_behind_its_words_is_taken_up_at_start(tmp_path: Path) -> None:
    """A crash inside a burst can leave the table message's words ahead of its picture (``picture_stale``
    in the feed) with no entry pending: the start-up list still names the game, until the feed is clean."""
    store = await SqliteStore.open(tmp_path / "d.db")
    pk = await new_lobby(store)
    await store.set_feed(pk, {"picture_stale": True})
    assert await store.games_with_pending() == [], "a lobby has no table message"
    rec = await store.get_game(pk)
    await store.update(pk, rec.version, status=Status.RUNNING)
    assert await store.games_with_pending() == [pk]
    await store.close()
    store = await SqliteStore.open(tmp_path / "d.db")  # as after a restart
    assert await store.games_with_pending() == [pk]
    await store.set_feed(pk, {"picture_stale": False, "card_stale": False})
    assert await store.games_with_pending() == []
    await store.close()
