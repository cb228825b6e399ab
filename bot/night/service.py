"""The night service: a night's life (sign-ups, sets, their deadlines, standings, its end). Every change of
a game goes through the table service (``bot.table.service``, the one writer of games): a table's game is
opened, joined, given its AI seats and started by the lobby's operations, and called by ``call_game``.
Discord is reached through ``NightPlaces`` (``bot.night.places``); the words are ``bot.presenters.night``."""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Mapping

import engines
from bot.errors import UserError, message_for
from bot.games import manifest
from bot.night.controls import night_view, reflect_view
from bot.night.late import late_words, set_tables
from bot.night.pausing import NightPauses
from bot.night.picture import FILENAME, standings_picture
from bot.night.ports import NightPlaces
from bot.night.reflections import reflection_text, table_story
from bot.night.results import night_standings, table_result
from bot.night.seating import Counts, seat_set, table_members
from bot.presenters import night as words
from bot.presenters.payload import Payload
from bot.store import GameRecord, Status
from bot.store.night_models import NightRecord, NightStatus, NightTable, SignUp
from bot.store.nights import NightNotFound
from bot.table.service import TableService
from engines.core import GameError
from engines.night import Standing, TableResult

log = logging.getLogger(__name__)

#: GN-6: a night's tables have a short turn clock, 3 minutes a turn, so a called game ends within minutes.
NIGHT_CLOCK = "clock=3m"


def set_options(set_no: int, coach: bool = True) -> str:
    """A set's table options: the night's clock, and the coach (issue 27) in the first set only, the one
    to learn the game in (the game-night page's preamble: "the first to learn"; the seed's 体験プレイ), unless
    the host opened the night without it (``/night new coach:False``)."""
    return f"{NIGHT_CLOCK} coach={'on' if coach and set_no == 1 else 'off'}"


SETS = range(1, 6)
MINUTES = range(1, 181)


