"""How the reliability suites open a table: one function, so the way a game is set up changes in one place.

``open_table`` runs ``/game new`` in a channel, finds where the game runs (its own thread, or the channel
itself where threads are off), lets the other members join with the lobby's button, adds AI seats and
starts in join order (so ``members[i]`` holds seat ``p{i+1}``: a suite can tell whose turn it is without
reading pictures). Every member is left acting where the game runs (``member.in_channel``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games import GameManifest, manifest
from bot.store import GameRecord
from bot.table.service import TableService
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot
from tests.fakediscord.harness import FakeChannel, FakeMember, FakeThread, SeenMessage


@dataclass
class Table:
    fake: FakeDiscord
    runner: RunningBot
    game: GameManifest
    pk: int
    #: Where the game runs (its thread, or the channel).
    channel: FakeChannel | FakeThread
    members: list[FakeMember]
    lobby: SeenMessage

    @property
    def tables(self) -> TableService:
        service: TableService = self.runner.bot.tables  # type: ignore[union-attr]
        return service

    @property
    def host(self) -> FakeMember:
        return self.members[0]

    async def record(self) -> GameRecord:
        return await self.tables.store.get_game(self.pk)

    async def state(self) -> Any:
        return self.tables.state(await self.record())

    async def member_to_move(self) -> FakeMember | None:
        """The human whose turn it is (the first of several), or ``None`` (an AI, or the game is over)."""
        rec = await self.record()
        for seat in self.game.engine.to_move(self.tables.state(rec)):
            info = rec.seat_info(seat)
            for member in self.members:
                if info.user_id == member.id:
                    return member
        return None

    def seat_of(self, member: FakeMember) -> str:
        return f"p{self.members.index(member) + 1}"


async def open_table(
    fake: FakeDiscord,
    runner: RunningBot,
    game_id: str,
    members: list[FakeMember],
    *,
    ais: int = 0,
    start: bool = True,
    channel: FakeChannel | None = None,
) -> Table:
    """A lobby of ``members`` (the first hosts) plus ``ais`` AI seats, started in join order unless
    ``start`` is false."""
    where = channel or fake.guild.default_channel
    host = members[0]
    service: TableService = runner.bot.tables  # type: ignore[union-attr]
    before = {g.id for g in await service.store.live_games(fake.guild.id)}
    await host.slash("game new", game=game_id, channel=where)
    made = [g for g in await service.store.live_games(fake.guild.id) if g.id not in before]
    assert len(made) == 1, "/game new opened no game"
    rec = made[0]
    place: FakeChannel | FakeThread = (
        where if rec.channel_id == where.id else fake.guild.thread(rec.channel_id, parent=where)
    )
    for member in members:
        member.in_channel(place)
    assert rec.lobby_message_id is not None
    lobby = SeenMessage(fake, fake.store.messages[rec.lobby_message_id])
    for member in members[1:]:
        await member.click("Join", message=lobby)
    for _ in range(ais):
        await host.slash("game add-ai")
    if start:
        await host.slash("game start", order="fixed")
    return Table(fake, runner, manifest(game_id), rec.id, place, members, lobby)
