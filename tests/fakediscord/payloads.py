"""The JSON objects Discord sends, built from the fake's state (shapes follow openapi.json's responses)."""

from __future__ import annotations

from typing import Any

from .permissions import BOT_PERMISSIONS
from .state import (
    DM,
    PRIVATE_THREAD,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    Store,
    User,
)


def user(u: User) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(u.id),
        "username": u.username,
        "global_name": u.global_name,
        "avatar": None,
        "discriminator": "0",
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "collectibles": None,
        "primary_guild": None,
    }
    if u.bot:
        data["bot"] = True
    return data


def user_pii(u: User) -> dict[str, Any]:
    return {**user(u), "mfa_enabled": False, "locale": u.locale, "verified": True, "premium_type": 0}


def role(r: Role) -> dict[str, Any]:
    return {
        "id": str(r.id),
        "name": r.name,
        "description": None,
        "permissions": str(r.permissions),
        "position": r.position,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": r.managed,
        "mentionable": False,
        "icon": None,
        "unicode_emoji": None,
        "flags": 0,
    }


def member(m: Member, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "avatar": None,
        "banner": None,
        "communication_disabled_until": None,
        "flags": 0,
        "joined_at": m.joined_at,
        "nick": m.nick,
        "pending": False,
        "premium_since": None,
        "roles": [str(r) for r in m.role_ids],
        "deaf": False,
        "mute": False,
    }
    if with_user:
        data["user"] = user(m.user)
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def channel(c: Channel, store: Store) -> dict[str, Any]:
    if c.type == DM:
        recipient = store.users[c.recipient_id] if c.recipient_id else store.bot_user
        return {
            "id": str(c.id),
            "type": DM,
            "last_message_id": _last_message_id(c, store),
            "flags": 0,
            "recipients": [user(recipient)],
        }
    data: dict[str, Any] = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "position": c.position,
        "permission_overwrites": [
            {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
            for o in c.overwrites
        ],
        "parent_id": str(c.parent_id) if c.parent_id else None,
        "last_message_id": _last_message_id(c, store),
        "flags": 0,
        "rate_limit_per_user": 0,
        "nsfw": False,
    }
    if c.is_thread:
        sent = len([m for m in store.channel_history(c.id) if not m.ephemeral])
        metadata: dict[str, Any] = {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": store.clock.iso(c.created_at),
            "locked": False,
            "create_timestamp": store.clock.iso(c.created_at),
        }
        if c.type == PRIVATE_THREAD:
            metadata["invitable"] = True
        data.update(
            {
                "owner_id": str(c.owner_id or store.bot_user.id),
                "member_count": min(len(c.thread_member_ids), 50),
                "message_count": sent,
                "total_message_sent": sent,
                "thread_metadata": metadata,
            }
        )
        del data["permission_overwrites"]
        del data["position"]
    else:
        data.update({"topic": c.topic, "last_pin_timestamp": None, "default_thread_rate_limit_per_user": 0})
    return data


def _last_message_id(c: Channel, store: Store) -> str | None:
    history = [m for m in store.channel_history(c.id) if not m.ephemeral]
    return str(history[-1].id) if history else None


def guild_create(g: Guild, store: Store) -> dict[str, Any]:
    """A GUILD_CREATE as the gateway sends it: the guild plus its channels, roles and members."""
    members = [store.members[(g.id, uid)] for uid in g.member_ids]
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "features": [],
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": g.locale,
        "system_channel_id": str(g.channel_ids[0]) if g.channel_ids else None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "max_members": 500000,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "application_id": None,
        "widget_enabled": False,
        "widget_channel_id": None,
        "roles": [role(store.roles[r]) for r in g.role_ids],
        "emojis": [],
        "stickers": [],
        "unavailable": False,
        "large": False,
        "lazy": True,
        "joined_at": store.clock.iso(),
        "member_count": len(members),
        "members": [member(m) for m in members],
        "channels": [channel(store.channels[c], store) for c in g.channel_ids if not _is_thread(store, c)],
        "threads": [channel(store.channels[c], store) for c in g.channel_ids if _is_thread(store, c)],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "incidents_data": None,
    }


def _is_thread(store: Store, channel_id: int) -> bool:
    return store.channels[channel_id].is_thread


def thread_member(thread: Channel, user_id: int, store: Store) -> dict[str, Any]:
    return {
        "id": str(thread.id),
        "user_id": str(user_id),
        "join_timestamp": store.clock.iso(thread.created_at),
        "flags": 0,
    }


def attachment(a: Attachment) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": a.url,
        "proxy_url": a.url,
    }
    if a.content_type:
        data["content_type"] = a.content_type
    if a.description:
        data["description"] = a.description
    if a.width is not None:
        data["width"] = a.width
        data["height"] = a.height
    if a.ephemeral:
        data["ephemeral"] = True
    return data


def message(m: Message, store: Store) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "type": m.type,
        "content": m.content,
        "author": user(m.author),
        "mentions": [],
        "mention_roles": [],
        "mention_everyone": False,
        "attachments": [attachment(a) for a in m.attachments],
        "embeds": m.embeds,
        "components": m.components,
        "timestamp": store.clock.iso(m.created_at),
        "edited_timestamp": store.clock.iso(m.edited_at) if m.edited_at else None,
        "flags": m.flags,
        "pinned": False,
        "tts": False,
    }
    if m.webhook_id is not None:
        data["webhook_id"] = str(m.webhook_id)
    if m.application_id is not None:
        data["application_id"] = str(m.application_id)
    if m.interaction_metadata is not None:
        data["interaction_metadata"] = m.interaction_metadata
    if m.message_reference is not None:
        data["message_reference"] = m.message_reference
    if m.thread_id is not None and m.thread_id in store.channels:
        data["thread"] = channel(store.channels[m.thread_id], store)
    if m.reactions:
        data["reactions"] = [
            {
                "emoji": {"id": None, "name": name},
                "count": len(users),
                "count_details": {"burst": 0, "normal": len(users)},
                "burst_colors": [],
                "me_burst": False,
                "burst_me": False,
                "burst_count": 0,
                "me": store.bot_user.id in users,
            }
            for name, users in m.reactions.items()
            if users
        ]
    return data


def message_event(m: Message, store: Store) -> dict[str, Any]:
    """MESSAGE_CREATE/UPDATE: the message plus guild_id and the author's member object."""
    data = message(m, store)
    if m.guild_id is not None:
        data["guild_id"] = str(m.guild_id)
        author_member = store.member(m.guild_id, m.author.id)
        if author_member is not None:
            data["member"] = member(author_member, with_user=False)
    return data


def application(store: Store) -> dict[str, Any]:
    bot = store.bot_user
    return {
        "id": str(store.application_id),
        "name": bot.username,
        "icon": None,
        "description": "Deckhand under test",
        "type": None,
        "bot": user(bot),
        "bot_public": False,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "flags_new": "0",
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "owner": user(store.owner),
        "approximate_guild_count": len(store.guilds),
        "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0,
        "explicit_content_filter": 0,
        "team": None,
        "eligible_oauth2_scopes": [],
        "summary": "",
        "rpc_origins": [],
        "tags": [],
    }


def bot_permissions() -> str:
    return str(BOT_PERMISSIONS)
