"""The outbox runner: posts what the table service committed, in order, per game.

A move is saved with its outbox entry in one transaction; publishing is separate. So a post that fails
(Discord 5xx, a permission taken away, a crash before the post) never undoes or strands a move: the entry
stays, is retried with backoff, and is taken up again at start-up; the AI moves on meanwhile. A later
click on the same game retries at once, so a restored permission is used as soon as anyone plays.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.store import SqliteStore
from bot.table.ports import Unpublished
from bot.table.publisher import Publisher

log = logging.getLogger(__name__)

#: A publishing fault that is not Discord's answer (a bug in wording or drawing) is retried a few times,
#: then the entry is skipped and logged: one bad line must not silence a game for good.
BUG_ATTEMPTS = 5
#: The backoff step for a summary card Discord would not edit (the game's own messages are not held up).
CARD_RETRY = 3


def _why(exc: BaseException, in_thread: bool) -> Unpublished:
    if isinstance(exc, discord.Forbidden):
        return Unpublished("publish.forbidden", "Send Messages in Threads" if in_thread else "Send Messages")
    return Unpublished("publish.retrying")


class Outbox:
    def __init__(
        self,
        store: SqliteStore,
        publisher: Publisher,
        *,
        retry_base: float = 2.0,
        retry_max: float = 600.0,
    ) -> None:
        self.store = store
        self.publisher = publisher
        self.retry_base = retry_base
        self.retry_max = retry_max
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Unpublished | None]] = set()
        self._queued: set[int] = set()
        self._retries: dict[int, asyncio.TimerHandle] = {}
        self._closed = False

    def kick(self, pk: int) -> None:
        """Publish what is pending for a game, in the background (named so tests wait for it). A kick
        while a drain runs queues one more drain, which starts after it: nothing committed is missed."""
        if self._closed or pk in self._queued:
            return
        self._queued.add(pk)
        task = asyncio.create_task(self.flush(pk), name=f"deckhand: publish {pk}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def flush(self, pk: int) -> Unpublished | None:
        """Publish every pending entry of a game, oldest first; stop at the first failure (later entries
        build on it) and say why. ``None``: the game's place is up to date."""
        try:
            return await self._drain(pk)
        finally:
            self._forget_if_idle(pk)

    async def _drain(self, pk: int) -> Unpublished | None:
        async with self._locks.setdefault(pk, asyncio.Lock()):
            self._queued.discard(pk)
            handle = self._retries.pop(pk, None)
            if handle is not None:
                handle.cancel()
            # Re-read until nothing is left: entries committed while this drain ran (an AI moving on)
            # are taken too, so a kick that found this drain running loses nothing.
            while entries := await self.store.pending(pk):
                for i, entry in enumerate(entries):
                    try:
                        await self.publisher.publish(entry, followed=i + 1 < len(entries))
                    except discord.HTTPException as exc:
                        attempts = await self.store.publish_failed(entry.id, f"{exc.status} {exc.text}")
                        log.warning(
                            "game %s: publishing entry %s failed (%s, attempt %s); will retry",
                            pk,
                            entry.id,
                            exc.status,
                            attempts,
                        )
                        self._retry_later(pk, attempts)
                        rec = await self.store.get_game(pk)
                        return _why(exc, rec.parent_channel_id is not None)
                    except Exception as exc:  # a fault of ours: logged with the entry, retried a few times
                        attempts = await self.store.publish_failed(entry.id, repr(exc))
                        if attempts < BUG_ATTEMPTS:
                            log.exception("game %s: publishing entry %s failed; will retry", pk, entry.id)
                            self._retry_later(pk, attempts)
                            return Unpublished("publish.retrying")
                        log.exception("game %s: entry %s skipped after %s attempts", pk, entry.id, attempts)
                        rec = await self.store.get_game(pk)
                        await self.store.published(entry.id, pk, rec.feed.dump())
            try:
                await self.publisher.refresh_stale_picture(pk)
            except discord.HTTPException as exc:  # the words are right; the picture waits for a retry
                log.warning("game %s: the table picture could not be brought up to date (%s)", pk, exc.status)
                self._retry_later(pk, 1)
            if not await self.publisher.refresh_stale_card(pk):
                self._retry_later(pk, CARD_RETRY)
        return None

    def _retry_later(self, pk: int, attempts: int) -> None:
        if self._closed:
            return
        delay = min(self.retry_max, self.retry_base * 2 ** max(0, attempts - 1))
        loop = asyncio.get_running_loop()
        self._retries[pk] = loop.call_later(delay, self.kick, pk)

    def _forget_if_idle(self, pk: int) -> None:
        """A game with nothing pending leaves nothing behind here (1,000 games must not keep 1,000 locks).
        Called with the lock released; a flush that took it meanwhile keeps it."""
        lock = self._locks.get(pk)
        if lock is not None and not lock.locked() and pk not in self._retries:
            del self._locks[pk]

    async def resume(self) -> None:
        """At start-up: whatever a crash or an outage left unpublished goes out now."""
        for pk in await self.store.games_with_pending():
            self.kick(pk)

    async def close(self, grace: float = 5.0) -> None:
        """Stop: posts already under way may finish (within ``grace`` seconds), so a clean shutdown
        leaves nothing half-published; what is left waits in the outbox for the next start."""
        self._closed = True
        for handle in self._retries.values():
            handle.cancel()
        self._retries.clear()
        tasks = [t for t in self._tasks if not t.done()]
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=grace)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
