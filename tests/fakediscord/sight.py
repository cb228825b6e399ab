"""A member's identity and what they can see: messages in a channel or thread, their ephemerals, their DMs,
and their permissions there (which also decide what they see: no VIEW_CHANNEL, no messages; a private
thread only for its members or those with MANAGE_THREADS)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .channels import ChannelRef, FakeChannel, FakeThread
from .permissions import MANAGE_THREADS, VIEW_CHANNEL, Permission, base_permissions, channel_permissions
from .seen import SeenMessage
from .state import DM, PRIVATE_THREAD, Channel, Interaction, Member, Message, Role, User

if TYPE_CHECKING:
    from .guild import FakeGuild


class MemberSight:
    def __init__(self, guild: FakeGuild, member: Member) -> None:
        self.guild = guild
        self.fake = guild.fake
        self.raw = member
        self.channel: FakeChannel = guild.default_channel
        self.open_modal: tuple[dict[str, Any], Interaction] | None = None

    # ------------------------------------------------------------------ who
    @property
    def user(self) -> User:
        return self.raw.user

    @property
    def id(self) -> int:
        return self.raw.user.id

    @property
    def name(self) -> str:
        return self.raw.user.username

    @property
    def locale(self) -> str:
        return self.raw.user.locale

    @locale.setter
    def locale(self, value: str) -> None:
        self.raw.user.locale = value

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def roles(self) -> list[Role]:
        return [self.fake.store.roles[r] for r in self.raw.role_ids]

    @property
    def permissions(self) -> Permission:
        """Guild-level permissions from @everyone and the member's roles (everything for the owner or an
        ADMINISTRATOR)."""
        return Permission(base_permissions(self.fake.store, self.guild.id, self.id))

    def permissions_in(self, channel: ChannelRef = None) -> Permission:
        """Permissions in a channel or thread, overwrites included; what interactions carry."""
        return Permission(channel_permissions(self.fake.store, self._channel(channel).raw, self.id))

    def __repr__(self) -> str:
        return f"<FakeMember {self.name} ({self.locale})>"

    # ------------------------------------------------------------------ what this member sees
    def can_see(self, message: Message) -> bool:
        return self._addressed_to_me(message) and self.can_view(self.fake.store.channels[message.channel_id])

    def _addressed_to_me(self, message: Message) -> bool:
        return not message.deleted and (message.ephemeral_to is None or message.ephemeral_to == self.id)

    def can_view(self, channel: Channel) -> bool:
        if channel.type == DM:
            return channel.recipient_id == self.id
        have = channel_permissions(self.fake.store, channel, self.id)
        if not have & VIEW_CHANNEL:
            return False
        if channel.type == PRIVATE_THREAD:
            return self.id in channel.thread_member_ids or bool(have & MANAGE_THREADS)
        return True

    def visible_messages(self, channel: ChannelRef = None) -> list[SeenMessage]:
        """Public messages plus this member's own ephemerals in the channel, oldest first."""
        target = self._channel(channel)
        if not self.can_view(target.raw):
            return []
        history = self.fake.store.channel_history(target.id)
        return [SeenMessage(self.fake, m) for m in history if self._addressed_to_me(m)]

    def last_message(self, channel: ChannelRef = None) -> SeenMessage:
        seen = self.visible_messages(channel)
        if not seen:
            raise AssertionError(f"{self.name} sees no message in {self._channel(channel)}")
        return seen[-1]

    def ephemerals(self, channel: ChannelRef = None) -> list[SeenMessage]:
        return [m for m in self.visible_messages(channel) if m.ephemeral]

    @property
    def dm_channel(self) -> FakeChannel:
        """This member's DM channel with the bot (``channel=`` for actions there)."""
        return FakeChannel(self.guild, self.fake.store.dm_channel(self.user))

    def dms(self) -> list[SeenMessage]:
        """What the bot sent this member in DMs, oldest first."""
        channel = self.fake.store.dm_channel(self.user)
        return [SeenMessage(self.fake, m) for m in self.fake.store.channel_history(channel.id)]

    def last_dm(self) -> SeenMessage:
        received = self.dms()
        if not received:
            raise AssertionError(f"{self.name} got no DM")
        return received[-1]

    def _channel(self, ref: ChannelRef) -> FakeChannel:
        if ref is None:
            return self.channel
        if isinstance(ref, str) and not ref.startswith("#") and not ref.isdigit():
            # A bare name: first the threads of where the member is, then the whole guild.
            here = self.channel
            parent = here.parent if isinstance(here, FakeThread) else here
            local = [t for t in parent.threads if t.name == ref]
            if local:
                return local[-1]
        return self.guild.channel(ref)
