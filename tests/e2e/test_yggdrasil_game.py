"""A whole game of The Yggdrasil, human against the AI, through the fake Discord: the game in its own
thread (the channel keeps one summary card), the hand's selects and buttons, ``/tree place`` (and ``/tree
invade`` when the game offers one) with autocomplete, one table message per turn of the human (edited in
place by the steps of that turn: a placement, then its invasion), and nothing hidden in public. ``/rules``
and ``/card`` answer for the game too. Below it, without Discord: every event and move of many games is
worded, with names, in both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from bot.errors import message_for
from bot.games import LabelContext, ui_for
from bot.games.yggdrasil.ui import UI
from bot.store import GameRecord, Status
from engines.core import Action, Event, IllegalAction, Rng
from engines.yggdrasil.cards import CARDS
from engines.yggdrasil.events import CouldNotPlace
from engines.yggdrasil.models import YggState
from i18n import t
from renderers.yggdrasil import RENDERER
from tests.e2e.tables import OpenedGame, open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot, StartBot
from tests.fakediscord.harness import FakeMember, Reply, SeenMessage

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(60)]

OPTIONS = "columns=3 rows=5"
CELL = re.compile(r"^[A-C][1-5]$")
TABLE_TITLE = "The Yggdrasil · move"
HAND = "My hand · 手札を見る"  # the public button, in both languages
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")  # a sentence's field left unfilled: "placed **{card}**"


def the_hand(reply: Reply) -> SeenMessage:
    """The ephemeral hand a "My hand" click or a /tree command answered with."""
    hand = reply.message or (reply.followups[-1] if reply.followups else None)
    assert hand is not None, reply
    assert hand.ephemeral and hand.embeds and "your hand" in hand.embeds[0]["title"]
    assert [a.filename for a in hand.attachments] == ["hand.png"]
    return hand


def table_messages(opened: OpenedGame) -> list[SeenMessage]:
    """The table messages in the game's thread: one per turn of the human (and the start), then the final."""
    return [
        m
        for m in opened.thread.messages()
        if m.embeds and m.embeds[0].get("title", "").startswith(TABLE_TITLE)
    ]


def table_turn(message: SeenMessage) -> int:
    """The turn in a table message's title: the state it was last drawn for (``turn`` counts the actions)."""
    return int(message.embeds[0]["title"].removeprefix(TABLE_TITLE))


def public_messages(opened: OpenedGame) -> list[SeenMessage]:
    """Every public message of the game: in its thread and in the channel it was opened from."""
    return [*opened.thread.messages(), *opened.thread.parent.messages()]


async def record(runner: RunningBot, pk: int) -> GameRecord:
    assert runner.bot is not None
    rec: GameRecord = await runner.bot.tables.store.get_game(pk)  # type: ignore[attr-defined]
    return rec


def check_tables(opened: OpenedGame, *, running: bool) -> None:
    """Every table message carries its picture and its lines worded out; only the newest keeps buttons (My
    hand) while running; each new one is for a later turn."""
    tables = table_messages(opened)
    assert tables
    for message in tables:
        attachment, *extras = message.attachments
        assert attachment.filename in ("table.png", "final.png")
        # the final message also carries the time-lapse of both trees; a table message only its picture
        expected_extras = ["timelapse.gif"] if attachment.filename == "final.png" else []
        assert [a.filename for a in extras] == expected_extras, message.attachments
        assert message.embeds[0]["image"]["url"].endswith(attachment.filename)
        assert attachment.image().format == "PNG"
        unfilled = PLACEHOLDER.findall(message.content)
        assert not unfilled, f"a table message's lines are not worded out ({unfilled}):\n{message.content}"
    for old in tables[:-1]:
        assert old.components == [], f"an old table message kept its buttons: {old.text()}"
    if running:
        assert tables[-1].button_labels() == [HAND]
    else:  # the game's controls are gone; the final message may offer a new lobby for the same players
        # and each player's own review
        finals = [
            b
            for b in tables[-1].buttons()
            if not (b.custom_id or "").startswith(("dh:rematch:", "dh:review:"))
        ]
        assert not finals
    # Each table message is for a later turn (the final one shows the same state as the last table message
    # when alice's own move ended the game).
    turns = [table_turn(m) for m in tables if m.attachments[0].filename == "table.png"]
    assert turns == sorted(set(turns)), f"table messages out of order: {turns}"
    assert all(table_turn(m) >= turns[-1] for m in tables if m.attachments[0].filename == "final.png")


