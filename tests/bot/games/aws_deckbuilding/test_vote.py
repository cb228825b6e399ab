"""The marketplace reshuffle vote's public buttons (AD-14): Yes / No on the table message while a person still
has to answer; custom ids carry the game and the state version and are read by the bot's one parser; a click
goes through ``TableService.act`` with that version; a click by someone not asked (not seated, or who already
agreed), on a closed vote or on a moved-on table is refused privately and changes nothing."""

from __future__ import annotations

import discord
import pytest

from bot.games import manifest, ui_for
from bot.games.aws_deckbuilding.vote import VoteButton, vote_buttons
from bot.store import GameRecord, SeatInfo, Status
from bot.table import controls, custom_ids
from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.models import ADState, ProposeReshuffle, Vote
from tests.bot.table import answer_fakes
from tests.bot.table.answer_fakes import FakeInteraction, FakeTables
from tests.engines.aws_deckbuilding.conftest import Table

ALICE, BOB, STRANGER = 101, 202, 303
ui = ui_for("aws-deckbuilding")


def voting(proposer: str = "p2", *agreed: str) -> ADState:
    """A drafted three-seat game where ``proposer`` asked for a reshuffle and ``agreed`` said yes."""
    t = Table(players=3, drafted=True)
    t.do(proposer, ProposeReshuffle())
    for seat in agreed:
        t.do(seat, Vote(agree=True))
    return t.state


def game(state: ADState, version: int = 7, *, bob_is_ai: bool = True) -> GameRecord:
    return GameRecord(
        id=5,
        guild_id=1,
        channel_id=2,
        game_id="aws-deckbuilding",
        status=Status.RUNNING,
        host_id=ALICE,
        seed=1,
        seats=[
            SeatInfo(seat="p1", user_id=ALICE, name="Alice"),
            SeatInfo(seat="p2", name="AI-1", ai_level="normal")
            if bob_is_ai
            else SeatInfo(seat="p2", user_id=BOB, name="Bob"),
            SeatInfo(seat="p3", name="AI-2", ai_level="normal"),
        ],
        state_json=ENGINE.dump_state(state),
        version=version,
    )


# -- the buttons on the table message -------------------------------------------------------------------
def test_a_vote_puts_yes_and_no_on_the_table_while_a_person_must_answer() -> None:
    state = voting("p2")
    items = ui.table_items(game(state), ENGINE.view(state, None), "en")
    assert [i.item.label for i in items] == ["👍 Reshuffle · 👍 リシャッフルする", "👎 Keep it · 👎 そのまま"]
    assert [i.item.custom_id for i in items] == ["dh:adv:yes:5:7", "dh:adv:no:5:7"]
    assert [i.item.style for i in items] == [discord.ButtonStyle.success, discord.ButtonStyle.danger]
    ja = ui.table_items(game(state), ENGINE.view(state, None), "ja")
    assert [i.item.label for i in ja] == ["👍 リシャッフルする · 👍 Reshuffle", "👎 そのまま · 👎 Keep it"]
    # Alice proposed and only the AIs are left to answer: no buttons (the computer votes by itself).
    mine = voting("p1")
    assert ui.table_items(game(mine), ENGINE.view(mine, None), "en") == []


def test_no_vote_no_buttons() -> None:
    state = Table(players=3, drafted=True).state
    assert ui.table_items(game(state), ENGINE.view(state, None), "en") == []


def test_the_buttons_are_registered_and_their_ids_read_by_the_one_parser() -> None:
    manifest("aws-deckbuilding")  # loading the game defines its buttons, which register themselves
    assert VoteButton in controls.registered()
    control = custom_ids.parse("dh:adv:no:5:7")
    assert (control.kind, control.op, control.pk, control["ver"]) == ("adv", "no", 5, 7)
    with pytest.raises(custom_ids.BadControl):
        custom_ids.parse("dh:adv:maybe:5:7")
    assert all(len(b.item.custom_id or "") <= 100 for b in vote_buttons(2**63 - 1, 2**63 - 1, "en"))


# -- a click ------------------------------------------------------------------------------------------
async def click(custom_id: str, tables: FakeTables, user: int) -> FakeInteraction:
    return await answer_fakes.click(VoteButton, custom_id, tables, user)


async def test_a_click_goes_through_the_table_service_with_its_version() -> None:
    tables = FakeTables(game(voting("p2")))
    said = await click("dh:adv:no:5:7", tables, ALICE)
    assert tables.acted == [(5, ALICE, Vote(agree=False), 7)]
    assert said.said == ["You said no: the marketplace stays as it is."]
    tables = FakeTables(game(voting("p2")))
    said = await click("dh:adv:yes:5:7", tables, ALICE)
    assert tables.acted == [(5, ALICE, Vote(agree=True), 7)]
    assert said.said == ["You agreed to reshuffle the marketplace."]


@pytest.mark.parametrize(
    ("state", "custom_id", "user", "answer"),
    [
        (voting("p2"), "dh:adv:yes:5:7", STRANGER, "Only the players at this table vote on a reshuffle."),
        (voting("p2", "p1"), "dh:adv:no:5:7", ALICE, "You have already agreed: the vote waits for AI-2."),
        (voting("p1"), "dh:adv:yes:5:7", ALICE, "You have already agreed: the vote waits for AI-1, AI-2."),
        (voting("p2"), "dh:adv:yes:5:6", ALICE, "The table changed before your click arrived"),
        (Table(players=3, drafted=True).state, "dh:adv:yes:5:7", ALICE, "That vote is over."),
        (voting("p2"), "dh:adv:yes:5", ALICE, "nothing was done"),
    ],
    ids=["not seated", "agreed", "proposer", "stale", "no vote", "garbled id"],
)
async def test_refused_clicks_are_private_and_change_nothing(
    state: ADState, custom_id: str, user: int, answer: str
) -> None:
    tables = FakeTables(game(state))
    said = await click(custom_id, tables, user)
    assert tables.acted == []
    assert len(said.said) == 1 and answer in said.said[0], said.said


@pytest.mark.parametrize("status", [Status.ABORTED, Status.FINISHED])
async def test_a_click_in_an_ended_game_says_it_ended(status: Status) -> None:
    rec = game(voting("p2")).model_copy(update={"status": status})
    said = await click("dh:adv:yes:5:7", FakeTables(rec), ALICE)
    ended = "This game was aborted" if status is Status.ABORTED else "This game has ended"
    assert len(said.said) == 1 and ended in said.said[0], said.said


async def test_a_click_that_loses_the_race_is_refused() -> None:
    tables = FakeTables(game(voting("p2")), stale=True)
    said = await click("dh:adv:yes:5:7", tables, ALICE)
    assert len(said.said) == 1 and "The table changed before your click arrived" in said.said[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_refusal_of_the_buttons_is_worded(lang: str) -> None:
    import ast
    import inspect

    from bot.games.aws_deckbuilding import vote
    from i18n import has

    codes = {VoteButton.NOT_SEATED, VoteButton.MOVED_ON}
    for node in ast.walk(ast.parse(inspect.getsource(vote))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "refuse":
            codes |= {
                a.value for a in ast.walk(node) if isinstance(a, ast.Constant) and isinstance(a.value, str)
            }
    assert {"vote_closed", "vote_already", "vote_not_asked"} <= codes
    assert [c for c in sorted(codes) if not has(lang, f"aws-deckbuilding.errors.{c}")] == []
