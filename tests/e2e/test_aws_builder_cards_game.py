"""AWS Builder Cards end to end: one human and two AIs play a whole game through the fake Discord.

The game lives in its own thread (the channel keeps one summary card). The human (alice) plays with the
hand's controls (the select, whose first option is "Deploy all" with what it gives, purchases and
retirements; the "End turn" and vote buttons) and with the ``/aws`` commands (a typed list of card names
among them). A table message is posted once per turn of hers, with what the AIs did since; the steps of her
turn edit it in place. Checked: the turn summary lines (in the versions of the table messages she saw),
that an older table message has lost its buttons, that every hand is ephemeral and unseen by others, and —
replaying the stored game — that no public text names a card hidden in someone's hand throughout the steps
it covers (the retire proof is the one allowed reveal).
"""

from __future__ import annotations

import re
import secrets
from types import SimpleNamespace
from typing import Any

import pytest

import engines
from engines.aws_builder_cards.cards import DEFAULT_DB, DEFAULT_TEXT
from engines.core import Engine
from tests.e2e.tables import open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, Reply, SeenMessage

GAME = "aws-builder-cards"
#: The game's seed (the service draws one at random): this one gives alice a chance to retire.
SEED = 2024
PICTURES = ("table.png", "final.png")
PROPOSE = "Propose reshuffling the console (everyone votes)"
BACK = "◀ Back"
MOVE = re.compile(r"· move (\d+)")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")  # a sentence's field left unfilled: "deployed {cards}"


def table_messages(member: FakeMember) -> list[SeenMessage]:
    return [
        m
        for m in member.visible_messages()
        if not m.ephemeral and any(a.filename in PICTURES for a in m.attachments)
    ]


def title_turn(message: SeenMessage) -> int:
    """The turn in a table message's title: the state it was last drawn for (``turn`` counts the actions)."""
    found = MOVE.search(str(message.embeds[0].get("title") or ""))
    assert found, message.embeds
    return int(found[1])


def hand_of(reply: Reply) -> SeenMessage | None:
    """The (refreshed) hand message a move answered with."""
    hands = [
        m for m in reply.messages if m.ephemeral and any(a.filename == "hand.png" for a in m.attachments)
    ]
    return hands[-1] if hands else None


def name_of(label: str) -> str:
    """ "Deploy S3: 2 credits" -> "S3"."""
    return label.removeprefix("Deploy ").rsplit(": ", 1)[0]


def single(label: str) -> bool:
    """A deploy of one card with its effect (not "Deploy all (…)", a set "A, B", or a kept Sunset card)."""
    return (
        label.startswith("Deploy ")
        and not label.startswith("Deploy all (")
        and "Sunset" not in label
        and ", " not in name_of(label)
    )


async def menu(alice: FakeMember, hand: SeenMessage) -> dict[str, str | None]:
    """Every move the hand offers: label -> the group it sits in (``None``: offered at once). A build phase
    too long for one select is grouped card first; each group is opened and closed again with Back."""
    where: dict[str, str | None] = {}
    for select in [s for s in hand.selects() if not s.custom_id.startswith("dh:grp:")]:
        where.update({o.label: None for o in select.options})
    for select in [s for s in hand.selects() if s.custom_id.startswith("dh:grp:")]:
        for group in list(select.options):
            await alice.choose(select.custom_id, [group.value], message=hand)
            for option in (o for s in hand.selects() for o in s.options):
                where.setdefault(option.label, group.label)
            await alice.click(BACK, message=hand)
    return where


async def choose(alice: FakeMember, hand: SeenMessage, where: dict[str, str | None], label: str) -> Reply:
    """Choose the move ``label``, opening its group first when it sits in one."""
    group = where.get(label)
    if group is not None:
        groups = next(s for s in hand.selects() if s.custom_id.startswith("dh:grp:"))
        await alice.choose(groups.custom_id, [group], message=hand)
    select = next(s for s in hand.selects() if label in [o.label for o in s.options])
    return await alice.choose(select.custom_id, [label], message=hand)


async def slash_with_file(member: FakeMember, command: str, option: str, filename: str, data: bytes) -> Reply:
    """``/command option:<attachment>``: the member attaches a file, as in Discord's client."""
    return await member.slash(command, options={option: (filename, data)})


# -- what a public message may name --------------------------------------------------------------------------
def _names() -> list[tuple[str, str]]:
    """(name as written in messages, card kind), longest first so "EC2 Auto Scaling" wins over "EC2"."""
    out = []
    for key, card in DEFAULT_DB.cards.items():
        name = card.defn.en
        out.append((name, key))
        for prefix in ("Amazon ", "AWS "):
            if name.startswith(prefix):
                out.append((name[len(prefix) :], key))
    return sorted(set(out), key=lambda nk: -len(nk[0]))