async def play_by_slash(alice: FakeMember, table: SeenMessage) -> Reply:
    """``/tree place``: pick a suggested card, then one of the cells suggested for that card."""
    cards = await alice.autocomplete("tree place", "card", "")
    assert cards, "a card fits, yet /tree place suggests none"
    card = cards[0]
    assert re.match(r"^\d+\. ", card.name) and " → " in card.name  # "2. Stone Guardian · … → B2"
    fits = card.name.rsplit(" → ", 1)[1].split()
    cells = await alice.autocomplete("tree place", "cell", "", card=card.value)
    assert cells and all(CELL.match(c.name) for c in cells)
    assert [c.value for c in cells] == fits  # only the cells this card fits, labelled like the picture
    reply = await alice.slash("tree place", card=card.value, cell=cells[0].value)
    the_hand(reply)  # the refreshed hand, privately
    name = card.name.split(". ", 1)[1].split(" · ")[0]
    said = f"placed **{name}** on {cells[0].value}."
    # the line is added to the table message alice acted on, edited in place (the AIs' moves and her next
    # turn come in a new one)
    assert said in table.content, f"{said!r} not in the table message acted on: {table.content}"
    return reply


async def invade_by_slash(alice: FakeMember, hand: SeenMessage) -> Reply:
    """``/tree invade``: the suggestions are exactly the hand's invasion buttons."""
    targets = await alice.autocomplete("tree invade", "target", "")
    assert [c.name for c in targets] == [lbl for lbl in hand.button_labels() if lbl.startswith("Attack ")]
    reply = await alice.slash("tree invade", target=targets[0].value)
    the_hand(reply)
    return reply


async def play_by_hand(alice: FakeMember, hand: SeenMessage) -> str:
    """One decision through the hand's controls: card → cell selects, a flat select, or a button."""
    selects = {s.placeholder: s for s in hand.selects()}
    if "Choose a card" in selects:
        group = selects["Choose a card"]
        assert all(re.match(r"^\d+\. .+ · power \d+ · fruit \d+", o.label) for o in group.options)
        drawn = [a.url for a in hand.attachments]
        await alice.choose("Choose a card", [group.options[0].value], message=hand)
        # Choosing a card changes the moves offered, not the state: the hand keeps its picture (nothing
        # drawn or uploaded again) and its embed still shows it.
        assert drawn and [a.url for a in hand.attachments] == drawn
        assert hand.embeds and hand.embeds[0]["image"]["url"].endswith("hand.png")
        cells = next(s for s in hand.selects() if s.placeholder == "Choose your move")
        assert cells.options and all(CELL.match(o.label) for o in cells.options), cells
        assert "◀ Back" in hand.button_labels()
        await alice.choose("Choose your move", [cells.options[0].value], message=hand)
        return "place"
    if selects:  # a flat list: one card's cells (only one card fits), discard-and-draw, or swaps
        (menu,) = selects.values()
        label = menu.options[0].label
        if label.startswith("Place "):  # only one card fits: its cells at once, each naming the card
            assert "◀ Back" not in hand.button_labels()
            await alice.choose(menu.placeholder, [menu.options[0].value], message=hand)
            return "place"
        assert label.startswith(("Discard ", "Swap ")), label
        await alice.choose(menu.placeholder, [menu.options[0].value], message=hand)
        return label.split()[0].lower()
    buttons = [b for b in hand.buttons() if b.label]
    assert buttons, f"no control on the hand although it is alice's move: {hand.text()}"
    labels = [b.label or "" for b in buttons]
    invasions = [lbl for lbl in labels if lbl.startswith("Attack ")]
    for lbl in invasions:  # issue 10: whose strength is whose, in words
        assert re.match(r"^Attack .+ on [A-C][1-5]: your \d+ vs its \d+ — it (falls|holds)$", lbl), lbl
    if invasions:
        assert "Don't invade" in labels
    choice = invasions[0] if invasions else labels[0]
    await alice.click(choice, message=hand)
    return "invade" if invasions else "skip"


