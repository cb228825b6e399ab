"""A whole Glorious Crown game through the fake Discord: two humans (one English, one Japanese) and two AIs.

The game lives in its own thread (the channel keeps one summary card), and a table message is posted once
per human turn, edited in place while that turn lasts. The humans play only through what Discord shows
them: "My hand", the select of legal plays, the Pass button, the grouped 7-trade choices, the 10-discard
prompt, ``/crown play`` with autocomplete and a typed play the rules refuse. Checked against the game as
stored: no public text (in the thread or the channel, each version of it the humans saw) names a card that
was then in a hand or the blind; every public picture is exactly the public view's picture of the state it
was last drawn for (its title's turn), and the table a human is asked to act on shows the table now.
"""

from __future__ import annotations

import io
import os
import re
import secrets
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image, ImageChops

import engines
from engines.core import replay
from engines.glorious_crown.cards import CARDS, RANK_DEFS
from renderers import glorious_crown as R
from tests.e2e.tables import OpenedGame, open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot, StartBot
from tests.fakediscord.harness import FakeMember, Reply, SeenMessage

GAME = "glorious-crown"
ENGINE = engines.get(GAME)
# A deal in which the humans meet the 7-trade (alice gives, taro returns blind) and the 10-discard; the game
# is deterministic from it (seat order, deal, AI moves). GC_SEED=n tries another deal.
SEED = int(os.environ.get("GC_SEED", "1"))
SUIT_JA = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
HAND = "My hand"  # on the public table message: "My hand · 手札を見る", pressed by its English half
HAND_JA = "手札を見る"  # … and by its Japanese half
PASS = {"en": "Pass", "ja": "パス"}
DECLINE = {"en": "Keep my cards (decline)", "ja": "手札はそのまま（見送る）"}
CARD_MENTION = re.compile(r"(?<![0-9])(1[0-5]|[3-9])\s?([♠♥♦♣])")
CARD_ID = re.compile(r"\b([SHDC])(1[0-5]|[3-9])\b")
MOVE = re.compile(r"· (?:move (\d+)|(\d+) 手目)")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")  # a sentence's field left unfilled: "AI-1 played {cards}"

pytestmark = pytest.mark.timeout(120)


@dataclass
class Snapshot:
    """What the humans could read at one quiet moment of the game, with the number of actions stored then."""

    actions: int
    texts: dict[int, str]  # every public message in the thread and the channel: id -> text
    table_turn: int | None  # the newest table message's title turn …
    table_picture: bytes  # … and its picture


@dataclass
class Seen:
    """Which prompts and controls the humans met on the way."""

    hand_selects: int = 0
    pass_buttons: int = 0
    gives: list[str] = field(default_factory=list)
    declines: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    slash_plays: int = 0
    refused: int = 0


def public_tables(member: FakeMember) -> list[SeenMessage]:
    """The table messages in the thread the member is in (one per human turn, then the final one): posted
    by the bot itself, not an answer to a command (``/game status`` shows the table too)."""
    return [
        m
        for m in member.visible_messages()
        if not m.ephemeral
        and m.raw.interaction_metadata is None
        and any(a.filename in ("table.png", "final.png") for a in m.attachments)
    ]


def public_messages(opened: OpenedGame, member: FakeMember) -> list[SeenMessage]:
    """Every public message of the game: in its thread, and in the channel it was opened from."""
    places = (opened.thread, opened.thread.parent)
    return [m for place in places for m in member.visible_messages(place) if not m.ephemeral]


def title_turn(message: SeenMessage) -> int | None:
    found = MOVE.search(" ".join(str(e.get("title") or "") for e in message.embeds))
    return int(found[1] or found[2]) if found else None


def mover_of(fake: FakeDiscord, message: SeenMessage) -> FakeMember | None:
    line = next((ln for ln in message.content.splitlines() if ln.startswith("▶")), None)
    if line is None:
        return None
    return next((m for m in fake.guild.members if f"<@{m.id}>" in line), None)


