"""AWS Deckbuilding Game (BuilderCards 1st edition) end to end: one human and two AIs play a whole game
through the fake Discord, in the game's thread.

Alice plays what the engine's AI would play from her seat (it reads only her view), by every way a player
has: the snake draft (AD-8) from the hand's select and by ``/cloud draft``; the effects by the hand's "Take
all effects" button and ``/cloud effects``; buys in each currency (TCO for a black cost, AWSome for an orange
one or the W-A card) from the select, by ``/cloud buy`` with its autocomplete and by a typed name; the end of
a turn by ``/cloud end`` and the buttons; retirements (AD-12) from the select and by ``/cloud retire``; a
reshuffle proposed from her hand (the AIs vote) and the reshuffle an AI proposes (AD-14), answered with the
public buttons of the table message, which mentions her (bob, who only watches, is refused). Checked on the
way and at the end: ``/card S3`` at this table is this edition's card, ``/rules`` in Japanese, the turn
summaries in words, the final standings, hands ephemeral and seen by no one else, older table messages
without buttons, the stored state the replay of its action log, and no public text naming a card that
stayed hidden throughout.

The seed (``SEED``) seats alice second and, with her playing as the AI would, has an AI propose a reshuffle
she votes on, her propose one, end turns and retire, and buy in both currencies (found by replaying the
bot's own sequence offline, as the Project Chaos test describes; re-found when AD-11 and AD-14 changed).
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

import engines
from bot.games import LabelContext, ui_for
from bot.store import GameRecord, Status
from engines.aws_deckbuilding.cards import DB
from engines.aws_deckbuilding.models import (
    ADState,
    ApplyEffects,
    Buy,
    Draft,
    EndTurn,
    KeepOnprem,
    Retire,
    Vote,
)
from engines.core import Action, Rng, replay
from tests.e2e.tables import open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot, StartBot
from tests.fakediscord.harness import FakeMember, Reply, SeenMessage

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

GAME = "aws-deckbuilding"
SEED = 88
PICTURES = ("table.png", "final.png")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
engine = engines.get(GAME)
ui = ui_for(GAME)


@dataclass
class Played:
    runner: RunningBot
    alice: FakeMember
    bob: FakeMember
    pk: int
    record: GameRecord | None = None
    commands: set[str] = field(default_factory=set)
    hand_picks: int = 0
    currencies: set[str] = field(default_factory=set)
    retired: int = 0
    votes: int = 0
    typed: int = 0
    buttons: set[str] = field(default_factory=set)


def table_messages(member: FakeMember) -> list[SeenMessage]:
    return [
        m
        for m in member.visible_messages()
        if not m.ephemeral and any(a.filename in PICTURES for a in m.attachments)
    ]


async def alices_table(alice: FakeMember) -> SeenMessage:
    """The newest table message, once it names alice as the one to act."""
    for _ in range(200):
        table = table_messages(alice)[-1]
        line = next((ln for ln in table.content.splitlines() if ln.startswith("▶")), "")
        if f"<@{alice.id}>" in line:
            return table
        await asyncio.sleep(0.05)
    raise AssertionError(f"the table does not name alice as the one to act: {table.content[-300:]}")


def the_hand(reply: Reply) -> SeenMessage:
    hands = [
        m for m in reply.messages if m.ephemeral and any(a.filename == "hand.png" for a in m.attachments)
    ]
    hand = hands[-1] if hands else reply.message
    assert hand is not None and hand.ephemeral, reply
    return hand


async def record(runner: RunningBot, pk: int) -> GameRecord:
    assert runner.bot is not None
    rec: GameRecord = await runner.bot.tables.store.get_game(pk)  # type: ignore[attr-defined]
    return rec


async def settled(game: Played) -> tuple[GameRecord, ADState, str]:
    """The game once the AIs have moved: alice is to move (alone, or with the AIs done) or it is over."""
    for _ in range(400):
        rec = await record(game.runner, game.pk)
        state = engine.load_state(rec.state_json or "")
        assert isinstance(state, ADState)
        seat = next(s.seat for s in rec.seats if s.user_id == game.alice.id)
        movers = engine.to_move(state)
        if rec.status is not Status.RUNNING or (seat in movers and len(movers) == 1):
            return rec, state, seat
        await asyncio.sleep(0.05)
    raise AssertionError("the AIs did not finish their moves")


def decide(state: ADState, seat: str) -> Action:
    """Alice's move: what the engine's AI would play from her seat."""
    action: Action = engine.ai("normal").choose(state, seat, Rng.from_seed(SEED))
    return action


async def by_command(game: Played, rec: GameRecord, state: ADState, seat: str, action: Action) -> None:
    """The move by ``/cloud``: the autocomplete offers the caller's legal moves of that kind, labelled as the
    hand labels them, each value pinned to the state version."""
    alice = game.alice
    legal = engine.legal_actions(state, seat)
    ctx = LabelContext(engine.view(state, seat), rec.names())
    if isinstance(action, EndTurn | KeepOnprem):  # while a retirement is open, ending keeps them all
        reply = await alice.slash("cloud end")
        game.commands.add("cloud end")
    elif isinstance(action, ApplyEffects):
        reply = await alice.slash("cloud effects")  # no choice: take them all
        game.commands.add("cloud effects")
    else:
        command = {Draft: "cloud draft", Buy: "cloud buy", Retire: "cloud retire"}[type(action)]
        choices = await alice.autocomplete(command, "card", "")
        wanted = f"{rec.version}:{legal.index(action)}"
        picked = next(c for c in choices if c.value == wanted)
        assert picked.name == ui.action_label(action, "en", ctx=ctx)
        kind = (Retire, KeepOnprem) if isinstance(action, Retire) else (type(action),)
        assert sorted(c.value for c in choices) == sorted(
            f"{rec.version}:{i}" for i, a in enumerate(legal) if isinstance(a, kind)
        )
        reply = await alice.slash(command, card=picked.value)
        game.commands.add(command)
    hand = the_hand(reply)
    assert not hand.text().startswith("“"), hand.text()


async def by_typed_name(game: Played, rec: GameRecord, state: ADState, seat: str, action: Buy) -> None:
    """``/cloud buy card:<name>``: a name typed in full, as printed on the card."""
    name = "W-A" if DB.card(action.card).is_wa else ui.card_name(action.card, "en")
    before = rec.version
    reply = await game.alice.slash("cloud buy", card=name)
    assert the_hand(reply).ephemeral
    after = await record(game.runner, game.pk)
    assert after.version > before, f"/cloud buy card:{name} bought nothing: {reply.text()[:300]}"
    game.typed += 1


async def by_hand(
    game: Played, table: SeenMessage, rec: GameRecord, state: ADState, seat: str, action: Action
) -> None:
    """The move through the hand: a button for the one-click moves, else the select's option."""
    alice = game.alice
    ctx = LabelContext(engine.view(state, seat), rec.names())
    hand = the_hand(await alice.click("My hand", message=table))
    label = ui.action_label(action, "en", ctx=ctx)
    if action in ui.quick_actions(engine.legal_actions(state, seat)):
        assert label[:80] in hand.button_labels(), (label, hand.button_labels())
        await alice.click(label[:80], message=hand)
        game.buttons.add(action.type)
        return
    options = [o.label for s in hand.selects() for o in s.options]
    assert label in options, (label, options)
    await alice.choose(hand.selects()[0].placeholder, [label], message=hand)
    game.hand_picks += 1


