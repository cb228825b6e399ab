"""The fake's world: users, guilds, channels, roles, members, messages, commands and interactions.

Plain data; the JSON shapes Discord sends live in ``payloads``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from .clock import Clock, Snowflakes
from .permissions import DM_PERMISSIONS, EVERYONE_PERMISSIONS, Overwrite, base_permissions
from .scheduled_events import ScheduledEvent

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)


@dataclass
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    dms_open: bool = True  # False: the bot's DMs are refused with 50007, as for a member who closed them


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False


@dataclass
class Member:
    user: User
    guild_id: int
    role_ids: list[int]
    joined_at: str
    nick: str | None = None


@dataclass
class Channel:
    id: int
    name: str
    type: int = GUILD_TEXT
    guild_id: int | None = None
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    recipient_id: int | None = None  # DM channels
    owner_id: int | None = None  # threads
    overwrites: list[Overwrite] = field(default_factory=list)
    created_at: float = 0.0
    thread_member_ids: list[int] = field(default_factory=list)  # threads: who joined (creator first)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    channel_ids: list[int] = field(default_factory=list)
    role_ids: list[int] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)


@dataclass
class Attachment:
    id: int
    filename: str
    content_type: str | None
    data: bytes
    url: str
    width: int | None = None
    height: int | None = None
    description: str | None = None
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    created_at: float
    created_seq: int
    updated_seq: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    ephemeral_to: int | None = None  # user id that alone may see it
    edited_at: float | None = None
    deleted: bool = False
    reactions: dict[str, set[int]] = field(default_factory=dict)
    message_reference: dict[str, Any] | None = None
    thread_id: int | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)


@dataclass
class Interaction:
    """One INTERACTION_CREATE and everything the bot did with its id and token."""

    id: int
    token: str
    type: int
    kind: str  # human label: "slash game new", "button Join", ...
    user_id: int
    guild_id: int | None
    channel_id: int
    data: dict[str, Any]
    created_clock: float  # Clock.monotonic() at dispatch, for the 3 s and 15 min rules
    dispatched_perf: float = 0.0  # perf_counter() at dispatch, for latency figures
    source_message_id: int | None = None
    opened_by: int | None = None  # for modal submits: the interaction that opened the modal
    callback_type: int | None = None
    callback_perf: float | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    late: bool = False
    last_related_perf: float | None = None

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None


class Store:
    """Everything the fake knows, with a change counter so the harness can tell what a click changed."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.ids = Snowflakes(clock)
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.roles: dict[int, Role] = {}
        self.members: dict[tuple[int, int], Member] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.channel_messages: dict[int, list[int]] = {}
        self.global_commands: dict[int, list[dict[str, Any]]] = {}
        self.guild_commands: dict[tuple[int, int], list[dict[str, Any]]] = {}
        self.command_ids: dict[tuple[int, int | None, str, int], int] = {}
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.scheduled_events: dict[int, ScheduledEvent] = {}
        self.seq = 0

        self.bot_user = self.add_user("Deckhand", bot=True)
        self.application_id = self.bot_user.id
        self.owner = self.add_user("owner")

    # ------------------------------------------------------------------ change tracking
    def bump(self) -> int:
        self.seq += 1
        return self.seq

    # ------------------------------------------------------------------ people and places
    def add_user(self, username: str, *, bot: bool = False, locale: str = "en-US") -> User:
        user = User(self.ids.next(), username, global_name=username.capitalize(), bot=bot, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, owner: User, locale: str = "en-US") -> Guild:
        guild = Guild(self.ids.next(), name, owner_id=owner.id, locale=locale)
        self.guilds[guild.id] = guild
        # The @everyone role shares the guild's id, as on Discord.
        everyone = Role(guild.id, "@everyone", EVERYONE_PERMISSIONS, position=0)
        self.roles[everyone.id] = everyone
        guild.role_ids.append(everyone.id)
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int, *, managed: bool = False) -> Role:
        role = Role(self.ids.next(), name, permissions, position=len(guild.role_ids), managed=managed)
        self.roles[role.id] = role
        guild.role_ids.append(role.id)
        return role

    def role_named(self, guild: Guild, name: str) -> Role | None:
        for role_id in guild.role_ids:
            if self.roles[role_id].name == name:
                return self.roles[role_id]
        return None

    def add_member(self, guild: Guild, user: User, role_ids: list[int] | None = None) -> Member:
        member = Member(user, guild.id, list(role_ids or []), joined_at=self.clock.iso())
        self.members[(guild.id, user.id)] = member
        guild.member_ids.append(user.id)
        return member

    def member(self, guild_id: int, user_id: int) -> Member | None:
        return self.members.get((guild_id, user_id))

    def add_channel(
        self,
        name: str,
        *,
        guild: Guild | None,
        id: int | None = None,
        type: int = GUILD_TEXT,
        topic: str | None = None,
        parent_id: int | None = None,
        recipient_id: int | None = None,
        owner_id: int | None = None,
    ) -> Channel:
        channel = Channel(
            id if id is not None else self.ids.next(),
            name,
            type=type,
            guild_id=guild.id if guild else None,
            # Threads have no place in the channel list; only channels count for positions.
            position=sum(1 for c in guild.channel_ids if not self.channels[c].is_thread) if guild else 0,
            topic=topic,
            parent_id=parent_id,
            recipient_id=recipient_id,
            owner_id=owner_id,
            created_at=self.clock.now(),
            thread_member_ids=[owner_id] if owner_id is not None else [],
        )
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        if guild is not None:
            guild.channel_ids.append(channel.id)
        return channel

    def channel_named(self, guild: Guild, name: str) -> Channel | None:
        wanted = name.lstrip("#")
        for channel_id in guild.channel_ids:
            if self.channels[channel_id].name == wanted:
                return self.channels[channel_id]
        return None

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient_id == user.id:
                return channel
        return self.add_channel(f"dm-{user.username}", guild=None, type=DM, recipient_id=user.id)

    def threads_of(self, guild: Guild, parent_id: int | None = None) -> list[Channel]:
        """The guild's threads (of one parent channel), oldest first."""
        found = [self.channels[c] for c in guild.channel_ids if self.channels[c].is_thread]
        return [t for t in found if parent_id is None or t.parent_id == parent_id]

    def permissions(self, guild_id: int, user_id: int) -> int:
        """Guild-level permissions (roles only; channel overwrites: permissions.channel_permissions)."""
        return base_permissions(self, guild_id, user_id)

    def permissions_in_dm(self) -> int:
        return DM_PERMISSIONS

    # ------------------------------------------------------------------ messages
    def add_message(self, channel: Channel, author: User, **fields: Any) -> Message:
        seq = self.bump()
        message = Message(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            created_at=self.clock.now(),
            created_seq=seq,
            updated_seq=seq,
            **fields,
        )
        self.messages[message.id] = message
        self.channel_messages.setdefault(channel.id, []).append(message.id)
        return message

    def touch(self, message: Message, *, edited: bool = True) -> None:
        message.updated_seq = self.bump()
        if edited:
            message.edited_at = self.clock.now()

    def channel_history(self, channel_id: int) -> list[Message]:
        return [
            self.messages[mid]
            for mid in self.channel_messages.get(channel_id, [])
            if not self.messages[mid].deleted
        ]

    # ------------------------------------------------------------------ commands
    def commands_for(self, application_id: int, guild_id: int | None) -> list[dict[str, Any]]:
        if guild_id is None:
            return self.global_commands.setdefault(application_id, [])
        return self.guild_commands.setdefault((application_id, guild_id), [])

    def command_id(self, application_id: int, guild_id: int | None, name: str, type: int) -> int:
        # Discord keeps a command's id when a bulk overwrite repeats its name and type.
        key = (application_id, guild_id, name, type)
        if key not in self.command_ids:
            self.command_ids[key] = self.ids.next()
        return self.command_ids[key]

    # ------------------------------------------------------------------ interactions
    def new_interaction(self, **fields: Any) -> Interaction:
        interaction = Interaction(
            id=self.ids.next(),
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            created_clock=self.clock.monotonic(),
            **fields,
        )
        self.interactions[interaction.id] = interaction
        self.interactions_by_token[interaction.token] = interaction
        return interaction
