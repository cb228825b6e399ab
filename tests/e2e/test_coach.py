"""The coach through the fake Discord (issue 27 item 4): in a game opened with ``coach=on``, the member to
move sees, under their own hand, the AI's suggestion, a legal move worded as the hand words its moves, with
the top choices; the other member sees none of it, the AI's seats never ask for one, and without the option
there is no coach at all."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest

from bot.games import LabelContext, manifest, ui_for
from bot.store import GameRecord
from bot.table.service import TableService
from i18n import t
from tests.e2e.tables import open_game
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot, StartBot
from tests.fakediscord.harness import FakeMember, SeenMessage
from tests.fakediscord.quiet import settle

pytestmark = pytest.mark.timeout(120)

GAME = "glorious-crown"
THINKING = t("en", "coach.thinking")
LINE = re.compile(r"^💡 Coach: \*\*(.+)\*\* — (.+)$", re.MULTILINE)


def tables(runner: RunningBot) -> TableService:
    service: TableService = runner.bot.tables  # type: ignore[union-attr]
    return service


async def human_turn(fake: FakeDiscord, service: TableService, channel_id: int) -> GameRecord:
    """The game in this thread once the AI has moved on and a member is to move with a real choice (the
    coach says nothing of a forced move: a member with one legal move, a pass, plays it and play goes on)."""
    for _ in range(400):
        await settle(fake)
        rec = await service.store.latest_game_in(channel_id)
        assert rec is not None
        if rec.state_json is not None:
            engine, state = service.engine(rec), service.state(rec)
            movers = engine.to_move(state)
            if movers and not any(rec.seat_info(m).is_ai for m in movers):
                legal = engine.legal_actions(state, movers[0])
                if len(legal) > 1:
                    return rec
                member = rec.seat_info(movers[0]).user_id
                assert member is not None
                await service.act(rec.id, member, legal[0], rec.version)
                continue
        await asyncio.sleep(0.05)
    raise AssertionError("no member's turn with a choice came")


async def filled_in(fake: FakeDiscord, hand: SeenMessage) -> str:
    """The hand's words once the coach's line is there (shown at once, or filled in after "thinking…")."""
    for _ in range(600):
        await settle(fake)
        if LINE.search(hand.content) and THINKING not in hand.content:
            return hand.content
        await asyncio.sleep(0.05)
    raise AssertionError(f"the coach never filled in the hand: {hand.content!r}")


def members_of(fake: FakeDiscord) -> tuple[FakeMember, FakeMember]:
    return fake.guild.member("alice"), fake.guild.member("bob")


async def test_the_member_to_move_sees_a_legal_suggestion_and_nobody_else_does(
    fake: FakeDiscord, running_bot: StartBot, look: Callable[[SeenMessage, str], bytes]
) -> None:
    runner = await running_bot()
    service = tables(runner)
    alice, bob = members_of(fake)
    opened = await open_game(fake, alice, GAME, players=[bob], ais=1, options="coach=on")
    assert t("en", "coach.lobby_on") in str(opened.lobby.embeds)
    await alice.slash("game start", order="fixed")
    rec = await human_turn(fake, service, opened.thread.id)
    assert rec.coach
    mover_seat = service.engine(rec).to_move(service.state(rec))[0]
    mover, other = (alice, bob) if rec.seat_info(mover_seat).user_id == alice.id else (bob, alice)

    reply = await mover.click("My hand")
    hand = reply.message
    assert hand is not None and hand.ephemeral
    content = await filled_in(fake, hand)
    look(hand, "coached-hand")
    found = LINE.search(content)
    assert found is not None
    # A legal move, worded as the hand words its own moves.
    state = service.state(rec)
    engine, ui = manifest(GAME).engine, ui_for(GAME)
    ctx = LabelContext(engine.view(state, mover_seat), rec.names())
    labels = {ui.action_label(a, "en", ctx=ctx) for a in engine.legal_actions(state, mover_seat)}
    assert found.group(1) in labels
    choices = [line for line in content.splitlines() if re.match(r"^\d\. .+ — \d+%$", line)]
    assert 2 <= len(choices) <= 3 and choices[0].startswith(f"1. {found.group(1)} — ")

    # The other member: their hand has no coach, and the mover's hand is not theirs to see.
    theirs = await other.click("My hand")
    await settle(fake)
    assert "💡" not in theirs.content
    assert not any("💡" in m.content for m in other.visible_messages(opened.thread))
    # Only members' seats were ever coached: never the AI's.
    asked = service.coach.asked
    assert asked and all(not rec.seat_info(seat).is_ai for _, _, seat in asked)
    assert {seat for _, _, seat in asked} <= {s.seat for s in rec.seats if not s.is_ai}


async def test_without_the_option_there_is_no_coach(fake: FakeDiscord, running_bot: StartBot) -> None:
    runner = await running_bot()
    service = tables(runner)
    alice, bob = members_of(fake)
    opened = await open_game(fake, alice, GAME, players=[bob], ais=1)
    assert t("en", "coach.lobby_off") in str(opened.lobby.embeds)
    await alice.slash("game start", order="fixed")
    rec = await human_turn(fake, service, opened.thread.id)
    assert not rec.coach
    mover_seat = service.engine(rec).to_move(service.state(rec))[0]
    mover = alice if rec.seat_info(mover_seat).user_id == alice.id else bob
    reply = await mover.click("My hand")
    await settle(fake)
    assert t("en", "hand.your_move") in reply.content and "💡" not in reply.content
    assert service.coach.asked == []


async def test_a_bad_coach_value_is_refused_and_opens_nothing(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    alice, _ = members_of(fake)
    reply = await alice.slash("game new", options={"game": GAME, "options": "coach=maybe"})
    assert reply.ephemeral and t("en", "errors.bad_coach", value="maybe") in reply.content
    assert await tables(runner).store.live_games(fake.guild.id) == []
