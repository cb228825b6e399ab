"""Waiting until the bot has answered and gone quiet.

An action is over when the interaction was acknowledged (or missed its deadline), no request is in flight,
no deferred ("thinking…") reply is pending, no discord.py handler task runs, and no request arrived for
``fake.quiet_period``; never longer than the timeout.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from .state import Interaction

if TYPE_CHECKING:
    from .server import FakeDiscord

# Tasks whose name starts with one of these are "the bot is still working on it". discord.py names its
# event, view, modal and command-tree tasks like this; the bot can name its own short-lived work
# "deckhand: ..." to be waited for as well.
BUSY_TASK_PREFIXES = (
    "discord.py: ",
    "discord-ui-view-dispatch",
    "discord-ui-modal-dispatch",
    "discord-ui-dynamic-item",
    "CommandTree-invoker",
    "deckhand:",
)
DEFAULT_TIMEOUT = 10.0


async def settle(
    fake: FakeDiscord, inter: Interaction | None = None, *, timeout: float = DEFAULT_TIMEOUT
) -> None:
    deadline = time.perf_counter() + timeout
    if inter is not None:
        while not (inter.acknowledged or inter.late) and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
    me = asyncio.current_task()
    while time.perf_counter() < deadline:
        pending_reply = (
            inter is not None
            and not inter.late
            and (original := fake.store.messages.get(inter.original_message_id or 0)) is not None
            and original.loading
        )
        busy = fake.inflight > 0 or pending_reply or _bot_busy(me)
        if not busy and time.perf_counter() - fake.last_activity >= fake.quiet_period:
            return
        await asyncio.sleep(0.005)


def _bot_busy(me: asyncio.Task[Any] | None) -> bool:
    return any(
        task is not me and not task.done() and task.get_name().startswith(BUSY_TASK_PREFIXES)
        for task in asyncio.all_tasks()
    )
