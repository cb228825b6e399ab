"""A slash command makes only its own kind of move: the encoded pick (``<version>:<index>``) that the
autocomplete of another command offers, typed into this one, is refused with a sentence and changes
nothing (``/crown play cards:6:17`` standing for a pass, ``/cloud buy card:2:0`` for a draft …).

Each case plays a table of humans forward (first legal move of whoever is to move) until the member to
move has a move the command does not make, then types that move's pick into the command."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engines
from engines.aws_builder_cards.models import Deploy
from engines.aws_deckbuilding.cards import key_of
from engines.aws_deckbuilding.models import ApplyEffect, ApplyEffects, Buy, DeclineEffect, Draft
from engines.core import Action
from engines.glorious_crown.models import Pass
from engines.project_chaos.models import Discard as ChaosDiscard
from engines.project_chaos.models import Play as ChaosPlay
from engines.yggdrasil.models import Place as TreePlace
from i18n import t
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.reliability.checks import own_text, snapshot
from tests.reliability.tables import open_table

pytestmark = pytest.mark.timeout(120)

#: game, command, its pick option, and a kind of move that command does not make
CASES: list[tuple[str, str, str, Callable[[Action], bool]]] = [
    ("glorious-crown", "crown play", "cards", lambda a: isinstance(a, Pass)),
    ("aws-deckbuilding", "cloud buy", "card", lambda a: isinstance(a, Draft)),
    (
        "aws-deckbuilding",
        "cloud effects",
        "choice",
        lambda a: not isinstance(a, ApplyEffects | ApplyEffect | DeclineEffect),
    ),
    ("aws-deckbuilding", "cloud draft", "card", lambda a: isinstance(a, Buy)),
    ("aws-builder-cards", "aws acquire", "card", lambda a: isinstance(a, Deploy)),
    ("project-chaos", "chaos play", "card", lambda a: isinstance(a, ChaosDiscard)),
    ("project-chaos", "chaos discard", "card", lambda a: isinstance(a, ChaosPlay)),
    ("yggdrasil", "tree invade", "target", lambda a: isinstance(a, TreePlace)),
]


@pytest.mark.parametrize(("game", "command", "option", "other"), CASES, ids=[c[1] for c in CASES])
async def test_a_pick_of_another_commands_move_is_refused_and_changes_nothing(
    fake: FakeDiscord,
    running_bot: StartBot,
    game: str,
    command: str,
    option: str,
    other: Callable[[Action], bool],
) -> None:
    runner = await running_bot()
    members = [fake.guild.member(n) for n in ("alice", "bob", "carl")]
    table = await open_table(fake, runner, game, members[: max(2, engines.get(game).min_players)])
    engine = table.game.engine
    for _ in range(300):
        rec = await table.record()
        state = table.tables.state(rec)
        seat = next(iter(engine.to_move(state)))
        legal = engine.legal_actions(state, seat)
        index = next((i for i, a in enumerate(legal) if other(a)), None)
        if index is not None:
            break
        await table.tables.act(rec.id, rec.seat_info(seat).user_id, legal[0], expected_version=rec.version)
    else:
        pytest.fail(f"no state where {command} could be given another command's move")
    member = next(m for m in table.members if m.id == rec.seat_info(seat).user_id)
    before = snapshot(runner.database)
    reply = await member.slash(command, options={option: f"{rec.version}:{index}"})
    typed = f"/{command} {option}:{rec.version}:{index}"
    assert snapshot(runner.database) == before, f"{typed} made {legal[index]}"
    assert t("en", "errors.pick_of_another_command") in own_text(reply)
    assert reply.ephemeral


async def test_an_out_of_turn_cloud_buy_says_it_is_not_your_turn(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    """``/cloud buy`` by a player whose turn it is not: "It is not your turn", not "no such card"."""
    runner = await running_bot()
    members = [fake.guild.member(n) for n in ("alice", "bob")]
    table = await open_table(fake, runner, "aws-deckbuilding", members)
    mover = await table.member_to_move()
    waiting = next(m for m in members if m is not mover)
    view = table.game.engine.view(await table.state(), None)
    card = key_of(next(c for c in view.market.slots if c))
    before = snapshot(runner.database)
    reply = await waiting.slash("cloud buy", card=card)
    assert snapshot(runner.database) == before
    assert t("en", "aws-deckbuilding.errors.not_your_turn") in own_text(reply), own_text(reply)
