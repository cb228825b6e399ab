"""Building INTERACTION_CREATE payloads the way the Discord client does from what the bot synced.

The client only offers commands that were synced, only accepts option values of the declared type and
choices, and only lets a member click components they can see. These helpers fail with a clear message
when a test asks for something a person could not do.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import payloads
from .permissions import ADMINISTRATOR, channel_permissions, names
from .state import DM, Attachment, Channel, Member, Role, Store, User

if TYPE_CHECKING:
    from .server import FakeDiscord

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class NotPossible(AssertionError):
    """The simulated person cannot do this in a real Discord client."""


def synced_commands(store: Store, guild_id: int | None) -> list[dict[str, Any]]:
    """What the client knows in a guild (its guild commands and the global ones) or in a DM (global)."""
    app = store.application_id
    return (store.commands_for(app, guild_id) if guild_id else []) + store.commands_for(app, None)


def find_command(
    store: Store, guild_id: int | None, path: str
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The synced command for "game new" and its subcommand chain and leaf option definitions."""
    parts = path.strip().lstrip("/").split()
    if not parts:
        raise NotPossible("empty command name")
    chat = [c for c in synced_commands(store, guild_id) if int(c.get("type", 1)) == 1]
    command = next((c for c in chat if c["name"] == parts[0]), None)
    if command is None:
        names = ", ".join(sorted("/" + c["name"] for c in chat)) or "none"
        raise NotPossible(f"/{parts[0]} is not a synced slash command (synced: {names})")
    node: dict[str, Any] = command
    chain: list[dict[str, Any]] = []
    for part in parts[1:]:
        subs = [o for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        sub = next((o for o in subs if o["name"] == part), None)
        if sub is None:
            offered = ", ".join(o["name"] for o in subs) or "no subcommands"
            raise NotPossible(f"/{' '.join(parts[: len(chain) + 1])} has no subcommand {part!r} ({offered})")
        chain.append(sub)
        node = sub
    leftovers = [
        o["name"] for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
    ]
    if leftovers:
        raise NotPossible(f"/{' '.join(parts)} needs a subcommand: {', '.join(leftovers)}")
    return command, chain, list(node.get("options") or [])


def missing_for(store: Store, command: dict[str, Any], channel: Channel, user_id: int) -> str | None:
    """Why the Discord client would not offer ``command`` to this member here (None: it would).

    As on Discord, only the top-level command's ``default_member_permissions`` counts ("0": administrators
    only), checked against the member's permissions in the channel; ADMINISTRATOR (and owning the guild)
    passes every check. In DMs the field does not apply.
    """
    required = command.get("default_member_permissions")
    if required is None or channel.guild_id is None:
        return None
    have = channel_permissions(store, channel, user_id)
    need = int(required)
    if have & ADMINISTRATOR or (need != 0 and have & need == need):
        return None
    wanted = "ADMINISTRATOR" if need == 0 else " | ".join(names(need & ~have))
    return f"/{command['name']} needs {wanted} (default_member_permissions={required})"


def build_options(
    fake: FakeDiscord,
    guild_id: int | None,
    definitions: list[dict[str, Any]],
    given: Mapping[str, Any],
    *,
    focused: str | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    by_name = {d["name"]: d for d in definitions}
    unknown = [name for name in given if name not in by_name]
    if unknown:
        raise NotPossible(f"unknown option(s) {unknown}; the command takes {sorted(by_name)}")
    if focused is None:
        missing = [d["name"] for d in definitions if d.get("required") and d["name"] not in given]
        if missing:
            raise NotPossible(f"required option(s) missing: {missing}")
    resolved: dict[str, dict[str, Any]] = {}
    options = []
    for definition in definitions:
        name = definition["name"]
        if name not in given:
            continue
        if name == focused:
            options.append(
                {"name": name, "type": definition["type"], "value": str(given[name]), "focused": True}
            )
            continue
        value = _convert(fake, guild_id, definition, given[name], resolved)
        options.append({"name": name, "type": definition["type"], "value": value})
    return options, resolved


def _convert(
    fake: FakeDiscord, guild_id: int | None, d: dict[str, Any], raw: Any, resolved: dict[str, dict[str, Any]]
) -> Any:
    store = fake.store
    kind = d["type"]
    name = d["name"]
    if kind in (STRING, INTEGER, NUMBER):
        value: Any = {STRING: str, INTEGER: int, NUMBER: float}[kind](raw)
        choices = d.get("choices") or []
        if choices:
            for choice in choices:
                if raw in (choice["value"], choice["name"]) or str(raw) == str(choice["value"]):
                    return choice["value"]
            raise NotPossible(f"option {name}: {raw!r} is not one of {[c['name'] for c in choices]}")
        if kind == STRING:
            if len(value) < d.get("min_length", 0) or len(value) > d.get("max_length", 6000):
                raise NotPossible(f"option {name}: length of {value!r} outside the allowed range")
        elif ("min_value" in d and value < d["min_value"]) or ("max_value" in d and value > d["max_value"]):
            raise NotPossible(f"option {name}: {value} outside [{d.get('min_value')}, {d.get('max_value')}]")
        return value
    if kind == BOOLEAN:
        if isinstance(raw, str) and raw.lower() in ("true", "yes", "false", "no"):
            return raw.lower() in ("true", "yes")
        if not isinstance(raw, bool):
            raise NotPossible(f"option {name} takes True or False")
        return raw
    if kind in (USER, MENTIONABLE) and _user_of(store, raw) is not None:
        user = _user_of(store, raw)
        assert user is not None
        resolved.setdefault("users", {})[str(user.id)] = payloads.user(user)
        member = store.member(guild_id, user.id) if guild_id else None
        if member is not None:
            perms = store.permissions(member.guild_id, user.id)
            resolved.setdefault("members", {})[str(user.id)] = payloads.member(
                member, with_user=False, permissions=perms
            )
        return str(user.id)
    if kind == USER:  # Discord's client only offers the users it knows
        raise NotPossible(f"option {name}: no user named {raw!r}")
    if kind in (ROLE, MENTIONABLE):
        role = _role_of(store, guild_id, raw)
        resolved.setdefault("roles", {})[str(role.id)] = payloads.role(role)
        return str(role.id)
    if kind == CHANNEL:
        channel = _channel_of(store, guild_id, raw)
        resolved.setdefault("channels", {})[str(channel.id)] = {
            **{
                k: v
                for k, v in payloads.channel(channel, store).items()
                if k in ("id", "type", "name", "parent_id", "thread_metadata")
            },
            "permissions": str(channel_permissions(store, channel, store.bot_user.id) if guild_id else 0),
        }
        return str(channel.id)
    if kind == ATTACHMENT:
        # A file the member attaches: (filename, bytes). Discord uploads it to its CDN first and sends
        # the interaction with the attachment resolved; the fake serves it from its own CDN the same way.
        if not (isinstance(raw, tuple) and len(raw) == 2 and isinstance(raw[1], bytes)):
            raise NotPossible(f"option {name} takes a (filename, bytes) pair")
        filename, data = str(raw[0]), raw[1]
        if len(data) > ATTACHMENT_SIZE_LIMIT:
            raise NotPossible(f"option {name}: {len(data)} bytes is over Discord's upload limit")
        channel_id = guild_id or 0
        att_id = store.ids.next()
        content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        url = f"{fake.url}/attachments/{channel_id}/{att_id}/{filename}"
        upload = Attachment(id=att_id, filename=filename, content_type=content_type, data=data, url=url)
        store.attachments[att_id] = upload
        resolved.setdefault("attachments", {})[str(att_id)] = payloads.attachment(upload)
        return str(att_id)
    raise NotPossible(f"option {name}: type {kind} is not supported by the fake yet")


def _user_of(store: Store, raw: Any) -> User | None:
    if isinstance(raw, User):
        return raw
    user = getattr(raw, "user", None)
    if isinstance(user, User):
        return user
    if isinstance(raw, str):
        # A typed name or mention, as in the sandbox: "bob" or "<@123>".
        text = raw.strip("<@!>")
        return next(
            (u for u in store.users.values() if raw in (u.username, str(u.id)) or text == str(u.id)), None
        )
    return None


def _role_of(store: Store, guild_id: int | None, raw: Any) -> Role:
    if isinstance(raw, Role):
        return raw
    guild = store.guilds.get(guild_id or 0)
    role = store.role_named(guild, str(raw)) if guild else None
    if role is None:
        raise NotPossible(f"no role named {raw!r}")
    return role


def _channel_of(store: Store, guild_id: int | None, raw: Any) -> Channel:
    if isinstance(raw, Channel):
        return raw
    inner = getattr(raw, "channel", None)
    if isinstance(inner, Channel):
        return inner
    guild = store.guilds.get(guild_id or 0)
    channel = store.channel_named(guild, str(raw)) if guild else None
    if channel is None:
        raise NotPossible(f"no channel named {raw!r}")
    return channel


def command_data(
    command: dict[str, Any],
    chain: list[dict[str, Any]],
    options: list[dict[str, Any]],
    resolved: dict[str, Any],
) -> dict[str, Any]:
    nested = options
    for sub in reversed(chain):
        nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": int(command.get("type", 1))}
    if nested:
        data["options"] = nested
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def interaction_payload(
    fake: FakeDiscord,
    *,
    interaction_id: int,
    token: str,
    type: int,
    data: dict[str, Any],
    member: Member | None,
    user: User,
    channel: Channel,
    message: dict[str, Any] | None,
) -> dict[str, Any]:
    store = fake.store
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(store.application_id),
        "type": type,
        "data": data,
        "token": token,
        "version": 1,
        "locale": user.locale,
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "channel_id": str(channel.id),
    }
    channel_data = payloads.channel(channel, store)
    if channel.type == DM or member is None:
        payload["user"] = payloads.user(user)
        payload["context"] = 1
        payload["authorizing_integration_owners"] = {"1": str(user.id)}
        payload["app_permissions"] = str(store.permissions_in_dm())
    else:
        guild = store.guilds[member.guild_id]
        # Both are the permissions in this channel (a thread: its parent's, adjusted), overwrites included.
        perms = channel_permissions(store, channel, user.id)
        payload["member"] = payloads.member(member, permissions=perms)
        payload["guild_id"] = str(guild.id)
        payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
        payload["guild_locale"] = guild.locale
        payload["context"] = 0
        payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        payload["app_permissions"] = str(channel_permissions(store, channel, store.bot_user.id))
        channel_data["permissions"] = str(perms)
    payload["channel"] = channel_data
    if message is not None:
        payload["message"] = message
    return payload
