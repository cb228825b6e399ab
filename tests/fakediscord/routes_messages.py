"""REST routes for channel messages, reactions and typing, with the bot's channel permissions enforced.

Discord refuses what the bot may not do in the channel: 403/50001 Missing Access without VIEW_CHANNEL,
403/50013 Missing Permissions without SEND_MESSAGES (SEND_MESSAGES_IN_THREADS in a thread), ATTACH_FILES for
uploads, MANAGE_MESSAGES to delete others' messages, ADD_REACTIONS for a new reaction. Embeds without
EMBED_LINKS are refused when they are all the message has, and silently dropped otherwise (as Discord does;
the drop is noted in ``fake.notices``). A DM to a member whose DMs are closed gets 403/50007.
Interaction responses and follow-ups are not subject to these: Discord lets an app answer anywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from . import limits, payloads
from .errors import ApiError, form_errors
from .permissions import (
    ADD_REACTIONS,
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_MESSAGES,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    channel_permissions,
    require,
)
from .records import Upload
from .rest import Call, Result, Router
from .routes_basic import channel_or_404, snowflake
from .state import DM, Channel, Message
from .threads import join_thread

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


def check_sending(fake: FakeDiscord, call: Call, channel: Channel, body: dict[str, Any]) -> dict[str, Any]:
    """Refuse what the bot may not post in ``channel``; returns the body as Discord keeps it."""
    store = fake.store
    bot = store.bot_user.id
    if channel.type == DM:
        recipient = store.users.get(channel.recipient_id or 0)
        if recipient is None or not recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        return body
    sending = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
    require(store, channel, bot, sending | (ATTACH_FILES if call.uploads else 0))
    return _embeds_allowed(fake, call, channel, body)


def _embeds_allowed(fake: FakeDiscord, call: Call, channel: Channel, body: dict[str, Any]) -> dict[str, Any]:
    if not body.get("embeds") or channel.guild_id is None:
        return body
    if channel_permissions(fake.store, channel, fake.store.bot_user.id) & EMBED_LINKS:
        return body
    if not _has_more_than_embeds(body, call.uploads):
        raise ApiError(403, 50013, "Missing Permissions")
    fake.notice(f"embeds dropped: the bot lacks EMBED_LINKS in #{channel.name}", call.record)
    return {**body, "embeds": []}


def _has_more_than_embeds(body: dict[str, Any], uploads: list[Upload]) -> bool:
    return bool(uploads) or any(body.get(k) for k in ("content", "components", "sticker_ids", "poll"))


def register(router: Router, fake: FakeDiscord) -> None:
    store = fake.store
    ops = fake.messages
    bot = store.bot_user.id

    def _message(call: Call, needed: int = VIEW_CHANNEL) -> Message:
        channel = channel_or_404(fake, call)
        if channel.guild_id is not None:
            require(store, channel, bot, needed)
        message = store.messages.get(snowflake(call, "message_id"))
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def create(call: Call) -> Result:
        channel = channel_or_404(fake, call)
        body = call.json()
        check_limits(fake, call, limits.check_message(body, call.uploads))
        require_not_empty(body, call.uploads)
        body = check_sending(fake, call, channel, body)
        if channel.is_thread:
            join_thread(channel, bot)  # posting in a thread makes the bot one of its members
        # ``enforce_nonce``: a send repeated with the same nonce (a retry after a lost answer) gets the
        # message the first one created, and no second message.
        earlier = ops.by_nonce(store.bot_user, body)
        if earlier is not None:
            return 200, payloads.message(earlier, store)
        message = await ops.create(channel, store.bot_user, body, call.uploads)
        ops.remember_nonce(message, body)
        return 200, payloads.message(message, store)

    async def history(call: Call) -> Result:
        channel = channel_or_404(fake, call)
        if channel.guild_id is not None:
            require(store, channel, bot, VIEW_CHANNEL)
            if not channel_permissions(store, channel, bot) & READ_MESSAGE_HISTORY:
                return 200, []  # Discord answers an empty history rather than an error
        messages = [m for m in store.channel_history(channel.id) if not m.ephemeral]
        if "before" in call.query:
            messages = [m for m in messages if m.id < int(call.query["before"])]
        if "after" in call.query:
            messages = [m for m in messages if m.id > int(call.query["after"])]
        limit = int(call.query.get("limit", "50"))
        newest_first = list(reversed(messages))[:limit]
        return 200, [payloads.message(m, store) for m in newest_first]

    async def get_message(call: Call) -> Result:
        return 200, payloads.message(_message(call, VIEW_CHANNEL | READ_MESSAGE_HISTORY), store)

    async def edit(call: Call) -> Result:
        message = _message(call)
        if message.author.id != store.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body = call.json()
        check_limits(fake, call, limits.check_message(body, call.uploads))
        channel = store.channels[message.channel_id]
        if channel.guild_id is not None:
            require(store, channel, bot, ATTACH_FILES if call.uploads else 0)
            body = _embeds_allowed(fake, call, channel, body)
        await ops.edit(message, body, call.uploads)
        return 200, payloads.message(message, store)

    async def delete(call: Call) -> Result:
        message = _message(call)
        channel = store.channels[message.channel_id]
        if message.author.id != bot and channel.guild_id is not None:
            require(store, channel, bot, MANAGE_MESSAGES)
        await ops.delete(message)
        return 204, None

    async def react(call: Call) -> Result:
        message = _message(call, VIEW_CHANNEL | READ_MESSAGE_HISTORY)
        emoji = unquote(call.params["emoji_name"])
        channel = store.channels[message.channel_id]
        if not message.reactions.get(emoji) and channel.guild_id is not None:
            require(store, channel, bot, ADD_REACTIONS)  # adding to an existing reaction needs no permission
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

    async def typing(call: Call) -> Result:
        channel = channel_or_404(fake, call)
        if channel.guild_id is not None:
            require(store, channel, bot, SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES)
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
    router.add("POST", "/channels/{channel_id}/typing", typing)