async def answer_vote(game: Played, table: SeenMessage, yes: bool) -> None:
    """A reshuffle an AI proposed: alice answers with the table message's public buttons; bob, who only
    watches, is refused privately the first time."""
    alice, bob = game.alice, game.bob
    assert [b.split(" · ")[0] for b in table.button_labels()] == ["My hand", "👍 Reshuffle", "👎 Keep it"]
    assert "proposes to reshuffle the marketplace: " in table.content
    if not game.votes:
        refused = await bob.click("👍 Reshuffle", message=table)
        assert refused.ephemeral and "Only the players at this table vote on a reshuffle." in refused.text()
    reply = await alice.click("👍 Reshuffle" if yes else "👎 Keep it", message=table)
    expected = "You agreed to reshuffle" if yes else "You said no: the marketplace stays"
    assert reply.ephemeral and expected in reply.text(), reply.text()
    game.votes += 1


async def play(game: Played) -> None:
    for _ in range(600):
        rec, state, seat = await settled(game)
        game.record = rec
        if rec.status is not Status.RUNNING:
            return
        table = await alices_table(game.alice)
        action = decide(state, seat)
        if isinstance(action, Vote):
            await answer_vote(game, table, action.agree)
            continue
        command = {
            Draft: "cloud draft",
            ApplyEffects: "cloud effects",
            Buy: "cloud buy",
            EndTurn: "cloud end",
            KeepOnprem: "cloud end",
            Retire: "cloud retire",
        }.get(type(action))
        if isinstance(action, Buy):
            game.currencies.add(DB.card(action.card).currency or "tco")
        if isinstance(action, Retire):
            game.retired += 1
        if command is not None and command not in game.commands:  # each command once, the rest by hand
            await by_command(game, rec, state, seat, action)
        elif isinstance(action, Buy) and not game.typed and "cloud buy" in game.commands:
            await by_typed_name(game, rec, state, seat, action)
        else:
            await by_hand(game, table, rec, state, seat, action)
    pytest.fail("the game did not end")


