"""The talk cards' public buttons (PC-12): Yes/No under a vote and Claim/Not me under a claim, on the table
message while a person still has to answer; custom ids carry the game and the state version and are read by
the bot's one parser; a click goes through ``TableService.act`` with that version, and a click by someone not
seated, already answered, or on a moved-on table is refused privately and changes nothing."""

from __future__ import annotations

import discord
import pytest

from bot.games import manifest, ui_for
from bot.games.project_chaos.talk import TalkButton, talk_buttons
from bot.presenters import table
from bot.store import GameRecord, SeatInfo, Status
from bot.table import controls, custom_ids
from bot.table.feed import Feed
from engines.project_chaos import ENGINE
from engines.project_chaos.cards import CARDS
from engines.project_chaos.models import CastVote, ClaimPending, MakeClaim, PCState, VotePending
from tests.bot.table import answer_fakes
from tests.bot.table.answer_fakes import FakeInteraction, FakeTables
from tests.engines.project_chaos.conftest import make_state

ALICE, BOB, STRANGER = 101, 202, 303
HAND = ["pc-product-praised", "pc-ci-all-green", "pc-scope-creep"]
ui = ui_for("project-chaos")


def vote_state(votes: dict[str, bool] | None = None) -> PCState:
    effect = CARDS["pc-naming-debate"].play[0]
    pending = VotePending(seat="p2", card="pc-naming-debate", effect=effect, votes=votes or {})  # type: ignore[arg-type]
    return make_state({"p1": HAND, "p2": [], "p3": []}, stage="chaos", pending=pending, current=1)


def claim_state(passed: tuple[str, ...] = ()) -> PCState:
    effect = CARDS["pc-works-on-my-machine"].play[0]
    pending = ClaimPending(seat="p2", card="pc-works-on-my-machine", effect=effect, passed=passed)  # type: ignore[arg-type]
    return make_state({"p1": HAND, "p2": [], "p3": []}, stage="chaos", pending=pending, current=1)


