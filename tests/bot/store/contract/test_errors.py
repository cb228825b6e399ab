"""No driver's exception reaches a caller: every failure is one of ``bot.store.errors``, on either backend."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import ChannelBusy, ConstraintViolation, ResultRow, StaleVersion, Status, Store, StoreError
from tests.bot.store.contract.conftest import SEATS, new_lobby


def own(exc: BaseException) -> bool:
    return type(exc).__module__ == "bot.store.errors"


async def test_every_refusal_is_the_stores_own_error(store: Store) -> None:
    pk = await new_lobby(store)
    failures: list[BaseException] = []
    for attempt in (
        lambda: new_lobby(store),  # the channel has a live game
        lambda: store.update(pk, 5, host_id=1),  # stale
        lambda: store.finish(
            pk, 0, Status.FINISHED, [ResultRow(seat="p1", user_id=1, place=1, score=0, winner=True)] * 2
        ),
        lambda: store.create_game(
            guild_id=1,
            channel_id=5,
            game_id="test-climb",
            host_id=1,
            seed=1,
            options={},
            seats=SEATS,
            rematch_of=999,
        ),  # a rematch of no game: a foreign key
        lambda: store.update(pk, 0, status="no such status"),
    ):
        with pytest.raises(Exception) as caught:
            await attempt()
        failures.append(caught.value)
    kinds = [type(f) for f in failures]
    assert kinds[:4] == [ChannelBusy, StaleVersion, ConstraintViolation, ConstraintViolation]
    assert isinstance(failures[4], ValueError), "a caller's mistake is caught before any SQL"
    assert all(own(f) for f in failures[:4]), [type(f).__mro__ for f in failures]
    assert all(isinstance(f, StoreError) for f in failures[:4])


async def test_a_closed_store_fails_with_the_stores_error(database_url: str) -> None:
    from bot.store import open_store

    store = await open_store(database_url)
    await store.close()
    with pytest.raises(StoreError):
        await store.get_game(1)
    with pytest.raises(StoreError):
        await asyncio.wait_for(store.set_guild_locale(1, "en"), timeout=30)
