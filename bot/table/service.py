"""The table service: load the channel's game, check the user may act, apply, save state and the action
in one transaction, then publish. Lobby changes, seat changes, the timers' effects and the AI's moves go
through here too. Nothing else changes a game: this module is the only caller of the store's game writes
(``tests/bot/table/test_one_writer.py``), every change through ``_commit``, with what rides along with it
(the turn clocks, the outbox entry) given by the move hooks (``bot.table.hooks``).

Concurrency: one lock per game (``bot.table.game_lock``: this process's, and the store's across processes)
keeps changes in order; the store's version check is the second line (a click on an older state's control).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import discord

import engines
from bot.errors import UserError
from bot.games import ui_for
from bot.games.base import SomeUI
from bot.games.manifest import SomeEngine
from bot.jsontypes import JsonValue
from bot.presenters.hand import private_note
from bot.presenters.payload import Payload
from bot.settings import Settings
from bot.store import GameRecord, ResultRow, SeatInfo, StaleVersion, Status, Store
from bot.store.errors import TimerDone
from bot.store.models import TimerRow
from bot.table.ai_driver import AiDriver, RetryView
from bot.table.call_ops import CallOperations
from bot.table.coach import Coach
from bot.table.ended import game_ended
from bot.table.game_lock import GameLock
from bot.table.hooks import Change, Columns, Ended, Move, Moved, MoveHook, OutboxHook, gather, notice_item
from bot.table.lobby_ops import LobbyOperations
from bot.table.ports import TableOutbox, TablePublisher, TableScheduler, Unpublished
from bot.table.seat_ops import SeatOperations
from bot.table.timer_effects import TimerEffect, timer_effect
from engines.core import Action, Event, GameState, Rng
from i18n import t

log = logging.getLogger(__name__)


@dataclass
class Played:
    """What an accepted action did, for the caller's reply."""

    record: GameRecord
    seat: str
    events: list[Event] = field(default_factory=list)
    state: GameState | None = None
    #: Set when the move was saved but the table could not be updated (the reply says so, truthfully).
    unpublished: Unpublished | None = None