def lang_of(member: FakeMember) -> str:
    return "ja" if member.locale.startswith("ja") else "en"


def short(card: str) -> str:
    info = CARDS[card]
    return "Joker" if info.is_joker else f"{info.rank}{SYMBOL[info.suit]}"


class Table:
    """The stored game, read the way an auditor would (not a path the players use)."""

    def __init__(self, runner: RunningBot, pk: int) -> None:
        self.tables: Any = runner.bot.tables  # type: ignore[union-attr]
        self.pk = pk

    async def record(self) -> Any:
        return await self.tables.store.get_game(self.pk)

    async def state(self) -> Any:
        return self.tables.state(await self.record())

    async def seat(self, member: FakeMember) -> str:
        return str((await self.record()).seat_of(member.id).seat)


async def pick(member: FakeMember, reply: Reply, value: str) -> Reply:
    """Choose ``value`` in the select of the hand message ``reply`` shows (the moves, or a group first)."""
    menu = reply.selects()[0]
    return await member.choose(menu.custom_id, [value], message=reply.message)


async def human_turn(
    member: FakeMember, table_msg: SeenMessage, table: Table, seen: Seen, state: Any
) -> None:
    lang = lang_of(member)
    seat = await table.seat(member)
    hand = await member.click(HAND_JA if lang == "ja" else HAND, message=table_msg)
    assert hand.ephemeral and hand.images(), "the hand comes with its picture, only for its player"
    pending = state.pending if state.pending is not None and state.pending.seat == seat else None
    labels = [o.label for s in hand.selects() for o in s.options]
    if pending is not None and pending.kind == "seven_give":
        assert DECLINE[lang] in hand.button_labels()
        if not seen.gives:  # the first time: the grouped choice, group first, then the cards
            groups = hand.selects()[0]
            one = {"en": "Give 1 card", "ja": "1枚渡す"}[lang]
            if len(hand.selects()) == 1 and one in [o.label for o in groups.options]:
                step = await pick(member, hand, next(o.value for o in groups.options if o.label == one))
            else:  # a single group (one 7 played) opens its moves at once
                step = hand
            options = step.selects()[0].options
            receiver = (await table.record()).seat_info(pending.other).name
            give = {"en": f" to {receiver}", "ja": f" {receiver} に渡す"}[lang]
            assert all(give in o.label for o in options), options  # the label names who receives
            seen.gives.append(options[0].label)
            await pick(member, step, options[0].value)
        else:
            seen.declines.append("7")
            await member.click(DECLINE[lang], message=hand.message)
        return
    if pending is not None and pending.kind == "seven_answer":
        first = hand.selects()[0].options[0]
        if pending.count > 1 and not first.label.startswith(("Return", f"{pending.count}枚返す")):
            hand = await pick(member, hand, first.value)  # grouped by the first card
            first = hand.selects()[0].options[0]
        assert first.label.startswith({"en": "Return", "ja": f"{pending.count}枚返す"}[lang]), first.label
        seen.answers.append(first.label)
        await pick(member, hand, first.value)
        return
    if pending is not None and pending.kind == "ten_discard":
        assert DECLINE[lang] in hand.button_labels()
        if len(seen.discards) <= len(seen.declines):
            option = hand.selects()[0].options[0]
            assert option.label.startswith("Discard ") or option.label.endswith(" を捨てる"), option.label
            seen.discards.append(option.label)
            await pick(member, hand, option.value)
        else:
            seen.declines.append("10")
            await member.click(DECLINE[lang], message=hand.message)
        return
    if not labels:
        assert hand.button_labels() == [PASS[lang]], "nothing to play: only the Pass button"
        seen.pass_buttons += 1
        await member.click(PASS[lang], message=hand.message)
        return
    # Plays: the 10s and 7s first (so the prompts come), else the weakest play offered.
    if hand.selects()[0].custom_id.startswith("dh:grp:"):  # too many plays for one select: the number first
        groups = hand.selects()[0].options
        sevens = [o for o in groups if re.match(r"^(?:Play )?(10|7)[♠♥♦♣]", o.label)]
        hand = await pick(member, hand, (sevens or list(groups))[0].value)
    options = hand.selects()[0].options
    special = [o for o in options if re.match(r"^(10|7)[♠♥♦♣]", o.label) and "+" not in o.label]
    choice = (special or list(options))[0]
    seen.hand_selects += 1
    await pick(member, hand, choice.value)


