"""REST routes for channel messages, reactions, threads and typing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from . import limits, payloads
from .errors import ApiError, form_errors
from .rest import Call, Result, Router
from .routes_basic import channel_or_404, snowflake
from .state import PUBLIC_THREAD, Message

if TYPE_CHECKING:
    from .server import FakeDiscord


def check_limits(fake: FakeDiscord, call: Call, problems: list[tuple[str, str]]) -> None:
    """Record each broken Discord limit as a violation and refuse the request like Discord does."""
    for pointer, message in problems:
        fake.violation("limits", message, request=call.record, instance_path=pointer)
    if problems:
        raise ApiError(400, 50035, "Invalid Form Body", form_errors(problems))


def require_not_empty(body: dict[str, Any], uploads: list[Any]) -> None:
    if (
        not any(body.get(k) for k in ("content", "embeds", "components", "sticker_ids", "poll"))
        and not uploads
    ):
        raise ApiError(400, 50006, "Cannot send an empty message")


def register(router: Router, fake: FakeDiscord) -> None:
    store = fake.store
    ops = fake.messages

    def _message(call: Call) -> Message:
        channel = channel_or_404(fake, call)
        message = store.messages.get(snowflake(call, "message_id"))
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def create(call: Call) -> Result:
        channel = channel_or_404(fake, call)
        body = call.json()
        check_limits(fake, call, limits.check_message(body, call.uploads))
        require_not_empty(body, call.uploads)
        message = await ops.create(channel, store.bot_user, body, call.uploads)
        return 200, payloads.message(message, store)

    async def history(call: Call) -> Result:
        channel = channel_or_404(fake, call)
        messages = [m for m in store.channel_history(channel.id) if not m.ephemeral]
        if "before" in call.query:
            messages = [m for m in messages if m.id < int(call.query["before"])]
        if "after" in call.query:
            messages = [m for m in messages if m.id > int(call.query["after"])]
        limit = int(call.query.get("limit", "50"))
        newest_first = list(reversed(messages))[:limit]
        return 200, [payloads.message(m, store) for m in newest_first]

    async def get_message(call: Call) -> Result:
        return 200, payloads.message(_message(call), store)

    async def edit(call: Call) -> Result:
        message = _message(call)
        if message.author.id != store.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body = call.json()
        check_limits(fake, call, limits.check_message(body, call.uploads))
        await ops.edit(message, body, call.uploads)
        return 200, payloads.message(message, store)

    async def delete(call: Call) -> Result:
        await ops.delete(_message(call))
        return 204, None

    async def react(call: Call) -> Result:
        message = _message(call)
        emoji = unquote(call.params["emoji_name"])
        message.reactions.setdefault(emoji, set()).add(store.bot_user.id)
        store.touch(message, edited=False)
        return 204, None

    async def unreact(call: Call) -> Result:
        message = _message(call)
        emoji = unquote(call.params["emoji_name"])
        message.reactions.get(emoji, set()).discard(store.bot_user.id)
        store.touch(message, edited=False)
        return 204, None

    async def reactors(call: Call) -> Result:
        message = _message(call)
        emoji = unquote(call.params["emoji_name"])
        return 200, [payloads.user(store.users[u]) for u in sorted(message.reactions.get(emoji, set()))]

    async def thread_from_message(call: Call) -> Result:
        message = _message(call)
        parent = store.channels[message.channel_id]
        guild = store.guilds[parent.guild_id] if parent.guild_id else None
        name = str(call.json().get("name") or "thread")
        thread = store.add_channel(
            name, guild=guild, type=PUBLIC_THREAD, parent_id=parent.id, owner_id=store.bot_user.id
        )
        message.thread_id = thread.id
        data = payloads.channel(thread, store)
        await fake.gateway.dispatch("THREAD_CREATE", {**data, "newly_created": True})
        return 201, data

    async def thread(call: Call) -> Result:
        parent = channel_or_404(fake, call)
        guild = store.guilds[parent.guild_id] if parent.guild_id else None
        name = str(call.json().get("name") or "thread")
        channel = store.add_channel(
            name, guild=guild, type=PUBLIC_THREAD, parent_id=parent.id, owner_id=store.bot_user.id
        )
        data = payloads.channel(channel, store)
        await fake.gateway.dispatch("THREAD_CREATE", {**data, "newly_created": True})
        return 201, data

    async def typing(call: Call) -> Result:
        channel_or_404(fake, call)
        return 204, None

    base = "/channels/{channel_id}/messages"
    router.add("POST", base, create)
    router.add("GET", base, history)
    router.add("GET", base + "/{message_id}", get_message)
    router.add("PATCH", base + "/{message_id}", edit)
    router.add("DELETE", base + "/{message_id}", delete)
    router.add("PUT", base + "/{message_id}/reactions/{emoji_name}/@me", react)
    router.add("DELETE", base + "/{message_id}/reactions/{emoji_name}/@me", unreact)
    router.add("GET", base + "/{message_id}/reactions/{emoji_name}", reactors)
    router.add("POST", base + "/{message_id}/threads", thread_from_message)
    router.add("POST", "/channels/{channel_id}/threads", thread)
    router.add("POST", "/channels/{channel_id}/typing", typing)