async def test_a_whole_game_against_the_ai(fake: FakeDiscord, running_bot: StartBot) -> None:
    runner = await running_bot()
    assert runner.bot is not None
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    assert "tree" in {c["name"] for c in fake.commands()}

    # /rules and /card know the game.
    rules = await bob.slash("rules", game="yggdrasil")
    assert rules.ephemeral
    engine = engines.get("yggdrasil")
    contents = rules.embeds[0]["description"]
    assert all(section.title.en in contents for section in engine.rules())
    by_ja = await bob.slash("card", name="古老の根")
    assert by_ja.embeds[0]["title"] == "Elder Root"
    by_en = await fake.guild.member("taro", locale="ja").slash("card", name="Elder Root")
    assert by_en.embeds[0]["title"] == "古老の根"

    opened = await open_game(fake, alice, "yggdrasil", options=OPTIONS)
    assert opened.thread.name == "The Yggdrasil #1 · Alice", opened.thread.name
    await alice.slash("game add-ai")
    await alice.slash("game start", order="fixed")  # alice is p1: the first seat moves first
    pk = (await runner.bot.tables.store.live_game_in(opened.thread.id)).id  # type: ignore[attr-defined]
    opened.follow(bob)

    # Somebody else cannot play alice's game.
    refused = await bob.slash("tree place", card="1", cell="B2")
    assert refused.ephemeral and "not playing" in refused.content
    assert await bob.autocomplete("tree place", "card", "") == []

    moves: list[str] = []
    snapshots: list[tuple[int, dict[int, str], bytes]] = []
    for _ in range(60):
        rec = await record(runner, pk)
        if rec.status is not Status.RUNNING:
            break
        check_tables(opened, running=True)
        table = table_messages(opened)[-1]
        to_move = [line for line in table.content.splitlines() if line.startswith("▶")]
        assert to_move == [f"▶ Your turn: <@{alice.id}>"], f"the table names alice to move: {table.content}"
        actions = len(await runner.bot.tables.store.actions(pk))  # type: ignore[attr-defined]
        assert table_turn(table) == actions + 1, "the table alice acts on shows the table now"
        snapshots.append(
            (actions, {m.id: m.text() for m in public_messages(opened)}, table.attachments[0].data)
        )
        reply = await alice.click("My hand", message=table)
        hand = the_hand(reply)
        assert not bob.can_see(hand.raw) and hand.id not in {m.id for m in bob.visible_messages()}
        if "slash" not in moves and any(s.placeholder == "Choose a card" for s in hand.selects()):
            await play_by_slash(alice, table)
            moves.append("slash")
        elif "slash invade" not in moves and any(b.startswith("Attack ") for b in hand.button_labels()):
            await invade_by_slash(alice, hand)
            moves.append("slash invade")
        else:
            moves.append(await play_by_hand(alice, hand))
    rec = await record(runner, pk)
    assert rec.status is Status.FINISHED, f"the game did not end: {moves}"
    assert "slash" in moves and "place" in moves

    # The last message in the thread is the final standings with the final picture, and no message has
    # buttons left; the channel keeps only the summary card, edited to the end.
    check_tables(opened, running=False)
    final = table_messages(opened)[-1]
    assert "The game is over" in final.content
    assert [a.filename for a in final.attachments] == ["final.png", "timelapse.gif"]
    assert opened.thread.messages()[-1].id == final.id
    assert [m.id for m in opened.thread.parent.messages()] == [opened.summary.id]
    assert "The game is over" in opened.summary.text()

    await check_nothing_hidden_in_public(opened, runner, rec, snapshots)


