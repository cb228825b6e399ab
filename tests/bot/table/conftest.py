from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from bot.store import OutboxEntry, SqliteStore
from bot.table.assembly import table_service
from bot.table.service import TableService


class RecordingPublisher:
    """Stands in for the Discord side of the service: takes each outbox entry as published and records
    what it would have announced."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store
        self.announced: list[tuple[int, list[str]]] = []
        self.notices: list[tuple[str, dict[str, Any]]] = []
        self.summaries: list[int] = []

    async def publish(self, entry: OutboxEntry, *, followed: bool = False) -> None:
        if entry.kind in ("start", "move"):
            self.announced.append((entry.version, [e["kind"] for e in entry.payload["events"]]))
        else:
            self.notices.append((entry.kind, dict(entry.payload)))
        rec = await self.store.get_game(entry.game_pk)
        await self.store.published(entry.id, entry.game_pk, rec.feed.dump())

    async def update_summary(self, rec: Any, lang: str | None = None, **_: Any) -> None:
        self.summaries.append(rec.id)

    async def refresh_stale_card(self, pk: int) -> bool:
        return True

    async def refresh_stale_picture(self, pk: int) -> None:
        return None

    async def refresh_lobby(self, rec: Any) -> None:
        self.summaries.append(rec.id)


class NoGuilds:
    def get_guild(self, guild_id: int) -> None:
        return None


@pytest.fixture
async def service(tmp_path: Path, climb: Any) -> AsyncIterator[TableService]:
    store = await SqliteStore.open(tmp_path / "deckhand.db")
    settings = Settings(DECKHAND_DATABASE=str(tmp_path / "deckhand.db"), DECKHAND_AI_DELAY=0, _env_file=None)  # type: ignore[call-arg]
    svc = table_service(NoGuilds(), store, settings)  # type: ignore[arg-type]
    svc.publisher = svc.outbox.publisher = RecordingPublisher(store)  # type: ignore[assignment]
    yield svc
    await svc.shutdown()
    await store.close()
