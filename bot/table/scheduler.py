"""The scheduler: turn clocks kept with the game, and one background loop firing reminders and deadlines.

- The scheduler is one of the table service's move hooks (``bot.table.hooks``): for every change of a game
  (inside the game's lock) it gives the clocks after it (``write``), stored in the change's own transaction:
  a turn that ends takes its pending timers with it, a turn that begins gets its reminders and deadline
  (``bot.table.clock``).
- The loop sleeps until the soonest pending timer (or at most ``MAX_SLEEP``) and asks the service to fire
  what is due (``TableService.fire_timer``); what a timer does is decided here, purely (``timer_effect``).
  Each timer belongs to one turn (the game's version when it began); firing checks, under the game's lock,
  that this very turn is still running, and marks the timer done in the same transaction as its effect (the
  reminder's notice, the turn handed to the AI), so a timer of a turn already played does nothing, nothing
  fires twice, and after a restart the loop simply finds what is still pending.
- Several processes: a process fires only the timers of its shards' servers, and claims due timers with a
  lease first (``Store.claim_timers``), so a timer two processes could both see is acted on by one; a dead
  process's claim runs out and is taken over. Marking the timer done in its effect's transaction stays the
  guarantee that nothing fires twice.
- Time comes from an injectable ``Clock`` (``now()``: Unix seconds), so tests move it instead of sleeping
  and call ``tick()`` to fire what is due.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from bot.presenters import summary
from bot.shards import Shards
from bot.store import GameRecord, SeatInfo, Status
from bot.store.models import ClockWrite, TimerItem, TimerRow
from bot.table.clock import (
    HALF,
    TIMEOUTS_TO_AI,
    ClockState,
    advance,
    hold,
    release,
)
from bot.table.hooks import Change, Contribution
from bot.table.timer_effects import SEAT_TAKEN, Clock, SystemClock
from engines.core import GameState
from i18n import pick, t

if TYPE_CHECKING:
    from bot.table.service import TableService

log = logging.getLogger(__name__)

#: The loop looks at the timers at least this often (seconds), whatever it was told.
MAX_SLEEP = 300.0
#: After a fault of the loop itself (the database busy …), it tries again this much later.
RETRY = 30.0
#: How long a claim of due timers holds (seconds) before another process may take them over.
LEASE = 30.0


class Scheduler:
    def __init__(
        self,
        tables: TableService,
        clock: Clock | None = None,
        *,
        owner: str = "",
        shards: Shards | None = None,
        lease: float = LEASE,
    ) -> None:
        self.tables = tables
        self.clock: Clock = clock or SystemClock()
        #: who claims timers (one name per process), the servers it works for, how long a claim holds
        self.owner = owner
        self.shards = shards
        self.lease = lease
        self._loop: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._tick_lock = asyncio.Lock()
        #: The soonest due time of timers written since the loop last looked (they may not be committed
        #: yet when it wakes, so the loop sleeps until this time rather than past it).
        self._hint: float | None = None

    # -- the clocks after a change (called by the table service inside the game's lock) ----------------
    def write(
        self,
        rec: GameRecord,
        *,
        state: GameState | None = None,
        seats: list[SeatInfo] | None = None,
        status: Status | None = None,
        acted: str | None = None,
        version: int | None = None,
    ) -> ClockWrite | None:
        """The clocks after a change of ``rec`` (new ``state``/``seats``/``status`` where they change;
        ``acted``: the seat a player moved for themselves), or ``None`` when they stay as they are.
        ``version``: the game's version after the change (default: one more, as every change makes)."""
        seats = rec.seats if seats is None else seats
        status = rec.status if status is None else status
        clock = ClockState.load(rec.clock_state)
        if status is not Status.RUNNING:
            if not clock.turns:
                return None
            clock.turns.clear()
            return ClockWrite(state=clock.dump(), cancel_all=True)
        engine = self.tables.engine(rec)
        if state is None:
            state = self.tables.state(rec)
        over = engine.outcome(state) is not None
        movers = [] if over else engine.to_move(state)
        humans = {s.seat for s in seats if not s.is_ai}
        change = advance(
            clock,
            limit=rec.clock,
            to_move=[m for m in movers if m in humans],
            version=rec.version + 1 if version is None else version,
            now=self.clock.now(),
            acted=acted,
            # The clock is keyed on whose turn it is, not on each decision (a vote, a chaos step).
            turn_of=None if over else engine.turn_of(state),
        )
        after = clock.dump()
        if not change and after == ClockState.load(rec.clock_state).dump():
            return None
        timers = [
            TimerItem(seat=x.seat, kind=x.kind, due_at=x.due_at, version=x.version) for x in change.timers
        ]
        if timers:
            soonest = min(x.due_at for x in timers)
            self._hint = soonest if self._hint is None else min(self._hint, soonest)
            self._wake.set()
        cancel = change.ended + change.started + change.paused + change.resumed
        return ClockWrite(state=after, cancel=cancel, timers=timers)

    def held(self, rec: GameRecord, *, on: bool) -> ClockWrite | None:
        """The clocks of running game ``rec`` held by a paused game night (``on``) or running again from
        where they stood; ``None`` when they are so already."""
        clock = ClockState.load(rec.clock_state)
        if rec.status is not Status.RUNNING or clock.held is on:
            return None
        if on:
            change = hold(clock, now=self.clock.now())
        else:
            engine = self.tables.engine(rec)
            state = self.tables.state(rec)
            over = engine.outcome(state) is not None
            humans = {s.seat for s in rec.seats if not s.is_ai}
            change = release(
                clock,
                limit=rec.clock,
                to_move=[] if over else [m for m in engine.to_move(state) if m in humans],
                version=rec.version,
                now=self.clock.now(),
                turn_of=None if over else engine.turn_of(state),
            )
        timers = [
            TimerItem(seat=x.seat, kind=x.kind, due_at=x.due_at, version=x.version) for x in change.timers
        ]
        if timers:
            soonest = min(x.due_at for x in timers)
            self._hint = soonest if self._hint is None else min(self._hint, soonest)
            self._wake.set()
        cancel = change.ended + change.started + change.paused + change.resumed
        return ClockWrite(state=clock.dump(), cancel=cancel, timers=timers)

    def contribute(self, change: Change) -> Contribution:
        """The move hook (``bot.table.hooks``): the clocks after ``change``."""
        rec = change.rec
        if change.expired is not None:
            if change.seats is None and change.status is None:
                # A turn timed out and nothing else changed: the expiry is the whole change of the clocks.
                return Contribution(clock=ClockWrite(state=change.expired.dump()))
            rec = rec.model_copy(update={"clock_state": change.expired})
        write = self.write(
            rec, state=change.state, seats=change.seats, status=change.status, acted=change.acted
        )
        if write is None and change.expired is not None:
            write = ClockWrite(state=change.expired.dump())
        return Contribution(clock=write)

    # -- the loop -------------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the loop (again after it stopped); idempotent. Not named ``deckhand: …``: it runs for the
        bot's whole life, and only its firing of due timers is work to wait for."""
        if self._loop is None or self._loop.done():
            self._loop = asyncio.create_task(self._run(), name="scheduler loop (turn clocks)")

    async def stop(self) -> None:
        task, self._loop = self._loop, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def wake(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            try:
                await self.tick()
                delay = await self._delay()
            except asyncio.CancelledError:
                raise
            except Exception:  # the loop must outlive a fault (a locked database …): logged, tried again
                log.exception("the scheduler's tick failed; trying again in %s s", RETRY)
                delay = RETRY
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), delay)

    async def _delay(self) -> float:
        now = self.clock.now()
        if self._hint is not None and self._hint <= now:
            self._hint = None
        due = [d for d in (await self.tables.store.next_due(self.shards), self._hint) if d is not None]
        if not due:
            return MAX_SLEEP
        return min(MAX_SLEEP, max(0.0, min(due) - now))

    async def tick(self) -> int:
        """Fire every timer due now (tests call this after moving the clock); returns how many did
        something. One tick at a time: a tick waiting here finds the other's work done."""
        async with self._tick_lock:
            store = self.tables.store
            due = await store.claim_timers(self.owner, self.clock.now(), self.lease, shards=self.shards)
            if not due:
                return 0
            # Named so the tests' harness waits for it, like any short work of the bot.
            work = asyncio.create_task(self._fire_all(due), name="deckhand: scheduler")
            return await work

    async def _fire_all(self, due: list[TimerRow]) -> int:
        fired = 0
        for timer in due:
            try:
                fired += await self._fire(timer)
            except asyncio.CancelledError:
                raise
            except Exception:  # a fault of ours: logged and the timer dropped, so it cannot fail forever
                log.exception("timer %s of game %s failed; dropped", timer.id, timer.game_pk)
                await self.tables.drop_timer(timer)
        return fired

    async def _fire(self, timer: TimerRow) -> bool:
        """The service writes what the timer does; its player is told by DM too, once it is written."""
        effect = await self.tables.fire_timer(timer)
        if effect is None:
            return False
        if effect.dm is not None:
            await self._dm(*effect.dm)
        return True

    # -- direct messages ------------------------------------------------------------------------------
    async def _dm(self, rec: GameRecord, user_id: int, kind: str, deadline: float | None) -> None:
        """The reminder (or the notice that the seat went to the AI, ``SEAT_TAKEN``) by DM too, for members
        who asked (``/game notify dm:on``). A member whose DMs are closed (Discord 50007) gets the thread's
        notice only; nothing else changes."""
        wants = await self.tables.store.member_settings(user_id)
        if not wants.dm:
            return
        lang = pick(wants.locale)
        guild = self.tables.client.get_guild(rec.guild_id)
        key = {HALF: "clock.dm_half", SEAT_TAKEN: "clock.dm_seat_taken"}.get(kind, "clock.dm_near")
        text = t(
            lang,
            key,
            game=self.tables.ui(rec).game_name(lang),
            number=rec.id,
            server=guild.name if guild is not None else "",
            left=f"<t:{int(deadline)}:R>" if deadline is not None else "",
            n=TIMEOUTS_TO_AI,
            link=summary.jump_url(rec, rec.table_message_id),
        )
        try:
            channel = await self.tables.client.create_dm(discord.Object(user_id))
            await channel.send(text[:2000])
        except discord.Forbidden as exc:
            log.info(
                "member %s takes no DMs (%s); game %s reminded them in its place only",
                user_id,
                exc.code,
                rec.id,
            )
        except discord.HTTPException as exc:
            log.warning("DM reminder to %s for game %s failed (%s)", user_id, rec.id, exc.status)

    # -- start-up -------------------------------------------------------------------------------------
    async def resume(self) -> None:
        """At start-up: games whose turns were never tracked (started before clocks existed) get them, and
        the loop starts; pending timers are simply found by it."""
        tables = self.tables
        self.start()
        for rec in await tables.store.live_games(shards=self.shards):
            if rec.status is not Status.RUNNING or rec.state_json is None:
                continue
            try:
                await tables.catch_up_clocks(rec.id)
            except Exception:  # one game that cannot be read must not keep the others from resuming
                log.exception("could not bring the turn clocks of game %s up to date", rec.id)
