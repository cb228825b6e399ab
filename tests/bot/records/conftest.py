"""A real SQLite store and games stored in it the way the table service stores them: the state and the
action in one write per move, the results with the last move."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.settings import Settings
from bot.store import GameRecord, ResultRow, SeatInfo, SqliteStore, Status, Store, open_store
from bot.table.assembly import table_service
from bot.table.service import TableService
from engines.core import Rng
from tests.bot.table.conftest import NoGuilds, RecordingPublisher


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    """A real store on each backend (``database_url``: a SQLite file, and PostgreSQL where one answers)."""
    opened = await open_store(database_url)
    yield opened
    await opened.close()


async def stored_game(
    store: Store,
    game_id: str,
    seats: list[SeatInfo],
    *,
    seed: int = 7,
    guild_id: int = 1,
    channel_id: int = 100,
    moves: int | None = None,
) -> tuple[GameRecord, list[Any]]:
    """Seat ``seats`` (their ``seat`` fields p1, p2 …), deal with ``seed`` and let the game's AI play every
    seat for ``moves`` moves (``None``: to the end). Returns the record and every state (0: the deal)."""
    engine = engines.get(game_id)
    rec = await store.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        game_id=game_id,
        host_id=seats[0].user_id or 1,
        seed=seed,
        options={},
        seats=seats,
    )
    state = engine.new_game([s.seat for s in seats], None, seed)
    rec = await store.update(rec.id, rec.version, status=Status.RUNNING, state_json=engine.dump_state(state))
    states = [state]
    agent, rng = engine.ai("normal"), Rng.from_seed(seed)
    while engine.to_move(state) and (moves is None or len(states) <= moves):
        seat = engine.to_move(state)[0]
        action = agent.choose(state, seat, rng)
        state = engine.apply(state, seat, action).state
        states.append(state)
        outcome = engine.outcome(state)
        results = None
        if outcome is not None:
            results = [
                ResultRow(
                    seat=s.seat,
                    user_id=s.user_id,
                    place=outcome.place_of(s.seat),
                    score=outcome.scores.get(s.seat, 0.0),
                    winner=s.seat in outcome.winners,
                )
                for s in seats
            ]
        rec = await store.record_action(
            rec.id,
            rec.version,
            seat=seat,
            user_id=rec.seat_info(seat).user_id,
            action=action.model_dump(mode="json"),
            state_json=engine.dump_state(state),
            status=Status.FINISHED if outcome is not None else None,
            results=results,
        )
    return rec, states


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    """The table service on a real store, its publisher recording instead of posting, and no AI of its own:
    a test makes the AI's moves itself (``ai_move``), so which seat the AI plays, and when, is the test's."""
    store = await SqliteStore.open(tmp_path / "deckhand.db")
    settings = Settings(DECKHAND_DATABASE=str(tmp_path / "deckhand.db"), DECKHAND_AI_DELAY=0, _env_file=None)  # type: ignore[call-arg]
    svc = table_service(NoGuilds(), store, settings)  # type: ignore[arg-type]
    svc.publisher = svc.outbox.publisher = RecordingPublisher(store)  # type: ignore[assignment]
    svc.kick_ai = lambda pk: None  # type: ignore[method-assign]
    yield svc
    await svc.shutdown()
    await store.close()


async def ai_move(svc: TableService, pk: int, seat: str, action: Mapping[str, Any]) -> None:
    """The move the AI driver would make for ``seat`` (``user_id`` None), through the same path."""
    async with svc.lock(pk):
        await svc._apply(await svc.store.get_game(pk), seat, None, action)
