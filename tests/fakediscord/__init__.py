"""A local fake Discord (REST + gateway) that the real discord.py client runs against in tests.

See ``server.FakeDiscord`` for the server, ``harness`` for the simulated members, ``botrunner`` for starting
a bot against it, and ``sandbox`` for playing by hand.
"""

from .clock import Clock
from .harness import Choice, FakeChannel, FakeGuild, FakeMember, Reply, SeenMessage
from .interactions import NotPossible
from .records import LatencySample, Rejection, RequestRecord, Violation, ViolationError
from .server import FakeDiscord

__all__ = [
    "Choice",
    "Clock",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "LatencySample",
    "NotPossible",
    "Rejection",
    "Reply",
    "RequestRecord",
    "SeenMessage",
    "Violation",
    "ViolationError",
]
