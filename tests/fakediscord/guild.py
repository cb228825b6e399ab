"""The simulated guild as a test drives it: members, roles, channels, threads and the bot's permissions."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import payloads
from .channels import ChannelRef, FakeChannel, FakeThread, wrap
from .interactions import NotPossible
from .members import FakeMember
from .permissions import Permission, PermissionLike, channel_permissions, to_bits
from .quiet import settle
from .scheduled_events import ScheduledEvent
from .state import Channel, Guild, Role

if TYPE_CHECKING:
    from .server import FakeDiscord


class FakeGuild:
    def __init__(self, fake: FakeDiscord, guild: Guild) -> None:
        self.fake = fake
        self.raw = guild
        self._members: dict[str, FakeMember] = {}
        self._announcements: set[asyncio.Task[bool]] = set()

    @property
    def id(self) -> int:
        return self.raw.id

    @property
    def name(self) -> str:
        return self.raw.name

    @property
    def locale(self) -> str:
        return self.raw.locale

    @locale.setter
    def locale(self, value: str) -> None:
        self.raw.locale = value

    # ------------------------------------------------------------------ channels and threads
    @property
    def default_channel(self) -> FakeChannel:
        return FakeChannel(self, self.fake.store.channels[self.raw.channel_ids[0]])

    @property
    def channels(self) -> list[FakeChannel]:
        """The text channels (not threads), in order."""
        store = self.fake.store
        places = [store.channels[c] for c in self.raw.channel_ids]
        return [FakeChannel(self, c) for c in places if not c.is_thread]

    @property
    def threads(self) -> list[FakeThread]:
        """Every thread of the guild, oldest first; each knows its ``parent`` and ``name``."""
        return [FakeThread(self, t) for t in self.fake.store.threads_of(self.raw)]

    def thread(self, ref: str | int, *, parent: ChannelRef = None) -> FakeThread:
        """A thread by id or name (the newest of that name; within ``parent`` when given)."""
        candidates = self.channel(parent).threads if parent is not None else self.threads
        found = [t for t in candidates if ref in (t.id, t.name, str(t.id))]
        if not found:
            where = f" in {self.channel(parent)}" if parent is not None else ""
            raise NotPossible(f"no thread {ref!r}{where} (threads: {[str(t) for t in candidates]})")
        return found[-1]

    def channel(self, ref: ChannelRef = None) -> FakeChannel:
        """A channel or thread by object, id, or name ("#general", a thread's name)."""
        if ref is None:
            return self.default_channel
        if isinstance(ref, FakeChannel):
            return ref
        store = self.fake.store
        if isinstance(ref, Channel):
            return wrap(self, ref)
        if isinstance(ref, int) or ref.isdigit():
            found = store.channels.get(int(ref))
            if found is None:
                raise NotPossible(f"no channel or thread with id {ref}")
            return wrap(self, found)
        named = store.channel_named(self.raw, ref)
        if named is not None and not named.is_thread:
            return FakeChannel(self, named)
        threads = [t for t in self.threads if t.name == ref]
        if threads:
            return threads[-1]
        names = [str(c) for c in self.channels] + [str(t) for t in self.threads]
        raise NotPossible(f"no channel or thread {ref!r} in {self.name} (there are: {names})")

    async def add_channel(self, name: str, *, topic: str | None = None) -> FakeChannel:
        channel = self.fake.store.add_channel(name.lstrip("#"), guild=self.raw, topic=topic)
        await self.fake.gateway.dispatch("CHANNEL_CREATE", payloads.channel(channel, self.fake.store))
        await settle(self.fake)
        return FakeChannel(self, channel)

    # ------------------------------------------------------------------ the bot's permissions
    def bot_permissions(self, channel: ChannelRef = None) -> Permission:
        """What the bot may do in ``channel`` (default channel when None), as Discord resolves it."""
        store = self.fake.store
        return Permission(channel_permissions(store, self.channel(channel).raw, store.bot_user.id))

    async def set_bot_permissions(
        self, channel: ChannelRef = None, *, allow: PermissionLike = 0, deny: PermissionLike = 0
    ) -> None:
        """Allow/deny the bot permissions in ``channel`` (every text channel when None) with a member
        overwrite, as a server admin would; threads follow their parent channel."""
        targets = self.channels if channel is None else [self.channel(channel)]
        for target in targets:
            if target.is_thread:
                target = target.parent if isinstance(target, FakeThread) else target
            await target.set_permissions("bot", allow=allow, deny=deny)

    # ------------------------------------------------------------------ roles and members
    def role(self, name: str, permissions: PermissionLike = 0) -> Role:
        """The role called ``name``; created with ``permissions`` if it does not exist yet."""
        store = self.fake.store
        return store.role_named(self.raw, name) or store.add_role(self.raw, name, to_bits(permissions))

    async def set_role_permissions(self, role: Role | str, permissions: PermissionLike) -> Role:
        """Change a role's permissions ("@everyone" included) and send GUILD_ROLE_UPDATE."""
        found = role if isinstance(role, Role) else self.fake.store.role_named(self.raw, role)
        if found is None:
            raise NotPossible(f"no role named {role!r}")
        found.permissions = to_bits(permissions)
        self.fake.store.bump()
        update = {"guild_id": str(self.id), "role": payloads.role(found)}
        await self.fake.gateway.dispatch("GUILD_ROLE_UPDATE", update)
        await settle(self.fake)
        return found

    def member(
        self,
        name: str,
        *,
        locale: str | None = None,
        roles: Sequence[str | Role] = (),
        dms_open: bool | None = None,
    ) -> FakeMember:
        """The member called ``name``, created on first use (with ``locale``, default "en-US"); ``roles``
        (names or Role objects; a missing name becomes a role without permissions) are added, and
        ``dms_open=False`` makes the bot's DMs to them fail with 50007."""
        existing = self._members.get(name)
        if existing is None:
            store = self.fake.store
            user = store.add_user(name, locale=locale or "en-US")
            member = store.add_member(self.raw, user)
            existing = FakeMember(self, member)
            self._members[name] = existing
            self._announce("GUILD_MEMBER_ADD", existing)
        elif locale is not None:
            existing.locale = locale
        for given in roles:
            role = given if isinstance(given, Role) else self.role(given)
            if role.id not in existing.raw.role_ids:
                existing.raw.role_ids.append(role.id)
        if dms_open is not None:
            existing.dms_open = dms_open
        return existing

    def _announce(self, event: str, member: FakeMember) -> None:
        payload = {**payloads.member(member.raw), "guild_id": str(self.id)}
        # Only a bot with the GUILD_MEMBERS intent hears about members; dispatch() filters.
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # set up before anything runs: nobody is connected to hear it
        task = loop.create_task(self.fake.gateway.dispatch(event, payload))
        self._announcements.add(task)
        task.add_done_callback(self._announcements.discard)

    @property
    def scheduled_events(self) -> list[ScheduledEvent]:
        """The guild's scheduled events, oldest first (ended and cancelled ones stay until deleted)."""
        events = self.fake.store.scheduled_events.values()
        return sorted((e for e in events if e.guild_id == self.id), key=lambda e: e.id)

    @property
    def members(self) -> list[FakeMember]:
        return list(self._members.values())