async def check_nothing_hidden_in_public(
    opened: OpenedGame,
    runner: RunningBot,
    rec: GameRecord,
    snapshots: list[tuple[int, dict[int, str], bytes]],
) -> None:
    """Replay the game from its action log. Each table message shows the picture of exactly the public view
    of the step it was last drawn for (its title's turn), the one alice was asked to act on shows the table
    as it then was, and no public text, as seen at any of alice's decisions or at the end, names a card
    that so far was only ever in a hand or deck."""
    assert runner.bot is not None
    tables = runner.bot.tables  # type: ignore[attr-defined]
    engine = engines.get("yggdrasil")
    log = await tables.store.actions(rec.id)
    players = [s.seat for s in sorted(rec.seats, key=lambda s: s.seat)]
    state: YggState = engine.new_game(players, rec.options, rec.seed)
    states = [state]
    for entry in log:
        action: Action = engine.parse_action(entry.action)
        state = engine.apply(state, entry.seat, action).state
        states.append(state)
    assert engine.dump_state(state) == rec.state_json
    messages = table_messages(opened)
    alice_turns = sum(1 for i, e in enumerate(log) if e.seat == "p1" and (i == 0 or log[i - 1].seat != "p1"))
    # One message per turn of alice (the first is the start's), then the final one; not one per step.
    assert len(messages) <= alice_turns + 1 < len(states), (len(messages), alice_turns, len(states))

    names = rec.names()
    every_name = {CARDS[k].name.en for k in CARDS}

    def unmistakable(name: str) -> bool:  # a name inside another card's name cannot be told apart in text
        return not any(name in other for other in every_name - {name})

    public_so_far: list[set[str]] = []  # the kinds seen on the field or in a discard pile up to each step
    public_kinds: set[str] = set()
    for seen in states:
        public_kinds |= {seen.kinds[c] for c in seen.board if c is not None}
        public_kinds |= {seen.kinds[c] for pile in seen.discards.values() for c in pile}
        public_so_far.append(set(public_kinds))

    def check_text(text: str, step: int, where: str) -> None:
        seen = states[step]
        secret = {seen.kinds[c] for c in engine.hidden_cards(seen, None)} - public_so_far[step]
        for name in (CARDS[kind].name.en for kind in secret):
            if unmistakable(name):
                assert name not in text, f"{where}: {name} is only in a hand or deck, yet public: {text}"
        assert not {c for c in engine.hidden_cards(seen, None) if c in text}, f"{where}: an instance id"

    def picture(step: int, final: bool) -> bytes:
        render = RENDERER.render_final if final else RENDERER.render_table
        expected: Any = render(engine.view(states[step], None), "en", names=names, ai_seats=rec.ai_seats())
        return bytes(expected)

    secret_at_deal = {states[0].kinds[c] for c in engine.hidden_cards(states[0], None)} - public_so_far[0]
    assert secret_at_deal, "the check would prove nothing: no card is secret after the deal"
    for actions, texts, table_png in snapshots:  # what alice saw when she was asked to act
        for text in texts.values():
            check_text(text, actions, f"after {actions} actions")
        assert table_png == picture(actions, False), f"after {actions} actions: not the table as it is"
    for message in messages:  # each table message as it stands at the end
        step = table_turn(message) - 1
        final = message.attachments[0].filename == "final.png"
        assert not final or step == len(states) - 1
        check_text(message.text(), step, f"step {step}")
        assert message.attachments[0].data == picture(step, final), f"step {step}: not the public view's"

    # Every other public message too (the lobby, the summary card): no card that never left a hand or deck.
    never_public = set(state.kinds.values()) - public_kinds
    for message in public_messages(opened):
        text = message.text()
        assert not {c for c in engine.hidden_cards(state, None) if c in text}
        assert not {n for n in (CARDS[k].name.en for k in never_public) if unmistakable(n) and n in text}


# -- the words: every event and every legal move of many games, in both languages ----------------------
def random_games(
    count: int, options: dict[str, Any] | None = None
) -> Iterator[tuple[Action, list[Event], LabelContext]]:
    """Every legal action offered (with no events) and every action taken with its events, over ``count``
    games between the AI and a random player, each with the label context of the seat that chose."""
    engine = engines.get("yggdrasil")
    names = {"p1": "alice", "p2": "AI-1"}
    for seed in range(count):
        state: YggState = engine.new_game(["p1", "p2"], options, seed)
        agents = {"p1": engine.ai("normal"), "p2": engine.ai("random")}
        rng = Rng.from_seed(seed)
        while engine.to_move(state):
            seat = engine.to_move(state)[0]
            ctx = LabelContext(engine.view(state, seat), names)
            for action in engine.legal_actions(state, seat):
                yield action, [], ctx
            action = agents[seat].choose(state, seat, rng)
            step = engine.apply(state, seat, action)
            yield action, step.events, ctx
            state = step.state


