"""Every hosted game plays to the end through the fake Discord: one human (choosing at random among the
controls of their hand) and AI seats. A game that plugs in (Climb) gets this without any edit here.

Checked at the end: the game finished and its stored state is the replay of its action log; no public
message names a card that was hidden from the table throughout (by id, or by a name only hidden cards
carry); every hand message was ephemeral.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import pytest

from bot.games import GameManifest, manifests, ui_for
from engines.core import replay
from tests.e2e.tables import open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, SeenMessage

GAMES = manifests()
NAVIGATION = {"Next", "Previous", "Back", "My hand"}


def latest_table(member: FakeMember) -> SeenMessage:
    tables = [
        m
        for m in member.visible_messages()
        if not m.ephemeral and any(a.filename in ("table.png", "final.png") for a in m.attachments)
    ]
    return tables[-1]


async def play_my_turn(alice: FakeMember, table: SeenMessage, rng: random.Random) -> int:
    """Open the hand and act until the hand offers nothing more; returns the number of moves made."""
    moves = 0
    hand: SeenMessage | None = (await alice.click("My hand", message=table)).message
    for _ in range(50):
        if hand is None:
            break
        assert hand.ephemeral, "a hand is only ever shown to its player"
        choices: list[tuple[str, Any]] = [("button", b) for b in hand.button_labels() if b not in NAVIGATION]
        for menu in hand.selects():
            choices += [("select", (menu, option)) for option in menu.options]
        if not choices:
            break
        kind, what = rng.choice(choices)
        if kind == "button":
            reply = await alice.click(what, message=hand)
        else:
            menu, option = what
            reply = await alice.choose(menu.custom_id, [option.value], message=hand)
            if menu.custom_id.startswith("dh:grp:"):  # a group chosen: its moves, same message
                hand = reply.message or hand
                continue
        moves += 1
        fresh = [m for m in reply.messages if m.ephemeral and (m.selects() or m.buttons())]
        hand = fresh[-1] if fresh else reply.message
    return moves


def _card_ids(game: GameManifest, states: list[Any]) -> set[str]:
    """Every card id the states hold (any string the game's UI names as a card)."""
    ui = ui_for(game.id)
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if ui.card_name(value, "en") != value:
                found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for state in states:
        walk(json.loads(game.engine.dump_state(state)))
    return found


def never_public_strings(game: GameManifest, states: list[Any]) -> set[str]:
    """Card ids hidden from the table in every state, and the names (both languages) only they carry: a
    name that another copy of the card shows on the table at some point (a console card, a discard) may be
    written."""
    engine = game.engine
    ui = ui_for(game.id)
    hidden_all = set.intersection(*(engine.hidden_cards(s, None) for s in states))
    shown_names = set()
    for card in _card_ids(game, states) - hidden_all:  # public at some point: its name may be written
        shown_names |= {ui.card_name(card, "en"), ui.card_name(card, "ja")}
    names = {ui.card_name(c, lang) for c in hidden_all for lang in ("en", "ja")} - shown_names
    return {s for s in hidden_all | names if len(s) >= 3}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("e2e_database", ["sqlite", "postgresql"], indirect=True)
@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
async def test_one_human_and_ais_play_to_the_end(
    fake: FakeDiscord, running_bot: StartBot, game: GameManifest
) -> None:
    runner = await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await open_game(fake, alice, game.id, ais=max(1, game.engine.min_players - 1), start=True)
    opened.follow(bob)
    tables = runner.bot.tables  # type: ignore[attr-defined]
    pk = (await tables.store.live_games())[0].id
    rng = random.Random(game.id)
    for _ in range(5000):
        table = latest_table(alice)
        if any(a.filename == "final.png" for a in table.attachments):
            break
        if f"<@{alice.id}>" not in table.content:  # the AIs are still playing (a busy machine)
            await asyncio.sleep(0.2)
            continue
        assert await play_my_turn(alice, table, rng) > 0, "alice's hand offered no move on her turn"
    else:
        pytest.fail(f"{game.id}: no end")

    rows = await tables.store.actions(pk)
    record = await tables.store.get_game(pk)
    players = [s.seat for s in record.seats]
    log = [(r.seat, r.action) for r in rows]
    states = [replay(game.engine, players, record.options, record.seed, log[:k]) for k in range(len(log) + 1)]
    assert game.engine.dump_state(states[-1]) == record.state_json
    assert game.engine.outcome(states[-1]) is not None
    secret = never_public_strings(game, states)
    seen = [*bob.visible_messages(opened.thread), *bob.visible_messages(opened.thread.parent)]
    assert any(m.id == opened.summary.id for m in seen), "the channel keeps the summary card"
    for message in seen:
        text = message.text()
        leaked = sorted(s for s in secret if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text))
        assert not leaked, f"public message names hidden cards {leaked}: {text[:200]}"
