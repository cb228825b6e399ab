"""REST routes for threads: open one (with or without a starter message), read it, its members, the
guild's active threads.

Permissions as Discord checks them for the bot in the parent channel: CREATE_PUBLIC_THREADS for a public
thread (type 11), CREATE_PRIVATE_THREADS for a private one (type 12), and READ_MESSAGE_HISTORY as well to
start one from a message. ``type`` left out means a private thread, as on Discord (discord.py always sends
it). Archiving is not modelled: every thread stays active.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import payloads
from .errors import ApiError
from .permissions import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    channel_permissions,
    require,
)
from .rest import Call, Result, Router
from .routes_basic import channel_or_404, snowflake
from .state import PRIVATE_THREAD, PUBLIC_THREAD, Channel
from .threads import join_thread, open_thread

if TYPE_CHECKING:
    from .server import FakeDiscord


def register(router: Router, fake: FakeDiscord) -> None:
    store = fake.store
    bot = store.bot_user

    def _thread(call: Call) -> Channel:
        thread = channel_or_404(fake, call)
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        require(store, thread, bot.id, VIEW_CHANNEL)
        return thread

    async def without_message(call: Call) -> Result:
        parent = channel_or_404(fake, call)
        body = call.json()
        kind = int(body.get("type") or PRIVATE_THREAD)
        if parent.guild_id is not None:
            needed = CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else CREATE_PUBLIC_THREADS
            require(store, parent, bot.id, needed)
        thread = await open_thread(fake, parent, str(body["name"]), bot, type=kind)
        return 201, payloads.channel(thread, store)

    async def from_message(call: Call) -> Result:
        parent = channel_or_404(fake, call)
        if parent.guild_id is not None:
            require(store, parent, bot.id, CREATE_PUBLIC_THREADS | READ_MESSAGE_HISTORY)
        message = store.messages.get(snowflake(call, "message_id"))
        if message is None or message.deleted or message.channel_id != parent.id or message.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        thread = await open_thread(
            fake, parent, str(call.json()["name"]), bot, type=PUBLIC_THREAD, starter=message
        )
        return 201, payloads.channel(thread, store)

    async def members(call: Call) -> Result:
        thread = _thread(call)
        return 200, [payloads.thread_member(thread, u, store) for u in thread.thread_member_ids]

    async def add_member(call: Call) -> Result:
        thread = _thread(call)
        ref = call.params.get("user_id", "@me")
        user_id = bot.id if ref == "@me" else snowflake(call, "user_id")
        if ref != "@me":
            require(store, thread, bot.id, SEND_MESSAGES_IN_THREADS)
            if store.member(thread.guild_id or 0, user_id) is None:
                raise ApiError(404, 10007, "Unknown Member")
        join_thread(thread, user_id)
        store.bump()
        return 204, None

    async def remove_member(call: Call) -> Result:
        thread = _thread(call)
        ref = call.params.get("user_id", "@me")
        user_id = bot.id if ref == "@me" else snowflake(call, "user_id")
        if user_id in thread.thread_member_ids:
            thread.thread_member_ids.remove(user_id)
        store.bump()
        return 204, None

    async def active(call: Call) -> Result:
        guild = store.guilds.get(snowflake(call, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        visible = [t for t in store.threads_of(guild) if channel_permissions(store, t, bot.id) & VIEW_CHANNEL]
        return 200, {
            "threads": [payloads.channel(t, store) for t in visible],
            "members": [
                payloads.thread_member(t, bot.id, store) for t in visible if bot.id in t.thread_member_ids
            ],
            "has_more": False,
        }

    router.add("POST", "/channels/{channel_id}/threads", without_message)
    router.add("POST", "/channels/{channel_id}/messages/{message_id}/threads", from_message)
    router.add("GET", "/channels/{channel_id}/thread-members", members)
    for ref in ("/@me", "/{user_id}"):
        router.add("PUT", "/channels/{channel_id}/thread-members" + ref, add_member)
        router.add("DELETE", "/channels/{channel_id}/thread-members" + ref, remove_member)
    router.add("GET", "/guilds/{guild_id}/threads/active", active)