async def typed_refusal(member: FakeMember, table: Table, seen: Seen) -> None:
    """A Japanese member types two cards of different numbers: refused in Japanese, only to them, and
    nothing changes."""
    seat = await table.seat(member)
    state = await table.state()
    cards = [c for c in state.hands[seat] if not CARDS[c].is_joker]
    first = cards[0]
    other = next(c for c in cards if CARDS[c].rank != CARDS[first].rank)
    typed = " ".join(f"{SUIT_JA[CARDS[c].suit]}{CARDS[c].rank}" for c in (first, other))
    before = await table.record()
    public_before = len([m for m in member.visible_messages() if not m.ephemeral])
    refused = await member.slash("crown play", cards=typed)
    assert refused.ephemeral and "同じ数字の札だけ" in refused.text(), refused.text()
    after = await table.record()
    assert (after.version, after.state_json) == (before.version, before.state_json)
    assert len([m for m in member.visible_messages() if not m.ephemeral]) == public_before
    seen.refused += 1


async def slash_play(member: FakeMember, seen: Seen) -> bool:
    """``/crown play`` with the autocomplete of legal plays; typing a card narrows the list."""
    choices = await member.autocomplete("crown play", "cards", "")
    if not choices:
        return False
    assert all(len(c.name) <= 100 for c in choices) and len(choices) <= 25
    first = choices[0]
    card = re.match(r"(1[0-5]|[3-9])([♠♥♦♣])", first.name)
    if card:
        suit = next(k for k, v in SYMBOL.items() if v == card[2])
        narrowed = await member.autocomplete("crown play", "cards", f"{suit}{card[1]}")
        assert narrowed and all(card[0] in c.name for c in narrowed), narrowed
    played = await member.slash("crown play", cards=first.value)
    assert played.ephemeral and played.images(), "the refreshed hand answers the command"
    seen.slash_plays += 1
    return True


def public_text(message: SeenMessage) -> str:
    parts = [message.content]
    for embed in message.embeds:
        parts += [str(embed.get(k) or "") for k in ("title", "description")]
        parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
        parts.append(str((embed.get("footer") or {}).get("text") or ""))
    return "\n".join(parts)


def named_cards(text: str) -> set[str]:
    found = {f"{next(k for k, v in SYMBOL.items() if v == m[2])}{m[1]}" for m in CARD_MENTION.finditer(text)}
    found |= {f"{m[1]}{m[2]}" for m in CARD_ID.finditer(text)}
    for card in CARDS.values():
        own_title = RANK_DEFS[card.rank].title is None if not card.is_joker else True
        if own_title and (card.title.en in text or card.title.ja in text):
            found.add(card.id)
    return found


def pixels_equal(png: bytes, expected: bytes) -> bool:
    a = Image.open(io.BytesIO(png)).convert("RGB")
    b = Image.open(io.BytesIO(expected)).convert("RGB")
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


