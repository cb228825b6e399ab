"""The outbox runner: posts what the table service committed, in order, per game.

A move is saved with its outbox entry in one transaction; publishing is separate. So a post that fails
(Discord 5xx, a permission taken away, a crash before the post) never undoes or strands a move: the entry
stays, is retried with backoff, and is taken up again at start-up; the AI moves on meanwhile. A later
click on the same game retries at once, so a restored permission is used as soon as anyone plays.

Several processes: a process publishes only the games of its shards, and claims a game's pending entries with
a lease before posting them (``Store.claim_outbox``), so entries two processes could both see (one died and
another took its shards, or a re-shard overlaps) are posted by one; a dead process's lease runs out and the
entries are taken over. Each post also carries the entry's nonce, so Discord drops a repeat within minutes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

import discord

from bot.shards import Shards
from bot.store import Store
from bot.store.models import OutboxEntry
from bot.table.ports import Unpublished
from bot.table.publisher import Publisher

log = logging.getLogger(__name__)

#: A publishing fault that is not Discord's answer (a bug in wording or drawing) is retried a few times,
#: then the entry is skipped and logged: one bad line must not silence a game for good.
BUG_ATTEMPTS = 5
#: The backoff step for a summary card Discord would not edit (the game's own messages are not held up).
CARD_RETRY = 3
#: How long a claim of a game's entries holds (seconds) before another process may take them over.
LEASE = 30.0


def _why(exc: BaseException, in_thread: bool) -> Unpublished:
    if isinstance(exc, discord.Forbidden):
        return Unpublished("publish.forbidden", "Send Messages in Threads" if in_thread else "Send Messages")
    return Unpublished("publish.retrying")


class Outbox:
    def __init__(
        self,
        store: Store,
        publisher: Publisher,
        *,
        retry_base: float = 2.0,
        retry_max: float = 600.0,
        owner: str = "",
        shards: Shards | None = None,
        lease: float = LEASE,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        #: who claims entries (one name per process) and the servers it publishes for
        self.owner = owner
        self.shards = shards
        self.lease = lease
        self.now = now
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
            # Re-claim until nothing is left: entries committed while this drain ran (an AI moving on)
            # are taken too, so a kick that found this drain running loses nothing.
            while entries := await self._claim(pk):
                claimed = self.now()
                for i, entry in enumerate(entries):
                    if self.now() - claimed > self.lease / 2:  # a long drain renews its claim
                        if not await self._claim(pk):
                            return None  # the lease ran out meanwhile and another process took the entries
                        claimed = self.now()
                    try:
                        await self.publisher.publish(entry, followed=i + 1 < len(entries))
                    except discord.HTTPException as exc:
                        attempts = await self.store.publish_failed(entry.id, f"{exc.status} {exc.text}")
                        await self.store.release_outbox(pk, self.owner)
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
                        await self.store.release_outbox(pk, self.owner)
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

    async def _claim(self, pk: int) -> list[OutboxEntry]:
        """The game's pending entries, claimed; none while another process holds them, and then a look
        again once its lease may have run out (it may have died)."""
        if not await self.store.pending(pk):  # a read: the usual end of a drain costs no write
            return []
        entries = await self.store.claim_outbox(pk, self.owner, self.now(), self.lease)
        if not entries:
            log.info("game %s: another process is publishing its entries; looking again later", pk)
            self._retry_in(pk, self.lease)
        return entries

    def _retry_later(self, pk: int, attempts: int) -> None:
        if self._closed:
            return
        self._retry_in(pk, min(self.retry_max, self.retry_base * 2 ** max(0, attempts - 1)))

    def _retry_in(self, pk: int, delay: float) -> None:
        if self._closed:
            return
        self._retries[pk] = asyncio.get_running_loop().call_later(delay, self.kick, pk)

    def _forget_if_idle(self, pk: int) -> None:
        """A game with nothing pending leaves nothing behind here (1,000 games must not keep 1,000 locks).
        Called with the lock released; a flush that took it meanwhile keeps it."""
        lock = self._locks.get(pk)
        if lock is not None and not lock.locked() and pk not in self._retries:
            del self._locks[pk]

    async def resume(self) -> None:
        """At start-up: whatever a crash or an outage left unpublished goes out now."""
        for pk in await self.store.games_with_pending(self.shards):
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
