from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from bot.store import SqliteStore
from bot.table.service import TableService


class RecordingPublisher:
    """Stands in for the Discord side of the service: records what would be announced."""

    def __init__(self) -> None:
        self.announced: list[tuple[int, list[str]]] = []
        self.retired: list[int] = []

    async def announce(self, rec: Any, state: Any, events: list[Any], **_: Any) -> None:
        self.announced.append((rec.version, [e.kind for e in events]))

    async def retire_table_message(self, rec: Any) -> None:
        self.retired.append(rec.id)


class NoGuilds:
    def get_guild(self, guild_id: int) -> None:
        return None


@pytest.fixture
async def service(tmp_path: Path, climb: Any) -> AsyncIterator[TableService]:
    store = await SqliteStore.open(tmp_path / "deckhand.db")
    settings = Settings(DECKHAND_DATABASE=str(tmp_path / "deckhand.db"), DECKHAND_AI_DELAY=0, _env_file=None)  # type: ignore[call-arg]
    svc = TableService(NoGuilds(), store, settings)  # type: ignore[arg-type]
    svc.publisher = RecordingPublisher()  # type: ignore[assignment]
    yield svc
    await svc.shutdown()
    await store.close()