def game(state: PCState, version: int = 7, *, bob_is_ai: bool = True) -> GameRecord:
    return GameRecord(
        id=5,
        guild_id=1,
        channel_id=2,
        game_id="project-chaos",
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


# -- the buttons on the table message ---------------------------------------------------------------------
def test_a_vote_puts_yes_and_no_on_the_table_while_a_person_must_answer() -> None:
    state = vote_state({"p2": True, "p3": True})
    items = ui.table_items(game(state), ENGINE.view(state, None), "en")
    assert [i.item.label for i in items] == ["👍 Yes · 👍 賛成", "👎 No · 👎 反対"]
    assert [i.item.custom_id for i in items] == ["dh:pc:yes:5:7", "dh:pc:no:5:7"]
    assert [i.item.style for i in items] == [discord.ButtonStyle.success, discord.ButtonStyle.danger]
    # In a Japanese server the Japanese half comes first.
    assert [i.item.label for i in ui.table_items(game(state), ENGINE.view(state, None), "ja")] == [
        "👍 賛成 · 👍 Yes",
        "👎 反対 · 👎 No",
    ]
    # Alice has answered and only the AIs are left: no buttons (the computer answers by itself).
    done = vote_state({"p1": False})
    assert ui.table_items(game(done), ENGINE.view(done, None), "en") == []


def test_a_claim_puts_claim_and_not_me_on_the_table() -> None:
    state = claim_state()
    items = ui.table_items(game(state), ENGINE.view(state, None), "en")
    assert [i.item.label for i in items] == [
        "🙋 I have lived this · 🙋 体験したことがある",
        "🤷 Not me · 🤷 自分ではない",
    ]
    assert [i.item.custom_id for i in items] == ["dh:pc:claim:5:7", "dh:pc:pass:5:7"]


def test_no_talk_no_buttons() -> None:
    state = make_state({"p1": HAND, "p2": [], "p3": []})
    assert ui.table_items(game(state), ENGINE.view(state, None), "en") == []


def test_the_buttons_are_registered_and_their_ids_read_by_the_one_parser() -> None:
    manifest("project-chaos")  # loading the game defines its buttons, which register themselves
    assert TalkButton in controls.registered()
    control = custom_ids.parse("dh:pc:claim:5:7")
    assert (control.kind, control.op, control.pk, control["ver"]) == ("pc", "claim", 5, 7)
    with pytest.raises(custom_ids.BadControl):
        custom_ids.parse("dh:pc:maybe:5:7")
    assert all(len(b.item.custom_id or "") <= 100 for b in talk_buttons("vote", 2**63 - 1, 2**63 - 1, "en"))


# -- the words on the table message (the ping must say what is asked) ------------------------------------
def table_text(state: PCState, lang: str) -> list[str]:
    """The table message that pings the players to answer, after an AI's answer: its lines."""
    feed = Feed(message_id=1, to=["p1"], lines=["🗳️ AI-1 votes yes."])
    return table.text(game(state), state, feed, lang, now=0.0).splitlines()


@pytest.mark.parametrize(
    ("lang", "card", "question", "ask"),
    [
        ("en", "**Thirty Minutes on a Variable Name**", "“", "All agree?"),
        ("ja", "「", "「", "全員の合意？"),
    ],
)
def test_pc12_a_vote_message_names_the_card_and_asks_its_question(
    lang: str, card: str, question: str, ask: str
) -> None:
    lines = table_text(vote_state({"p2": True, "p3": True}), lang)
    asked = CARDS["pc-naming-debate"].play[0].question.get(lang)  # type: ignore[union-attr]
    prompt = next((ln for ln in lines if asked in ln), None)
    assert prompt is not None, lines
    assert ask in prompt and card in prompt and ui.card_name("pc-naming-debate", lang) in prompt
    assert lines.index(prompt) == len(lines) - 2 and lines[-1].startswith("▶"), "asked, then who answers"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pc12_a_claim_message_names_the_card_and_asks_its_question(lang: str) -> None:
    lines = table_text(claim_state(), lang)
    asked = CARDS["pc-works-on-my-machine"].play[0].question.get(lang)  # type: ignore[union-attr]
    prompt = next((ln for ln in lines if asked in ln), "")
    assert ui.card_name("pc-works-on-my-machine", lang) in prompt and "🙋" in prompt, lines


def test_no_talk_no_question_on_the_table() -> None:
    state = make_state({"p1": HAND, "p2": [], "p3": []})
    assert table_text(state, "en")[0] == "🗳️ AI-1 votes yes." and len(table_text(state, "en")) == 2


# -- a click ----------------------------------------------------------------------------------------------
async def click(custom_id: str, tables: FakeTables, user: int) -> FakeInteraction:
    return await answer_fakes.click(TalkButton, custom_id, tables, user)


async def test_a_vote_click_goes_through_the_table_service_with_its_version() -> None:
    tables = FakeTables(game(vote_state({"p2": True, "p3": True})))
    said = await click("dh:pc:no:5:7", tables, ALICE)
    assert tables.acted == [(5, ALICE, CastVote(yes=False), 7)]
    assert said.said == ["You voted no on Thirty Minutes on a Variable Name."]


async def test_a_claim_click_by_any_seated_player() -> None:
    tables = FakeTables(game(claim_state(("p3",)), bob_is_ai=False))
    said = await click("dh:pc:claim:5:7", tables, BOB)
    assert tables.acted == [(5, BOB, MakeClaim(), 7)]
    assert said.said == ["You claimed Works on My Machine: the table shows what it does."]


@pytest.mark.parametrize(
    ("state", "custom_id", "user", "answer"),
    [
        (
            vote_state(),
            "dh:pc:yes:5:7",
            STRANGER,
            "Only the players at this table answer its votes and claims.",
        ),
        (vote_state(), "dh:pc:yes:5:6", ALICE, "The table moved on before your click arrived"),
        (vote_state({"p1": True}), "dh:pc:no:5:7", ALICE, "You already voted (yes)."),
        (claim_state(("p1",)), "dh:pc:claim:5:7", ALICE, "You already passed on this one."),
        (claim_state(), "dh:pc:yes:5:7", ALICE, "That question is closed"),
        (make_state({"p1": HAND, "p2": [], "p3": []}), "dh:pc:claim:5:7", ALICE, "That question is closed"),
        (vote_state(), "dh:pc:yes:5", ALICE, "nothing was done"),
    ],
    ids=["not seated", "stale", "voted", "passed", "vote closed", "no talk", "garbled id"],
)
async def test_refused_clicks_are_private_and_change_nothing(
    state: PCState, custom_id: str, user: int, answer: str
) -> None:
    tables = FakeTables(game(state))
    said = await click(custom_id, tables, user)
    assert tables.acted == []
    assert len(said.said) == 1 and answer in said.said[0], said.said


async def test_a_click_that_loses_the_race_is_refused() -> None:
    tables = FakeTables(game(vote_state()), stale=True)
    said = await click("dh:pc:yes:5:7", tables, ALICE)
    assert said.said and "moved on" in said.said[0]


async def test_refusals_are_worded_in_japanese() -> None:
    tables = FakeTables(game(vote_state()))
    interaction = FakeInteraction(tables, STRANGER, locale="ja")
    item = discord.ui.Button(custom_id="dh:pc:yes:5:7", label="x")
    button = await TalkButton.from_custom_id(interaction, item, None)  # type: ignore[arg-type]
    await button.callback(interaction)  # type: ignore[arg-type]
    assert interaction.said == ["投票や名乗り出ができるのは、この卓のプレイヤーだけです。"]
