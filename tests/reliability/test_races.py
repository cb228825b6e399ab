"""Races: two members, or one member twice, submit through the same kind of control at the same instant.

Exactly one submission wins (the action log grows by one, the lobby changes once); the other is told the
table changed ("the table changed", "already in this game", "the game is full", "only in the lobby"), never
"Something went wrong"; the stored state stays the replay of the action log. Controls raced: the hand's
select, its quick buttons (End turn, Pass …), each game's slash commands (a choice of their autocomplete, the
same one twice or two at once), a select and a slash command together, the lobby's Join (for the last seat,
and twice by one member) and Start (button and command), and the abort confirmation (twice by the host, and
the host against a member with Manage Server).
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import pytest

from bot.games import GameManifest, manifests
from bot.store import Status
from engines.aws_builder_cards.models import Acquire, Deploy, EndTurn
from engines.aws_builder_cards.turn import acquisitions_left
from engines.core import Action, replay
from i18n import t
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot, StartBot
from tests.fakediscord.harness import FakeMember, Reply, SeenMessage
from tests.fakediscord.permissions import Permission
from tests.reliability.checks import fault_log, own_text, said, unexpected
from tests.reliability.commands import lang_of, legal_slash
from tests.reliability.conftest import FIGURES, count
from tests.reliability.tables import Table, open_table

GAMES = manifests()
IN_GAME = count(8, -(-800 // max(1, len(GAMES))))  # races per game, during play
LOBBY = count(6, 200)  # lobby and abort races
STALE = {"en": "The table changed", "ja": "卓の状況が変わった"}
PICK = re.compile(r"^\d+:\d+$")


def told(fake: FakeDiscord, reply: Reply, member: FakeMember, *keys: str) -> bool:
    """Whether the answer to this interaction says one of these catalog sentences, in the member's
    language (the part before its first parameter)."""
    text = said(fake, reply)
    lang = lang_of(member)
    return any(t(lang, key).split("{", 1)[0].strip() in text for key in keys)


async def assert_consistent(table: Table) -> None:
    """The stored state is the replay of the stored action log."""
    rec = await table.record()
    if rec.state_json is None:
        return
    rows = await table.tables.store.actions(table.pk)
    players = [s.seat for s in rec.seats]
    state = replay(table.game.engine, players, rec.options, rec.seed, [(r.seat, r.action) for r in rows])
    assert table.game.engine.dump_state(state) == rec.state_json, "stored state differs from the replay"


async def at_once(*sends: Callable[[], Awaitable[Reply]]) -> list[Reply]:
    """Send every interaction before any is answered."""
    return list(await asyncio.gather(*(send() for send in sends)))


# -- the cases ------------------------------------------------------------------------------------
async def drive(
    table: Table, choose: Callable[[Any, str, list[Action]], Action], until: Callable[[Any, str], bool]
) -> None:
    """Setup only: play the humans' moves through the table service (``choose`` picks one) until ``until``
    holds for the state and the seat to move."""
    engine = table.game.engine
    for _ in range(200):
        rec = await table.record()
        state = table.tables.state(rec)
        seat = engine.to_move(state)[0]
        if until(state, seat):
            return
        action = choose(state, seat, engine.legal_actions(state, seat))
        await table.tables.act(table.pk, rec.seat_info(seat).user_id or 0, action)
    pytest.fail("the setup never reached the wanted position")


async def test_one_slash_command_sent_twice_at_once_is_applied_once(
    fake: FakeDiscord, running_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16, fault 1: ``/aws acquire card:<choice>`` twice at the same instant acquired twice. The
    choice is one alice may make twice (two acquisitions left, the free deck's blind draw), so before the
    fix both were applied."""
    from bot.table import service

    # Seed 100 gives alice (p1) two acquisitions on her second turn with the policy below.
    monkeypatch.setattr(service, "secrets", SimpleNamespace(randbits=lambda bits: 100))
    runner = await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    table = await open_table(fake, runner, "aws-builder-cards", [alice, bob])

    def policy(state: Any, seat: str, legal: list[Action]) -> Action:
        deploys = [a for a in legal if isinstance(a, Deploy)]
        acquires = [a for a in legal if isinstance(a, Acquire)]
        if deploys:
            return deploys[0]
        return acquires[-1] if acquires else EndTurn() if EndTurn() in legal else legal[0]

    def two_acquisitions(state: Any, seat: str) -> bool:
        return seat == "p1" and acquisitions_left(state) >= 2

    await drive(table, policy, two_acquisitions)
    choices = await alice.autocomplete("aws acquire", "card", "blind")
    assert choices, "the free deck's blind draw is offered"
    before = len(await table.tables.store.actions(table.pk))
    first, second = await at_once(
        lambda: alice.slash("aws acquire", card=choices[0].value),
        lambda: alice.slash("aws acquire", card=choices[0].value),
    )
    assert len(await table.tables.store.actions(table.pk)) == before + 1, "one submission, one acquisition"
    texts = [own_text(first), own_text(second)]
    assert sum(STALE["en"] in text for text in texts) == 1, texts
    await assert_consistent(table)


