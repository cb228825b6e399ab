"""Discord's permission bits and how Discord resolves them for a member in a channel.

Resolution follows https://discord.com/developers/docs/topics/permissions: the guild owner has everything;
otherwise @everyone's permissions OR every role's; ADMINISTRATOR means everything; then the channel's
overwrites (@everyone, then all the member's roles together, then the member); then the implicit rules (no
VIEW_CHANNEL: nothing; no SEND_MESSAGES: no embeds, files, TTS or @everyone). A thread has no overwrites of
its own: it takes its parent's, and SEND_MESSAGES_IN_THREADS plays the part of SEND_MESSAGES there.

Tests name permissions as ``Permission.MANAGE_GUILD``, an int, or a name ("manage_guild", "MANAGE_GUILD").
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import ApiError

if TYPE_CHECKING:
    from .state import Channel, Store


class Permission(enum.IntFlag):
    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_AUDIT_LOG = 1 << 7
    PRIORITY_SPEAKER = 1 << 8
    STREAM = 1 << 9
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    VIEW_GUILD_INSIGHTS = 1 << 19
    CONNECT = 1 << 20
    SPEAK = 1 << 21
    MUTE_MEMBERS = 1 << 22
    DEAFEN_MEMBERS = 1 << 23
    MOVE_MEMBERS = 1 << 24
    USE_VAD = 1 << 25
    CHANGE_NICKNAME = 1 << 26
    MANAGE_NICKNAMES = 1 << 27
    MANAGE_ROLES = 1 << 28
    MANAGE_WEBHOOKS = 1 << 29
    MANAGE_GUILD_EXPRESSIONS = 1 << 30
    USE_APPLICATION_COMMANDS = 1 << 31
    REQUEST_TO_SPEAK = 1 << 32
    MANAGE_EVENTS = 1 << 33
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    USE_EXTERNAL_STICKERS = 1 << 37
    SEND_MESSAGES_IN_THREADS = 1 << 38
    USE_EMBEDDED_ACTIVITIES = 1 << 39
    MODERATE_MEMBERS = 1 << 40
    VIEW_CREATOR_MONETIZATION_ANALYTICS = 1 << 41
    USE_SOUNDBOARD = 1 << 42
    CREATE_GUILD_EXPRESSIONS = 1 << 43
    CREATE_EVENTS = 1 << 44
    USE_EXTERNAL_SOUNDS = 1 << 45
    SEND_VOICE_MESSAGES = 1 << 46
    SET_VOICE_CHANNEL_STATUS = 1 << 48
    SEND_POLLS = 1 << 49
    USE_EXTERNAL_APPS = 1 << 50
    PIN_MESSAGES = 1 << 51
    BYPASS_SLOWMODE = 1 << 52


ALL_PERMISSIONS = int(sum(Permission))

ADMINISTRATOR = int(Permission.ADMINISTRATOR)
MANAGE_GUILD = int(Permission.MANAGE_GUILD)
ADD_REACTIONS = int(Permission.ADD_REACTIONS)
VIEW_CHANNEL = int(Permission.VIEW_CHANNEL)
SEND_MESSAGES = int(Permission.SEND_MESSAGES)
SEND_TTS_MESSAGES = int(Permission.SEND_TTS_MESSAGES)
MANAGE_MESSAGES = int(Permission.MANAGE_MESSAGES)
EMBED_LINKS = int(Permission.EMBED_LINKS)
ATTACH_FILES = int(Permission.ATTACH_FILES)
READ_MESSAGE_HISTORY = int(Permission.READ_MESSAGE_HISTORY)
MENTION_EVERYONE = int(Permission.MENTION_EVERYONE)
USE_EXTERNAL_EMOJIS = int(Permission.USE_EXTERNAL_EMOJIS)
USE_APPLICATION_COMMANDS = int(Permission.USE_APPLICATION_COMMANDS)
MANAGE_THREADS = int(Permission.MANAGE_THREADS)
CREATE_PUBLIC_THREADS = int(Permission.CREATE_PUBLIC_THREADS)
CREATE_PRIVATE_THREADS = int(Permission.CREATE_PRIVATE_THREADS)
SEND_MESSAGES_IN_THREADS = int(Permission.SEND_MESSAGES_IN_THREADS)

EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS
# What a member may do in a DM with the bot (Discord sends these as app_permissions there).
THREAD_PERMISSIONS = CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS | SEND_MESSAGES_IN_THREADS
DM_PERMISSIONS = EVERYONE_PERMISSIONS & ~THREAD_PERMISSIONS

# Lost with SEND_MESSAGES (or, in a thread, SEND_MESSAGES_IN_THREADS).
_NEED_SENDING = SEND_TTS_MESSAGES | MENTION_EVERYONE | EMBED_LINKS | ATTACH_FILES

OVERWRITE_ROLE, OVERWRITE_MEMBER = 0, 1

PermissionLike = int | str | Iterable[int | str]


def to_bits(value: PermissionLike) -> int:
    """Permission.X, an int, a name ("manage_guild"/"MANAGE_GUILD") or several of these, as one int."""
    if isinstance(value, int):
        return int(value)
    if isinstance(value, str):
        key = value.strip().upper().replace(" ", "_")
        try:
            return int(Permission[key])
        except KeyError:
            raise ValueError(f"no Discord permission called {value!r}") from None
    bits = 0
    for item in value:
        bits |= to_bits(item)
    return bits


def names(bits: int) -> list[str]:
    """The names of the set bits, e.g. ["MANAGE_GUILD", "SEND_MESSAGES"]."""
    return [p.name for p in Permission if p.name and bits & p.value]


@dataclass
class Overwrite:
    """One entry of a channel's permission_overwrites: a role's or a member's allow/deny there."""

    id: int
    type: int  # OVERWRITE_ROLE or OVERWRITE_MEMBER
    allow: int = 0
    deny: int = 0


