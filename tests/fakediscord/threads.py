"""Opening threads the way Discord does, shared by the REST routes and the harness.

- A thread started from a message takes that message's id (discord.py finds ``message.thread`` that way),
  and the message then carries the thread in its ``thread`` field.
- A public thread started without a message leaves a THREAD_CREATED system message (type 18, content = the
  thread's name, referencing the thread) in the parent channel, as the Discord client shows it.
- THREAD_CREATE goes out with ``newly_created`` so discord.py caches the thread (``guild.get_thread``) and
  fires ``on_thread_create``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import payloads
from .errors import ApiError
from .state import GUILD_TEXT, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message, User

if TYPE_CHECKING:
    from .server import FakeDiscord

THREAD_CREATED = 18


async def open_thread(
    fake: FakeDiscord,
    parent: Channel,
    name: str,
    owner: User,
    *,
    type: int = PUBLIC_THREAD,
    starter: Message | None = None,
) -> Channel:
    store = fake.store
    if parent.type != GUILD_TEXT or parent.guild_id is None:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    if type not in (PUBLIC_THREAD, PRIVATE_THREAD) or (starter is not None and type != PUBLIC_THREAD):
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    if starter is not None and starter.thread_id is not None:
        raise ApiError(400, 160004, "A thread has already been created for this message")
    guild = store.guilds[parent.guild_id]
    thread = store.add_channel(
        name,
        guild=guild,
        id=starter.id if starter is not None else None,
        type=type,
        parent_id=parent.id,
        owner_id=owner.id,
    )
    await fake.gateway.dispatch("THREAD_CREATE", {**payloads.channel(thread, store), "newly_created": True})
    if starter is not None:
        starter.thread_id = thread.id
        store.touch(starter, edited=False)
    elif type == PUBLIC_THREAD:
        notice = store.add_message(
            parent,
            owner,
            type=THREAD_CREATED,
            content=name,
            message_reference={"type": 0, "channel_id": str(thread.id), "guild_id": str(guild.id)},
        )
        await fake.messages.announce("MESSAGE_CREATE", notice)
    store.bump()
    return thread


def join_thread(thread: Channel, user_id: int) -> None:
    if user_id not in thread.thread_member_ids:
        thread.thread_member_ids.append(user_id)
