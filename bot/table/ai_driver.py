"""The AI's turns: one task per running game plays every seat the AI holds (and a member's turn whose time ran
out) while the engine waits for one, each move applied through the table service like a member's click.

The driver sees the service through ``AiTables`` (it never imports it), so it stays out of the table layer's
import circle; the "let the AI try again" view is handed in for the same reason.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Protocol

import discord

from bot.errors import UserError
from bot.games.manifest import SomeEngine
from bot.settings import Settings
from bot.store import GameRecord, StaleVersion, Status, Store
from engines.core import Action, GameState, Rng
from i18n import t

log = logging.getLogger(__name__)


class Kicks(Protocol):
    def kick(self, pk: int) -> None: ...


class AiTables(Protocol):
    """The table service as the AI driver needs it."""

    @property
    def client(self) -> discord.Client: ...
    @property
    def store(self) -> Store: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def outbox(self) -> Kicks: ...

    def lock(self, pk: int) -> asyncio.Lock: ...
    def engine(self, rec: GameRecord) -> SomeEngine: ...
    def state(self, rec: GameRecord) -> GameState: ...
    async def public_lang(self, guild_id: int) -> str: ...
    async def apply_ai(self, rec: GameRecord, seat: str, action: Action) -> None:
        """The AI's move for ``seat``, written as one change of ``rec`` (under the game's lock)."""
        ...


#: How the driver builds the control under its notice that the AI failed (``components.ai_retry_view``).
RetryView = Callable[[int, str], discord.ui.View]


#: Told when a running game waits on its members only (the AI has nothing to play): the coach starts on
#: their suggestions then (``bot.table.coach``).
OnWait = Callable[[GameRecord, GameState], None]


class AiDriver:
    def __init__(self, tables: AiTables, retry_view: RetryView, on_wait: OnWait | None = None) -> None:
        self.tables = tables
        self._retry_view = retry_view
        self._on_wait = on_wait
        #: The running task of each game whose AI seats are being played.
        self.tasks: dict[int, asyncio.Task[None]] = {}

    def kick(self, pk: int) -> None:
        task = self.tasks.get(pk)
        if task is None or task.done():
            task = asyncio.create_task(self._drive(pk), name=f"deckhand: ai {pk}")
            self.tasks[pk] = task
            task.add_done_callback(lambda done: self._forget(pk, done))

    def _forget(self, pk: int, done: asyncio.Task[None]) -> None:
        if self.tasks.get(pk) is done:
            del self.tasks[pk]

    async def _drive(self, pk: int) -> None:
        tables = self.tables
        while True:
            await asyncio.sleep(tables.settings.ai_delay)
            try:
                async with tables.lock(pk):
                    rec = await tables.store.get_game(pk)
                    if rec.status is not Status.RUNNING:
                        return
                    engine = tables.engine(rec)
                    state = tables.state(rec)
                    # AI seats, and human seats whose time ran out: the AI plays that one turn for them.
                    ai_seats = [
                        m
                        for m in engine.to_move(state)
                        if rec.seat_info(m).is_ai or rec.clock_state.ai_plays(m)
                    ]
                    if not ai_seats:
                        if self._on_wait is not None:
                            self._on_wait(rec, state)
                        return
                    seat = ai_seats[0]
                    info = rec.seat_info(seat)
                    # Seeded by the game and its version: the same position gives the same move.
                    rng = Rng.from_seed(rec.seed * 1_000_003 + rec.version)
                    agent = engine.ai(info.ai_level or "normal")
                    # The search runs in a worker thread so a slow AI never delays other tables' clicks.
                    action = await asyncio.to_thread(agent.choose, state, seat, rng)
                    await tables.apply_ai(rec, seat, action)
                # Posting is the outbox's: the AI moves on whatever happens to the post.
                tables.outbox.kick(pk)
            except asyncio.CancelledError:
                raise
            except StaleVersion:  # the game changed under the AI's choice: it reads the table again
                log.warning("AI move in game %s met a newer state; choosing again", pk)
                continue
            except Exception:
                ref = secrets.token_hex(4)
                log.exception("AI move failed in game %s (ref %s); the seat waits for the host", pk, ref)
                await self.report_failure(pk, ref)
                return

    async def report_failure(self, pk: int, ref: str) -> None:
        """Say so in the game's channel, with a button for the host to let the AI try again: a game must
        never stall silently."""
        tables = self.tables
        try:
            rec = await tables.store.get_game(pk)
            lang = await tables.public_lang(rec.guild_id)
            engine = tables.engine(rec)
            movers = [m for m in engine.to_move(tables.state(rec)) if rec.seat_info(m).is_ai]
            name = rec.seat_info(movers[0]).name if movers else "AI"
            await tables.client.get_partial_messageable(rec.channel_id).send(
                t(lang, "table.ai_failed", name=name, ref=ref, host=f"<@{rec.host_id}>"),
                view=self._retry_view(pk, lang),
            )
        except Exception:  # the report itself failed (no access to the channel): the log has the ref
            log.exception("could not report the AI failure of game %s", pk)

    async def retry(self, pk: int, user_id: int, can_manage: bool) -> None:
        rec = await self.tables.store.get_game(pk)
        if rec.host_id != user_id and not can_manage:
            raise UserError("host_only")
        if rec.status is not Status.RUNNING:
            raise UserError("game_not_running")
        self.kick(pk)

    async def stop(self) -> None:
        tasks = [task for task in self.tasks.values() if not task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
