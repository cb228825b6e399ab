"""The hand message says whose move it is: "Your move" only to a seat the game waits for; a seat that may
act out of turn (AD-14: propose a marketplace reshuffle at any time) reads whom the game is waiting for."""

from __future__ import annotations

import pytest

from i18n import t
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.reliability.tables import open_table

pytestmark = pytest.mark.timeout(120)


async def test_a_hand_with_out_of_turn_moves_names_whom_the_game_waits_for_AD_14(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    members = [fake.guild.member(n) for n in ("alice", "bob")]
    table = await open_table(fake, runner, "aws-deckbuilding", members)
    engine = table.game.engine
    for _ in range(100):  # through the draft, until a seat that is not to move has a move (a proposal)
        rec = await table.record()
        state = table.tables.state(rec)
        movers = engine.to_move(state)
        idle = [
            m
            for m in members
            if table.seat_of(m) not in movers and engine.legal_actions(state, table.seat_of(m))
        ]
        if idle:
            break
        seat = movers[0]
        action = engine.legal_actions(state, seat)[0]
        await table.tables.act(rec.id, rec.seat_info(seat).user_id, action, expected_version=rec.version)
    else:
        pytest.fail("no seat ever had a move out of turn")
    member = idle[0]
    mover = next(m for m in members if table.seat_of(m) in movers)
    reply = await member.click("My hand")
    hand = reply.message
    assert hand is not None and hand.ephemeral
    assert t("en", "hand.your_move") not in hand.content
    assert t("en", "hand.waiting_may_act", players=f"<@{mover.id}>") in hand.content, hand.content
