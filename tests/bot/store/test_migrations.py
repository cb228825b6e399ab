"""Migrations that change stored data, not only the schema: each applied to a database as an older bot
left it."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import engines
from bot.store import SqliteStore
from bot.store.sqlite import migrations
from engines.core import replay

PC = engines.get("project-chaos")


def _database_before(path: Path, number: int) -> sqlite3.Connection:
    """A database with the migrations before ``number`` applied, as the bot of that time left it."""
    raw = sqlite3.connect(path)
    raw.execute(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
        " applied_at TEXT NOT NULL DEFAULT 'then')"
    )
    for n, name, sql in migrations():
        if n < number:
            raw.executescript(sql)
            raw.execute("INSERT INTO schema_migrations (version, name) VALUES (?, ?)", (n, name))
    raw.commit()
    return raw


def _insert(
    raw: sqlite3.Connection, channel: int, game_id: str, options: dict[str, object], state: str
) -> int:
    cur = raw.execute(
        "INSERT INTO games (guild_id, channel_id, game_id, status, host_id, options_json, seed, seats_json,"
        " state_json, version) VALUES (1, ?, ?, 'running', 11, ?, 5, '[]', ?, 1)",
        (channel, game_id, json.dumps(options), state),
    )
    raw.commit()
    assert cur.lastrowid is not None
    return cur.lastrowid


async def test_pc_6_project_chaos_games_stored_before_keep_the_shorter_deck(tmp_path: Path) -> None:
    """Before PC-6 the shorter deck was the only one: a game stored then, its options silent on the deck,
    reads as ``deck=short`` afterwards, so it goes on and replays as it was dealt. A game that names its deck,
    and other games, are untouched."""
    path = tmp_path / "old.db"
    raw = _database_before(path, 5)
    players = ["p1", "p2"]
    # The game as the old bot dealt and played it: the shorter deck was what every game got.
    state = PC.new_game(players, {"scenario": "mvp", "deck": "short"}, 5)
    log = []
    rng = random.Random(1)
    for _ in range(6):
        seats = PC.to_move(state)
        if not seats:
            break
        action = rng.choice(PC.legal_actions(state, seats[0]))
        log.append((seats[0], action))
        state = PC.apply(state, seats[0], action).state
    old = _insert(raw, 100, "project-chaos", {"scenario": "mvp"}, PC.dump_state(state))
    named = _insert(raw, 101, "project-chaos", {"scenario": "mvp", "deck": "full"}, "{}")
    other = _insert(raw, 102, "test-climb", {}, "{}")
    raw.close()

    store = await SqliteStore.open(path)
    try:
        migrated = await store.get_game(old)
        assert migrated.options == {"scenario": "mvp", "deck": "short"}
        rebuilt = replay(PC, players, migrated.options, 5, log)
        assert PC.dump_state(rebuilt) == migrated.state_json
        assert (await store.get_game(named)).options == {"scenario": "mvp", "deck": "full"}
        assert (await store.get_game(other)).options == {}
    finally:
        await store.close()
