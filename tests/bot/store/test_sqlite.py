"""What is SQLite's own: the file in WAL mode. Everything a store must do on either backend is in
``tests/bot/store/contract``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store import SqliteStore
from bot.store.sqlite import migrations


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
