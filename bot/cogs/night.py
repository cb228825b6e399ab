"""``/night``: a game night's commands (issue 26). ``new`` posts the sign-up card (and, when the bot may,
a scheduled event); ``start``, ``call``, ``pause``, ``resume`` and ``end`` run the night (its hosts: Manage
Server, or the role the server picks in ``/game settings night_host_role:``); ``status`` is every table at a
glance. The cog holds the night service and the
loop that fires the sets' deadlines (kept on the nights in the database, so a restart loses none)."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.errors import UserError, user_lang
from bot.games import find_game, manifest
from bot.interactions import Interaction
from bot.lookup import playable_engines
from bot.night.places import DiscordNightPlaces
from bot.night.service import NightService
from bot.presenters import night as words
from bot.store import Status, Store
from i18n import t

if TYPE_CHECKING:
    from bot.client import Deckhand

log = logging.getLogger(__name__)

#: How often the loop looks for a due deadline and for sets whose games have all ended (real seconds).
WATCH_SECONDS = 1.0


def parse_start(text: str | None, now: float) -> float | None:
    """``"30"``: minutes from now; ``"2026-11-27 19:30"``: that time in UTC; nothing: when the host says."""
    if text is None or not text.strip():
        return None
    text = text.strip()
    if text.isdigit():
        return now + int(text) * 60
    try:
        moment = dt.datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=dt.UTC)
    except ValueError:
        raise UserError("night_bad_start", text=text) from None
    return moment.timestamp()


async def host_only(interaction: Interaction, store: Store) -> None:
    """Issue 26 item 1: a night's host has Manage Server, or the role the server picked in ``/game
    settings``; anyone else is refused (naming that role, when there is one) and nothing changes."""
    if interaction.permissions.manage_guild:
        return
    assert interaction.guild_id is not None
    role = (await store.guild_settings(interaction.guild_id)).night_host_role
    if role is None:
        raise UserError("night_host_only")
    if not any(r.id == role for r in getattr(interaction.user, "roles", ())):
        raise UserError("night_host_only_role", role=f"<@&{role}>")


class NightCog(
    commands.GroupCog,
    group_name=_("night"),
    group_description=_("Game nights: tables seated for you, timed sets, standings"),
):
    def __init__(self, bot: Deckhand) -> None:
        self.bot = bot
        self._nights: NightService | None = None
        self._watch: asyncio.Task[None] | None = None
        super().__init__()

    @property
    def nights(self) -> NightService:
        """Made on first use: the table service exists once the bot is set up (commands may be loaded and
        listed before that, as the translator's test does)."""
        if self._nights is None:
            self._nights = NightService(self.bot.tables, DiscordNightPlaces(self.bot, self.bot.tables))
        return self._nights

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # After the table service has resumed its games (the client's own on_ready), and once only: a
        # reconnect fires on_ready again.
        if self._watch is None:
            self._watch = asyncio.create_task(self._watch_nights())

    async def cog_unload(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch

    async def _watch_nights(self) -> None:
        try:
            await self.nights.settle_clocks()
        except Exception:  # the watch must start all the same; the next pause or resume settles them
            log.exception("the nights' clocks could not be settled at start-up")
        while True:
            try:
                await self.nights.tick()
            except Exception:  # a fault of one tick (Discord down a moment): logged, tried again next tick
                log.exception("the nights' watch failed; trying again")
            await asyncio.sleep(WATCH_SECONDS)

    async def _games(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        needle = current.lower()
        return [
            app_commands.Choice(name=f"{e.name.get(lang)} ({e.id})"[:100], value=e.id)
            for e in playable_engines()
            if e.can_be_called and (needle in e.id or needle in e.name.en.lower() or needle in e.name.ja)
        ][:25]

    @app_commands.command(name=_("new"), description=_("Open a game night with a sign-up card (host)"))
    @app_commands.describe(
        game=_("Which game"),
        sets=_("How many sets (default 2)"),
        minutes=_("Minutes per set (default 30)"),
        start=_("Start time: 2026-11-27 19:30 (UTC) or minutes from now"),
        table_size=_("Largest table (default: the game's maximum)"),
        ai_fill=_("Fill short tables with AI seats (default on)"),
        coach=_("The coach shows each player suggested moves in set 1 (default on)"),
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: Interaction,
        game: str,
        sets: app_commands.Range[int, 1, 5] = 2,
        minutes: app_commands.Range[int, 1, 180] = 30,
        start: str | None = None,
        table_size: app_commands.Range[int, 1, 10] | None = None,
        ai_fill: bool = True,
        coach: bool = True,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        await host_only(interaction, self.nights.store)
        found = find_game(game)
        now = self.nights.now()
        night = await self.nights.open(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            game_id=found.id,
            sets=sets,
            minutes=minutes,
            starts_at=parse_start(start, now),
            table_size=table_size,
            ai_fill=ai_fill,
            coach=coach,
        )
        lang = await self.nights.lang(night)
        await interaction.response.send_message(**(await self.nights.card(night, lang)).send_kwargs())
        message = await interaction.original_response()
        channel = getattr(interaction.channel, "name", None) or str(interaction.channel_id)
        event = await self.nights.places.create_event(
            night, found.engine.name.get(lang), night.starts_at or now + 60, f"#{channel}"
        )
        await self.nights.show_card(night.id, message.id, event)
        if event is None:
            await interaction.followup.send(
                t(user_lang(interaction), "night.event_permission"), ephemeral=True
            )

    new.autocomplete("game")(_games)

    @app_commands.command(name=_("start"), description=_("Seat the players and start the next set (host)"))
    @app_commands.guild_only()
    async def start(self, interaction: Interaction) -> None:
        await host_only(interaction, self.nights.store)
        night = await self.nights.live_in(interaction.channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        made = await self.nights.start_set(night.id)
        await interaction.followup.send(
            t(user_lang(interaction), "night.started", set=night.current_set + 1, n=len(made)), ephemeral=True
        )

    @app_commands.command(name=_("status"), description=_("Every table of the night, whose turn, time left"))
    @app_commands.guild_only()
    async def status(self, interaction: Interaction) -> None:
        night = await self.nights.live_in(interaction.channel_id)
        store = self.nights.store
        lines = []
        for table in await store.night_tables(night.id, night.current_set or None):
            rec = await store.get_game(table.game_pk)
            movers: list[str] = []
            if rec.status is Status.RUNNING and rec.state_json is not None:
                engine = manifest(rec.game_id).engine
                names = rec.names()
                movers = [names.get(s, s) for s in engine.to_move(engine.load_state(rec.state_json))]
            lines.append(words.TableLine(table.table_no, rec.channel_id, not rec.status.live, movers))
        payload = words.status(night, lines, user_lang(interaction))
        await interaction.response.send_message(**payload.send_kwargs(), ephemeral=True)

    @app_commands.command(name=_("call"), description=_("Call time on the running set now (host)"))
    @app_commands.guild_only()
    async def call(self, interaction: Interaction) -> None:
        await host_only(interaction, self.nights.store)
        night = await self.nights.live_in(interaction.channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        called = await self.nights.call_set(night.id)
        await interaction.followup.send(
            t(
                user_lang(interaction),
                "night.called" if called else "night.called_none",
                set=night.current_set,
                n=len(called),
            ),
            ephemeral=True,
        )

    @app_commands.command(
        name=_("pause"),
        description=_("Pause the running set: its time and every turn clock stand still (host)"),
    )
    @app_commands.guild_only()
    async def pause(self, interaction: Interaction) -> None:
        await host_only(interaction, self.nights.store)
        night = await self.nights.live_in(interaction.channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        night = await self.nights.pause(night.id)
        await interaction.followup.send(
            **words.paused(night, user_lang(interaction)).send_kwargs(), ephemeral=True
        )

    @app_commands.command(
        name=_("resume"), description=_("Resume a paused night: time runs again from where it stood (host)")
    )
    @app_commands.guild_only()
    async def resume(self, interaction: Interaction) -> None:
        await host_only(interaction, self.nights.store)
        night = await self.nights.live_in(interaction.channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        night = await self.nights.resume(night.id)
        await interaction.followup.send(
            **words.resumed(night, user_lang(interaction)).send_kwargs(), ephemeral=True
        )

    @app_commands.command(name=_("end"), description=_("End the night and post the standings (host)"))
    @app_commands.guild_only()
    async def end(self, interaction: Interaction) -> None:
        await host_only(interaction, self.nights.store)
        night = await self.nights.live_in(interaction.channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.nights.end(night.id)
        await interaction.followup.send(t(user_lang(interaction), "night.ended"), ephemeral=True)


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(NightCog(bot))
