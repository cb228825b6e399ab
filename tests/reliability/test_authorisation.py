"""Authorisation: nobody acts for a seat that is not theirs, nobody but the host (or Manage Server) starts or
aborts, nobody sees another member's hand by any path.

For every hosted game, at a table of two humans (one of each language) watched by an onlooker and by a
member with Manage Server, each round tries, as the members who may not: the moves of the seat to move
(its hand's select and quick buttons forged with the current version, its slash picks), Start and Abort
(buttons, forged confirmations, commands), and every way to a hand (``My hand``, ``/game hand``, forged hand
controls, ``/game history``/``replay``). Every attempt is refused and changes nothing; afterwards every
message each member can see is searched for the cards hidden from them at every step of the game.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.games import GameManifest, manifests
from bot.store import Status
from engines.core import replay
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, FakeThread, Reply
from tests.fakediscord.interactions import NotPossible
from tests.fakediscord.permissions import Permission
from tests.reliability.checks import fault_log, said, snapshot, unexpected
from tests.reliability.commands import legal_slash
from tests.reliability.conftest import FIGURES, count
from tests.reliability.hidden import json_strings, named, names_of, ui_of
from tests.reliability.tables import Table, open_table

GAMES = manifests()
ROUNDS = count(2, 25)  # rounds of attempts per game (a round: every kind of attempt once, then a move)


class Attempts:
    def __init__(self, table: Table, figures: Any) -> None:
        self.table, self.fake, self.figures = table, table.fake, figures
        #: What each member typed (copied picks of the mover): a refusal may echo it, which shows nothing new.
        self.typed: dict[int, set[str]] = {}

    async def refused(self, what: str, member: FakeMember, send: Callable[[], Awaitable[Reply]]) -> None:
        """``send`` must be answered with a refusal and change nothing."""
        database = self.table.runner.database
        before = snapshot(database)
        try:
            reply = await send()
        except NotPossible:
            self.figures["attempts the client does not offer"] += 1
            return
        text = said(self.fake, reply)
        assert snapshot(database) == before, f"BREACH: {what} by {member.name} changed the game: {text[:300]}"
        assert text and not unexpected(text), f"{what} by {member.name}: {text[:300]}"
        self.figures["attempts refused"] += 1
        self.figures[f"attempt: {what}"] += 1

    async def round(self, members: list[FakeMember], onlooker: FakeMember, rng: random.Random) -> None:
        table = self.table
        rec = await table.record()
        mover = await table.member_to_move()
        engine, state = table.game.engine, table.tables.state(rec)
        # Whoever has a move of their own now (the seats to move; in some games anyone, e.g. a proposal)
        # may act for their seat; the others, and onlookers, have nothing to act with but another's moves.
        idle = [m for m in members if not engine.legal_actions(state, table.seat_of(m))] + [onlooker]
        pk, ver = rec.id, rec.version
        # The mover's own controls and picks, as the others would forge or copy them.
        legal = len(engine.legal_actions(state, table.seat_of(mover))) if mover is not None else 0
        for other in [*members, onlooker]:
            if other in idle:
                await self.act_for_another(other, mover, pk, ver, rng.randrange(max(1, legal)))
            if other is members[0]:
                continue  # the host may start and abort
            await self.refused(
                "abort (forged confirmation)",
                other,
                lambda o=other: o.forge(
                    f"dh:abort:yes:{pk}:{ver}", message=self.own_hand(o) or self.public(o)
                ),
            )
            await self.refused("abort (/game abort)", other, lambda o=other: o.slash("game abort"))
            await self.refused("start (/game start)", other, lambda o=other: o.slash("game start"))
            await self.refused(
                "start (forged Start)",
                other,
                lambda o=other: o.forge(f"dh:lobby:start:{pk}", message=table.lobby),
            )
        await self.refused("another's hand (/game hand)", onlooker, lambda: onlooker.slash("game hand"))
        await self.refused(
            "another's hand (My hand)",
            onlooker,
            lambda: onlooker.click(f"dh:hand:{pk}", message=self.public(onlooker)),
        )
        await self.refused(
            "another's hand (forged page)",
            onlooker,
            lambda: onlooker.forge(f"dh:page:{pk}:{ver}:0:0", message=self.public(onlooker)),
        )
        for member in [*members, onlooker]:
            # Paths to the game's record: anything they show is searched for hidden cards at the end.
            for command in ("game history", "game replay"):
                try:
                    await member.slash(command, **({"step": 1} if command == "game replay" else {}))
                    self.figures["record views opened (searched at the end)"] += 1
                except NotPossible:
                    pass
        for member in members:  # each opens their own hand: searched at the end too
            await member.click(f"dh:hand:{pk}", message=self.public(member))

    async def act_for_another(
        self, other: FakeMember, mover: FakeMember | None, pk: int, ver: int, index: int
    ) -> None:
        """``other`` has no move of their own: they try the mover's, by a forged select and button (the
        current version, one of the mover's move numbers) and by the mover's own slash pick."""
        hand = self.own_hand(other) or self.public(other)
        await self.refused(
            "act for another seat (forged select)",
            other,
            lambda: other.forge(f"dh:act:{pk}:{ver}:0", values=[str(index)], message=hand),
        )
        await self.refused(
            "act for another seat (forged button)",
            other,
            lambda: other.forge(f"dh:quick:{pk}:{ver}:{index}", message=hand),
        )
        pick = await self.pick(mover) if mover is not None else None
        if pick is not None:
            path, values = pick
            self.typed.setdefault(other.id, set()).update(values.values())
            await self.refused(
                "act for another seat (the mover's slash pick)",
                other,
                lambda: other.slash(path, options=values),
            )

    def public(self, member: FakeMember) -> Any:
        """The newest table message (the one with "My hand")."""
        hand = f"dh:hand:{self.table.pk}"
        seen = [
            m
            for m in member.visible_messages(self.table.channel)
            if not m.ephemeral and any(b.custom_id == hand for b in m.buttons())
        ]
        return seen[-1] if seen else self.table.lobby

    def own_hand(self, member: FakeMember) -> Any:
        hands = [m for m in member.visible_messages(self.table.channel) if m.ephemeral and m.selects()]
        return hands[-1] if hands else None

    async def pick(self, mover: FakeMember) -> tuple[str, dict[str, str]] | None:
        return await legal_slash(self.table, mover, random.Random(0))


async def play_a_move(table: Table, rng: random.Random) -> bool:
    """The member to move plays a random legal move through the table service (setup: the attempts are the
    test); ``False`` once the game is over."""
    rec = await table.record()
    if rec.status is not Status.RUNNING:
        return False
    engine = table.game.engine
    state = table.tables.state(rec)
    seat = engine.to_move(state)[0]
    action = rng.choice(engine.legal_actions(state, seat))
    await table.tables.act(table.pk, rec.seat_info(seat).user_id or 0, action)
    return True


@pytest.mark.timeout(21_600)
@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
async def test_nobody_acts_starts_aborts_or_looks_where_they_may_not(
    fake: FakeDiscord, running_bot: StartBot, game: GameManifest
) -> None:
    mods = fake.guild.role("mods", Permission.MANAGE_GUILD)  # known to the bot's cache from the start
    runner = await running_bot()
    figures = FIGURES["authorisation"]
    rng = random.Random(f"authorisation {game.id}")
    people = [("alice", "en-US"), ("taro", "ja"), ("bob", "en-GB"), ("hanako", "ja"), ("carl", "en-US")]
    members = [fake.guild.member(n, locale=loc) for n, loc in people[: max(2, game.engine.min_players)]]
    onlooker = fake.guild.member("olive")
    manager = fake.guild.member("mia", roles=[mods])
    # In the lobby: only the host starts.
    table = await open_table(fake, runner, game.id, members, start=False)
    attempts = Attempts(table, figures)
    for member in [*members[1:], onlooker, manager]:
        member.in_channel(table.channel)
        await attempts.refused(
            "start (Start button)", member, lambda m=member: m.click("Start", message=table.lobby)
        )
        await attempts.refused("start (/game start)", member, lambda m=member: m.slash("game start"))
    await members[0].slash("game start", order="fixed")
    onlooker.in_channel(table.channel)
    with fault_log() as faults:
        for _ in range(ROUNDS):
            if (await table.record()).status is not Status.RUNNING:
                break
            await attempts.round(members, onlooker, rng)
            await play_a_move(table, rng)
    assert not faults.lines(), faults.lines()
    # Manage Server may abort (the rights above were refused, not broken).
    rec = await table.record()
    if rec.status is Status.RUNNING:
        manager.in_channel(table.channel)
        ask = await manager.slash("game abort")
        assert ask.message is not None and ask.message.buttons(), said(fake, ask)
        await manager.click(ask.message.buttons()[0].custom_id or "", message=ask.message)
        assert (await table.record()).status is Status.ABORTED
    # Nobody saw a card hidden from them at every step so far, by any of the paths above.
    rec = await table.record()
    rows = await table.tables.store.actions(table.pk)
    players = [s.seat for s in rec.seats]
    log = [(r.seat, r.action) for r in rows]
    states = [replay(game.engine, players, rec.options, rec.seed, log[:k]) for k in range(len(log) + 1)]
    ui = ui_of(game.id)
    places = [table.channel, *([table.channel.parent] if isinstance(table.channel, FakeThread) else [])]
    for member in [*members, onlooker, manager]:
        seat = table.seat_of(member) if member in members else None
        hidden = set.intersection(*(game.engine.hidden_cards(s, seat) for s in states))
        seen = set().union(*(json_strings(game.engine.view(s, seat)) for s in states))
        secret = {s for s in hidden | (names_of(ui, hidden) - names_of(ui, seen)) if len(s) >= 3}
        echoes = attempts.typed.get(member.id, set())
        for message in [m for place in places for m in member.visible_messages(place)]:
            text = message.text()
            for echo in echoes:
                text = text.replace(echo, "")
            found = named(text, secret)
            assert not found, f"BREACH: {member.name} sees hidden {found} in {message.text()[:300]}"
            figures["messages searched for others' cards"] += 1
    figures["breaches"] += 0  # any breach fails the test above
