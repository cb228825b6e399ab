"""The AI's turns on the table service and a real SQLite file: a move that meets a newer state (another write
got in first) is chosen again from the new state, never reported as a failure that leaves the seat waiting."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from bot.store import SqliteStore, StaleVersion
from bot.table.assembly import table_service
from bot.table.service import TableService
from tests.bot.table.conftest import NoGuilds, RecordingPublisher

ALICE = 1


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[TableService]:
    store = await SqliteStore.open(tmp_path / "deckhand.db")
    settings = Settings(DECKHAND_DATABASE=str(tmp_path / "deckhand.db"), DECKHAND_AI_DELAY=0, _env_file=None)
    service = table_service(NoGuilds(), store, settings)  # type: ignore[arg-type]
    service.publisher = service.outbox.publisher = RecordingPublisher(store)  # type: ignore[assignment]
    yield service
    await service.shutdown()
    await store.close()


async def test_an_ai_move_that_meets_a_newer_state_is_chosen_again(
    svc: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    rec = await svc.create(
        guild_id=9, channel_id=50, host_id=ALICE, host_name="alice", game_id="test-climb", options_text=""
    )
    await svc.add_ai(rec.id, ALICE)
    record_action = svc.store.record_action
    refused: list[int] = []

    async def first_ai_move_is_stale(pk: int, version: int, **kwargs: Any) -> Any:
        if kwargs.get("user_id") is None and not refused:
            refused.append(version)
            raise StaleVersion(pk, version)
        return await record_action(pk, version, **kwargs)

    monkeypatch.setattr(svc.store, "record_action", first_ai_move_is_stale)
    reports: list[str] = []

    async def report(pk: int, ref: str) -> None:
        reports.append(ref)

    monkeypatch.setattr(svc.ai, "report_failure", report)
    await svc.start(rec.id, ALICE, fixed_order=False)
    for _ in range(200):  # the AI moves whenever its seat is to act; alice plays hers
        rec = await svc.store.get_game(rec.id)
        task = svc.ai.tasks.get(rec.id)
        if task is not None:
            await task
            continue
        movers = svc.engine(rec).to_move(svc.state(rec))
        mine = rec.seat_of(ALICE)
        assert mine is not None
        if mine.seat not in movers:
            break
        await svc.act(rec.id, ALICE, svc.engine(rec).legal_actions(svc.state(rec), mine.seat)[0])
    actions = await svc.store.actions(rec.id)
    assert refused, "the AI met a newer state once"
    assert any(a.user_id is None for a in actions), "and then played its move"
    assert reports == []
