"""What you built (issue 27 item 5) end to end: an AWS game played to the end through the fake Discord
(alice choosing at random among her hand's controls, an AI at the other seat); its final message offers
"What you built" beside Rematch. Alice presses it and is answered privately with her own architecture, as
the engine reads it from the replayed log (her services, each with its line on what it does in real AWS),
and its picture as the embed's image (the same architecture drawn, ``renderers.architecture``); bob, who
did not play, is refused and sees nothing of hers; pressed (forged) while the game still runs, it is refused
with a sentence."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.games import manifest
from bot.games.built import FILENAME, TeachesArchitecture
from bot.games.built import review as _review
from engines.core import replay
from i18n import t
from renderers import architecture
from renderers.architecture import render_architecture
from tests.e2e.tables import open_game
from tests.e2e.test_every_game import latest_table, play_my_turn
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot

GAMES = ["aws-builder-cards", "aws-deckbuilding"]
BUTTON = "What you built"


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
async def test_a_player_is_told_privately_what_they_built(
    fake: FakeDiscord, running_bot: StartBot, game: str
) -> None:
    runner = await running_bot()
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await open_game(fake, alice, game, ais=1, start=True)
    opened.follow(bob)
    tables = runner.bot.tables  # type: ignore[attr-defined]
    pk = (await tables.store.live_games())[0].id
    # A running game has nothing to review yet: a forged press is refused with a sentence, nothing else.
    early = await alice.forge(f"dh:built:{pk}", message=latest_table(alice))
    assert early.ephemeral and "What you built is shown once the game is over" in early.text()
    rng = random.Random(game)
    for _ in range(5000):
        table = latest_table(alice)
        if any(a.filename == "final.png" for a in table.attachments):
            break
        if f"<@{alice.id}>" not in table.content:  # the AI is still playing
            await asyncio.sleep(0.2)
            continue
        assert await play_my_turn(alice, table, rng) > 0
    else:
        pytest.fail(f"{game}: no end")

    final = latest_table(alice)
    labels = final.button_labels()
    assert any(label.startswith("Rematch") for label in labels)
    button = next(label for label in labels if label.startswith(BUTTON))

    answer = await alice.click(button, message=final)
    assert answer.ephemeral
    shown = "\n".join(
        f"{e.get('title') or ''}\n{e.get('description') or ''}" for m in answer.messages for e in m.embeds
    )
    assert f"🏗️ {BUTTON} · " in shown

    # What the engine reads from the replayed game, worded as the message says it.
    rec = await tables.store.get_game(pk)
    rows = await tables.store.actions(pk)
    engine = manifest(game).engine
    state = replay(
        engine, [s.seat for s in rec.seats], rec.options, rec.seed, [(r.seat, r.action) for r in rows]
    )
    ui = manifest(game).ui(engine)
    assert isinstance(ui, TeachesArchitecture)
    seat = rec.seat_of(alice.id).seat
    public = []
    replayed = engine.new_game([s.seat for s in rec.seats], rec.options, rec.seed)
    for r in rows:
        step = engine.apply(replayed, r.seat, r.action)
        replayed = step.state
        public += [e for e in step.events if e.public]
    assert engine.dump_state(replayed) == engine.dump_state(state)
    arch = ui.lessons.architecture(state, public, seat)
    does = ui.lessons.does()
    names = ui.lessons.names(state)
    for group in arch.groups:
        assert f"**{group.name.en}**" in shown
        for b in group.cards:
            assert f"**{names[b.card].en}**" in shown and does[b.card].en in shown, b.card
    if not arch.groups:
        assert t("en", f"{ui.lessons.words}.built.none") in shown
    me = alice.user.global_name or alice.name  # her display name, as the picture's title gives it
    expected, sheet = _review(ui.lessons, rec, rows, seat, "en", me)
    assert [e.description for e in expected.embeds()] == [
        e.get("description") for m in answer.messages for e in m.embeds
    ]

    # The picture: one PNG, the first embed's image, the same architecture drawn with her name.
    (message,) = [m for m in answer.messages if m.attachments]
    (picture,) = message.attachments
    assert picture.filename == FILENAME and message.embeds[0]["image"]["url"].endswith(FILENAME)
    image = picture.image()
    assert image.format == "PNG" and image.width == architecture.WIDTH
    assert sheet.arch == arch and sheet.player == me
    assert picture.data == render_architecture(sheet, "en")

    # Nobody else sees it, and someone who did not play is refused.
    assert not {m.id for m in answer.messages} & {m.id for m in bob.visible_messages()}
    refused = await bob.click(button, message=final)
    assert refused.ephemeral and "Only the players of this game" in refused.text()
