"""Races: two members, or one member twice, submit through the same kind of control at the same instant.

Exactly one submission wins; the other is told the table changed (or, in the lobby, what changed: "already
joined", "not in the lobby any more"); the stored state stays the replay of the action log.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from engines.aws_builder_cards.models import Acquire, Deploy, EndTurn
from engines.aws_builder_cards.turn import acquisitions_left
from engines.core import Action, replay
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import Reply
from tests.reliability.tables import Table, open_table

STALE = {"en": "The table changed", "ja": "卓の状況が変わった"}


def own_text(reply: Reply) -> str:
    """What answered this interaction itself (its response and follow-ups), not what else changed."""
    shown = ([reply.message] if reply.message is not None else []) + reply.followups
    return "\n".join(m.text() for m in shown)


async def assert_consistent(table: Table) -> None:
    """The stored state is the replay of the stored action log, and each action moved the version once."""
    rec = await table.record()
    rows = await table.tables.store.actions(table.pk)
    players = [s.seat for s in rec.seats]
    state = replay(table.game.engine, players, rec.options, rec.seed, [(r.seat, r.action) for r in rows])
    assert table.game.engine.dump_state(state) == rec.state_json


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
        return (
            deploys[0]
            if deploys
            else acquires[-1]
            if acquires
            else EndTurn()
            if EndTurn() in legal
            else legal[0]
        )

    def two_acquisitions(state: Any, seat: str) -> bool:
        return seat == "p1" and acquisitions_left(state) >= 2

    await drive(table, policy, two_acquisitions)
    choices = await alice.autocomplete("aws acquire", "card", "blind")
    assert choices, "the free deck's blind draw is offered"
    before = len(await table.tables.store.actions(table.pk))
    first, second = await asyncio.gather(
        alice.slash("aws acquire", card=choices[0].value), alice.slash("aws acquire", card=choices[0].value)
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
    replies = await asyncio.gather(
        alice.slash("aws deploy", cards=singles[0].value), alice.slash("aws deploy", cards=singles[1].value)
    )
    assert len(await table.tables.store.actions(table.pk)) == before + 1
    assert sum(STALE["en"] in own_text(r) for r in replies) == 1, [own_text(r) for r in replies]
    await assert_consistent(table)
