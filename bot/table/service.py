"""The table service: load the channel's game, check the user may act, apply, save state and the action
in one transaction, then publish. Lobby changes go through here too. Nothing else changes a game.

Concurrency: one ``asyncio.Lock`` per game keeps this process's changes in order; the store's version
check is the second line (two processes, or a click on a control built for an older state).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
import secrets
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

import engines
from bot.errors import UserError
from bot.games import GameUI, ui_for
from bot.i18n import t
from bot.presenters.payload import Payload
from bot.settings import Settings
from bot.store import GameRecord, OutboxItem, ResultRow, SeatInfo, SqliteStore, StaleVersion, Status
from bot.store.stats import latest_game_in
from bot.table import components
from bot.table.clock import OPTION as CLOCK_OPTION
from bot.table.clock import ai_plays, parse_clock, split_clock
from bot.table.ended import game_ended
from bot.table.outbox import Outbox, Unpublished
from bot.table.publisher import Publisher
from bot.table.scheduler import Scheduler
from engines.core import Action, Engine, Event, Rng

log = logging.getLogger(__name__)

AI_LEVELS = ("normal", "random")
#: The server setting (``/game settings lobbies:``) over ``Settings.lobby_limit``.
LOBBY_LIMIT = "lobby_limit"
_OPTION = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)\s*[=:]\s*([^\s,;]+)")


def parse_options(text: str | None) -> dict[str, str]:
    """``"hand_size=4, once_passed_may_replay=true"`` -> dict; the engine validates the values."""
    if not text or not text.strip():
        return {}
    pairs = _OPTION.findall(text)
    leftover = _OPTION.sub("", text).strip(" ,;")
    if leftover:
        raise UserError("bad_option_syntax", text=leftover)
    # Names as typed in any case (``Clock=24H``, ``HAND_SIZE=4``): every option name is lower case.
    return {k.replace("-", "_").lower(): v for k, v in pairs}


@dataclass
class Played:
    """What an accepted action did, for the caller's reply."""

    record: GameRecord
    seat: str
    events: list[Event] = field(default_factory=list)
    state: Any = None
    #: Set when the move was saved but the table could not be updated (the reply says so, truthfully).
    unpublished: Unpublished | None = None


def _changed(kind: str, state_json: str, events: list[Event], seat: str | None = None) -> OutboxItem:
    """An outbox entry for a change of the game: its events (all of them: the publisher shows each
    audience only its own) and the state after it, for the picture."""
    return OutboxItem(
        kind=kind,
        seat=seat,
        payload={"events": [e.model_dump(mode="json") for e in events]},
        state_json=state_json,
    )


def seated(seats: list[SeatInfo], seat: str, user_id: int, name: str) -> list[SeatInfo]:
    """The seats with a member in ``seat`` (taken back, or given by the host): the AI's hold ends."""
    return [
        s.model_copy(
            update={"user_id": user_id, "ai_level": None, "left_by": None, "handed": None, "name": name}
        )
        if s.seat == seat
        else s
        for s in seats
    ]


def decider(info: SeatInfo, user_id: int | None) -> str:
    """Who decided a move of the seat ``info`` (as held when the move was made) for the action log: the
    member (``user_id``), the AI in a seat of its own, or the AI on a member's behalf, and why."""
    if user_id is not None:
        return "member"
    if not info.is_ai:  # a member's seat whose turn ran out: the AI plays that one turn
        return "timeout"
    if info.left_by is not None:
        return info.handed or "left"
    return "ai"


def _notice(key: str, *, button: str | None = None, **params: Any) -> OutboxItem:
    payload: dict[str, Any] = {"key": key, **params}
    if button:
        payload["button"] = button
    return OutboxItem(kind="notice", payload=payload)