async def audit_public_messages(
    opened: OpenedGame, table: Table, watcher: FakeMember, snapshots: list[Snapshot]
) -> int:
    """Every public message against the stored game, replayed. Text: no version the humans saw names a card
    hidden from the table at that moment (hands and the blind only shrink, so what was public stays public).
    Pictures: each table message shows exactly the public view's picture of the state it was last drawn for,
    the one its title's turn names (``turn`` counts the actions applied), and the newest table message shows
    the table as it was when a human was asked to act on it."""
    rec = await table.record()
    log = [(a.seat, a.action) for a in await table.tables.store.actions(table.pk)]
    players = [s.seat for s in rec.seats]
    states = [replay(ENGINE, players, rec.options, rec.seed, log[:k]) for k in range(len(log) + 1)]
    assert ENGINE.dump_state(states[-1]) == rec.state_json, "the log replays to the stored state"
    names = rec.names()
    lang = await table.tables.public_lang(rec.guild_id)
    pictures: dict[tuple[str, int], bytes] = {}

    def expected(kind: str, index: int) -> bytes:
        if (kind, index) not in pictures:
            render = R.RENDERER.render_final if kind == "final" else R.RENDERER.render_table
            view = ENGINE.view(states[index], None)
            pictures[kind, index] = render(view, lang, names=names, ai_seats=rec.ai_seats())
        return pictures[kind, index]

    def no_leak(text: str, index: int, where: str) -> None:
        leaked = named_cards(text) & ENGINE.hidden_cards(states[index], None)
        assert not leaked, f"{where}: public text names hidden cards {leaked}:\n{text}"

    for snap in snapshots:  # each version of each public text, as the humans saw it then
        for text in snap.texts.values():
            no_leak(text, snap.actions, f"after {snap.actions} actions")
        if snap.table_turn is not None:
            assert snap.table_turn == snap.actions + 1, "the table to act on shows the table now"
            picture = expected("table", snap.actions)
            assert pixels_equal(snap.table_picture, picture), f"table picture after {snap.actions} actions"
    checked = 0
    for message in public_messages(opened, watcher):  # and each message as it stands at the end
        text = public_text(message)
        turn = title_turn(message)
        index = turn - 1 if turn is not None else 0  # no turn in the title: the lobby, the summary card
        no_leak(text, index, f"message {message.id}")
        for attachment in message.attachments:
            kind = attachment.filename.removesuffix(".png")
            assert kind in ("table", "final"), f"a {kind} picture in public"
            assert turn is not None, f"a picture without a turn: {text}"
            assert pixels_equal(attachment.data, expected(kind, index)), (
                f"public {kind} picture at turn {turn}"
            )
            checked += 1
    return checked


async def snapshot(opened: OpenedGame, table: Table, watcher: FakeMember) -> Snapshot:
    latest = public_tables(watcher)[-1]
    running = not any(a.filename == "final.png" for a in latest.attachments)
    return Snapshot(
        actions=len(await table.tables.store.actions(table.pk)),
        texts={m.id: public_text(m) for m in public_messages(opened, watcher)},
        table_turn=title_turn(latest) if running else None,
        table_picture=latest.attachments[0].data,
    )


def posted_bodies(fake: FakeDiscord, channel_id: int) -> list[dict[str, Any]]:
    """The bodies of the messages the bot posted in a channel (``payload_json`` of a multipart post)."""
    return [
        r.body
        for r in fake.requests
        if r.method == "POST"
        and r.path.endswith(f"/channels/{channel_id}/messages")
        and isinstance(r.body, dict)
    ]


def human_turns(log: list[Any], humans: set[str]) -> int:
    """Runs of consecutive actions by one human seat in the action log: the human turns played."""
    turns, previous = 0, None
    for row in log:
        if row.seat in humans and row.seat != previous:
            turns += 1
        previous = row.seat
    return turns