async def test_two_different_slash_moves_at_once_only_the_first_is_applied(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    """Two deploys picked from the same list and sent at once: the second was chosen on a table the first
    changed, so it is refused as stale, not applied to a state its player never saw."""
    runner = await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    table = await open_table(fake, runner, "aws-builder-cards", [alice, bob])
    singles = [c for c in await alice.autocomplete("aws deploy", "cards", "") if ", " not in c.name]
    singles = [c for c in singles if not c.name.startswith("Deploy all")]
    assert len(singles) >= 2, singles
    before = len(await table.tables.store.actions(table.pk))
    replies = await at_once(
        lambda: alice.slash("aws deploy", cards=singles[0].value),
        lambda: alice.slash("aws deploy", cards=singles[1].value),
    )
    assert len(await table.tables.store.actions(table.pk)) == before + 1
    assert sum(STALE["en"] in own_text(r) for r in replies) == 1, [own_text(r) for r in replies]
    await assert_consistent(table)


# -- races during play, every game -------------------------------------------------------------------------
class Racer:
    def __init__(self, table: Table, rng: random.Random, figures: Any) -> None:
        self.table, self.fake, self.rng, self.figures = table, table.fake, rng, figures

    async def hand(self, member: FakeMember) -> SeenMessage | None:
        """The member's hand, opened with "My hand", with a move select shown (a group chosen if the
        game groups its moves)."""
        table_messages = [m for m in member.visible_messages() if not m.ephemeral and m.buttons()]
        mine = [
            m for m in table_messages if any(b.custom_id == f"dh:hand:{self.table.pk}" for b in m.buttons())
        ]
        if not mine:
            return None
        reply = await member.click(f"dh:hand:{self.table.pk}", message=mine[-1])
        hands = [m for m in [reply.message, *reply.followups] if m is not None and m.ephemeral]
        hand = hands[-1] if hands else None
        for _ in range(3):
            if hand is None:
                return None
            groups = [s for s in hand.selects() if s.custom_id.startswith("dh:grp:")]
            if not groups:
                return hand
            option = self.rng.choice(groups[0].options)
            await member.choose(groups[0].custom_id, [option.value], message=hand)
        return hand

    async def race(self) -> bool:
        """One race by the member to move; ``False`` once the game is over."""
        member = await self.table.member_to_move()
        if member is None:
            return False
        rows = len(await self.table.tables.store.actions(self.table.pk))
        hand = await self.hand(member)
        sends: list[Callable[[], Awaitable[Reply]]] = []
        acts = [s for s in (hand.selects() if hand else []) if s.custom_id.startswith("dh:act:")]
        quick = [b for b in (hand.buttons() if hand else []) if (b.custom_id or "").startswith("dh:quick:")]
        assert acts or quick, f"{member.name} is to move but the hand offers no move"
        kinds = ["select twice"] * bool(acts) + ["quick twice"] * bool(quick) + ["slash twice"]
        kinds += ["select and slash"] * bool(acts)
        kind = self.rng.choice(kinds)
        slash = await legal_slash(self.table, member, self.rng) if "slash" in kind else None
        if "slash" in kind and slash is None:  # no command offers a move now: race the hand instead
            kind = self.rng.choice([k for k in kinds if "slash" not in k])
        assert hand is not None
        if kind in ("select twice", "select and slash"):
            menu = acts[0]
            value = self.rng.choice(menu.options).value
            choose = lambda: member.choose(menu.custom_id, [value], message=hand)  # noqa: E731
            sends = [choose, choose] if kind == "select twice" else [choose]
        if kind == "quick twice":
            button = self.rng.choice(quick)
            press = lambda: member.click(button.custom_id or "", message=hand)  # noqa: E731
            sends = [press, press]
        if slash is not None and kind in ("slash twice", "select and slash"):
            path, values = slash
            send = lambda: member.slash(path, options=values)  # noqa: E731
            sends += [send, send] if kind == "slash twice" else [send]
        replies = await at_once(*sends)
        after = len(await self.table.tables.store.actions(self.table.pk))
        assert after == rows + 1, f"{kind} by {member.name}: {after - rows} moves applied"
        # A loser of the race that ended the game is told it ended (not that the table changed).
        ended = ("errors.game_ended_here", "errors.game_ended_no_winner")
        stale = [told(self.fake, r, member, "errors.stale", "errors.stale_command", *ended) for r in replies]
        for reply in replies:
            assert not unexpected(said(self.fake, reply)), said(self.fake, reply)
        # Every submission but the winner's was told the table changed (the winner's says what it did). A
        # command typed by name rather than picked (``/tree place card: cell:``) that reached the bot only
        # after the winner was applied is read against the new table and refused by the rules instead.
        typed = slash is not None and not all(PICK.match(v) for v in slash[1].values())
        losers = len(replies) - 1
        texts = [said(self.fake, r)[:300] for r in replies]
        if typed and sum(stale) < losers:
            refused = [r for r, s in zip(replies, stale, strict=True) if not s and said(self.fake, r)]
            assert len(refused) + sum(stale) >= losers, f"{kind}: {texts}"
            self.figures["losers refused by the rules (typed, arrived after the winner)"] += losers - sum(
                stale
            )
        else:
            assert sum(stale) == losers, f"{kind}: {texts}"
        self.figures["losers told the table changed"] += sum(stale)
        await assert_consistent(self.table)
        self.figures[f"during play: {kind}"] += 1
        self.figures["races"] += 1
        return True


@pytest.mark.timeout(21_600)
@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
async def test_two_submissions_at_once_during_play(
    fake: FakeDiscord, running_bot: StartBot, game: GameManifest
) -> None:
    runner = await running_bot()
    seats = max(2, game.engine.min_players)
    people = [("alice", "en-US"), ("taro", "ja"), ("bob", "en-GB"), ("hanako", "ja"), ("carl", "en-US")]
    members = [fake.guild.member(name, locale=locale) for name, locale in people[:seats]]
    rng = random.Random(f"races {game.id}")
    figures = FIGURES["races"]
    done, tables = 0, 0
    with fault_log() as faults:
        while done < IN_GAME:
            table = await open_table(fake, runner, game.id, members)
            tables += 1
            racer = Racer(table, rng, figures)
            while done < IN_GAME and await racer.race():
                done += 1
            await assert_consistent(table)
            if (await table.record()).status is Status.RUNNING:  # the count is reached: end this table
                await table.tables.abort(table.pk, None, members[0].id, True)
    assert not faults.lines(), faults.lines()
    figures["tables played"] += tables


# -- the lobby and abort ------------------------------------------------------------------------------------
async def lobby_race(fake: FakeDiscord, runner: RunningBot, rng: random.Random, figures: Any, n: int) -> None:
    game = rng.choice([m for m in GAMES if m.engine.max_players <= 5])
    engine = game.engine
    kind = rng.choice(["join the last seat", "join twice", "start twice", "start by button and command"])
    host = fake.guild.member(f"host{n}", locale=rng.choice(["en-US", "ja"]))
    others = [fake.guild.member(f"guest{n}-{i}", locale=rng.choice(["en-US", "ja"])) for i in range(6)]
    if kind == "join the last seat":
        seated = others[: engine.max_players - 2]
        racers = others[engine.max_players - 2 : engine.max_players]
    elif kind == "join twice":  # a seat left for the one who joins twice
        seated, racers = others[: min(engine.min_players - 1, engine.max_players - 2)], []
    else:  # enough players to start
        seated, racers = others[: engine.min_players - 1], []
    table = await open_table(fake, runner, game.id, [host, *seated], start=False)
    for racer in racers:
        racer.in_channel(table.channel)
    lobby = table.lobby
    if kind == "join the last seat":
        replies = await at_once(*(lambda m=m: m.click("Join", message=lobby) for m in racers))
        losers = [
            (r, m) for r, m in zip(replies, racers, strict=True) if told(fake, r, m, "errors.game_full")
        ]
        rec = await table.record()
        assert len(rec.seats) == engine.max_players and len(losers) == 1
        assert sum(rec.seat_of(m.id) is not None for m in racers) == 1
    elif kind == "join twice":
        late = others[-1].in_channel(table.channel)
        replies = await at_once(
            lambda: late.click("Join", message=lobby), lambda: late.click("Join", message=lobby)
        )
        assert sum(told(fake, r, late, "errors.already_joined") for r in replies) == 1, [
            said(fake, r)[:200] for r in replies
        ]
        assert [s.user_id for s in (await table.record()).seats].count(late.id) == 1
    else:
        start_button = lambda: host.click("Start", message=lobby)  # noqa: E731
        start_command = lambda: host.slash("game start", order="fixed")  # noqa: E731
        sends = [start_button, start_button] if kind == "start twice" else [start_button, start_command]
        replies = await at_once(*sends)
        assert sum(told(fake, r, host, "errors.not_in_lobby") for r in replies) == 1, [
            said(fake, r)[:200] for r in replies
        ]
        rec = await table.record()
        assert rec.status is Status.RUNNING and len(await table.tables.store.actions(table.pk)) == 0
        await assert_consistent(table)
    for reply in replies:
        assert not unexpected(said(fake, reply))
    figures[f"lobby: {kind}"] += 1
    figures["races"] += 1
    figures["losers told the table changed"] += 1
    rec = await table.record()
    if rec.status.live:
        await table.tables.abort(table.pk, None, host.id, True)


async def abort_race(fake: FakeDiscord, runner: RunningBot, rng: random.Random, figures: Any, n: int) -> None:
    game = rng.choice([m for m in GAMES if m.engine.min_players <= 2])
    host = fake.guild.member(f"ahost{n}", locale=rng.choice(["en-US", "ja"]))
    guest = fake.guild.member(f"aguest{n}")
    mod = fake.guild.member(f"mod{n}", roles=[fake.guild.role("mods", Permission.MANAGE_GUILD)])
    table = await open_table(fake, runner, game.id, [host, guest])
    mod.in_channel(table.channel)
    kind = rng.choice(["abort confirmed twice", "abort by the host and by Manage Server"])
    asks = [await host.slash("game abort")]
    askers = [host, host]
    if kind == "abort by the host and by Manage Server":
        asks.append(await mod.slash("game abort"))
        askers = [host, mod]
    buttons = [(a.message, a.message.buttons()[0].custom_id) for a in asks if a.message is not None]
    if len(buttons) == 1:
        buttons *= 2
    replies = await at_once(
        *(lambda m=m, b=b: m.click(b[1] or "", message=b[0]) for m, b in zip(askers, buttons, strict=True))
    )
    losers = [told(fake, r, m, "errors.stale_click") for r, m in zip(replies, askers, strict=True)]
    assert sum(losers) == 1, [said(fake, r)[:200] for r in replies]
    rec = await table.record()
    assert rec.status is Status.ABORTED
    for reply in replies:
        assert not unexpected(said(fake, reply))
    figures[f"abort: {kind}"] += 1
    figures["races"] += 1
    figures["losers told the table changed"] += 1


@pytest.mark.timeout(21_600)
async def test_two_submissions_at_once_in_the_lobby_and_abort(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    fake.guild.role("mods", Permission.MANAGE_GUILD)  # before the bot connects: its guild cache has the role
    runner = await running_bot()
    rng = random.Random("lobby races")
    figures = FIGURES["races"]
    with fault_log() as faults:
        for n in range(LOBBY):
            if rng.random() < 0.6:
                await lobby_race(fake, runner, rng, figures, n)
            else:
                await abort_race(fake, runner, rng, figures, n)
    assert not faults.lines(), faults.lines()
