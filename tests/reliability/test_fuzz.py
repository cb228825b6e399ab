"""Fuzz: generated bad input through every command option, every autocomplete and forged components.

For every hosted game (``bot.games.manifests()``, so a game that lands later is fuzzed too) a table of
humans only (no AI moves while the store is compared) is opened, with members of both languages seated and
watching. Then, seeded, each input is one of:

- a slash command of any synced command (the game's own, other games' and ``/game …``) with junk in its text
  options (by anyone), or, for a command without text options, run by an onlooker;
- junk typed into an autocomplete option;
- a forged component: a custom id that does not read, names another game or another version, a select value
  that is no position, a hand's control on a public message.

Each must get a reply (an autocomplete: its list), no "Something went wrong" and no fault in the log; an
ephemeral reply opens with a catalog sentence in the member's language; the store (every row of every table)
is unchanged. The fake Discord checks Discord's limits on every reply. Counts: ``FUZZ_INPUTS``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.games import GameManifest, manifests
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, Reply, SeenMessage
from tests.fakediscord.interactions import NotPossible
from tests.reliability.checks import FaultLog, fault_log, own_messages_text, sentence_in, snapshot, unexpected
from tests.reliability.commands import (
    ATTACHMENT,
    BOOLEAN,
    INTEGER,
    MENTIONABLE,
    NUMBER,
    STRING,
    USER,
    Leaf,
    lang_of,
    leaves,
)
from tests.reliability.conftest import FIGURES, count
from tests.reliability.junk import junk_text, junk_values, malformed_id
from tests.reliability.tables import Table, open_table

GAMES = manifests()
#: Inputs per game: ≥ 10,000 over the soak run.
INPUTS = count(60, -(-10_000 // max(1, len(GAMES))))

#: Commands that set the caller's own preference: that table is the one thing they may change (any member may
#: turn their DM reminders on or off; it is not bad input).
OWN_SETTINGS = {"game notify": "member_settings"}
#: Commands anyone may run with any of the values the client offers (a member's own settings): without text
#: to garble there is no bad input to give them.
PERSONAL = {"game notify"}
PLAYERS = [("alice", "en-US"), ("taro", "ja"), ("bob", "en-GB"), ("hanako", "ja"), ("carl", "en-US")]
ONLOOKERS = [("olive", "en-US"), ("jiro", "ja")]


@dataclass
class Fuzzer:
    fake: FakeDiscord
    table: Table
    elsewhere: Table
    players: list[FakeMember]
    onlookers: list[FakeMember]
    rng: random.Random
    faults: FaultLog
    figures: Any
    commands: list[Leaf] = field(default_factory=list)
    used: set[str] = field(default_factory=set)

    @property
    def everyone(self) -> list[FakeMember]:
        return self.players + self.onlookers

    async def one(self) -> None:
        roll = self.rng.random()
        if roll < 0.4:
            await self.slash()
        elif roll < 0.55:
            await self.autocomplete()
        else:
            await self.forge()

    # -- the kinds of input -----------------------------------------------------------------------------
    async def slash(self) -> None:
        leaf = self.rng.choice([c for c in self.commands if c.fuzzable or c.path not in PERSONAL])
        member = self.rng.choice(self.everyone if leaf.fuzzable else self.onlookers)
        rec = await self.table.record()
        values: dict[str, Any] = {}
        typed = ""
        for option in leaf.options:
            if not option.get("required") and self.rng.random() < 0.3:
                continue
            value = self.value(option, rec.version)
            if value is not None:
                values[option["name"]] = value
                typed += str(value) if isinstance(value, str) else ""
        desc = f"/{leaf.path} {values!r:.200} by {member.name}"
        self.used.add(leaf.path)
        await self.check(
            desc,
            member,
            typed,
            lambda: member.slash(leaf.path, options=values),
            "slash",
            may_change=OWN_SETTINGS.get(leaf.path),
        )

    def value(self, option: dict[str, Any], version: int) -> Any:
        kind = option["type"]
        if option.get("choices"):
            return self.rng.choice(option["choices"])["value"]
        if kind == STRING:
            return junk_text(self.rng, version)
        if kind in (INTEGER, NUMBER):
            low, high = option.get("min_value", -(2**53)), option.get("max_value", 2**53)
            return self.rng.choice([low, high, 0, -1, 10**9, 424242]) if low <= 0 else low
        if kind in (USER, MENTIONABLE):
            return self.rng.choice(self.everyone).user
        if kind == BOOLEAN:
            return self.rng.random() < 0.5
        if kind == ATTACHMENT:
            return ("cards.toml", self.rng.randbytes(self.rng.choice([0, 10, 3000])))
        return None  # channels and roles: no command takes one yet

    async def autocomplete(self) -> None:
        pairs = [(leaf, o) for leaf in self.commands for o in leaf.options if o.get("autocomplete")]
        leaf, option = self.rng.choice(pairs)
        member = self.rng.choice(self.everyone)
        typed = junk_text(self.rng, (await self.table.record()).version)[:100]
        desc = f"autocomplete /{leaf.path} {option['name']}={typed!r:.80} by {member.name}"
        before = snapshot(self.table.runner.database)
        try:
            choices = await member.autocomplete(leaf.path, option["name"], typed)
        except NotPossible:
            self.figures["not offered by the client"] += 1
            return
        assert len(choices) <= 25, desc
        assert snapshot(self.table.runner.database) == before, f"state changed by {desc}"
        assert not self.faults.records, f"{desc}: {self.faults.lines()}"
        self.figures["autocomplete: answered (at most 25 choices)"] += 1
        self.figures["inputs"] += 1

    async def forge(self) -> None:
        rec = await self.table.record()
        other = await self.elsewhere.record()
        pk, ver = rec.id, rec.version
        member = self.rng.choice(self.everyone)
        message = self.public_message(member)
        values: list[str] | None = None
        roll = self.rng.randrange(6)
        if roll == 0:
            custom_id, what = malformed_id(self.rng, pk), "malformed id"
        elif roll == 1:  # another game: one the member does not sit at, or none at all
            key = self.rng.choice([other.id, 10**12 + self.rng.randrange(10**6), pk + 10_000])
            op_kind = self.rng.choice(["hand", "airetry", "lobby:join", "lobby:leave", "lobby:start"])
            custom_id, what = f"dh:{op_kind}:{key}", "another game"
            if self.rng.random() < 0.5:
                custom_id, values = f"dh:act:{key}:{other.version}:0", ["0"]
        elif roll == 2:  # another version of this table
            stale = self.rng.choice([ver - 1, ver + 1, ver + 10**6, 0])
            kind = self.rng.choice(["act", "quick", "abort"])
            custom_id = {
                "act": f"dh:act:{pk}:{stale}:0",
                "quick": f"dh:quick:{pk}:{stale}:0",
                "abort": f"dh:abort:yes:{pk}:{stale}",
            }[kind]
            values = ["0"] if kind == "act" else None
            message = self.hand_message(member) or message
            what = "another version"
        elif roll == 3:  # a value that is no position, on the member's own hand if they have one
            custom_id, values, what = f"dh:act:{pk}:{ver}:0", junk_values(self.rng), "bad select value"
            message = self.hand_message(member) or message
        elif roll == 4:  # a hand's controls on the public table message
            custom_id = self.rng.choice([f"dh:quick:{pk}:{ver}:0", f"dh:page:{pk}:{ver}:0:1"])
            what = "hand control on a public message"
        else:  # someone else's seat: an onlooker, or a seated member of the other game
            member = self.rng.choice(self.onlookers)
            message = self.public_message(member)
            custom_id = self.rng.choice([f"dh:hand:{pk}", f"dh:airetry:{pk}"])
            what = "not their game"
        desc = f"forged {what} {custom_id!r:.120} values={values!r:.60} by {member.name}"
        await self.check(
            desc,
            member,
            "".join(values or []),
            lambda: member.forge(custom_id, values=values, message=message),
            f"forged: {what}",
        )

    def public_message(self, member: FakeMember) -> SeenMessage:
        seen = [m for m in member.visible_messages(self.table.channel) if not m.ephemeral and m.components]
        return seen[-1] if seen else self.table.lobby

    def hand_message(self, member: FakeMember) -> SeenMessage | None:
        hands = [m for m in member.visible_messages(self.table.channel) if m.ephemeral and m.selects()]
        return hands[-1] if hands else None

    # -- the checks ------------------------------------------------------------------------------------
    async def check(
        self,
        desc: str,
        member: FakeMember,
        typed: str,
        send: Callable[[], Awaitable[Reply]],
        kind: str,
        may_change: str | None = None,
    ) -> None:
        database = self.table.runner.database
        before = snapshot(database)
        try:
            reply = await send()
        except NotPossible:
            self.figures["not offered by the client"] += 1
            return
        after = snapshot(database)
        if may_change is not None:
            before.pop(may_change, None)
            after.pop(may_change, None)
        assert after == before, f"state changed by {desc}"
        assert not self.faults.records, f"{desc}: {self.faults.lines()}"
        shown = ([reply.message] if reply.message is not None else []) + reply.followups
        texts = own_messages_text(reply)
        assert shown, f"no reply to {desc}"
        assert not any(unexpected(text) for text in texts), f"{desc}: {texts}"
        first = shown[0]
        lang = lang_of(member)
        if first.ephemeral and first.content:  # a refusal, or a note over a hand: the catalog's sentences
            assert sentence_in(first.content, lang, typed), f"{desc}: not a {lang} sentence: {first.content}"
            self.figures[f"{kind}: refused, ephemeral"] += 1
        elif first.ephemeral:  # something looked up for them (a card): in their language
            if lang == "ja":
                text = "".join(ch for ch in first.text() if ch not in set(typed))
                assert re.search(r"[\u3040-\u30ff]", text), f"{desc}: no Japanese in {first.text()[:300]}"
            self.figures[f"{kind}: answered privately (information)"] += 1
        else:
            self.figures[f"{kind}: answered in public (information)"] += 1
        self.figures["inputs"] += 1


@pytest.mark.timeout(21_600)
@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
async def test_bad_input_gets_a_clear_refusal_and_changes_nothing(
    fake: FakeDiscord, running_bot: StartBot, game: GameManifest
) -> None:
    runner = await running_bot()
    seats = max(2, game.engine.min_players)
    players = [fake.guild.member(name, locale=locale) for name, locale in PLAYERS[:seats]]
    onlookers = [fake.guild.member(name, locale=locale) for name, locale in ONLOOKERS]
    table = await open_table(fake, runner, game.id, players)
    # A second table elsewhere, of another game, that none of these members sits at.
    other_game = next(m for m in GAMES if m.id != game.id and m.engine.min_players <= 2)
    strangers = [fake.guild.member(f"stranger{i}") for i in range(2)]
    elsewhere = await open_table(
        fake, runner, other_game.id, strangers, channel=fake.guild.channel("#general")
    )
    for member in players + onlookers:
        member.in_channel(table.channel)
    # Seated members open their hands once, so forged values also arrive on a real hand.
    for member in players:
        await member.click("My hand")
    figures = FIGURES["fuzz"]
    with fault_log() as faults:
        fuzzer = Fuzzer(
            fake, table, elsewhere, players, onlookers, random.Random(f"fuzz {game.id}"), faults, figures
        )
        fuzzer.commands = leaves(fake)
        for _ in range(INPUTS):
            await fuzzer.one()
    figures["internal errors"] += 0
    figures["state changes"] += 0
    if INPUTS >= 200:
        offered = {leaf.path for leaf in fuzzer.commands if leaf.fuzzable or leaf.path not in PERSONAL}
        assert fuzzer.used >= offered, f"never fuzzed: {sorted(offered - fuzzer.used)}"
