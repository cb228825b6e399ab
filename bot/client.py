"""The bot: opens the store, loads cogs, registers persistent components and syncs commands."""

from __future__ import annotations

import asyncio
import importlib
import logging
import pkgutil
import time

import discord
import yarl
from discord.ext import commands

from bot.analysis import pool as analysis_pool
from bot.games import add_games_folder, manifests
from bot.i18n.translator import CatalogTranslator
from bot.settings import Settings
from bot.store import Store, open_store
from bot.table import controls, pictures
from bot.table.assembly import table_service
from bot.table.service import TableService
from bot.tree import DeckhandTree

log = logging.getLogger(__name__)


def cog_modules() -> list[str]:
    """The bot's own cogs (``bot/cogs``: the lobby, the rules) and each game's, as its manifest names it."""
    import bot.cogs

    own = sorted(f"bot.cogs.{m.name}" for m in pkgutil.iter_modules(bot.cogs.__path__))
    return own + [m.cog for m in manifests() if m.cog]


#: Discord's identify limit: one IDENTIFY per bucket (``shard_id % max_concurrency``) every 5 seconds.
IDENTIFY_INTERVAL = 5.0


class Deckhand(commands.AutoShardedBot):
    """Discord's own sharding (``AutoShardedBot``): one process runs the shards its settings name (all of
    them by default) and works only for the servers they own (``settings.shards``)."""

    store: Store
    tables: TableService

    def __init__(self, settings: Settings) -> None:
        # Slash commands and components only: the guilds, their channels and threads, nothing else. Without
        # the message intents Discord no longer sends the bot an event for every message and edit in its
        # channels (its own table messages included), which it parsed, cached and never read.
        intents = discord.Intents.none()
        intents.guilds = True
        shards = settings.shards
        super().__init__(
            shard_count=shards.count,
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=DeckhandTree,
            help_command=None,
            # Nobody is pinged unless a message names whom it pings (the table message: the seats to act).
            allowed_mentions=discord.AllowedMentions.none(),
        )
        # Which shards to launch: read by discord.py when it connects (None, every shard of the count).
        self.shard_ids = list(shards.ids) if shards.ids is not None else None
        self.settings = settings
        self.shard_plan = shards
        self._max_concurrency = 1
        self._identified: dict[int, float] = {}
        for folder in settings.game_paths:
            add_games_folder(folder)
        if settings.api_base:
            # The local fake Discord (tests, sandbox): same client code, another address.
            discord.http.Route.BASE = settings.api_base.rstrip("/")

    async def setup_hook(self) -> None:
        # A client told its shard count dials the built-in gateway address; ask the API which one to use
        # (the same one on Discord, the local one against the fake Discord of tests and the sandbox), and
        # how many shards may identify at once.
        _shards, url, limits = await self.http.get_bot_gateway()
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        self._max_concurrency = max(1, int(limits.get("max_concurrency", 1)))
        self.store = await open_store(self.settings.database, pool_size=self.settings.db_pool)
        await pictures.start(self.settings.render_workers)
        await analysis_pool.start(self.settings.analysis_workers)
        self.tables = table_service(self, self.store, self.settings)
        await self.tree.set_translator(CatalogTranslator())
        for cog in cog_modules():
            await self.load_extension(cog)
        self.register_controls()
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        log.info(
            "commands synced%s",
            f" to guild {self.settings.dev_guild_id}" if self.settings.dev_guild_id else "",
        )

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Discord's identify limit per bucket, instead of discord.py's flat 5 seconds between any two
        shards: with ``max_concurrency`` 16 a process's shards connect together."""
        bucket = (shard_id or 0) % self._max_concurrency
        last = self._identified.get(bucket)
        if last is not None:
            wait = last + IDENTIFY_INTERVAL - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
        self._identified[bucket] = time.monotonic()

    def register_controls(self) -> None:
        """Every button and select of the bot keeps working after a restart: the one registry of controls
        (each registered itself when its module was imported: the table's, the records', each game's own
        through its UI module) handed to discord.py, in this one place."""
        # Defining a control registers it: load every module that posts one (the cogs, loaded already at
        # start-up, import the table's and the records'; each game's package imports its UI's own).
        for module in cog_modules():
            importlib.import_module(module)
        self.add_dynamic_items(*controls.registered())

    async def on_ready(self) -> None:
        log.info("ready as %s in %d guilds", self.user, len(self.guilds))
        # Games whose AI was due when the bot stopped continue now.
        await self.tables.resume_all()

    async def close(self) -> None:
        await self.tables.shutdown() if hasattr(self, "tables") else None
        if hasattr(self, "_AutoShardedClient__queue"):
            await super().close()
        else:
            # Never connected (a failed start, a test): discord.py's sharded close expects the event queue
            # that connecting creates; the plain client's close shuts the HTTP session and state alike.
            await discord.Client.close(self)
        pictures.stop()
        analysis_pool.stop()
        if hasattr(self, "store"):
            await self.store.close()
