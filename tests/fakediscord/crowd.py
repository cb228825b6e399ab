"""Many members acting at once: interactions sent without waiting for the whole bot to go quiet, and a watch
on the messages the bot posts and edits, for load and latency benches.

The harness's actions (``member.click`` …) wait until the *whole* bot is quiet; with a hundred tables busy it
never is. These helpers send the same INTERACTION_CREATE (built the same way, with the same checks of what a
person could do) and return the fake's ``Interaction`` at once; the caller waits for what it needs with
``MessageWatch.until``:

    watch = MessageWatch(fake)                    # starts recording at once; watch.close() stops it
    inter = await click(alice, table_message, "dh:hand:7")
    hand = await watch.until(lambda: reply_message(fake, inter), timeout=10)

``MessageWatch`` records, per message, the ``perf_counter()`` of every create or edit the bot made, and for
public messages that uploaded a file (pictures: the table) a ``PictureChange`` in the list of the channel at
the root of where it was posted (a thread's parent channel), so "the newest table picture of the game in this
channel or its threads since the click" is a short scan. Nothing here changes how the fake answers.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from . import interactions as build
from . import payloads
from .interactions import NotPossible
from .members import FakeMember
from .records import Upload
from .seen import SeenMessage
from .state import DM, Channel, Interaction, Message

T = TypeVar("T")

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 2, 3, 4


@dataclass(frozen=True)
class PictureChange:
    """A public bot message that was posted with, or edited to, a newly uploaded file."""

    perf: float  # time.perf_counter() when the request reached the fake
    message_id: int
    channel_id: int  # where the message is (a thread or a channel)
    created: bool  # posted (True) or edited (False)
    filenames: tuple[str, ...]


PRUNE_AT = 1000


class MessageWatch:
    """Records when the bot created or edited each message (see the module docstring)."""

    def __init__(self, fake: Any) -> None:
        self.fake = fake
        self.changed_at: dict[int, float] = {}  # message id -> perf of its latest create or edit
        self.pictures: defaultdict[int, list[PictureChange]] = defaultdict(list)  # by root channel id
        #: the ``until`` calls waiting for the next change, by root channel (``None``: any change), so a
        #: change wakes only those watching its place; plain futures (a task a wait, as
        #: ``asyncio.wait_for`` makes, cost the load bench's harness more CPU than the members' clicks)
        self._waiters: defaultdict[int | None, list[asyncio.Future[None]]] = defaultdict(list)
        ops = fake.messages
        self._saved = (ops.create, ops.edit)
        original_create, original_edit = self._saved

        async def create(
            channel: Channel, author: Any, body: dict[str, Any], uploads: Sequence[Upload], **kw: Any
        ) -> Message:
            started = time.perf_counter()
            message: Message = await original_create(channel, author, body, uploads, **kw)
            self._record(message, uploads, started, created=True)
            return message

        async def edit(message: Message, body: dict[str, Any], uploads: Sequence[Upload]) -> Message:
            started = time.perf_counter()
            result: Message = await original_edit(message, body, uploads)
            self._record(message, uploads, started, created=False)
            return result

        ops.create, ops.edit = create, edit

    def close(self) -> None:
        self.fake.messages.create, self.fake.messages.edit = self._saved

    def __enter__(self) -> MessageWatch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def root_of(self, channel_id: int) -> int:
        channel = self.fake.store.channels.get(channel_id)
        if channel is not None and channel.is_thread and channel.parent_id is not None:
            return int(channel.parent_id)
        return channel_id

    def _record(self, message: Message, uploads: Sequence[Upload], started: float, *, created: bool) -> None:
        self.changed_at[message.id] = started
        if uploads and not message.ephemeral and message.author.id == self.fake.store.bot_user.id:
            change = PictureChange(
                started, message.id, message.channel_id, created, tuple(u.filename for u in uploads)
            )
            self.pictures[self.root_of(message.channel_id)].append(change)
        self.poke(self.root_of(message.channel_id))

    def poke(self, root_channel_id: int | None = None) -> None:
        """Wake the ``until`` calls watching this root channel (every one: ``None``) and those watching
        any change; they re-check their condition."""
        places = list(self._waiters) if root_channel_id is None else [root_channel_id, None]
        for place in places:
            for waiter in self._waiters.pop(place, ()):
                _settle(waiter)

    def pictures_since(self, root_channel_id: int, since: float) -> list[PictureChange]:
        """Picture changes in this channel and its threads at or after ``since``, oldest first."""
        found = self.pictures.get(root_channel_id, [])
        start = len(found)
        while start > 0 and found[start - 1].perf >= since:
            start -= 1
        return found[start:]

    async def until(
        self, condition: Callable[[], T | None], *, timeout: float, tick: float = 0.02, on: int | None = None
    ) -> T:
        """The first truthy value of ``condition()``, checked at every message change (in root channel
        ``on`` and its threads, when given: with a hundred tables, checking every condition at every
        change cost the bench's harness more CPU than the members) and every ``tick`` seconds;
        ``TimeoutError`` after ``timeout``."""
        deadline = time.perf_counter() + timeout
        loop = asyncio.get_running_loop()
        while True:
            value = condition()
            if value:
                return value
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError
            waiter: asyncio.Future[None] = loop.create_future()
            waiting = self._waiters[on]
            if len(waiting) > PRUNE_AT:  # woken by their tick, not by a change: gone
                waiting[:] = [w for w in waiting if not w.done()]
            waiting.append(waiter)
            timer = loop.call_later(min(tick, left), _settle, waiter)
            try:
                await waiter
            finally:
                timer.cancel()


def _settle(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


# -- sending without waiting -----------------------------------------------------------------------------
async def slash(
    member: FakeMember, command: str, channel: Channel, options: Mapping[str, Any] | None = None
) -> Interaction:
    """``/command`` with options, as ``member.slash`` builds it, but returns at once."""
    definition, chain, leaf = member._offered(command, channel)
    built, resolved = build.build_options(member.fake, member.guild.id, leaf, dict(options or {}))
    data = build.command_data(definition, chain, built, resolved)
    kind = "slash " + " ".join(command.strip().lstrip("/").split())
    return await _dispatch(member, APPLICATION_COMMAND, kind, data, channel)


async def autocomplete(
    member: FakeMember, command: str, option: str, typed: str, channel: Channel
) -> Interaction:
    """Typing ``typed`` into ``option`` of ``/command``; the choices arrive on ``interaction.choices``."""
    definition, chain, leaf = member._offered(command, channel)
    built, resolved = build.build_options(member.fake, member.guild.id, leaf, {option: typed}, focused=option)
    data = build.command_data(definition, chain, built, resolved)
    kind = "autocomplete " + " ".join(command.strip().lstrip("/").split()) + f" {option}"
    return await _dispatch(member, AUTOCOMPLETE, kind, data, channel)


async def click(member: FakeMember, message: Message | SeenMessage, custom_id: str) -> Interaction:
    """Click the button with ``custom_id`` on ``message``."""
    raw = message.raw if isinstance(message, SeenMessage) else message
    seen = SeenMessage(member.fake, raw)
    button = next((b for b in seen.buttons() if b.custom_id == custom_id), None)
    if button is None:
        raise NotPossible(f"message {raw.id} has no button {custom_id!r}")
    if button.disabled:
        raise NotPossible(f"button {custom_id!r} is disabled")
    data = {"custom_id": custom_id, "component_type": 2}
    return await _dispatch(member, MESSAGE_COMPONENT, f"button {button.label or custom_id}", data, None, raw)


async def choose(
    member: FakeMember, message: Message | SeenMessage, custom_id: str, values: Sequence[str]
) -> Interaction:
    """Pick option ``values`` (values, not labels) in the string select ``custom_id`` on ``message``."""
    raw = message.raw if isinstance(message, SeenMessage) else message
    seen = SeenMessage(member.fake, raw)
    menu = next((s for s in seen.selects() if s.custom_id == custom_id), None)
    if menu is None:
        raise NotPossible(f"message {raw.id} has no select {custom_id!r}")
    offered = {o.value for o in menu.options}
    if menu.disabled or not set(values) <= offered or not menu.min_values <= len(values) <= menu.max_values:
        raise NotPossible(f"select {custom_id!r} does not offer {list(values)}")
    data = {"custom_id": custom_id, "component_type": menu.type, "values": list(values)}
    kind = f"select {menu.placeholder or custom_id}"
    return await _dispatch(member, MESSAGE_COMPONENT, kind, data, None, raw)


async def _dispatch(
    member: FakeMember,
    type: int,
    kind: str,
    data: dict[str, Any],
    channel: Channel | None,
    source: Message | None = None,
) -> Interaction:
    fake = member.fake
    where = channel if channel is not None else fake.store.channels[source.channel_id if source else 0]
    if source is not None and not member.can_see(source):
        raise NotPossible(f"{member.name} cannot see message {source.id}")
    if not member.can_view(where):
        raise NotPossible(f"{member.name} cannot see {where.name}")
    inter: Interaction = await fake.dispatch_interaction(
        user=member.user,
        member=None if where.type == DM else member.raw,
        channel=where,
        type=type,
        kind=kind,
        data=data,
        source=source,
    )
    return inter


# -- what came of it -------------------------------------------------------------------------------------
def answered(fake: Any, inter: Interaction) -> bool:
    """The bot acknowledged ``inter`` (or missed its deadline) and no deferred reply is still loading."""
    if inter.late:
        return True
    if not inter.acknowledged:
        return False
    original = fake.store.messages.get(inter.original_message_id or 0)
    return original is None or not original.loading


def reply_message(fake: Any, inter: Interaction) -> Message | None:
    """The message that answers ``inter`` once it is filled in (a deferred reply, or the clicked message
    the bot updated), else None."""
    if not answered(fake, inter):
        return None
    message: Message | None = fake.store.messages.get(inter.original_message_id or 0)
    return message


async def add_channel(fake: Any, name: str, guild: Any = None) -> Channel:
    """A new text channel (in ``guild``, a ``FakeGuild``; default the fake's first), announced to the bot,
    without waiting for the bot to go quiet."""
    channel: Channel = fake.store.add_channel(name.lstrip("#"), guild=(guild or fake.guild).raw)
    await fake.gateway.dispatch("CHANNEL_CREATE", payloads.channel(channel, fake.store))
    return channel