def test_every_event_and_move_is_worded_with_names_in_both_languages() -> None:
    ui = ui_for("yggdrasil")
    assert isinstance(ui, UI)
    names = {"p1": "alice", "p2": "AI-1"}
    kinds: set[str] = set()
    labels: set[str] = set()
    for action, events, ctx in random_games(12, {"columns": 4, "rows": 5}):
        for lang in ("en", "ja"):
            label = ui.action_label(action, lang, ctx=ctx)
            assert label and "{" not in label and len(label) <= 100, (action, label)
            assert not re.search(r"p\d:(\d\d|root)", label), f"an instance id in {label!r}"
            group = ui.group_label(action, lang, ctx=ctx)
            assert (group is not None) == (action.type == "place")
            labels.add(label)
            for event in events:
                line = ui.describe_event(event, lang, names)
                assert line and "{" not in line, (event, line)
                assert not re.search(r"p\d:\d\d|p\d:root", line), f"an instance id in {line!r}"
                assert "p1" not in line and "p2" not in line, line
                if event.seat:
                    assert names[event.seat] in line or event.kind == "drew", line
                kinds.add(event.kind)
    every_kind = {
        "placed", "effect", "swapped", "effect_skipped", "invaded", "destroyed", "no_invasion",
        "discarded", "drew", "drew_card", "turn", "game_over",
    }  # fmt: skip
    assert every_kind <= kinds, f"not seen: {every_kind - kinds}"
    stuck = CouldNotPlace(seat="p2")  # rare in play
    assert ui.describe_event(stuck, "en", names) == "AI-1 has no cards left and cannot place."
    assert ui.describe_event(stuck, "ja", names) == "AI-1 は手札も山札もなく、カードを置けない。"
    assert any(lbl.startswith("Swap ") and "⇄" in lbl for lbl in labels)
    assert {"Don't invade", "Don't place a second card", "Don't swap"} <= labels


def test_refusals_have_game_sentences_in_both_languages() -> None:
    codes = {
        "wrong_phase", "bad_cell", "card_not_in_hand", "cell_taken", "branch_off_field", "not_connected",
        "branch_mismatch", "colour_mismatch", "swap_breaks_connection", "not_a_target", "must_place",
    }  # fmt: skip
    for code in codes:
        error = IllegalAction(code, cell="C4", card="p1:07", first="B2", second="B3", target="D5")
        error.game = "yggdrasil"
        for lang in ("en", "ja"):
            text, expected = message_for(error, lang)
            assert expected and text == t(lang, f"yggdrasil.errors.{code}", **error.params)
            assert "p1:07" not in text and "{" not in text


async def test_typed_commands_read_numbers_names_and_cells(fake: FakeDiscord, running_bot: StartBot) -> None:
    """``/tree`` without the suggestions: a card by its number or its name in any case, a cell in any case;
    what names nothing is refused in words, before the rules are asked."""
    runner = await running_bot()
    assert runner.bot is not None
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    nothing = await alice.slash("tree place", card="1", cell="B2")
    assert nothing.ephemeral and "no game in this channel" in nothing.content
    opened = await open_game(fake, alice, "yggdrasil", options="columns=3 rows=5")
    early = await alice.slash("tree place", card="1", cell="B2")
    assert early.ephemeral and "has not started" in early.content
    await alice.slash("game add-ai")
    await alice.slash("game start", order="fixed")  # alice is p1 and moves first
    pk = (await runner.bot.tables.store.live_game_in(opened.thread.id)).id  # type: ignore[attr-defined]
    # bob, in the channel the game was opened from: the one live game opened there is found.
    onlooker = await bob.slash("tree place", card="1", cell="B2", channel=opened.thread.parent)
    assert onlooker.ephemeral and "not playing" in onlooker.content

    rec = await record(runner, pk)
    tables = runner.bot.tables  # type: ignore[attr-defined]
    view = tables.engine(rec).view(tables.state(rec), "p1")
    slot, held = next((i, h) for i, h in enumerate(view.hand, start=1) if h.legal_cells)
    unknown = await alice.slash("tree place", card="99", cell=held.legal_cells[0])
    assert unknown.ephemeral and "You have no card “99”" in unknown.content
    off_field = await alice.slash("tree place", card=str(slot), cell="z9")
    assert off_field.ephemeral and "There is no cell z9 on this field" in off_field.content
    assert (await record(runner, pk)).version == rec.version, "a refused command changed the game"

    name = CARDS[held.face.kind].name.en
    table = table_messages(opened)[-1]
    reply = await alice.slash("tree place", card=name.lower(), cell=held.legal_cells[0].lower())
    the_hand(reply)
    said = f"placed **{name}** on {held.legal_cells[0]}."
    assert said in table.content, f"{said!r} not in the table message acted on: {table.content}"
