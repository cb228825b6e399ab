"""FakeDiscord: the aiohttp server (REST + gateway + attachment CDN) on 127.0.0.1 and its bookkeeping.

    async with FakeDiscord() as fake:
        ...  # point a discord.py client at fake.api_base; GET /gateway/bot names fake.gateway_url

While it runs it also sets discord.py's two hard-wired addresses (``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY``) to "trap" paths on this server, so a bot that forgets to configure
them still talks only to loopback, and the test fails with a violation saying what it forgot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from . import interactions as build
from . import payloads, routes_basic, routes_events, routes_interactions, routes_messages, routes_threads
from .clock import Clock
from .errors import ApiError
from .faults import Faults
from .gateway import Gateway, owner_shard
from .guild import FakeGuild
from .messages import MessageOps
from .permissions import BOT_PERMISSIONS, MANAGE_GUILD, MANAGE_MESSAGES
from .quiet import settle
from .records import LatencySample, Notice, Rejection, RequestRecord, Violation, ViolationError
from .rest import RestApi
from .schema import DEFAULT_SPEC_PATH, SpecStatus, load_spec
from .state import (
    Channel,
    Interaction,
    Member,
    Message,
    Store,
    User,
)

log = logging.getLogger(__name__)


class FakeDiscord:
    def __init__(
        self,
        *,
        guild_name: str = "Deckhand Test",
        channels: tuple[str, ...] = ("game-night", "general"),
        guild_locale: str = "en-US",
        clock: Clock | None = None,
        spec_path: Path | None = None,
        validate: bool = True,
        check_responses: bool = True,
        install_traps: bool = True,
        interaction_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        quiet_period: float = 0.12,
        shard_count: int = 1,
        max_concurrency: int = 1,
    ) -> None:
        self.clock = clock or Clock()
        self.store = Store(self.clock)
        self.token = "fake." + secrets.token_urlsafe(24)
        self.spec_status: SpecStatus = (
            load_spec(spec_path or DEFAULT_SPEC_PATH) if validate else SpecStatus(None, "validation disabled")
        )
        self.check_responses = check_responses
        self.install_traps = install_traps
        self.interaction_deadline = interaction_deadline
        self.token_lifetime = token_lifetime
        self.quiet_period = quiet_period
        #: What GET /gateway/bot recommends (``shards``, ``session_start_limit.max_concurrency``).
        self.shard_count = shard_count
        self.max_concurrency = max_concurrency

        self.requests: list[RequestRecord] = []
        self.violations: list[Violation] = []
        self.rejections: list[Rejection] = []
        self.latencies: list[LatencySample] = []
        self.notices: list[Notice] = []
        self._reported = 0
        self._expecting = 0
        self._inflight = 0
        self.last_activity = time.perf_counter()

        self.gateway = Gateway(self)
        self.faults = Faults(self)
        self.messages = MessageOps(self)
        self.rest = RestApi(self)
        routes_basic.register(self.rest.router, self)
        routes_messages.register(self.rest.router, self)
        routes_threads.register(self.rest.router, self)
        routes_interactions.register(self.rest.router, self)
        routes_events.register(self.rest.router, self)

        self.guilds: list[FakeGuild] = []
        self.guild = self._new_guild(guild_name, channels, guild_locale)

        self._runner: web.AppRunner | None = None
        self._port = 0
        self._watchdog: asyncio.Task[None] | None = None
        self._saved_addresses: tuple[str, yarl.URL] | None = None

    def _new_guild(self, name: str, channels: tuple[str, ...], locale: str) -> FakeGuild:
        store = self.store
        guild = store.add_guild(name, owner=store.owner, locale=locale)
        bot_role = store.add_role(guild, "Deckhand", BOT_PERMISSIONS, managed=True)
        store.add_role(guild, "Moderator", MANAGE_MESSAGES | MANAGE_GUILD)
        for channel in channels:
            store.add_channel(
                channel, guild=guild, topic="Card games tonight" if channel == "game-night" else None
            )
        store.add_member(guild, store.bot_user, [bot_role.id])
        store.add_member(guild, store.owner)
        fake_guild = FakeGuild(self, guild)
        self.guilds.append(fake_guild)
        return fake_guild

    async def add_guild(
        self, name: str, *, channels: tuple[str, ...] = ("game-night", "general"), locale: str = "en-US"
    ) -> FakeGuild:
        """Another server that invited the bot (the same owner, channels and roles as the first); the shard
        that owns it hears GUILD_CREATE, as when a bot joins a server."""
        guild = self._new_guild(name, channels, locale)
        # A guild just joined comes without "unavailable" (that key marks a known guild coming back).
        joined = payloads.guild_create(guild.raw, self.store)
        del joined["unavailable"]
        await self.gateway.dispatch("GUILD_CREATE", joined)
        await settle(self)
        return guild

    def shard_of(self, guild: FakeGuild, shard_count: int | None = None) -> int:
        """The shard that owns ``guild`` with ``shard_count`` shards (default: the recommended count)."""
        return owner_shard(guild.id, shard_count or self.shard_count)

    # ------------------------------------------------------------------ lifecycle
    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._api)
        app.router.add_route("*", "/trap/api/v10/{tail:.*}", self._trap_api)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/trap/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = int(self._runner.addresses[0][1])
        self._watchdog = asyncio.create_task(self._watch_deadlines(), name="fakediscord-deadlines")
        if self.install_traps:
            self._saved_addresses = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
            Route.BASE = f"{self.url}/trap/api/v10"
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{self._port}/trap/gateway")
        log.info("fake Discord on %s (%s)", self.url, self.spec_status.reason)

    async def stop(self) -> None:
        await self.faults.stop()
        if self._watchdog is not None:
            self._watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watchdog
            self._watchdog = None
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._saved_addresses is not None:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved_addresses
            self._saved_addresses = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def api_base(self) -> str:
        """What DECKHAND_API_BASE should be."""
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self._port}/gateway"

    # ------------------------------------------------------------------ HTTP entry points
    async def _api(self, request: web.Request) -> web.Response:
        return await self.rest.handle(request, trap=False)

    async def _trap_api(self, request: web.Request) -> web.Response:
        return await self.rest.handle(request, trap=True)

    async def _attachment(self, request: web.Request) -> web.Response:
        try:
            attachment = self.store.attachments[int(request.match_info["attachment_id"])]
        except (KeyError, ValueError):
            return web.Response(status=404, text="Not Found")
        return web.Response(
            body=attachment.data, content_type=attachment.content_type or "application/octet-stream"
        )

    # ------------------------------------------------------------------ bookkeeping
    def violation(
        self,
        kind: str,
        message: str,
        *,
        request: RequestRecord | None = None,
        pointer: str | None = None,
        instance_path: str | None = None,
    ) -> Violation:
        found = Violation(kind, message, request, pointer, instance_path)
        self.violations.append(found)
        log.warning("fake Discord violation: %s", found.describe())
        return found

    def reject(self, error: ApiError, record: RequestRecord) -> None:
        self.rejections.append(Rejection(error.status, error.code, error.message, record))
        log.info(
            "fake Discord answered %s %s (%s) to %s %s",
            error.status,
            error.code,
            error.message,
            record.method,
            record.path,
        )

    def notice(self, text: str, record: RequestRecord | None = None) -> None:
        """Something Discord does silently that a test may want to know (e.g. embeds dropped)."""
        self.notices.append(Notice(text, record))
        log.info("fake Discord notice: %s", text)

    def activity_started(self) -> None:
        self._inflight += 1
        self.last_activity = time.perf_counter()

    def activity_finished(self) -> None:
        self._inflight -= 1
        self.last_activity = time.perf_counter()

    @property
    def inflight(self) -> int:
        return self._inflight

    def unreported_violations(self) -> list[Violation]:
        return self.violations[self._reported :]

    def raise_violations(self) -> None:
        """Fail now with every violation not yet reported (the harness calls this after each action)."""
        if self._expecting:
            return
        fresh = self.unreported_violations()
        self._reported = len(self.violations)
        if fresh:
            raise ViolationError(fresh)

    def assert_no_violations(self) -> None:
        self.raise_violations()

    @contextlib.contextmanager
    def expect_violations(self, *kinds: str) -> Iterator[list[Violation]]:
        """Within the block violations do not fail the test; at its end each kind must have occurred
        and nothing else may have."""
        start = len(self.violations)
        self._expecting += 1
        caught: list[Violation] = []
        try:
            yield caught
        finally:
            self._expecting -= 1
            caught.extend(self.violations[start:])
            del self.violations[start:]
            self._reported = min(self._reported, len(self.violations))
        missing = [k for k in kinds if not any(v.kind == k for v in caught)]
        if missing:
            raise AssertionError(
                f"expected violation(s) {missing} did not happen; got {[v.kind for v in caught]}"
            )
        unexpected = [v for v in caught if kinds and v.kind not in kinds]
        if unexpected:
            raise ViolationError(unexpected)

    def mark_late(self, inter: Interaction, elapsed: float, record: RequestRecord | None = None) -> None:
        if inter.late:
            return
        inter.late = True
        if record is None:
            text = f"no response to {inter.kind!r} within {self.interaction_deadline:g} s"
        else:
            text = (
                f"first response to {inter.kind!r} came after {elapsed:.2f} s (limit "
                f"{self.interaction_deadline:g} s): Discord answers 404 Unknown interaction (10062)"
            )
        self.violation("deadline", text, request=record)
        self.store.bump()

    async def _watch_deadlines(self) -> None:
        # Polls rather than timers so that Clock.advance() in a test takes effect at once.
        while True:
            await asyncio.sleep(0.02)
            now = self.clock.monotonic()
            for inter in list(self.store.interactions.values()):
                if (
                    not inter.acknowledged
                    and not inter.late
                    and now - inter.created_clock > self.interaction_deadline
                ):
                    self.mark_late(inter, now - inter.created_clock)

    # ------------------------------------------------------------------ driving the bot
    def commands(self, *, guild: bool | None = None) -> list[dict[str, Any]]:
        """The synced commands: guild ones for the default guild, global ones, or both (None)."""
        app = self.store.application_id
        guild_cmds = self.store.commands_for(app, self.guild.id)
        global_cmds = self.store.commands_for(app, None)
        if guild is True:
            return list(guild_cmds)
        if guild is False:
            return list(global_cmds)
        return list(guild_cmds) + list(global_cmds)

    async def wait_ready(self, timeout: float = 10.0, *, commands: bool = True) -> None:
        """Until the bot got READY + GUILD_CREATE (and, by default, has synced at least one command)."""
        deadline = time.perf_counter() + timeout
        while not (self.gateway.ready.is_set() and (not commands or self.commands())):
            if time.perf_counter() > deadline:
                state = "connected" if self.gateway.ready.is_set() else "never identified"
                raise TimeoutError(
                    f"bot not ready after {timeout} s ({state}; commands: {len(self.commands())})"
                )
            await asyncio.sleep(0.01)

    async def dispatch_interaction(
        self,
        *,
        user: User,
        member: Member | None,
        channel: Channel,
        type: int,
        kind: str,
        data: dict[str, Any],
        source: Message | None = None,
        opened_by: Interaction | None = None,
        message_payload: dict[str, Any] | None = None,
    ) -> Interaction:
        """``message_payload`` replaces the source message as the interaction carries it (a forged
        component: ``FakeMember.forge``)."""
        if not self.gateway.connected and self.gateway.session is None:
            raise AssertionError("the bot is not connected to the fake gateway")
        inter = self.store.new_interaction(
            type=type,
            kind=kind,
            user_id=user.id,
            guild_id=channel.guild_id,
            channel_id=channel.id,
            data=data,
            source_message_id=source.id if source else None,
            opened_by=opened_by.id if opened_by else None,
        )
        payload = build.interaction_payload(
            self,
            interaction_id=inter.id,
            token=inter.token,
            type=type,
            data=data,
            member=member,
            user=user,
            channel=channel,
            message=message_payload
            if message_payload is not None
            else payloads.message(source, self.store)
            if source
            else None,
        )
        inter.dispatched_perf = time.perf_counter()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return inter
