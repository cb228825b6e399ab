"""The test harness: members of the simulated guild who type slash commands, click, choose and chat.

    guild = fake.guild
    alice = guild.member("alice")
    reply = await alice.slash("game new", game="glorious-crown")
    await guild.member("bob").click("Join")
    assert "alice" in alice.last_message().content

Every action dispatches a real INTERACTION_CREATE over the gateway, then waits until the bot has answered
and gone quiet, fails the test on any violation the fake recorded, and returns a ``Reply``.

The harness is split by concern; this module gathers the public names where tests import them:

- ``guild``: FakeGuild (members, roles, channels, threads, the bot's permissions)
- ``channels``: FakeChannel, FakeThread (what a place shows: ``messages()``, its ``threads``)
- ``members``: FakeMember, built from ``sight`` (identity, what the member sees, permissions, DMs) and
  ``actions`` (slash, autocomplete, click, choose, submit, say, open_thread)
- ``seen``: SeenMessage and its parts (attachments, buttons, selects); ``replies``: Reply
- ``modals``: filling in a modal; ``quiet``: waiting until the bot went quiet
"""

from __future__ import annotations

from .channels import ChannelRef, FakeChannel, FakeThread
from .guild import FakeGuild
from .members import FakeMember
from .quiet import BUSY_TASK_PREFIXES, DEFAULT_TIMEOUT, settle
from .replies import Reply
from .seen import Button, Choice, SeenAttachment, SeenMessage, Select, SelectOption

__all__ = [
    "BUSY_TASK_PREFIXES",
    "DEFAULT_TIMEOUT",
    "Button",
    "ChannelRef",
    "Choice",
    "FakeChannel",
    "FakeGuild",
    "FakeMember",
    "FakeThread",
    "Reply",
    "SeenAttachment",
    "SeenMessage",
    "Select",
    "SelectOption",
    "settle",
]
