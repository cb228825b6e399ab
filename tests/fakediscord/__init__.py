"""A local fake Discord (REST + gateway) that the real discord.py client runs against in tests.

See ``server.FakeDiscord`` for the server, ``harness`` for the simulated members, ``botrunner`` for starting
a bot against it, and ``sandbox`` for playing by hand.
"""

from .clock import Clock
from .faults import InjectedFault
from .harness import Choice, FakeChannel, FakeGuild, FakeMember, FakeThread, Reply, SeenMessage
from .interactions import NotPossible
from .permissions import Permission
from .records import LatencySample, Notice, Rejection, RequestRecord, Violation, ViolationError
from .server import FakeDiscord

__all__ = [
    "Choice",
    "Clock",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeThread",
    "InjectedFault",
    "LatencySample",
    "NotPossible",
    "Notice",
    "Permission",
    "Rejection",
    "Reply",
    "RequestRecord",
    "SeenMessage",
    "Violation",
    "ViolationError",
]
