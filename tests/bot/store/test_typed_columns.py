"""The typed JSON of a game (its outbox messages, its table feed and its turn clocks) reads every row as an
older version wrote it, and writes the same keys again: the columns stay JSON, only the bot's view of them
is typed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.store import OutboxItem, SeatInfo, SqliteStore
from bot.store.columns import ClockState, Feed, SeatClock, Turn
from bot.store.messages import Changed, Ended, Told

SEATS = [SeatInfo(seat="p1", user_id=11, name="alice"), SeatInfo(seat="p2", user_id=12, name="bob")]

#: Outbox rows exactly as the untyped outbox wrote them: (kind, seat, payload_json).
OLD_ROWS = [
    ("start", None, '{"events":[{"kind":"game_started","seat":null,"visible_to":null}]}'),
    ("move", "p1", '{"events":[{"kind":"climbed","seat":"p1","visible_to":null,"steps":2}]}'),
    ("notice", None, '{"key":"table.left","name":"alice","button":"take_back"}'),
    ("notice", None, '{"key":"clock.half","name":"bob","left":"1h","ping":[12]}'),
    ("end", None, '{"reason":"abandoned","name":"alice"}'),
    ("end", None, '{"reason":"aborted"}'),
]


async def _game(store: SqliteStore) -> int:
    rec = await store.create_game(
        guild_id=1, channel_id=5, game_id="test-climb", host_id=11, seed=1, options={}, seats=SEATS
    )
    return rec.id


def _raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


async def test_outbox_rows_written_before_the_messages_were_typed_read_as_typed_messages(
    tmp_path: Path,
) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        pk = await _game(store)
        raw = _raw(tmp_path / "d.db")
        for kind, seat, payload in OLD_ROWS:
            raw.execute(
                "INSERT INTO outbox (game_pk, version, kind, seat, payload_json) VALUES (?, 0, ?, ?, ?)",
                (pk, kind, seat, payload),
            )
        raw.close()
        messages = [entry.message for entry in await store.pending(pk)]
        assert messages == [
            Changed(kind="start", events=[{"kind": "game_started", "seat": None, "visible_to": None}]),
            Changed(kind="move", events=[{"kind": "climbed", "seat": "p1", "visible_to": None, "steps": 2}]),
            Told(key="table.left", params={"name": "alice"}, button="take_back"),
            Told(key="clock.half", params={"name": "bob", "left": "1h"}, ping=[12]),
            Ended(reason="abandoned", name="alice"),
            Ended(reason="aborted"),
        ]
        # Written again, each is the very JSON it was read from.
        assert [
            (e.kind, e.seat, json.dumps(e.payload, separators=(",", ":"))) for e in await store.pending(pk)
        ] == (OLD_ROWS)
    finally:
        await store.close()


async def test_a_typed_message_is_written_with_the_keys_the_old_rows_have(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        pk = await _game(store)
        told = Told(key="table.seated", params={"name": "carol", "seat": "p2"}, ping=[13])
        await store.update(pk, 0, publish=OutboxItem(message=told), host_id=11)
        raw = _raw(tmp_path / "d.db")
        row = raw.execute("SELECT kind, payload_json FROM outbox WHERE game_pk = ?", (pk,)).fetchone()
        raw.close()
        assert row == ("notice", '{"key":"table.seated","name":"carol","seat":"p2","ping":[13]}')
    finally:
        await store.close()


async def test_feed_and_clocks_written_before_they_were_typed_read_as_models(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        pk = await _game(store)
        raw = _raw(tmp_path / "d.db")
        # A feed with a key this version no longer knows, and clocks from before turns knew whose turn it
        # is (no ``of``, no ``left``).
        feed = {"message_id": 42, "to": ["p1"], "lines": ["• hi"], "recent": [["p2", "• hi"]], "gone": 1}
        clocks = {
            "seats": {"p1": {"bank": 60.0, "timeouts": 1}},
            "turns": {"p1": {"since": 10.0, "version": 3, "deadline": 100.0, "expired": False, "own": True}},
        }
        raw.execute(
            "UPDATE games SET feed_json = ?, clock_json = ? WHERE id = ?",
            (json.dumps(feed), json.dumps(clocks), pk),
        )
        raw.close()
        rec = await store.get_game(pk)
        assert rec.feed == Feed(message_id=42, to=["p1"], lines=["• hi"], recent=[["p2", "• hi"]])
        assert rec.clock_state == ClockState(
            seats={"p1": SeatClock(bank=60.0, timeouts=1)},
            turns={"p1": Turn(since=10.0, version=3, deadline=100.0)},
        )
        # A copy to change: the record's own stays as it was read.
        mine = Feed.load(rec.feed)
        mine.hidden = 5
        assert rec.feed.hidden == 0
        assert (
            Feed.load(rec.feed.dump()) == rec.feed
            and ClockState.load(rec.clock_state.dump()) == rec.clock_state
        )
    finally:
        await store.close()


async def test_a_game_without_feed_or_clocks_reads_empty_ones(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "d.db")
    try:
        rec = await store.get_game(await _game(store))
        assert rec.feed == Feed() and rec.clock_state == ClockState()
    finally:
        await store.close()