class NightService(NightPauses):
    def __init__(self, tables: TableService, places: NightPlaces) -> None:
        self.tables = tables
        self.store = tables.store
        self.places = places
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, night_pk: int) -> asyncio.Lock:
        found = self._locks.get(night_pk)
        if found is None:
            found = self._locks[night_pk] = asyncio.Lock()
        return found

    def now(self) -> float:
        return self.tables.scheduler.clock.now()

    async def lang(self, night: NightRecord) -> str:
        return await self.tables.public_lang(night.guild_id)

    # -- sign-ups -------------------------------------------------------------------------------------
    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_id: str,
        sets: int = 2,
        minutes: int = 30,
        starts_at: float | None = None,
        table_size: int | None = None,
        ai_fill: bool = True,
        coach: bool = True,
    ) -> NightRecord:
        engine = manifest(game_id).engine
        if not engine.can_be_called:
            raise UserError("night_not_callable", game=engine.name.en)
        if sets not in SETS or minutes not in MINUTES:
            raise UserError("night_bad_length", sets=SETS[-1], minutes=MINUTES[-1])
        if table_size is not None and not engine.min_players <= table_size <= engine.max_players:
            raise UserError("night_table_size", min=engine.min_players, max=engine.max_players)
        if await self.store.live_night_in(channel_id) is not None:
            raise UserError("night_exists")
        return await self.store.create_night(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            game_id=game_id,
            sets=sets,
            minutes=minutes,
            seed=secrets.randbits(62),
            table_size=table_size,
            ai_fill=ai_fill,
            starts_at=starts_at,
            coach=coach,
        )

    async def guild_of(self, night_pk: int) -> int | None:
        try:
            return (await self.store.get_night(night_pk)).guild_id
        except NightNotFound:
            return None

    async def show_card(self, night_pk: int, message_id: int, event_id: int | None) -> NightRecord:
        """The sign-up card posted (and the scheduled event made, if any): kept on the night."""
        async with self.lock(night_pk):
            night = await self.store.get_night(night_pk)
            return await self.store.change_night(
                night_pk, night.version, signup_message_id=message_id, event_id=event_id
            )

    async def live_in(self, channel_id: int | None) -> NightRecord:
        night = await self.store.live_night_in(channel_id) if channel_id is not None else None
        if night is None:
            raise UserError("night_none_here")
        return night

    async def join(self, night_pk: int, user_id: int, name: str) -> NightRecord:
        night = await self.store.get_night(night_pk)
        if not night.status.live:
            raise UserError("night_over")
        if not await self.store.sign_up(night_pk, user_id, name, self.now()):
            raise UserError("night_already_signed_up")
        await self.refresh_card(night_pk)
        return night

    async def join_words(self, night_pk: int, lang: str) -> str:
        """What a member who just signed up is told: a late arrival hears when they will be seated, and
        which running tables have an AI seat the host can give them now (issue 26 item 2)."""
        night = await self.store.get_night(night_pk)
        free: list[tuple[NightTable, int, int]] = []
        if night.status is NightStatus.PLAYING:
            for table in await self.store.night_tables(night_pk, night.current_set):
                rec = await self.store.get_game(table.game_pk)
                if rec.status is Status.RUNNING:
                    free.append((table, rec.channel_id, sum(1 for s in rec.seats if s.is_ai)))
        return late_words(night, free, lang)

    async def leave(self, night_pk: int, user_id: int) -> NightRecord:
        """A member leaves the night; at a table of the running set the AI plays their seat on (GN-12)."""
        night = await self.store.get_night(night_pk)
        if not await self.store.leave_night(night_pk, user_id, self.now()):
            raise UserError("night_not_signed_up")
        if night.status is NightStatus.PLAYING:
            for table in await self.store.night_tables(night_pk, night.current_set):
                if user_id in table.members:
                    rec = await self.store.get_game(table.game_pk)
                    if rec.status is Status.RUNNING and rec.seat_of(user_id) is not None:
                        await self.tables.leave(rec.id, user_id)
        await self.refresh_card(night_pk)
        return night

    async def refresh_card(self, night_pk: int) -> None:
        night = await self.store.get_night(night_pk)
        if night.signup_message_id is not None:
            await self.places.show_card(night, await self.card(night))

    async def card(self, night: NightRecord, lang: str | None = None) -> Payload:
        engine = manifest(night.game_id).engine
        counts = Counts.of(engine.min_players, engine.max_players, night.table_size)
        active = [s for s in await self.store.signups(night.id) if s.active]
        seating = seat_set([s.user_id for s in active], counts, ai_fill=night.ai_fill, seed=night.seed)
        sizes = [len(table_members(seating, n)) for n in range(1, len(seating.tables) + 1)] if seating else []
        lang = lang or await self.lang(night)
        return words.signup_card(night, engine.name, active, sizes, lang, buttons=night_view)

    # -- sets -----------------------------------------------------------------------------------------
    async def start_set(self, night_pk: int) -> list[NightTable]:
        """GN-7 and GN-8: seat the signed-up members, open and start every table's game in its thread, tell
        every player their table in one message, and set the set's deadline (a timer on the night)."""
        async with self.lock(night_pk):
            night = await self.store.get_night(night_pk)
            if night.status not in (NightStatus.OPEN, NightStatus.BETWEEN):
                raise UserError("night_set_running" if night.status is NightStatus.PLAYING else "night_over")
            if night.current_set >= night.sets:
                raise UserError("night_no_sets_left", sets=night.sets)
            engine = manifest(night.game_id).engine
            counts = Counts.of(engine.min_players, engine.max_players, night.table_size)
            active = [s for s in await self.store.signups(night_pk) if s.active]
            set_no = night.current_set + 1
            earlier = [t.members for t in await set_tables(self.store, night_pk)]  # late arrivals too
            seating = seat_set(
                [s.user_id for s in active],
                counts,
                ai_fill=night.ai_fill,
                seed=night.seed ^ set_no,
                earlier=earlier,
            )
            if seating is None:
                raise UserError("night_too_few", min=counts.low, got=len(active))
            deadline = self.now() + night.minutes * 60
            night = await self.store.change_night(
                night_pk, night.version, status=NightStatus.PLAYING, current_set=set_no, deadline_at=deadline
            )
            names = {s.user_id: s.name for s in active}
            lang = await self.lang(night)
            made = [
                await self._open_table(night, set_no, n, table_members(seating, n), names)
                for n in range(1, len(seating.tables) + 1)
            ]
            waiting = [int(m) for m in seating.waiting]
        await self.places.post(night, words.seated(night, made, waiting, lang))
        await self.refresh_card(night_pk)
        return [table for table, _ in made]

    async def _open_table(
        self,
        night: NightRecord,
        set_no: int,
        table_no: int,
        members: list[int | None],
        names: Mapping[int, str],
    ) -> tuple[NightTable, int]:
        """A table's game opened in its thread, its members and AI seats in, started; with its thread."""
        humans = [m for m in members if m is not None]
        host = humans[0]

        async def create(channel_id: int) -> GameRecord:
            return await self.tables.create(
                guild_id=night.guild_id,
                channel_id=channel_id,
                host_id=host,
                host_name=names[host],
                game_id=night.game_id,
                options_text=set_options(set_no, night.coach),
                parent_channel_id=night.channel_id,
            )

        lang = await self.lang(night)
        card = words.table_card_line(night, set_no, table_no, lang)
        rec = await self.places.open_table(night, card, words.thread_title(night, set_no, table_no), create)
        for member in humans[1:]:
            await self.tables.join(rec.id, member, names[member])
        for _ in range(len(members) - len(humans)):
            await self.tables.add_ai(rec.id, host)
        await self.store.add_night_table(night.id, set_no, table_no, rec.id, members)
        await self.tables.start(rec.id, host)
        return NightTable(set_no=set_no, table_no=table_no, game_pk=rec.id, members=members), rec.channel_id

    async def call_set(self, night_pk: int) -> list[int]:
        """GN-1: call every unfinished game of the running set (its deadline, or the host early); the
        games called. The deadline is done with, written before the calls so it fires once."""
        async with self.lock(night_pk):
            night = await self.store.get_night(night_pk)
            if night.status is not NightStatus.PLAYING:
                raise UserError("night_no_set_running")
            if night.deadline_at is not None or night.paused:
                was_paused = night.paused
                night = await self.store.change_night(
                    night_pk, night.version, deadline_at=None, paused_left=None
                )
                if was_paused:  # GN-6: a called game finishes its round on running clocks
                    await self.hold_tables(night, on=False)
            called: list[int] = []
            for table in await self.store.night_tables(night_pk, night.current_set):
                rec = await self.store.get_game(table.game_pk)
                if rec.status is not Status.RUNNING:
                    continue
                try:
                    await self.tables.call_game(rec.id)
                    called.append(rec.id)
                except GameError as exc:  # called already (the host, then the deadline), or just ended
                    log.info("table %s of night %s not called: %s", rec.id, night_pk, exc.code)
        await self.places.post(night, words.time_called(night, called, await self.lang(night)))
        return called

    async def start_on_time(self, night: NightRecord) -> None:
        """The first set starts by itself at the night's start time (issue 26 item 2). If it cannot (too few
        members, AI fill off), the channel is told why, once, and the host starts it with ``/night start``."""
        try:
            await self.start_set(night.id)
        except UserError as refused:
            night = await self.store.get_night(night.id)
            if night.status is not NightStatus.OPEN or night.starts_at is None:
                return  # the host started it meanwhile
            night = await self.store.change_night(night.id, night.version, starts_at=None)
            lang = await self.lang(night)
            await self.places.post(night, words.not_started(message_for(refused, lang)[0], lang))
            await self.refresh_card(night.id)

    async def finish_set_if_over(self, night_pk: int) -> bool:
        """When every game of the running set has ended: the set is over, its standings posted."""
        async with self.lock(night_pk):
            night = await self.store.get_night(night_pk)
            if night.status is not NightStatus.PLAYING:
                return False
            for table in await self.store.night_tables(night_pk, night.current_set):
                if (await self.store.get_game(table.game_pk)).status.live:
                    return False
            night = await self.store.change_night(
                night_pk, night.version, status=NightStatus.BETWEEN, deadline_at=None, paused_left=None
            )
        await self.post_standings(night, final=night.current_set >= night.sets)
        await self.refresh_card(night_pk)
        await self.ask_reflections(night, await self.lang(night))
        return True

    async def end(self, night_pk: int) -> NightRecord:
        """The host ends the night: a running set is called first, its tables play out on their own."""
        night = await self.store.get_night(night_pk)
        if not night.status.live:
            raise UserError("night_over")
        if night.status is NightStatus.PLAYING:
            await self.call_set(night_pk)
        async with self.lock(night_pk):
            night = await self.store.get_night(night_pk)
            night = await self.store.change_night(
                night_pk, night.version, status=NightStatus.ENDED, deadline_at=None
            )
        lang = await self.lang(night)
        closing = await self.closing(night, lang)
        if closing:  # the final standings' picture shows in the closing message's first embed
            rows, names = await self.standings(night), await self._names(night)
            closing[0].attach(await standings_picture(night, rows, names, lang, final=True), FILENAME)
        for payload in closing:
            await self.places.post(night, payload)
        await self.places.end_event(night)
        await self.refresh_card(night_pk)
        return night

    # -- what we learned (issue 26 item 5) --------------------------------------------------------------
    async def ask_reflections(self, night: NightRecord, lang: str) -> None:
        """The set just ended: each table's thread asks its players once (no reminder follows)."""
        for table in await self.store.night_tables(night.id, night.current_set):
            rec = await self.store.get_game(table.game_pk)
            ask = words.reflect_ask(night, table, lang, buttons=reflect_view)
            await self.places.post_in(night, rec.channel_id, ask)

    async def check_reflector(
        self, night_pk: int, set_no: int, table_no: int, user_id: int, guild_id: int | None
    ) -> NightRecord:
        """Only the players seated at that table in that set may answer, while the night goes on."""
        try:
            night = await self.store.get_night(night_pk)
        except NightNotFound:
            raise UserError("night_none_here") from None
        if night.guild_id != guild_id:
            raise UserError("night_none_here")
        if not night.status.live:
            raise UserError("night_over")
        tables = await set_tables(self.store, night_pk, set_no)
        if not any(t.table_no == table_no and user_id in t.members for t in tables):
            raise UserError("night_reflect_not_player")
        return night

    async def reflect(
        self, night_pk: int, set_no: int, table_no: int, user_id: int, guild_id: int | None, text: str
    ) -> None:
        """A player's answer; answering again replaces it (the store keeps one per member and set)."""
        checked = reflection_text(text)
        await self.check_reflector(night_pk, set_no, table_no, user_id, guild_id)
        await self.store.write_reflection(night_pk, set_no, user_id, checked)

    async def closing(self, night: NightRecord, lang: str) -> list[Payload]:
        """The standings, each table's story in one line and what its players wrote, in as many messages
        as Discord's limits need."""
        engine = engines.get(night.game_id)
        stories = [
            table_story(table, await self.store.get_game(table.game_pk), engine, lang)
            for table in await set_tables(self.store, night.id)
        ]
        names = await self._names(night)
        reflections = await self.store.reflections(night.id)
        return words.closing(night, await self.standings(night), names, stories, reflections, lang)

    # -- standings --------------------------------------------------------------------------------------
    async def results(self, night: NightRecord) -> list[TableResult]:
        """Every finished table of the night as ``engines.night`` sees it (GN-9 to GN-12)."""
        cooperative = manifest(night.game_id).cooperative
        engine = engines.get(night.game_id)
        out = []
        for table in await self.store.night_tables(night.id):
            rec = await self.store.get_game(table.game_pk)
            if rec.status is not Status.FINISHED or rec.state_json is None:
                continue
            outcome = engine.outcome(engine.load_state(rec.state_json))
            if outcome is not None:
                out.append(table_result(table.set_no, table.table_no, rec, outcome, cooperative=cooperative))
        return out

    async def post_standings(self, night: NightRecord, *, final: bool) -> None:
        """The standings in words (the message's text, for screen readers) with their picture."""
        lang = await self.lang(night)
        rows, names = await self.standings(night), await self._names(night)
        payload = words.standings_message(night, rows, names, lang, final=final)
        picture = await standings_picture(night, rows, names, lang, final=final)
        await self.places.post(night, payload.attach(picture, FILENAME))

    async def standings(self, night: NightRecord) -> list[Standing]:
        members = [s.user_id for s in await self.store.signups(night.id)]
        return night_standings(await self.results(night), members)

    async def _names(self, night: NightRecord) -> dict[int, str]:
        return {s.user_id: s.name for s in await self.store.signups(night.id)}

    async def signed_up(self, night: NightRecord) -> list[SignUp]:
        return [s for s in await self.store.signups(night.id) if s.active]

    # -- the night's timer and watch (``bot.night.loop``) -------------------------------------------------
    async def tick(self) -> None:
        """Start the nights whose start time has come, fire the set deadlines that are due, and close the
        sets whose games have all ended."""
        shards = self.tables.settings.shards  # a night is its server's: its shard's process keeps it
        for night in await self.store.live_nights(shards):
            if (
                night.status is NightStatus.OPEN
                and night.starts_at is not None
                and night.starts_at <= self.now()
            ):
                await self.start_on_time(night)
        for night in await self.store.due_nights(self.now(), shards):
            try:
                await self.call_set(night.id)
            except UserError:
                log.info("night %s: its deadline found no set running", night.id)
        for night in await self.store.live_nights(shards):
            if night.status is NightStatus.PLAYING:
                await self.finish_set_if_over(night.id)
