"""REST routes for login, the gateway URL, application commands and reading guilds/channels/users."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import payloads
from .errors import ApiError
from .permissions import VIEW_CHANNEL, require
from .rest import Call, Result, Router
from .state import Channel, Guild

if TYPE_CHECKING:
    from .server import FakeDiscord


def register(router: Router, fake: FakeDiscord) -> None:
    store = fake.store

    async def gateway_bot(call: Call) -> Result:
        return 200, {
            "url": fake.gateway_url,
            "shards": fake.shard_count,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 14400000,
                "max_concurrency": fake.max_concurrency,
            },
        }

    async def gateway(call: Call) -> Result:
        return 200, {"url": fake.gateway_url}

    async def me(call: Call) -> Result:
        return 200, payloads.user_pii(store.bot_user)

    async def get_user(call: Call) -> Result:
        user = store.users.get(_id(call, "user_id"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return 200, payloads.user(user)

    async def application(call: Call) -> Result:
        return 200, payloads.application(store)

    # ------------------------------------------------------------------ application commands
    def _scope(call: Call) -> tuple[int, int | None]:
        app = _id(call, "application_id")
        if app != store.application_id:
            raise ApiError(403, 50001, "Missing Access")
        guild_id = _id(call, "guild_id") if "guild_id" in call.params else None
        if guild_id is not None and guild_id not in store.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return app, guild_id

    def _command(app: int, guild_id: int | None, body: dict[str, Any]) -> dict[str, Any]:
        type_ = int(body.get("type") or 1)
        command: dict[str, Any] = {
            "id": str(store.command_id(app, guild_id, body["name"], type_)),
            "application_id": str(app),
            "version": str(store.ids.next()),
            "type": type_,
            "name": body["name"],
            "name_localizations": body.get("name_localizations"),
            "description": body.get("description") or "",
            "description_localizations": body.get("description_localizations"),
            # Sent as an integer or a string; Discord answers with the bit set as a string.
            "default_member_permissions": _bits_or_none(body.get("default_member_permissions")),
            "nsfw": bool(body.get("nsfw")),
        }
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        else:
            command["contexts"] = body.get("contexts")
            command["integration_types"] = body.get("integration_types") or [0]
            command["dm_permission"] = body.get("dm_permission", True) is not False
        if body.get("options"):
            command["options"] = body["options"]
        return command

    async def put_commands(call: Call) -> Result:
        app, guild_id = _scope(call)
        body = call.body or []
        names = [(c.get("name"), c.get("type", 1)) for c in body]
        if len(names) != len(set(names)):
            raise ApiError(400, 50035, "Invalid Form Body: application command names must be unique")
        commands = [_command(app, guild_id, c) for c in body]
        store.commands_for(app, guild_id)[:] = commands
        store.bump()
        return 200, commands

    async def list_commands(call: Call) -> Result:
        app, guild_id = _scope(call)
        return 200, store.commands_for(app, guild_id)

    async def post_command(call: Call) -> Result:
        app, guild_id = _scope(call)
        command = _command(app, guild_id, call.json())
        existing = store.commands_for(app, guild_id)
        existing[:] = [c for c in existing if c["id"] != command["id"]] + [command]
        store.bump()
        return 200, command

    def _find_command(call: Call) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        app, guild_id = _scope(call)
        commands = store.commands_for(app, guild_id)
        for command in commands:
            if command["id"] == call.params["command_id"]:
                return commands, command
        raise ApiError(404, 10063, "Unknown application command")

    async def get_command(call: Call) -> Result:
        return 200, _find_command(call)[1]

    async def patch_command(call: Call) -> Result:
        _, command = _find_command(call)
        command.update({k: v for k, v in call.json().items() if k in command or k == "options"})
        command["version"] = str(store.ids.next())
        store.bump()
        return 200, command

    async def delete_command(call: Call) -> Result:
        commands, command = _find_command(call)
        commands.remove(command)
        store.bump()
        return 204, None

    # ------------------------------------------------------------------ guilds and channels
    def _guild(call: Call) -> Guild:
        guild = store.guilds.get(_id(call, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(call: Call) -> Result:
        data = payloads.guild_create(_guild(call), store)
        for key in (
            "members",
            "channels",
            "threads",
            "presences",
            "voice_states",
            "joined_at",
            "large",
            "lazy",
            "member_count",
            "unavailable",
            "stage_instances",
            "guild_scheduled_events",
            "soundboard_sounds",
        ):
            data.pop(key, None)
        return 200, data

    async def guild_channels(call: Call) -> Result:
        guild = _guild(call)
        # Threads are not channels of the list: Discord serves them from /threads/active.
        channels = [store.channels[c] for c in guild.channel_ids]
        return 200, [payloads.channel(c, store) for c in channels if not c.is_thread]

    async def guild_member(call: Call) -> Result:
        guild = _guild(call)
        member = store.member(guild.id, _id(call, "user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return 200, payloads.member(member)

    async def get_channel(call: Call) -> Result:
        channel = channel_or_404(fake, call)
        if channel.guild_id is not None:
            require(store, channel, store.bot_user.id, VIEW_CHANNEL)
        return 200, payloads.channel(channel, store)

    async def open_dm(call: Call) -> Result:
        user = store.users.get(int(call.json().get("recipient_id") or 0))
        if user is None:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return 200, payloads.channel(store.dm_channel(user), store)

    router.add("GET", "/gateway/bot", gateway_bot)
    router.add("GET", "/gateway", gateway, auth=False)
    router.add("GET", "/users/@me", me)
    router.add("GET", "/users/{user_id}", get_user)
    router.add("POST", "/users/@me/channels", open_dm)
    router.add("GET", "/oauth2/applications/@me", application)
    router.add("GET", "/applications/@me", application)
    for base in (
        "/applications/{application_id}/commands",
        "/applications/{application_id}/guilds/{guild_id}/commands",
    ):
        router.add("PUT", base, put_commands)
        router.add("GET", base, list_commands)
        router.add("POST", base, post_command)
        router.add("GET", base + "/{command_id}", get_command)
        router.add("PATCH", base + "/{command_id}", patch_command)
        router.add("DELETE", base + "/{command_id}", delete_command)
    router.add("GET", "/guilds/{guild_id}", get_guild)
    router.add("GET", "/guilds/{guild_id}/channels", guild_channels)
    router.add("GET", "/guilds/{guild_id}/members/{user_id}", guild_member)
    router.add("GET", "/channels/{channel_id}", get_channel)


def _bits_or_none(value: Any) -> str | None:
    return None if value is None else str(int(value))


def _id(call: Call, name: str) -> int:
    try:
        return int(call.params[name])
    except (KeyError, ValueError) as exc:
        raise ApiError(404, 0, "404: Not Found") from exc


def channel_or_404(fake: FakeDiscord, call: Call) -> Channel:
    channel = fake.store.channels.get(_id(call, "channel_id"))
    if channel is None:
        raise ApiError(404, 10003, "Unknown Channel")
    return channel


def snowflake(call: Call, name: str) -> int:
    return _id(call, name)