async def test_one_human_and_two_ais_play_a_whole_game(
    fake: FakeDiscord, running_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.table import service

    monkeypatch.setattr(
        service, "secrets", SimpleNamespace(randbits=lambda bits: SEED, token_hex=lambda n: "ab" * n)
    )
    runner = await running_bot()
    alice, bob, taro = (
        fake.guild.member("alice"),
        fake.guild.member("bob"),
        fake.guild.member("taro", locale="ja"),
    )
    opened = await open_game(fake, alice, GAME, ais=2, start=True)
    opened.follow(bob, taro)  # they watch the thread; they are not seated
    assert runner.bot is not None
    pk = (await runner.bot.tables.store.live_games())[0].id  # type: ignore[attr-defined]

    # At this game's table, /card S3 is this edition's card (not AWS Builder Cards' S3), in both languages.
    s3 = await alice.slash("card", name="S3")
    assert s3.ephemeral and "AWS Deckbuilding Game (BuilderCards 1st edition)" in s3.text(), s3.text()
    assert "3 TCO (black)" in s3.text() and "If you revealed Amazon CloudFront: +2 AWSome" in s3.text()
    s3_ja = await taro.slash("card", name="ｓ３")
    assert "AWS デッキ構築ゲーム（BuilderCards 第1版）" in s3_ja.text() and "3 TCO（黒）" in s3_ja.text()
    rules = await taro.slash("rules", game=GAME)
    assert rules.ephemeral and "AWS デッキ構築ゲーム" in rules.text()

    game = Played(runner, alice, bob, pk)
    await play(game)
    rec = game.record
    assert rec is not None and rec.status is Status.FINISHED

    # Alice used every way a player has.
    assert game.commands == {"cloud draft", "cloud effects", "cloud buy", "cloud end", "cloud retire"}
    assert game.hand_picks >= 3 and game.typed == 1
    assert "apply_effects" in game.buttons and game.buttons & {"end_turn", "keep_onprem"}, game.buttons
    assert "propose_reshuffle" in game.buttons, "alice proposed a reshuffle from her hand (the AIs voted)"
    assert game.currencies == {"tco", "awsome"}, "a buy paid in TCO and one paid in AWSome"
    assert game.retired >= 1 and game.votes >= 1

    # The final message: the standings.
    tables = table_messages(alice)
    final = tables[-1]
    assert any(a.filename == "final.png" for a in final.attachments)
    assert "The game is over" in final.content and re.search(r"1\. .+ — \d+ points", final.content)
    assert "bought the last Well-Architected card: the game is over. Winner: " in final.content
    assert all(m.buttons() == [] for m in tables[:-1]), "older table messages lose their buttons"
    game_controls = ("dh:hand:", "dh:quick:", "dh:adv:")
    assert not [b for b in final.buttons() if (b.custom_id or "").startswith(game_controls)]

    # What the table messages said, in words.
    text = "\n".join(m.content for m in tables)
    assert not PLACEHOLDER.findall(text), text[:2000]
    me = re.escape(alice.user.global_name or alice.name)
    assert re.search(rf"🎁 {me} drafted \*\*.+\*\* for free \(worth \d TCO\) — pick \d of 6\.", text)
    assert re.search(rf"📋 \*\*{me}\*\*: \d+ TCO \+ \d+ AWSome; bought ", text), text[-2000:]
    assert re.search(r"📋 \*\*AI-\d\*\*: \d+ TCO \+ \d+ AWSome; ", text)
    assert re.search(rf"🗳️ AI-\d proposes to reshuffle the marketplace: .*{me}.*, vote with the buttons", text)
    assert re.search(rf"🗳️ {me} (agrees|says no)\.", text)
    assert re.search(rf"🗳️ {me} proposes to reshuffle the marketplace: AI-\d and AI-\d, vote", text)
    assert "🔀 Everyone agreed: the marketplace was reshuffled. Now on offer: " in text or (
        "The marketplace stays as it is: " in text
    )
    assert re.search(rf"♻️ {me} retired \*\*.+\*\* from the game \(\d+ on-premises cards left\)\.", text)

    # Hands are ephemeral and nobody else sees them.
    hands = [m for m in alice.visible_messages() if any(a.filename == "hand.png" for a in m.attachments)]
    assert hands and all(m.ephemeral for m in hands)
    assert not [m for m in bob.visible_messages() if any(a.filename == "hand.png" for a in m.attachments)]

    # The stored game is the replay of its log, and no public message names a card hidden throughout.
    store = runner.bot.tables.store  # type: ignore[attr-defined]
    rows = await store.actions(pk)
    players = [s.seat for s in rec.seats]
    log = [(r.seat, r.action) for r in rows]
    states: list[Any] = [replay(engine, players, rec.options, rec.seed, log[:k]) for k in range(len(log) + 1)]
    assert engine.dump_state(states[-1]) == rec.state_json
    never = set.intersection(*(engine.hidden_cards(s, None) for s in states))
    shown = set().union(*(engine.view(s, None).cards for s in states))
    secret = {ui.card_name(c, lang) for c in never for lang in ("en", "ja")}
    secret -= {ui.card_name(k, lang) for k in shown for lang in ("en", "ja")}
    for message in bob.visible_messages():
        leaked = [s for s in secret if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", message.text())]
        assert not leaked, f"public message names hidden cards {leaked}: {message.text()[:200]}"
