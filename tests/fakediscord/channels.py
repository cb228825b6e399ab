"""Places in the simulated guild as a test sees them: channels, threads and DM channels.

``messages()`` is what the place itself shows: a parent channel lists its own messages (with the "started
a thread" notice and the starter message of each thread), a thread only the messages posted in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import payloads
from .interactions import NotPossible
from .permissions import OVERWRITE_MEMBER, OVERWRITE_ROLE, Overwrite, PermissionLike, to_bits
from .quiet import settle
from .render import place_name
from .seen import SeenMessage
from .state import DM, PRIVATE_THREAD, Channel, Role, User

if TYPE_CHECKING:
    from .guild import FakeGuild
    from .members import FakeMember


class FakeChannel:
    def __init__(self, guild: FakeGuild, channel: Channel) -> None:
        self.guild = guild
        self.raw = channel

    @property
    def id(self) -> int:
        return self.raw.id

    @property
    def name(self) -> str:
        return self.raw.name

    @property
    def is_thread(self) -> bool:
        return self.raw.is_thread

    @property
    def is_dm(self) -> bool:
        return self.raw.type == DM

    def messages(self) -> list[SeenMessage]:
        """The public messages, oldest first."""
        fake = self.guild.fake
        return [SeenMessage(fake, m) for m in fake.store.channel_history(self.id) if not m.ephemeral]

    @property
    def threads(self) -> list[FakeThread]:
        """The threads started in this channel, oldest first."""
        store = self.guild.fake.store
        return [FakeThread(self.guild, t) for t in store.threads_of(self.guild.raw, self.id)]

    def thread(self, name: str) -> FakeThread:
        """This channel's thread called ``name`` (the newest, if several share it)."""
        found = [t for t in self.threads if t.name == name]
        if not found:
            raise NotPossible(f"{self} has no thread {name!r} (threads: {[t.name for t in self.threads]})")
        return found[-1]

    async def set_permissions(
        self,
        target: FakeMember | Role | User | str,
        *,
        allow: PermissionLike = 0,
        deny: PermissionLike = 0,
    ) -> None:
        """Set the channel's overwrite for a member, a role, a role name, "@everyone" or "bot" (replacing
        any earlier one for that target), and tell the bot with CHANNEL_UPDATE as Discord does."""
        if self.is_thread or self.is_dm:
            raise NotPossible(f"{self} has no permission overwrites of its own (a thread takes its parent's)")
        kind, target_id = self._overwrite_target(target)
        raw = self.raw
        raw.overwrites = [o for o in raw.overwrites if (o.type, o.id) != (kind, target_id)]
        raw.overwrites.append(Overwrite(target_id, kind, to_bits(allow), to_bits(deny)))
        fake = self.guild.fake
        fake.store.bump()
        await fake.gateway.dispatch("CHANNEL_UPDATE", payloads.channel(raw, fake.store))
        await settle(fake)  # until discord.py has read it, so its permissions_for() agrees

    def _overwrite_target(self, target: FakeMember | Role | User | str) -> tuple[int, int]:
        store = self.guild.fake.store
        if isinstance(target, Role):
            return OVERWRITE_ROLE, target.id
        if isinstance(target, User):
            return OVERWRITE_MEMBER, target.id
        if isinstance(target, str):
            if target == "bot":
                return OVERWRITE_MEMBER, store.bot_user.id
            if target == "@everyone":
                return OVERWRITE_ROLE, self.guild.id
            role = store.role_named(self.guild.raw, target)
            if role is None:
                raise NotPossible(f"no role named {target!r}")
            return OVERWRITE_ROLE, role.id
        return OVERWRITE_MEMBER, target.id

    def __str__(self) -> str:
        return place_name(self.raw, self.guild.fake.store)

    def __repr__(self) -> str:
        return f"<FakeChannel {self} {self.id}>"


class FakeThread(FakeChannel):
    """A thread: its parent channel, name, owner, and (when started from one) its starter message."""

    @property
    def parent(self) -> FakeChannel:
        return FakeChannel(self.guild, self.guild.fake.store.channels[self.raw.parent_id or 0])

    @property
    def private(self) -> bool:
        return self.raw.type == PRIVATE_THREAD

    @property
    def owner(self) -> User:
        return self.guild.fake.store.users[self.raw.owner_id or 0]

    @property
    def member_ids(self) -> list[int]:
        """Who joined the thread (its creator first); members join by posting in it."""
        return list(self.raw.thread_member_ids)

    @property
    def starter_message(self) -> SeenMessage | None:
        """The parent-channel message this thread was started from (it shares the thread's id)."""
        fake = self.guild.fake
        message = fake.store.messages.get(self.id)
        return SeenMessage(fake, message) if message is not None and not message.deleted else None

    @property
    def threads(self) -> list[FakeThread]:
        return []

    def __repr__(self) -> str:
        return f"<FakeThread {self} {self.id}>"


ChannelRef = FakeChannel | Channel | str | int | None


def wrap(guild: FakeGuild, channel: Channel) -> FakeChannel:
    return FakeThread(guild, channel) if channel.is_thread else FakeChannel(guild, channel)
