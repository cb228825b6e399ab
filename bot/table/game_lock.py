"""A game's lock: in this process an ``asyncio.Lock`` (the changes of one game in order), and while it is
held, the store's lock of the game across processes (``Store.game_lock``: a PostgreSQL advisory lock, nothing
more on SQLite), so a change of a game that another process may touch too (a DM, a rematch, a re-shard that
overlaps) runs alone from its read to its write."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from types import TracebackType


class GameLock(asyncio.Lock):
    def __init__(self, pk: int, across: Callable[[int], AbstractAsyncContextManager[None]]) -> None:
        super().__init__()
        self._pk = pk
        self._across = across
        self._held: AbstractAsyncContextManager[None] | None = None

    async def __aenter__(self) -> None:
        await self.acquire()
        try:
            held = self._across(self._pk)
            await held.__aenter__()
        except BaseException:
            self.release()
            raise
        self._held = held

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        held, self._held = self._held, None
        try:
            if held is not None:
                await held.__aexit__(kind, exc, tb)
        finally:
            self.release()