class TableService:
    def __init__(self, client: discord.Client, store: SqliteStore, settings: Settings) -> None:
        self.client = client
        self.store = store
        self.settings = settings
        self.publisher = Publisher(client, store, settings.default_locale)
        self.outbox = Outbox(store, self.publisher)
        # Held only while in use: a finished game leaves no lock (and no task) behind.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        #: Turn clocks and the loop firing their reminders and deadlines (``bot.table.scheduler``).
        self.scheduler = Scheduler(self)
        # The table's clock line reads the scheduler's clock (tests move it).
        self.publisher.now = lambda: self.scheduler.clock.now()

    # -- helpers ----------------------------------------------------------------------------------
    def lock(self, pk: int) -> asyncio.Lock:
        """The game's lock: every change of one game happens under it, in order. Whoever waits for it
        holds it, so it lives exactly as long as someone uses it."""
        found = self._locks.get(pk)
        if found is None:
            found = self._locks[pk] = asyncio.Lock()
        return found

    def engine(self, rec: GameRecord) -> Engine[Any, Any, Any, Any]:
        return engines.get(rec.game_id)

    def ui(self, rec: GameRecord) -> GameUI:
        return ui_for(rec.game_id)

    def state(self, rec: GameRecord) -> Any:
        if rec.state_json is None:
            raise UserError("game_not_started")
        return self.engine(rec).load_state(rec.state_json)

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
        ended = await latest_game_in(self.store, channel_id)
        if ended is not None and ended.channel_id == channel_id:
            raise self.ended(ended)
        raise UserError("no_game_here")

    def ended(self, rec: GameRecord) -> UserError:
        """The refusal for a command or control of a game that is over (``bot.table.ended``)."""
        return game_ended(rec)

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
        return await self.publisher.hand_payload(
            rec, self.state(rec), user_id, lang, page=page, note=note, group=group, keep_picture=keep_picture
        )

    def played_note(self, played: Played, lang: str) -> str:
        """The acting player's reply: what their move did (their private events too) and, when the table
        could not be updated, that the move counts all the same and what the bot needs."""
        rec = played.record
        note = self.publisher.describe(self.ui(rec), played.events, played.seat, lang, rec.names())
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
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game_id: str,
        options_text: str | None,
        parent_channel_id: int | None = None,
    ) -> GameRecord:
        engine = engines.get(game_id)
        await self.check_lobby_limit(guild_id, parent_channel_id or channel_id, host_id)
        # The clock is the bot's option, not the rules': taken out before the engine sees the options.
        raw, clock = split_clock(parse_options(options_text))
        options = engine.make_options(raw)
        changed = options.model_dump(mode="json", exclude_defaults=True)
        if clock is None:
            clock = parse_clock((await self.store.guild_settings(guild_id)).get(CLOCK_OPTION, "off"))
        return await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            host_id=host_id,
            seed=secrets.randbits(62),
            options=changed,
            seats=[SeatInfo(seat="", user_id=host_id, name=host_name)],
            parent_channel_id=parent_channel_id,
            clock=clock,
        )

    async def lobby_limit(self, guild_id: int) -> int:
        """Open lobbies one member may host from one channel: the server's setting, else the bot's."""
        value = (await self.store.guild_settings(guild_id)).get(LOBBY_LIMIT)
        return int(value) if value else self.settings.lobby_limit

    async def check_lobby_limit(self, guild_id: int, channel_id: int, host_id: int) -> None:
        """Refuse a new lobby to a member who already hosts the limit of open lobbies started from this
        channel (in it, or in threads under it), naming them so one can be started or closed."""
        limit = await self.lobby_limit(guild_id)
        mine = [
            g
            for g in await self.store.live_games(guild_id)
            if g.status is Status.LOBBY
            and g.host_id == host_id
            and channel_id in (g.channel_id, g.parent_channel_id)
        ]
        if len(mine) >= limit:
            raise UserError(
                "lobby_limit", n=len(mine), limit=limit, threads=" ".join(f"<#{g.channel_id}>" for g in mine)
            )

    def check_options(self, game_id: str, options_text: str | None) -> None:
        """Refuse bad options before anything is made for the game (a thread, a card)."""
        engines.get(game_id).make_options(split_clock(parse_options(options_text))[0])

    async def discard_lobby(self, pk: int) -> None:
        """A lobby whose place could not be made: closed, so nothing half-made stays live."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is Status.LOBBY:
                await self.store.update(pk, rec.version, status=Status.ABORTED, end_reason="aborted")

    def _lobby(self, rec: GameRecord) -> None:
        if rec.status is not Status.LOBBY:
            raise UserError("not_in_lobby")

    def _host_only(self, rec: GameRecord, user_id: int) -> None:
        if rec.host_id != user_id:
            raise UserError("host_only")

    async def join(self, pk: int, user_id: int, name: str) -> GameRecord:
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            if rec.seat_of(user_id):
                raise UserError("already_joined")
            if len(rec.seats) >= self.engine(rec).max_players:
                raise UserError("game_full", max=self.engine(rec).max_players)
            seats = [*rec.seats, SeatInfo(seat="", user_id=user_id, name=name)]
            rec = await self.store.update(pk, rec.version, seats=seats)
        await self.publisher.update_summary(rec)
        return rec

    async def add_ai(self, pk: int, user_id: int, level: str = "normal") -> GameRecord:
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            self._host_only(rec, user_id)
            if level not in AI_LEVELS:
                raise UserError("bad_ai_level", allowed=", ".join(AI_LEVELS))
            if len(rec.seats) >= self.engine(rec).max_players:
                raise UserError("game_full", max=self.engine(rec).max_players)
            # The first free name: after /game remove-ai the next AI must not repeat a name still seated.
            taken = {s.name for s in rec.seats}
            name = next(f"AI-{n}" for n in itertools.count(1) if f"AI-{n}" not in taken)
            seats = [*rec.seats, SeatInfo(seat="", user_id=None, name=name, ai_level=level)]
            rec = await self.store.update(pk, rec.version, seats=seats)
        await self.publisher.update_summary(rec)
        return rec

    async def remove_ai(self, pk: int, user_id: int, name: str | None = None) -> GameRecord:
        """Host only, in the lobby: free the AI seat called ``name`` (any case), or the last one added."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            self._host_only(rec, user_id)
            ais = [s for s in rec.seats if s.is_ai]
            if name is None or not name.strip():
                gone = ais[-1] if ais else None
            else:
                wanted = name.strip().casefold()
                gone = next((s for s in ais if s.name.casefold() == wanted), None)
            if gone is None:
                raise UserError(
                    "no_ai_to_remove", seat=name or "", seats=", ".join(s.name for s in ais) or "-"
                )
            seats = [s for s in rec.seats if s is not gone]
            rec = await self.store.update(pk, rec.version, seats=seats)
        await self.publisher.refresh_lobby(rec)
        return rec

    async def edit_options(self, pk: int, user_id: int, options_text: str) -> GameRecord:
        """Host only, in the lobby: the options given replace those of the same name, read and checked
        exactly as ``/game new`` reads them (``clock=`` included); nothing changes if any is refused."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            self._host_only(rec, user_id)
            raw, clock = split_clock(parse_options(options_text))
            engine = self.engine(rec)
            options = engine.make_options({**rec.options, **raw})
            changed = options.model_dump(mode="json", exclude_defaults=True)
            # A value left out of every dump (a card file) stays as it was.
            kept = {k: v for k, v in rec.options.items() if k not in raw and k not in changed}
            fields: dict[str, Any] = {"options": {**kept, **changed}}
            if clock is not None:
                fields["clock_seconds"] = clock
            rec = await self.store.update(pk, rec.version, **fields)
        await self.publisher.refresh_lobby(rec)
        return rec

    async def set_option(self, pk: int, user_id: int, name: str, value: Any | None) -> GameRecord:
        """Host only, in the lobby: set (``None``: reset) one option, checked by the engine with the whole
        option set, then shown on the lobby card (``/game options`` is the players' way, ``edit_options``)."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            self._host_only(rec, user_id)
            options = {k: v for k, v in rec.options.items() if k != name}
            if value is not None:
                options[name] = value
            self.engine(rec).make_options(options)
            rec = await self.store.update(pk, rec.version, options=options)
        await self.publisher.refresh_lobby(rec)
        return rec

    async def leave(self, pk: int, user_id: int) -> GameRecord:
        """Before the start a seat is freed (the host's role passes on; an empty lobby closes).
        After the start the seat goes to the AI until the player takes it back (``take_back``); when no
        human is seated any more the game ends as abandoned instead of the AIs playing on to nobody."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            mine = rec.seat_of(user_id)
            if mine is None:
                raise UserError("not_in_game")
            if rec.status is Status.LOBBY:
                seats = [s for s in rec.seats if s.user_id != user_id]
                humans = [s for s in seats if not s.is_ai]
                if not humans:
                    rec = await self.store.update(
                        pk, rec.version, seats=seats, status=Status.ABORTED, end_reason="abandoned"
                    )
                else:
                    host = rec.host_id if rec.host_id != user_id else humans[0].user_id
                    rec = await self.store.update(pk, rec.version, seats=seats, host_id=host)
            else:
                rec = await self._leave_running(rec, user_id)
        if rec.state_json is None:  # a lobby change (a running game's card follows the outbox)
            await self.publisher.update_summary(rec)
        await self.outbox.flush(pk)
        self.kick_ai(pk)
        return rec

    async def _leave_running(self, rec: GameRecord, user_id: int) -> GameRecord:
        """Under the game's lock: the seat to the AI, announced with a "Take my seat back" button; the
        last human leaving ends the game as abandoned (recorded, never counted in stats)."""
        if rec.status is not Status.RUNNING:
            raise UserError("game_not_running")
        mine = rec.seat_of(user_id)
        assert mine is not None
        seats = [
            s.model_copy(update={"user_id": None, "ai_level": "normal", "left_by": user_id, "handed": "left"})
            if s.user_id == user_id
            else s
            for s in rec.seats
        ]
        if all(s.is_ai for s in seats):
            return await self.store.update(
                rec.id,
                rec.version,
                seats=seats,
                status=Status.ABORTED,
                end_reason="abandoned",
                publish=OutboxItem(kind="end", payload={"reason": "abandoned", "name": mine.name}),
                clock=self.scheduler.write(rec, status=Status.ABORTED),
            )
        return await self.store.update(
            rec.id,
            rec.version,
            seats=seats,
            publish=_notice("table.left", button="take_back", name=mine.name),
            clock=self.scheduler.write(rec, seats=seats),
        )

    async def take_back(self, pk: int, user_id: int, name: str) -> GameRecord:
        """The player who left a running game takes their seat back from the AI."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is not Status.RUNNING:
                raise UserError("game_not_running")
            if rec.seat_of(user_id) is not None:
                raise UserError("already_seated")
            left = next((s for s in rec.seats if s.is_ai and s.left_by == user_id), None)
            if left is None:
                raise UserError("no_seat_to_take_back")
            seats = seated(rec.seats, left.seat, user_id, name)
            rec = await self.store.update(
                pk,
                rec.version,
                seats=seats,
                publish=_notice("table.back", name=name),
                clock=self.scheduler.write(rec, seats=seats),
            )
        await self.outbox.flush(pk)
        return rec

    async def hand_seat(
        self, pk: int, host_id: int, can_manage: bool, seat_name: str, user_id: int, name: str
    ) -> GameRecord:
        """The host seats a member in a seat the AI holds (a friend steps in for someone who left)."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is not Status.RUNNING:
                raise UserError("game_not_running")
            if rec.host_id != host_id and not can_manage:
                raise UserError("host_only")
            if rec.seat_of(user_id) is not None:
                raise UserError("member_already_seated", member=name)
            wanted = seat_name.strip().casefold()
            seat = next(
                (s for s in rec.seats if s.is_ai and wanted in (s.seat.casefold(), s.name.casefold())), None
            )
            if seat is None:
                ai = ", ".join(s.name for s in rec.seats if s.is_ai) or "-"
                raise UserError("no_such_ai_seat", seat=seat_name, seats=ai)
            seats = seated(rec.seats, seat.seat, user_id, name)
            rec = await self.store.update(
                pk,
                rec.version,
                seats=seats,
                publish=_notice("table.seated", name=name, seat=seat.name),
                clock=self.scheduler.write(rec, seats=seats),
            )
        await self.outbox.flush(pk)
        return rec

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
            dumped = engine.dump_state(state)
            rec = await self.store.update(
                pk,
                rec.version,
                seats=seats,
                status=Status.RUNNING,
                fixed_order=fixed_order,
                state_json=dumped,
                publish=_changed("start", dumped, [Event(kind="game_started")]),
                clock=self.scheduler.write(rec, state=state, seats=seats, status=Status.RUNNING),
            )
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
            rec = await self.store.update(
                pk,
                rec.version,
                status=Status.ABORTED,
                end_reason="aborted",
                publish=OutboxItem(
                    kind="end",
                    payload={"reason": "aborted_by", "name": by} if by else {"reason": "aborted"},
                ),
                clock=self.scheduler.write(rec, status=Status.ABORTED),
            )
        await self.outbox.flush(pk)
        return rec

    # -- play -------------------------------------------------------------------------------------
    async def act(
        self,
        pk: int,
        user_id: int,
        action: Action | Mapping[str, Any],
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
        self, rec: GameRecord, seat: str, user_id: int | None, action: Action | Mapping[str, Any]
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
        dumped = engine.dump_state(step.state)
        rec = await self.store.record_action(
            rec.id,
            rec.version,
            seat=seat,
            user_id=user_id,
            decided_by=decider(rec.seat_info(seat), user_id),
            seats=rec.seats,
            action=action_obj.model_dump(mode="json"),
            state_json=dumped,
            status=Status.FINISHED if outcome is not None else None,
            results=results,
            publish=_changed("move", dumped, step.events, seat),
            clock=self.scheduler.write(
                rec,
                state=step.state,
                status=Status.FINISHED if outcome is not None else None,
                acted=seat if user_id is not None else None,
            ),
        )
        return Played(record=rec, seat=seat, events=step.events, state=step.state)

    # -- the AI -----------------------------------------------------------------------------------
    def kick_ai(self, pk: int) -> None:
        task = self._ai_tasks.get(pk)
        if task is None or task.done():
            task = asyncio.create_task(self._drive_ai(pk), name=f"deckhand: ai {pk}")
            self._ai_tasks[pk] = task
            task.add_done_callback(lambda done: self._forget_ai(pk, done))

    def _forget_ai(self, pk: int, done: asyncio.Task[None]) -> None:
        if self._ai_tasks.get(pk) is done:
            del self._ai_tasks[pk]

    async def _drive_ai(self, pk: int) -> None:
        while True:
            await asyncio.sleep(self.settings.ai_delay)
            try:
                async with self.lock(pk):
                    rec = await self.store.get_game(pk)
                    if rec.status is not Status.RUNNING:
                        return
                    engine = self.engine(rec)
                    state = self.state(rec)
                    # AI seats, and human seats whose time ran out: the AI plays that one turn for them.
                    ai_seats = [
                        m
                        for m in engine.to_move(state)
                        if rec.seat_info(m).is_ai or ai_plays(rec.clock_state.get("turns", {}), m)
                    ]
                    if not ai_seats:
                        return
                    seat = ai_seats[0]
                    info = rec.seat_info(seat)
                    # Seeded by the game and its version: the same position gives the same move.
                    rng = Rng.from_seed(rec.seed * 1_000_003 + rec.version)
                    agent = engine.ai(info.ai_level or "normal")
                    # The search runs in a worker thread so a slow AI never delays other tables' clicks.
                    action = await asyncio.to_thread(agent.choose, state, seat, rng)
                    await self._apply(rec, seat, None, action)
                # Posting is the outbox's: the AI moves on whatever happens to the post.
                self.outbox.kick(pk)
            except asyncio.CancelledError:
                raise
            except StaleVersion:  # the game changed under the AI's choice: it reads the table again
                log.warning("AI move in game %s met a newer state; choosing again", pk)
                continue
            except Exception:
                ref = secrets.token_hex(4)
                log.exception("AI move failed in game %s (ref %s); the seat waits for the host", pk, ref)
                await self._report_ai_failure(pk, ref)
                return

    async def _report_ai_failure(self, pk: int, ref: str) -> None:
        """Say so in the game's channel, with a button for the host to let the AI try again: a game must
        never stall silently."""
        try:
            rec = await self.store.get_game(pk)
            lang = await self.public_lang(rec.guild_id)
            engine = self.engine(rec)
            movers = [m for m in engine.to_move(self.state(rec)) if rec.seat_info(m).is_ai]
            name = rec.seat_info(movers[0]).name if movers else "AI"
            await self.client.get_partial_messageable(rec.channel_id).send(
                t(lang, "table.ai_failed", name=name, ref=ref, host=f"<@{rec.host_id}>"),
                view=components.ai_retry_view(pk, lang),
            )
        except Exception:  # the report itself failed (no access to the channel): the log has the ref
            log.exception("could not report the AI failure of game %s", pk)

    async def retry_ai(self, pk: int, user_id: int, can_manage: bool) -> None:
        rec = await self.store.get_game(pk)
        if rec.host_id != user_id and not can_manage:
            raise UserError("host_only")
        if rec.status is not Status.RUNNING:
            raise UserError("game_not_running")
        self.kick_ai(pk)

    async def resume_all(self) -> None:
        await self.outbox.resume()
        for rec in await self.store.live_games():
            if rec.status is Status.RUNNING:
                self.kick_ai(rec.id)
        # After the AI is on its way (an AI seat due and a turn whose time ran out both continue at once).
        await self.scheduler.resume()

    async def shutdown(self) -> None:
        await self.scheduler.stop()
        await self.outbox.close()
        tasks = [t for t in self._ai_tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