NAMES = _names()


def kinds_named(text: str) -> set[str]:
    found = set()
    for name, key in NAMES:
        pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
        if pattern.search(text):
            found.add(key)
            text = pattern.sub(" ", text)
    return found


def public_kinds(engine: Engine[Any, Any, Any, Any], state: Any) -> set[str]:
    def strings(obj: Any) -> set[str]:
        if isinstance(obj, str):
            return {obj.split("#")[0]}
        if isinstance(obj, dict):
            return set().union(*(strings(v) for v in obj.values()), set(obj))
        if isinstance(obj, list | tuple):
            return set().union(*(strings(v) for v in obj)) if obj else set()
        return set()

    return strings(engine.view(state, None).model_dump(mode="json")) & set(DEFAULT_DB.cards)


async def replayed_states(bot: Any, pk: int) -> list[Any]:
    """The state after each stored action (index 0: the deal), rebuilt from the seed and the action log."""
    engine = engines.get(GAME)
    rec = await bot.store.get_game(pk)
    state = engine.new_game([s.seat for s in rec.seats], rec.options, rec.seed)
    states = [state]
    for row in await bot.store.actions(pk):
        state = engine.apply(state, row.seat, row.action).state
        states.append(state)
    return states


# -- the game ---------------------------------------------------------------------------------------------
@pytest.mark.timeout(150)
async def test_one_human_and_two_ais_play_a_whole_game(
    fake: FakeDiscord, running_bot: StartBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.table import service

    # Only the service's seed (its other uses of ``secrets`` stay; discord.py's message nonces too).
    monkeypatch.setattr(
        service, "secrets", SimpleNamespace(**{**vars(secrets), "randbits": lambda bits: SEED})
    )
    runner = await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await open_game(fake, alice, GAME)
    opened.follow(bob)
    await alice.slash("game add-ai")
    await alice.slash("game add-ai")

    # The host loads a card file into the lobby (here the built-in one with S3 worth 3 credits); a bad
    # file is refused with the loader's reasons, and only the host may do it.
    bad = await slash_with_file(alice, "aws cardfile", "file", "cards.toml", b"[[cards]]\nkey = 1\n")
    assert bad.ephemeral and "was not loaded" in bad.text()
    cleared = await alice.slash("aws cardfile")  # no file: back to the built-in cards
    assert cleared.ephemeral and "built-in cards" in cleared.text()
    # The S3 card's credits, found by its key (its other lines, e.g. its aliases, may change).
    custom = re.sub(r'(key = "s3"\n(?:[^\[\n].*\n)*?credits = )2\n', r"\g<1>3\n", DEFAULT_TEXT, count=1)
    assert custom != DEFAULT_TEXT
    refused = await slash_with_file(bob, "aws cardfile", "file", "cards.toml", custom.encode())
    assert refused.ephemeral and "Only the host" in refused.text()
    loaded = await slash_with_file(alice, "aws cardfile", "file", "my-cards.toml", custom.encode())
    assert loaded.ephemeral and "Loaded **my-cards.toml**" in loaded.text()
    announced = [m for m in bob.visible_messages() if "loaded a custom card file" in m.content]
    assert announced and "my-cards.toml" in announced[-1].content, "announced in the game's thread"
    assert "card_file" not in opened.lobby.text(), "the lobby lists the options, never a whole file"

    # Cards and rules from the engine, in both languages: /card shows a card's combos.
    taro = fake.guild.member("taro", locale="ja")
    s3_en = await alice.slash("card", name=f"{GAME}:s3")
    assert s3_en.ephemeral and "Combo" in s3_en.text() and "w/ Lambda: Draw 1" in s3_en.text()
    s3_ja = await taro.slash("card", name="S3", game=GAME)  # several games have an S3: game: says which
    assert "コンボ" in s3_ja.text() and "Lambdaと: ドロー1" in s3_ja.text()
    rules = await taro.slash("rules", game=GAME)
    assert rules.ephemeral and "AWS Builder Cards" in rules.text()

    await alice.click("Start", message=opened.lobby)
    pk = (await runner.bot.tables.store.live_game_in(opened.thread.id)).id  # type: ignore[union-attr]
    # Each version of each table message alice saw, as (message id, title turn, content).
    versions: set[tuple[int, int, str]] = set()

    async def look() -> int:
        """Note what the table messages say now; the number of actions stored."""
        for message in table_messages(alice):
            versions.add((message.id, title_turn(message), message.content))
        return len(await runner.bot.tables.store.actions(pk))  # type: ignore[union-attr]

    used: set[str] = set()
    deployed_pairs: list[str] = []
    retired = 0
    moves = 0
    grouped = 0  # hands whose moves did not fit one select: the cards first, then what to do with them
    for _ in range(400):
        table = table_messages(alice)[-1]
        if any(a.filename == "final.png" for a in table.attachments):
            break
        turn_line = next(ln for ln in table.content.splitlines() if ln.startswith("▶"))
        assert f"<@{alice.id}>" in turn_line, "after alice's move the AIs play until she is to move again"
        assert title_turn(table) == await look() + 1, "the table alice acts on shows the table now"
        assert [b.label for b in table.buttons()] == ["My hand · 手札を見る"], "the button in both languages"
        hand: SeenMessage | None = (await alice.click("My hand", message=table)).message
        while hand is not None and (hand.selects() or hand.buttons()):
            grouped += any(sel.custom_id.startswith("dh:grp:") for sel in hand.selects())
            where = await menu(alice, hand)
            labels, buttons = list(where), hand.button_labels()
            reply: Reply
            if any(b.startswith("👍") for b in buttons):
                reply = await alice.click(next(b for b in buttons if b.startswith("👍")), message=hand)
            elif any(lbl.startswith("AWS CDK:") for lbl in labels):
                reply = await choose(
                    alice, hand, where, next(lbl for lbl in labels if lbl.startswith("AWS CDK:"))
                )
            elif any(lbl.startswith("Retire ") for lbl in labels):
                if "retire" not in used:  # the first time by command, with its autocomplete
                    used.add("retire")
                    choices = await alice.autocomplete("aws retire", "card", "")
                    assert choices and all(c.name.startswith("Retire ") for c in choices)
                    reply = await alice.slash("aws retire", card=choices[0].value)
                else:
                    reply = await choose(
                        alice, hand, where, next(lbl for lbl in labels if lbl.startswith("Retire "))
                    )
                retired += 1
            elif any(lbl.startswith("Deploy all (") for lbl in labels):
                # "Deploy all", with what it gives, is the hand's first option.
                assert labels[0].startswith("Deploy all (") and re.search(r": \d+ credits?", labels[0])
                if "deploy" not in used:
                    used.add("deploy")
                    singles = [name_of(lbl) for lbl in labels if single(lbl)]
                    if len(singles) >= 3 and len(set(singles[:2])) == 2:
                        # Typed names, as the command's help says: two cards of a bigger hand go down at once.
                        typed = ", ".join(singles[:2])
                        offered = await alice.autocomplete("aws deploy", "cards", typed)
                        assert offered and offered[0].name.startswith(f"Deploy {typed}: "), offered
                        part = await alice.slash("aws deploy", cards=typed)
                        assert part.ephemeral and not part.text().startswith("“"), part.text()
                        deployed_pairs.append(typed)
                    reply = await alice.slash("aws deploy", cards="all")
                else:
                    reply = await choose(alice, hand, where, labels[0])
            elif any(single(lbl) for lbl in labels):
                reply = await choose(alice, hand, where, next(lbl for lbl in labels if single(lbl)))
            elif "reshuffle" not in used and PROPOSE in labels:  # the AIs vote on it at once
                used.add("reshuffle")
                reply = await choose(alice, hand, where, PROPOSE)
            elif any(lbl.startswith(("Buy", "Take")) for lbl in labels):
                buys = [lbl for lbl in labels if lbl.startswith("Buy Well-Architected")]
                buys += [lbl for lbl in labels if lbl.startswith("Buy")] + [
                    lbl for lbl in labels if lbl.startswith("Take")
                ]
                if "acquire" not in used:
                    used.add("acquire")
                    choices = await alice.autocomplete("aws acquire", "card", buys[0][:6])
                    assert any(c.name == buys[0] for c in choices), (buys[0], choices)
                    pick = next(c for c in choices if c.name == buys[0])
                    reply = await alice.slash("aws acquire", card=pick.value)
                else:
                    reply = await choose(alice, hand, where, buys[0])
            elif "End turn" in buttons:
                if "end" not in used:
                    used.add("end")
                    reply = await alice.slash("aws end")
                else:
                    reply = await alice.click("End turn", message=hand)
            else:
                raise AssertionError(f"no move to make: {labels} {buttons}")
            moves += 1
            hand = hand_of(reply)
            assert hand is None or hand.ephemeral
            actions = await look()
            if hand is not None and (hand.selects() or hand.buttons()):  # her turn goes on: edited in place
                assert title_turn(table_messages(alice)[-1]) == actions + 1, "the table follows her steps"
    else:
        pytest.fail("the game did not end")

    await look()
    tables = table_messages(alice)
    final = tables[-1]
    assert any(a.filename == "final.png" for a in final.attachments)
    assert "The game is over" in final.content and "points" in final.content
    assert used == {"retire", "deploy", "acquire", "end", "reshuffle"} and retired >= 1 and moves > 20
    assert grouped, "a long build phase is offered card first"
    assert deployed_pairs, "a typed list of two cards was deployed at once"
    # Only the newest table message has buttons (the final one no game controls).
    assert all(m.buttons() == [] for m in tables[:-1])
    # the game's controls are gone; the final message may offer a new lobby for the same players and each
    # player's own architecture (What you built) and review
    assert not [
        b
        for b in final.buttons()
        if not (b.custom_id or "").startswith(("dh:rematch:", "dh:built:", "dh:review:"))
    ]

    # The channel keeps only the summary card, edited to the end.
    channel = [m for m in alice.visible_messages(opened.thread.parent) if not m.ephemeral]
    assert [m.id for m in channel] == [opened.summary.id] and "The game is over" in opened.summary.text()

    # Running turn summaries, with the pairs the architecture formed, in the table messages as alice saw
    # them (a message shows its newest lines; the steps of her turn are appended to it as she plays).
    text = "\n".join(content for _, _, content in sorted(versions))
    unfilled = sorted(set(PLACEHOLDER.findall(text)))
    assert not unfilled, f"table lines are not worded out ({unfilled}):\n{text[:3000]}"
    me = re.escape(alice.user.global_name or alice.name)  # the display name, as the table shows it
    assert re.search(rf"📋 \*\*{me}'s turn:\*\* .*deployed .+: \d+ credits?.*; acquired ", text)
    assert re.search(r"📋 \*\*AI-\d's turn:\*\* ", text)
    assert "🏗️ Architecture:" in text and " → " in text
    assert any(f"deployed {typed.replace(', ', ' + ')}." in text for typed in deployed_pairs), deployed_pairs
    assert f"🔀 {alice.user.global_name} proposes to reshuffle the console" in text
    assert "🗳️ AI-1 agrees." in text and "🗳️ AI-2 agrees." in text and "🔀 Everyone agreed" in text
    assert re.search(rf"♻️ {me} retired \*\*.+\*\* to the cloud and showed their hand as proof: ", text)

    # Hands are ephemeral and nobody else sees them.
    hands = [m for m in alice.visible_messages() if any(a.filename == "hand.png" for a in m.attachments)]
    assert hands and all(m.ephemeral for m in hands)
    assert not [m for m in bob.visible_messages() if any(a.filename == "hand.png" for a in m.attachments)]
    seen_by_bob = {m.id for m in bob.visible_messages()}
    assert not seen_by_bob & {m.id for m in alice.visible_messages() if m.ephemeral}

    # No public text names a card hidden in a hand throughout the steps it covers (retire proof excepted):
    # a table message drawn for state b (its title's turn) tells what happened since the previous message
    # was last drawn (state a), so a card public at any state a..b may be named.
    bot = runner.bot
    assert bot is not None
    engine = engines.get(GAME)
    states = await replayed_states(bot, pk)
    assert states[-1].card_file is not None, "the game was played with the loaded card file"
    log = await bot.store.actions(pk)  # type: ignore[attr-defined]
    rec = await bot.store.get_game(pk)  # type: ignore[attr-defined]
    me_seat = rec.seat_of(alice.id).seat
    her_turns = sum(
        1 for i, r in enumerate(log) if r.seat == me_seat and (i == 0 or log[i - 1].seat != me_seat)
    )
    # One table message per turn of hers (the first is the start's), then the final one; not one per step.
    assert len(tables) <= her_turns + 2 and len(tables) < len(states) // 2, (
        len(tables),
        her_turns,
        len(states),
    )
    assert title_turn(final) == len(states), "the final message shows the end"
    assert kinds_named("deployed S3 + EC2 ×2 + Amazon EC2 Auto Scaling") == {"s3", "ec2", "auto-scaling"}
    public = [public_kinds(engine, state) for state in states]
    posted_at = {m.id: title_turn(m) - 1 for m in tables}  # as the messages stand at the end
    order = [m.id for m in tables]
    checked: set[int] = set()  # the messages that had cards to keep quiet about
    for message_id, turn, content in sorted(versions | {(m.id, title_turn(m), m.content) for m in tables}):
        b = turn - 1
        i = order.index(message_id)
        a = posted_at[order[i - 1]] if i else 0
        assert a <= b, (message_id, a, b)
        shown = set().union(*public[a : b + 1])
        hidden = {c.split("#")[0] for piles in states[b].piles.values() for c in piles.hand} - shown
        lines = [ln for ln in content.splitlines() if not ln.startswith("• ♻️")]
        leaked = kinds_named("\n".join(lines)) & hidden
        assert not leaked, f"table message {i} (state {b}) names hidden cards {leaked}: {content!r}"
        if hidden:
            checked.add(message_id)
    assert len(checked) > len(tables) // 2, "hands held cards seen nowhere else for most of the game"