async def test_a_full_game_with_two_humans_and_two_ais(
    fake: FakeDiscord, running_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.table import service

    # Only the table service's seed is fixed: patching ``secrets.randbits`` itself would also fix the nonce
    # discord.py gives each message, and Discord answers a repeated enforced nonce with the first message.
    seeded = SimpleNamespace(**{**vars(secrets), "randbits": lambda bits: SEED})
    monkeypatch.setattr(service, "secrets", seeded)
    runner = await running_bot()
    alice = fake.guild.member("alice")
    taro = fake.guild.member("taro", locale="ja")
    humans = (alice, taro)
    opened = await open_game(fake, alice, GAME)
    assert opened.thread.name == "Glorious Crown #1 · Alice", opened.thread.name
    # taro joins from the channel, with the summary card's button (in both languages), then opens the thread.
    joined = await taro.click("参加", message=opened.summary)
    assert joined.acknowledged and "Taro" in opened.summary.text()
    assert f"<@{taro.id}>" in public_text(opened.lobby), "the lobby in the thread lists taro too"
    opened.follow(taro)
    for _ in range(2):
        added = await alice.slash("game add-ai")
        assert added.ephemeral
    await alice.click("Start", message=opened.lobby)
    rec = await runner.bot.tables.store.live_game_in(opened.thread.id)  # type: ignore[union-attr]
    assert rec.parent_channel_id == opened.thread.parent.id
    table = Table(runner, rec.id)
    seen = Seen()
    snapshots: list[Snapshot] = []
    slash_done = refused_done = False

    for _ in range(400):
        snapshots.append(await snapshot(opened, table, alice))
        latest = public_tables(alice)[-1]
        unfilled = PLACEHOLDER.findall(latest.content)
        assert not unfilled, f"the table message's lines are not worded out ({unfilled}):\n{latest.content}"
        if any(a.filename == "final.png" for a in latest.attachments):
            break
        mover = mover_of(fake, latest)
        assert mover in humans, f"the bot waits only for humans:\n{latest.text()}"
        assert [b.label for b in latest.buttons()] == ["My hand · 手札を見る"], "one button, both languages"
        for old in public_tables(alice)[:-1]:
            assert old.buttons() == [], "only the newest table message keeps its button"
        if len(snapshots) == 3:  # anyone may look at the table: that pings nobody
            before = len(fake.requests)
            status = await taro.slash("game status")
            assert not status.ephemeral and status.images()
            bodies = [r.body for r in fake.requests[before:] if isinstance(r.body, dict)]
            said = [b.get("allowed_mentions") or b.get("data", {}).get("allowed_mentions") for b in bodies]
            assert said and all(a == {"parse": []} for a in said if a is not None), said
            assert any(a is not None for a in said), "/game status's answer sets no allowed_mentions"
        state = await table.state()
        mine = state.pending is None and state.current == await table.seat(mover)
        if mine and mover is taro and not refused_done:
            await typed_refusal(taro, table, seen)
            refused_done = True
        if mine and mover is alice and not slash_done and await slash_play(alice, seen):
            slash_done = True
            continue
        await human_turn(mover, latest, table, seen, state)
    else:
        pytest.fail("the game did not end")

    final = public_tables(alice)[-1]
    text = final.content
    assert "The game is over" in text and "bonus" in text and "1. " in text, text
    state = await table.state()
    for row in (await table.record()).seats:
        assert row.name in text
    if state.fouls:
        assert "illegal finish" in text
    assert slash_done and refused_done, seen
    assert seen.hand_selects and seen.pass_buttons, seen
    assert seen.gives and seen.discards and seen.answers, seen
    checked = await audit_public_messages(opened, table, alice, snapshots)
    tables = public_tables(alice)
    assert checked >= len(tables)
    # One table message per human turn (AI moves are gathered into it), then the final one; the channel
    # keeps only the summary card, edited to the standings.
    log = await table.tables.store.actions(table.pk)
    seats = {await table.seat(m) for m in humans}
    assert len(tables) - 1 <= human_turns(log, seats) + 1 < len(log), (len(tables), len(log))
    # Pings: each message posted in the thread may ping exactly the humans it asks to act (or tells their
    # hand changed), nobody else; the final one nobody.
    pinged_posts = 0
    for body in posted_bodies(fake, opened.thread.id):
        content = body.get("content") or ""
        if not content:
            continue  # the lobby: an embed, which pings nobody
        allowed = body.get("allowed_mentions")
        assert allowed is not None, f"a post without allowed_mentions may ping anyone: {content}"
        assert "users" not in allowed.get("parse", []) and "everyone" not in allowed.get("parse", [])
        users = {int(u) for u in allowed.get("users", [])}
        asked = {
            m.id
            for m in humans
            for line in content.splitlines()
            if line.startswith(("▶", "🔔")) and f"<@{m.id}>" in line
        }
        assert users == asked, f"pings {users}, asks {asked}: {content}"
        pinged_posts += bool(users)
    assert pinged_posts >= len(tables) - 2, "every table message for a human turn pings that human"
    channel = [m for m in alice.visible_messages(opened.thread.parent) if not m.ephemeral]
    assert [m.id for m in channel] == [opened.summary.id], [m.text() for m in channel]
    assert "The game is over" in opened.summary.text() and all(
        r.name in opened.summary.text() for r in rec.seats
    )
    # Each human saw a refreshed hand of their own, never the other's.
    for member in humans:
        other = taro if member is alice else alice
        theirs = {m.id for m in member.ephemerals()}
        assert theirs and not theirs & {m.id for m in other.visible_messages()}
    # The rules and the cards, looked up the way players write them.
    card = await taro.slash("card", name="スペード3")
    assert card.ephemeral and "スペードの3「見習いの侍女」" in card.text(), card.text()
    rules = await alice.slash("rules", game=GAME, topic="seven")
    assert rules.ephemeral and "The Secret Deal" in rules.text() and "GC-12" in rules.text()
    if os.environ.get("GC_DUMP"):  # GC_DUMP=file: what each member saw, for reading the game by eye
        with open(os.environ["GC_DUMP"], "w", encoding="utf-8") as out:
            for member in humans:
                out.write(f"===== as {member.name} =====\n")
                out.write("\n".join(m.text() for m in member.visible_messages()) + "\n")


async def test_crown_commands_in_a_lobby_say_the_game_has_not_started(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    """Issue 10: ``/crown pass`` in a lobby said "You are not playing in this game". In the game's thread,
    and from the channel it was opened from (the one live game opened there is found)."""
    await running_bot()
    alice = fake.guild.member("alice")
    taro = fake.guild.member("taro", locale="ja")
    opened = await open_game(fake, alice, GAME)
    passed = await alice.slash("crown pass")
    assert passed.message is not None and passed.message.channel.id == opened.thread.id
    assert passed.ephemeral and "The game has not started yet." in passed.text(), passed.text()
    played = await taro.slash("crown play", cards="S3", channel=opened.thread.parent)
    assert played.ephemeral and "ゲームはまだ始まっていません。" in played.text(), played.text()


async def test_a_misspelt_card_gets_the_closest_card_name_in_the_players_language(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    """Issue 10: ``jokr`` said "could not read `kr`"; it names what was typed and suggests the Joker."""
    runner = await running_bot()
    alice = fake.guild.member("alice")
    taro = fake.guild.member("taro", locale="ja")
    opened = await open_game(fake, alice, GAME, players=[taro], ais=1, start=True)
    rec = await runner.bot.tables.store.live_game_in(opened.thread.id)  # type: ignore[union-attr]
    before = (rec.version, rec.state_json)
    en = await alice.slash("crown play", cards="jokr")
    assert en.ephemeral and "I could not read `jokr` as cards: did you mean Joker?" in en.text(), en.text()
    ja = await taro.slash("crown play", cards="S3 ジョーカ")
    suggested = "`ジョーカ` を札として読めませんでした。もしかして ジョーカー ですか？"
    assert ja.ephemeral and suggested in ja.text(), ja.text()
    plain = await alice.slash("crown play", cards="xyzzy")
    assert "`xyzzy`" in plain.text() and "did you mean" not in plain.text(), plain.text()
    after = await runner.bot.tables.store.get_game(rec.id)  # type: ignore[union-attr]
    assert (after.version, after.state_json) == before, "an unreadable play changes nothing"