def base_permissions(store: Store, guild_id: int, user_id: int) -> int:
    guild = store.guilds[guild_id]
    if user_id == guild.owner_id:
        return ALL_PERMISSIONS
    member = store.member(guild_id, user_id)
    value = store.roles[guild.id].permissions
    for role_id in member.role_ids if member else []:
        value |= store.roles[role_id].permissions
    return ALL_PERMISSIONS if value & ADMINISTRATOR else value


def channel_permissions(store: Store, channel: Channel, user_id: int) -> int:
    """What ``user_id`` may do in ``channel`` (a DM: what Discord allows there)."""
    if channel.guild_id is None:
        return DM_PERMISSIONS
    base = base_permissions(store, channel.guild_id, user_id)
    if base & ADMINISTRATOR:
        return ALL_PERMISSIONS
    thread = channel.parent_id is not None and channel.is_thread
    source = store.channels[channel.parent_id] if thread and channel.parent_id else channel
    value = _apply_overwrites(store, source, base, user_id)
    if not value & VIEW_CHANNEL:
        return 0
    if not value & (SEND_MESSAGES_IN_THREADS if thread else SEND_MESSAGES):
        value &= ~_NEED_SENDING
    return value


def _apply_overwrites(store: Store, channel: Channel, base: int, user_id: int) -> int:
    by_target = {(o.type, o.id): o for o in channel.overwrites}
    value = base
    everyone = by_target.get((OVERWRITE_ROLE, channel.guild_id or 0))
    if everyone is not None:
        value = (value & ~everyone.deny) | everyone.allow
    member = store.member(channel.guild_id or 0, user_id)
    allow = deny = 0
    for role_id in member.role_ids if member else []:
        role = by_target.get((OVERWRITE_ROLE, role_id))
        if role is not None:
            allow |= role.allow
            deny |= role.deny
    value = (value & ~deny) | allow
    own = by_target.get((OVERWRITE_MEMBER, user_id))
    if own is not None:
        value = (value & ~own.deny) | own.allow
    return value


def require(store: Store, channel: Channel, user_id: int, needed: int) -> None:
    """Refuse like Discord: 403/50001 when the channel is not visible, 403/50013 when a bit is missing."""
    have = channel_permissions(store, channel, user_id)
    if not have & VIEW_CHANNEL:
        raise ApiError(403, 50001, "Missing Access")
    if have & needed != needed:
        raise ApiError(403, 50013, "Missing Permissions")