class TableService(LobbyOperations, SeatOperations, CallOperations):
    """The one path to a change of a game. Its operations by concern are its bases (``bot.table.lobby_ops``,
    ``bot.table.seat_ops``); the moves, the game's life cycle, the timers' effects and the one write
    (``_commit``) are here."""

    publisher: TablePublisher
    outbox: TableOutbox

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        settings: Settings,
        *,
        publisher: TablePublisher,
        outbox: TableOutbox,
        scheduler: Callable[[TableService], TableScheduler],
        retry_view: RetryView,
    ) -> None:
        """Built by ``bot.table.assembly.table_service``, which hands the service its parts: it imports none
        of them, so nothing it depends on depends on it."""
        self.client = client
        self.store = store
        self.settings = settings
        self.publisher = publisher
        self.outbox = outbox
        # Held only while in use: a finished game leaves no lock (and no task) behind.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._member_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: The coach's suggestions under the hands of a coached game (issue 27, ``bot.table.coach``), asked
        #: for when the AI driver finds the game waiting on its members.
        self.coach = Coach(settings.coach_samples)
        #: The AI's turns (``bot.table.ai_driver``); its moves come back through ``apply_ai``.
        self.ai = AiDriver(self, retry_view, on_wait=self.coach.prepare)
        #: Turn clocks and the loop firing their reminders and deadlines (``bot.table.scheduler``).
        self.scheduler = scheduler(self)
        #: What rides along with every change of a game, in its transaction (``bot.table.hooks``): the turn
        #: clocks after it, and what players must be told of it.
        self.hooks: tuple[MoveHook, ...] = (self.scheduler, OutboxHook())
        # The table's clock line reads the scheduler's clock (tests move it).
        self.publisher.now = lambda: self.scheduler.clock.now()

    # -- helpers ----------------------------------------------------------------------------------
    def lock(self, pk: int) -> asyncio.Lock:
        """The game's lock: every change of one game under it, in order; held by whoever waits for it."""
        found = self._locks.get(pk)
        if found is None:
            found = self._locks[pk] = GameLock(pk, self.store.game_lock)
        return found

    def member_lock(self, user_id: int) -> asyncio.Lock:
        """One seating of a member at a time, across games: a check of where else they sit and the seat
        given are then one step (a server's interactions all reach the one process that holds its shard)."""
        found = self._member_locks.get(user_id)
        if found is None:
            found = self._member_locks[user_id] = asyncio.Lock()
        return found

    def engine(self, rec: GameRecord) -> SomeEngine:
        return engines.get(rec.game_id)

    def ui(self, rec: GameRecord) -> SomeUI:
        return ui_for(rec.game_id)

    def state(self, rec: GameRecord) -> GameState:
        if rec.state_json is None:
            raise UserError("game_not_started")
        state: GameState = self.engine(rec).load_state(rec.state_json)
        return state

    async def public_lang(self, guild_id: int) -> str:
        return await self.publisher.public_lang(guild_id)

    async def game_in(self, channel_id: int | None) -> GameRecord:
        """The live game played here; in a channel whose games run in threads, its one live game (with
        several, the player is sent to the game's thread)."""
        if channel_id is None:
            raise UserError("no_game_here")
        rec = await self.store.live_game_in(channel_id)
        if rec is not None:
            return rec
        opened = await self.store.live_games_opened_from(channel_id)
        if len(opened) == 1:
            return opened[0]
        if opened:
            raise UserError("several_games_here", threads=" ".join(f"<#{g.channel_id}>" for g in opened))
        ended = await self.store.latest_game_in(channel_id)
        if ended is not None and ended.channel_id == channel_id:
            raise self.ended(ended)
        raise UserError("no_game_here")

    def ended(self, rec: GameRecord) -> UserError:
        """The refusal for a command or control of a game that is over (``bot.table.ended``)."""
        return game_ended(rec)

    # -- the one write of a change ------------------------------------------------------------------
    async def _commit(self, change: Change) -> GameRecord:
        """Write ``change`` if nobody changed the game since ``change.rec``: its fields, its move for the log,
        and every hook's contribution (the clocks, the outbox entry), all in one transaction. Called under
        the game's lock; the game as committed."""
        rec = change.rec
        extra = gather(self.hooks, change)
        move = change.move
        if move is None:
            return await self.store.update(
                rec.id,
                rec.version,
                publish=extra.publish,
                clock=extra.clock,
                fire=change.fire,
                **change.fields,
            )
        return await self.store.record_action(
            rec.id,
            rec.version,
            seat=move.seat,
            user_id=move.user_id,
            decided_by=move.decided_by,
            seats=rec.seats,
            action=dict(move.action),
            state_json=change.fields["state_json"],
            status=change.status,
            results=move.results,
            publish=extra.publish,
            clock=extra.clock,
        )

    # -- what players see (built by the publisher from the state read here) ---------------------------
    async def hand(
        self,
        rec: GameRecord,
        user_id: int,
        lang: str,
        *,
        note: str = "",
        page: int = 0,
        group: int = 0,
        keep_picture: bool = False,
    ) -> Payload:
        """The caller's private hand with their moves (``keep_picture``: see ``Publisher.hand_payload``)."""
        if rec.state_json is None:
            raise UserError("game_not_started")
        self.outbox.kick(rec.id)  # anyone looking at the game retries what is still unpublished, at once
        state = self.state(rec)
        payload = await self.publisher.hand_payload(
            rec, state, user_id, lang, page=page, note=note, group=group, keep_picture=keep_picture
        )
        return self.coach.under_hand(payload, rec, state, user_id, lang)  # issue 27: the coach's lines

    def played_note(self, played: Played, lang: str) -> str:
        """The acting player's reply: what their move did (their private events too) and, when the table
        could not be updated, that the move counts all the same and what the bot needs."""
        rec = played.record
        note = private_note(self.ui(rec), played.events, played.seat, lang, rec.names())
        if played.unpublished is not None:
            why = t(lang, played.unpublished.key, permission=played.unpublished.permission)
            note = f"{note}\n⚠️ {why}" if note else f"⚠️ {why}"
        return note

    async def status(self, rec: GameRecord, lang: str) -> Payload:
        self.outbox.kick(rec.id)
        return await self.publisher.status_payload(rec, self.state(rec), lang)

    def lobby_payload(self, rec: GameRecord, lang: str) -> Payload:
        return self.publisher.lobby_payload(rec, lang)

    async def refresh_lobby(self, rec: GameRecord) -> None:
        await self.publisher.refresh_lobby(rec)

    # -- lobby ------------------------------------------------------------------------------------
    async def _open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_id: str,
        host_id: int,
        options: Mapping[str, JsonValue],
        seats: list[SeatInfo],
        parent_channel_id: int | None,
        clock: int,
        rematch_of: int | None = None,
        coach: bool = False,
    ) -> GameRecord:
        return await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            host_id=host_id,
            seed=secrets.randbits(62),
            options=options,
            seats=seats,
            parent_channel_id=parent_channel_id,
            clock=clock,
            rematch_of=rematch_of,
            coach=coach,
        )

    async def discard_lobby(self, pk: int) -> None:
        """A lobby whose place could not be made: closed, so nothing half-made stays live."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is Status.LOBBY:
                await self._commit(Change(rec, {"status": Status.ABORTED, "end_reason": "aborted"}))

    async def start(self, pk: int, user_id: int, *, fixed_order: bool = False) -> GameRecord:
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            self._host_only(rec, user_id)
            engine = self.engine(rec)
            if not engine.min_players <= len(rec.seats) <= engine.max_players:
                # A game of a fixed count says so ("needs 2 players"), never "2 to 2".
                code = "player_count_exact" if engine.min_players == engine.max_players else "player_count"
                raise UserError(code, min=engine.min_players, max=engine.max_players, got=len(rec.seats))
            order = list(rec.seats)
            if not fixed_order:
                # Seat order from the game's own seed: random for players, reproducible for an audit.
                Rng.from_seed(rec.seed ^ 0x5EA7).shuffle(order)
            seats = [s.model_copy(update={"seat": f"p{i + 1}"}) for i, s in enumerate(order)]
            state = engine.new_game([s.seat for s in seats], rec.options, rec.seed)
            fields: Columns = {
                "seats": seats,
                "status": Status.RUNNING,
                "fixed_order": fixed_order,
                "state_json": engine.dump_state(state),
            }
            began = Moved("start", [Event(kind="game_started")])
            rec = await self._commit(Change(rec, fields, state=state, news=began))
        await self.outbox.flush(pk)
        self.kick_ai(pk)
        return rec

    async def abort(
        self, pk: int, expected_version: int | None, user_id: int, can_manage: bool, by: str | None = None
    ) -> GameRecord:
        """``by``: who aborted, named in the one message that says so in the game's place."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if not rec.status.live:
                raise UserError("no_game_here")
            if rec.host_id != user_id and not can_manage:
                raise UserError("abort_not_allowed")
            if expected_version is not None and expected_version != rec.version:
                raise StaleVersion(pk, expected_version)
            why = Ended("aborted_by", by) if by else Ended("aborted")
            rec = await self._commit(
                Change(rec, {"status": Status.ABORTED, "end_reason": "aborted"}, news=why)
            )
        await self.outbox.flush(pk)
        return rec

    # -- play -------------------------------------------------------------------------------------
    async def act(
        self,
        pk: int,
        user_id: int,
        action: Action | Mapping[str, JsonValue],
        expected_version: int | None = None,
    ) -> Played:
        """A human's action. Refusals raise (``GameError``/``StaleVersion``) and change nothing."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is not Status.RUNNING:
                raise UserError("game_not_running")
            seat = rec.seat_of(user_id)
            if seat is None:
                raise UserError("not_in_game")
            if expected_version is not None and expected_version != rec.version:
                raise StaleVersion(pk, expected_version)
            played = await self._apply(rec, seat.seat, user_id, action)
        self.kick_ai(pk)
        # The move is saved whatever happens next; the reply says whether the table shows it yet.
        played.unpublished = await self.outbox.flush(pk)
        return played

    async def _apply(
        self, rec: GameRecord, seat: str, user_id: int | None, action: Action | Mapping[str, JsonValue]
    ) -> Played:
        engine = self.engine(rec)
        state = self.state(rec)
        step = engine.apply(state, seat, action)
        action_obj = action if isinstance(action, Action) else engine.parse_action(action)
        outcome = engine.outcome(step.state)
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
                for s in rec.seats
            ]
        fields: Columns = {"state_json": engine.dump_state(step.state)}
        if outcome is not None:
            fields["status"] = Status.FINISHED
        move = Move(
            seat,
            user_id,
            action_obj.model_dump(mode="json"),
            Move.decider(rec.seat_info(seat), user_id),
            results,
        )
        change = Change(
            rec,
            fields,
            state=step.state,
            news=Moved("move", step.events, seat),
            move=move,
            acted=seat if user_id is not None else None,
        )
        rec = await self._commit(change)
        return Played(record=rec, seat=seat, events=step.events, state=step.state)

    async def apply_ai(self, rec: GameRecord, seat: str, action: Action) -> None:
        """The AI's move (``bot.table.ai_driver``), under the game's lock like a member's."""
        await self._apply(rec, seat, None, action)

    # -- turn clocks (``bot.table.scheduler`` decides, the service writes) -----------------------------
    async def fire_timer(self, timer: TimerRow) -> TimerEffect | None:
        """A due timer's effect (``timer_effect``), written under the game's lock with the timer marked done;
        the effect, or ``None`` when it did nothing (its turn is over, or another process fired it)."""
        async with self.lock(timer.game_pk):
            rec = await self.store.get_game(timer.game_pk)
            effect = timer_effect(rec, timer, self.scheduler.clock.now())
            if effect.change is not None:
                try:
                    await self._commit(effect.change)
                except TimerDone:  # fired by another process meanwhile
                    return None
            elif effect.notice is None:
                await self.store.fire_timer(timer.id, rec.id, None)
                return None
            elif not await self.store.fire_timer(timer.id, rec.id, notice_item(effect.notice)):
                return None
        self.kick_ai(rec.id)
        self.outbox.kick(rec.id)
        return effect

    async def drop_timer(self, timer: TimerRow) -> None:
        """A timer whose firing failed (a fault of ours): marked done, so it cannot fail forever."""
        await self.store.fire_timer(timer.id, timer.game_pk, None)

    async def catch_up_clocks(self, pk: int, *, held: bool | None = None) -> bool:
        """A running game's clocks on their own: at start-up a game whose turns were never tracked (started
        before clocks) gets them; with ``held``, a paused game night holds them or lets them run again
        (``CallOperations.hold_clocks``). ``False``: nothing changed."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is not Status.RUNNING or rec.state_json is None:
                return False
            if held is None:
                write = self.scheduler.write(rec, version=rec.version)
            else:
                write = self.scheduler.held(rec, on=held)
            if write is not None:
                await self.store.set_clock(rec.id, write)
            return write is not None

    # -- the AI (``bot.table.ai_driver``) -----------------------------------------------------------
    def kick_ai(self, pk: int) -> None:
        self.ai.kick(pk)

    async def retry_ai(self, pk: int, user_id: int, can_manage: bool) -> None:
        await self.ai.retry(pk, user_id, can_manage)

    async def resume_all(self) -> None:
        await self.outbox.resume()
        for rec in await self.store.live_games(shards=self.settings.shards):  # this process's servers only
            if rec.status is Status.RUNNING:
                self.kick_ai(rec.id)
        # After the AI is on its way (an AI seat due and a turn whose time ran out both continue at once).
        await self.scheduler.resume()

    async def shutdown(self) -> None:
        await self.scheduler.stop()
        self.coach.stop()
        await self.outbox.close()
        await self.ai.stop()
