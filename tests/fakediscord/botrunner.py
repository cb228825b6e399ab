"""Start a bot (the real Deckhand, or the mini bot) against a FakeDiscord, stop it, start it again.

A *bot factory* takes the fake and a SQLite path and returns an unstarted ``discord.Client``; the runner
starts it with ``client.start(fake.token)`` exactly as production does and waits until it is ready and has
commands synced.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import discord

from .server import FakeDiscord

log = logging.getLogger(__name__)

BotFactory = Callable[[FakeDiscord, Path | str], discord.Client]
StartBot = Callable[..., Awaitable["RunningBot"]]  # the running_bot fixture: await start(database=None)

# discord.py waits this long after the last GUILD_CREATE before "ready" (default 2 s per start). The fake
# sends its one guild at once, so waiting is pointless; this is a documented Client option, set from
# outside so the bot's own code stays as in production.
GUILD_READY_TIMEOUT = 0.05

DECKHAND_MISSING_REASON = "bot.client.Deckhand is not written yet"


def deckhand_import_error() -> str | None:
    """None when the real bot can be imported, else the reason it cannot."""
    try:
        client = importlib.import_module("bot.client")
        importlib.import_module("bot.settings")
    except ImportError as exc:
        return f"{DECKHAND_MISSING_REASON} ({exc})"
    if not hasattr(client, "Deckhand"):
        return f"{DECKHAND_MISSING_REASON} (bot.client has no Deckhand)"
    return None


@contextlib.contextmanager
def _environment(values: dict[str, str]) -> Iterator[None]:
    # Only our values: the developer's own DECKHAND_*/DISCORD_* variables must not leak into a test bot.
    saved = dict(os.environ)
    for key in list(os.environ):
        if key.startswith(("DECKHAND_", "DISCORD_")):
            del os.environ[key]
    os.environ.update(values)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def deckhand_env(fake: FakeDiscord, database: Path | str) -> dict[str, str]:
    return {
        "DISCORD_TOKEN": fake.token,
        "DECKHAND_API_BASE": fake.api_base,
        "DECKHAND_DATABASE": str(database),
        "DECKHAND_DEV_GUILD_ID": str(fake.guild.id),
        "DECKHAND_AI_DELAY": "0",
        # The coach's suggestions (coach=on games, a night's first set) on few redeals: tests check where
        # they show, not how good they are.
        "DECKHAND_COACH_SAMPLES": "2",
    }


def deckhand_factory(fake: FakeDiscord, database: Path | str) -> discord.Client:
    """The real bot, with settings from exactly these environment variables and no .env file."""
    client = importlib.import_module("bot.client")
    settings_module = importlib.import_module("bot.settings")
    # In-process bots draw in threads: a spawned picture process per test bot would cost a second of start-up
    # each. The pool is the default of a bot run as its own process (the crash suite and the benches).
    with _environment({**deckhand_env(fake, database), "DECKHAND_RENDER_WORKERS": "0"}):
        settings = settings_module.Settings(_env_file=None)
    bot: discord.Client = client.Deckhand(settings)
    return bot


def minibot_factory(fake: FakeDiscord, database: Path | str) -> discord.Client:
    from .minibot import MiniBot

    return MiniBot(api_base=fake.api_base, guild_id=fake.guild.id)


def default_factory() -> tuple[str, BotFactory]:
    """The real bot when it exists, else the mini bot."""
    if deckhand_import_error() is None:
        return "deckhand", deckhand_factory
    return "minibot", minibot_factory


class RunningBot:
    def __init__(self, fake: FakeDiscord, factory: BotFactory, database: Path | str) -> None:
        self.fake = fake
        self.factory = factory
        self.database = database
        self.bot: discord.Client | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, timeout: float = 20.0) -> discord.Client:
        if self.bot is not None:
            raise RuntimeError("already running")
        self.fake.gateway.ready.clear()
        bot = self.factory(self.fake, self.database)
        bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
        self.bot = bot
        self._task = asyncio.create_task(bot.start(self.fake.token), name="fakediscord-bot")
        deadline = time.perf_counter() + timeout
        task = self._task
        while not (bot.is_ready() and self.fake.gateway.ready.is_set() and self.fake.commands()):
            if task.done():
                error = task.exception() if not task.cancelled() else None
                await self.stop()
                raise RuntimeError(f"the bot stopped while starting: {error!r}") from error
            if time.perf_counter() > deadline:
                await self.stop()
                raise TimeoutError(
                    f"bot not ready after {timeout} s (gateway ready: {self.fake.gateway.ready.is_set()}, "
                    f"synced commands: {len(self.fake.commands())})"
                )
            await asyncio.sleep(0.01)
        log.info("bot ready against %s", self.fake.url)
        return bot

    async def stop(self) -> None:
        bot, task = self.bot, self._task
        self.bot = None
        if bot is not None:
            await bot.close()
        if task is not None:
            try:
                await asyncio.wait_for(task, timeout=10)
            except (asyncio.CancelledError, TimeoutError):
                task.cancel()
            except (discord.DiscordException, OSError) as exc:
                log.info("bot task ended with %r", exc)
        self._task = None

    async def restart(self) -> discord.Client:
        """Stop and start a fresh bot instance against the same fake and the same SQLite file."""
        await self.stop()
        return await self.start()

    async def __aenter__(self) -> RunningBot:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
