"""Typed text in every game's slash commands is read by the engine's notation (``engine.notation``) and
nothing else: what a player types becomes that move, and the three refusals of the notation (issue 24) are
worded by the one error funnel in the player's language, only to them, changing nothing:

- unreadable (``errors.unreadable_move``; Glorious Crown names the piece that is no card);
- illegal now, with the rules' own reason (``errors.illegal_move_because``);
- ambiguous, listing each move the text reads as, written in the notation (``errors.ambiguous_move``).

Positions that make a refusal happen are set up with each engine's own test helpers and stored as the
game's state; the moves are then typed through the fake Discord as players type them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engines.aws_builder_cards.notation import PHRASES as BUILDER
from engines.aws_deckbuilding.notation import PHRASES as CLOUD
from engines.core import Action, AmbiguousMove
from engines.glorious_crown.models import Play as CrownPlay
from engines.glorious_crown.notation import format_card
from engines.project_chaos.notation import PHRASES as CHAOS
from engines.yggdrasil.models import Place as TreePlace
from engines.yggdrasil.notation import PHRASES as TREE
from i18n import has, t
from tests.engines.aws_builder_cards.conftest import Table as BuilderTable
from tests.engines.aws_deckbuilding.conftest import Table as CloudTable
from tests.engines.project_chaos.conftest import make_state as chaos_state
from tests.engines.yggdrasil.conftest import build as tree_state
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember
from tests.reliability.checks import own_text, snapshot
from tests.reliability.tables import Table, open_table

pytestmark = pytest.mark.timeout(120)
LANGS = ("en", "ja")


async def table_of(
    fake: FakeDiscord, running_bot: StartBot, game: str, players: int, state: Any = None
) -> Table:
    """A running table of humans (alice is p1, bob p2, carl p3), with ``state`` stored as its position."""
    runner = await running_bot()
    members = [fake.guild.member(n) for n in ("alice", "bob", "carl")[:players]]
    table = await open_table(fake, runner, game, members)
    if state is not None:
        rec = await table.record()
        await table.tables.store.update(rec.id, rec.version, state_json=table.game.engine.dump_state(state))
    return table


async def typed(table: Table, member: FakeMember, lang: str, command: str, **options: str) -> str:
    """What ``member``, reading Discord in ``lang``, is answered when typing ``options`` into ``command``."""
    member.locale = lang
    reply = await member.slash(command, options=options)
    assert reply.ephemeral, own_text(reply)
    return own_text(reply)


async def refused(table: Table, member: FakeMember, lang: str, command: str, **options: str) -> str:
    """A refusal: answered only to the member, and nothing in the store changed."""
    before = snapshot(table.runner.database)
    text = await typed(table, member, lang, command, **options)
    assert snapshot(table.runner.database) == before, f"/{command} {options} changed the game: {text}"
    return text


async def moved(
    table: Table, member: FakeMember, lang: str, command: str, action: Action, **options: str
) -> None:
    """The typed options become ``action``: the stored state is the engine's state after it."""
    rec = await table.record()
    engine = table.game.engine
    expected = engine.apply(table.tables.state(rec), table.seat_of(member), action).state
    text = await typed(table, member, lang, command, **options)
    after = await table.record()
    assert after.version > rec.version, f"/{command} {options} did nothing: {text}"
    assert engine.dump_state(table.tables.state(after)) == engine.dump_state(expected), text


def fragments(lang: str, key: str) -> list[str]:
    """The words of a catalog sentence between its parameters."""
    return [p for p in re.split(r"\{\w+\}", t(lang, key)) if p.strip()]


def worded(text: str, lang: str, key: str) -> bool:
    return all(p in text for p in fragments(lang, key))


def rules_key(game: str, code: str) -> str:
    return f"{game}.errors.{code}" if has("en", f"{game}.errors.{code}") else f"errors.{code}"


def assert_unreadable(text: str, lang: str, phrase: str) -> None:
    assert t(lang, "errors.unreadable_move", text=phrase) in text, text


