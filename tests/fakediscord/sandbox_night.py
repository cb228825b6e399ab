"""The sandbox's night fill (issue 26 item 8): ``fill N`` signs up N simulated members for the game night
open where you are (each presses Join on its sign-up card, through the fake Discord), and they play by the
AI once seated: a background autopilot makes their moves as the AI would choose them, through the bot's
table service like a member's own move. So a person can watch a night of several tables run, and take part
as one member (``as alice``, then Join). ``wait`` lets the simulated members play until they have nothing
to do (the night's set running out is ``advance``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from .harness import FakeMember
from .interactions import NotPossible
from .quiet import settle
from .server import FakeDiscord

log = logging.getLogger(__name__)

#: At most this many simulated members at once; a name's number says which one it is.
MOST = 50
PREFIX = "sim"
#: A little longer than the bot's night watch takes between two looks (``bot.cogs.night.WATCH_SECONDS``).
WATCH = 1.5


class NightFill:
    def __init__(self, fake: FakeDiscord, tables: Callable[[], Any], say: Callable[[str], None]) -> None:
        self.fake = fake
        #: the bot's table service (``None`` for a bot without one, the mini test bot)
        self.tables = tables
        self.say = say
        self.members: dict[int, FakeMember] = {}
        self._task: asyncio.Task[None] | None = None

    async def cmd_fill(self, here: FakeMember, args: list[str]) -> None:
        if self.tables() is None:
            raise NotPossible("the night fill needs Deckhand (its table service plays their seats)")
        if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= MOST - len(self.members):
            raise NotPossible(f"fill N: 1 to {MOST - len(self.members)} simulated members")
        joined = []
        for _ in range(int(args[0])):
            name = f"{PREFIX}{len(self.members) + 1}"
            member = self.fake.guild.member(name).in_channel(here.channel)
            reply = await member.click("Join")  # the newest sign-up card where you are
            self.members[member.user.id] = member
            if not reply.ephemeral or "signed up" not in reply.content:
                self.say(f"{name}: {reply.content}")
            joined.append(name)
        self.say(f"{len(joined)} simulated member(s) signed up: {', '.join(joined)}; they play by the AI")
        if self._task is None:
            self._task = asyncio.create_task(self._autopilot(), name="sandbox night autopilot")

    async def cmd_wait(self, args: list[str]) -> None:
        """Until the simulated members have nothing to play (at most SECONDS, default 30, of real time)."""
        limit = float(args[0]) if args else 30.0
        begun = time.monotonic()
        until = begun + limit
        while time.monotonic() < until:
            await settle(self.fake)
            # At least a little over a second: the bot's night watch (a set's deadline, a set's end) looks
            # once a second.
            if time.monotonic() - begun > WATCH and not await self._to_play():
                self.say("the simulated members have nothing to play now")
                return
            await asyncio.sleep(0.1)
        self.say(f"still playing after {limit:g} s")

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _autopilot(self) -> None:
        while True:
            try:
                played = await self._play_one()
            except asyncio.CancelledError:
                raise
            except Exception:  # a move refused meanwhile (the set was called, a stale version): next look
                log.debug("a simulated move was refused", exc_info=True)
                played = False
            await asyncio.sleep(0.02 if played else 0.2)

    async def _to_play(self) -> list[tuple[Any, str, int]]:
        """Every running game's seat a simulated member is to play now: (game, seat, member)."""
        service = self.tables()
        found = []
        for rec in await service.store.live_games(self.fake.guild.id):
            if rec.state_json is None or rec.status.value != "running":
                continue
            for seat in service.engine(rec).to_move(service.state(rec)):
                info = rec.seat_info(seat)
                if not info.is_ai and info.user_id in self.members:
                    found.append((rec, seat, info.user_id))
        return found

    async def _play_one(self) -> bool:
        """One simulated member's move, chosen by the game's AI, made through the table service."""
        from engines.core import Rng  # Deckhand's: the sandbox runs the mini test bot without it

        service = self.tables()
        for rec, seat, member in await self._to_play():
            engine = service.engine(rec)
            action = engine.ai("normal").choose(service.state(rec), seat, Rng.from_seed(rec.version))
            await service.act(rec.id, member, action, rec.version)
            return True
        return False