def assert_illegal(text: str, lang: str, phrase: str, reason_key: str) -> None:
    opening = t(lang, "errors.illegal_move_because", text=phrase, reason="").strip()
    assert opening in text, (opening, text)
    assert worded(text, lang, reason_key), (reason_key, text)


def assert_ambiguous(text: str, lang: str, table: Table, seat: str, state: Any, phrase: str) -> None:
    notation = table.game.engine.notation
    with pytest.raises(AmbiguousMove) as err:
        notation.parse(state, seat, phrase)
    moves = " / ".join(f"`{notation.format(state, seat, m, lang)}`" for m in err.value.moves)
    assert t(lang, "errors.ambiguous_move", text=phrase, moves=moves) in text, text


# -- AWS Builder Cards: /aws deploy, /aws acquire -----------------------------------------------------------
async def test_aws_commands_read_typed_cards_through_the_notation(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    setup = BuilderTable()
    setup.hand("p1", "ec2", "auto-scaling", "s3")
    ec2, _, s3 = setup.state.piles["p1"].hand
    table = await table_of(fake, running_bot, "aws-builder-cards", 2, setup.state)
    alice = table.members[0]
    state = await table.state()
    console = table.game.engine.view(state, "p1").console
    shown = {s.key for s in [*console.free_slots, console.paid_slot] if s is not None}
    absent = next(c.defn.en for c in setup.db.cards.values() if c.key not in shown and not c.is_wa)
    for lang in LANGS:
        text = await refused(table, alice, lang, "aws deploy", cards="qwzx")
        assert_unreadable(text, lang, BUILDER["deploy"].write(lang, cards="qwzx"))
        text = await refused(table, alice, lang, "aws acquire", card=absent)
        acquire = BUILDER["acquire"].write(lang, what=absent)
        assert_illegal(text, lang, acquire, "aws-builder-cards.errors.not_on_console")
        text = await refused(table, alice, lang, "aws deploy", cards="EC2 Auto Scaling S3")
        deploy = BUILDER["deploy"].write(lang, cards="EC2 Auto Scaling S3")
        assert_ambiguous(text, lang, table, "p1", state, deploy)
    deploy = table.game.engine.notation.parse(state, "p1", "deploy S3, EC2")
    assert set(deploy.cards) == {ec2, s3}  # type: ignore[attr-defined]
    await moved(table, alice, "ja", "aws deploy", deploy, cards="S3、EC2")


# -- AWS Deckbuilding: /cloud buy --------------------------------------------------------------------------
async def test_cloud_commands_read_typed_cards_through_the_notation(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    setup = CloudTable()
    setup.finish_draft()
    _, lam, _ = setup.show("s3", "lambda", "ec2")
    now = setup.state.now
    assert now is not None
    now.earn(tco=50, awsome=50)
    table = await table_of(fake, running_bot, "aws-deckbuilding", 2, setup.state)
    alice = table.members[0]
    state = await table.state()
    for lang in LANGS:
        text = await refused(table, alice, lang, "cloud buy", card="qwzx")
        assert_unreadable(text, lang, CLOUD["buy"].write(lang, card="qwzx"))
        text = await refused(table, alice, lang, "cloud buy", card="Step Functions")
        assert_illegal(
            text,
            lang,
            CLOUD["buy"].write(lang, card="Step Functions"),
            rules_key("aws-deckbuilding", "not_for_sale"),
        )
        text = await refused(table, alice, lang, "cloud buy", card="Amazon")
        assert_ambiguous(text, lang, table, "p1", state, CLOUD["buy"].write(lang, card="Amazon"))
    await moved(
        table,
        alice,
        "en",
        "cloud buy",
        table.game.engine.notation.parse(state, "p1", "buy Lambda"),
        card="lambda",
    )
    assert lam not in [c for slot in (await table.state()).market.slots for c in slot]


# -- Project Chaos: /chaos play, /chaos place --------------------------------------------------------------
TWO_WORKPLACES = "pc-oss-fixes-it"  # tech and user


async def test_chaos_commands_read_typed_cards_through_the_notation(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    start = chaos_state({"p1": [TWO_WORKPLACES], "p2": ["pc-dream-client"], "p3": []})
    table = await table_of(fake, running_bot, "project-chaos", 3, start)
    alice = table.members[0]
    state = await table.state()
    for lang in LANGS:
        text = await refused(table, alice, lang, "chaos play", card="qwzx")
        assert_unreadable(text, lang, CHAOS["play"].write(lang, card="qwzx"))
        text = await refused(table, alice, lang, "chaos play", card="The Dream Client Signs")
        assert_illegal(
            text,
            lang,
            CHAOS["play"].write(lang, card="The Dream Client Signs"),
            rules_key("project-chaos", "card_not_in_hand"),
        )
        text = await refused(table, alice, lang, "chaos place", card="OSS")
        assert_ambiguous(text, lang, table, "p1", state, CHAOS["place_anywhere"].write(lang, card="OSS"))
    place = table.game.engine.notation.parse(state, "p1", "place OSS in tech")
    await moved(table, alice, "en", "chaos place", place, card="OSS", workplace="tech")


# -- The Yggdrasil: /tree place ----------------------------------------------------------------------------
async def test_tree_commands_read_typed_cards_and_cells_through_the_notation(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    start = tree_state(hands={"p1": ["moss-bear", "blossom-fairy"]})
    table = await table_of(fake, running_bot, "yggdrasil", 2, start)
    alice = table.members[0]
    state = await table.state()
    legal = table.game.engine.legal_actions(state, "p1")
    cell = sorted(
        a.cell
        for a in legal
        if isinstance(a, TreePlace) and a.card == "p1:h0" and TreePlace(card="p1:h1", cell=a.cell) in legal
    )[0]
    for lang in LANGS:
        text = await refused(table, alice, lang, "tree place", card="Mosquito", cell="C4")
        assert_unreadable(text, lang, TREE["place"].write(lang, card="Mosquito", cell="C4"))
        text = await refused(table, alice, lang, "tree place", card="1", cell="z9")
        assert_illegal(
            text, lang, TREE["place"].write(lang, card="1", cell="z9"), "yggdrasil.errors.bad_cell"
        )
        text = await refused(table, alice, lang, "tree place", card="oss", cell=cell)
        assert_ambiguous(text, lang, table, "p1", state, TREE["place"].write(lang, card="oss", cell=cell))
    place = TreePlace(card="p1:h0", cell=cell)
    await moved(table, alice, "ja", "tree place", place, card="苔むす熊", cell=cell.lower())


# -- Glorious Crown: /crown play ---------------------------------------------------------------------------
async def test_crown_play_reads_typed_cards_through_the_notation(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    """No text reads as two legal Glorious Crown moves (a group is one play in any order, a Joker without
    its number is the first one held), so this game has no ambiguous refusal."""
    table = await table_of(fake, running_bot, "glorious-crown", 3)
    mover = await table.member_to_move()
    assert mover is not None
    waiting = next(m for m in table.members if m is not mover)
    state = await table.state()
    card = state.hands[table.seat_of(waiting)][0]
    for lang in LANGS:
        text = await refused(table, mover, lang, "crown play", cards="xyzzy")
        assert t(lang, "glorious-crown.errors.unreadable_move", piece="xyzzy") in text, text
        text = await refused(table, waiting, lang, "crown play", cards=card)
        assert_illegal(text, lang, card, rules_key("glorious-crown", "not_your_turn"))
    seat = table.seat_of(mover)
    play = next(a for a in table.game.engine.legal_actions(state, seat) if isinstance(a, CrownPlay))
    written = " ".join(format_card(c, "en") for c in play.cards)
    await moved(table, mover, "en", "crown play", play, cards=written)
