"""What we learned (issue 26 item 5), its words in both languages: the one question a table's thread gets
at the end of a set, each table's story in one line, and the night's closing message, which groups what
players wrote under the table they sat at and stays within Discord's limits without cutting a line."""

from __future__ import annotations

import discord

from bot.games import manifest
from bot.night.controls import reflect_view
from bot.presenters.night import (
    DESCRIPTION_LIMIT,
    TableStory,
    closing,
    reflect_ask,
    story_line,
    table_blocks,
)
from bot.store import GameRecord, Status
from bot.store.night_models import NightRecord, NightTable, Reflection
from engines.core import Outcome
from engines.night import Standing
from i18n import t
from tests.bot.presenters.conftest import ALICE, BOB, controls, pinged, record, within_discord_limits

NIGHT = NightRecord(
    id=7, guild_id=1, channel_id=2, host_id=3, game_id="glorious-crown", sets=2, minutes=30, seed=5
)
CAROL, DAVE = 303, 404
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}
ROWS = [
    Standing(rank=1, member=str(ALICE), points=10.0, firsts=1, normalised=1.0, per_set={1: 10.0}),
    Standing(rank=2, member=str(BOB), points=0.0, firsts=0, normalised=0.0, per_set={1: 0.0}),
]


def table(set_no: int, table_no: int, *members: int | None) -> NightTable:
    return NightTable(set_no=set_no, table_no=table_no, game_pk=set_no * 10 + table_no, members=list(members))


def finished(game_id: str = "glorious-crown") -> GameRecord:
    return record(game_id, status=Status.FINISHED)


def test_the_question_is_asked_once_with_a_write_button_for_that_table(lang: str) -> None:
    payload = reflect_ask(NIGHT, table(2, 3, ALICE, BOB), lang, buttons=reflect_view)
    within_discord_limits(payload)
    assert payload.content == t(lang, "night.reflect_ask", set=2)
    (button,) = controls(payload)
    assert (button.kind, button.pk, button["set"], button["table"]) == ("reflect", 7, 2, 3)
    assert pinged(payload) == []  # a question, not a ping: nobody is nagged


def test_a_ranked_table_tells_its_winner_and_why_the_game_ended(lang: str) -> None:
    called = Outcome(scores={"p1": 9, "p2": 4}, ranking=[["p1"], ["p2"]], winners=["p1"], reason="called")
    line = story_line(finished(), called, lang)
    assert line == t(lang, "night.story_line", winners="Alice", reason=t(lang, "night.reason.called"))
    assert "\n" not in line
    other = Outcome(scores={}, ranking=[["p1", "p2"]], winners=[], reason="something_new")
    assert story_line(finished(), other, lang) == t(
        lang, "night.story_no_winner", reason=t(lang, "night.reason_other")
    )


def test_a_cooperative_table_tells_the_games_own_team_result(lang: str) -> None:
    assert manifest("project-chaos").cooperative
    won = Outcome(scores={}, ranking=[["p1", "p2", "p3"]], winners=["p1", "p2", "p3"], reason="win")
    line = story_line(finished("project-chaos"), won, lang)
    assert line and "\n" not in line
    assert line != story_line(finished("project-chaos"), won.model_copy(update={"winners": []}), lang)


def test_reflections_are_grouped_under_the_table_and_set_they_were_written_for(lang: str) -> None:
    stories = [
        TableStory(table(1, 1, ALICE, BOB, None), "story one"),
        TableStory(table(1, 2, CAROL, DAVE), None),
        TableStory(table(2, 1, ALICE, CAROL), "story three"),
    ]
    written = [
        Reflection(set_no=1, user_id=ALICE, text="watched the market"),
        Reflection(set_no=1, user_id=CAROL, text="learned the cards"),
        Reflection(set_no=2, user_id=ALICE, text="planned two turns ahead"),
    ]
    blocks = table_blocks(stories, written, NAMES, lang)
    said = lambda who, text: t(lang, "night.close_reflection", name=NAMES[who], text=text)  # noqa: E731
    assert blocks == [
        [t(lang, "night.close_table", set=1, n=1), "story one", said(ALICE, "watched the market")],
        [
            t(lang, "night.close_table", set=1, n=2),
            t(lang, "night.story_unfinished"),
            said(CAROL, "learned the cards"),
        ],
        [t(lang, "night.close_table", set=2, n=1), "story three", said(ALICE, "planned two turns ahead")],
    ]  # Bob and Dave wrote nothing: they are simply not listed


def test_every_line_of_a_several_line_answer_keeps_the_quote_mark(lang: str) -> None:
    stories = [TableStory(table(1, 1, ALICE, BOB), "story")]
    written = [Reflection(set_no=1, user_id=ALICE, text="first line\nsecond line\nthird")]
    (block,) = table_blocks(stories, written, NAMES, lang)
    answer = block[-1].split("\n")
    assert len(answer) == 3
    assert all(line.startswith("› ") for line in answer)
    assert answer[1:] == ["› second line", "› third"]


def test_a_small_night_closes_in_one_message_standings_first(lang: str) -> None:
    stories = [TableStory(table(1, 1, ALICE, BOB), "story")]
    written = [Reflection(set_no=1, user_id=BOB, text="next time I build earlier")]
    (payload,) = closing(NIGHT, ROWS, NAMES, stories, written, lang)
    within_discord_limits(payload)
    first, second = payload.embeds()
    assert first.title == t(lang, "night.final_title")
    assert second.title == t(lang, "night.close_title")
    assert "next time I build earlier" in (second.description or "")


def test_a_long_night_splits_into_messages_within_discords_limits_and_never_cuts_a_line(lang: str) -> None:
    """Two sets of six tables of four, every player writing 300 characters: far beyond one message."""
    stories, written = [], []
    for set_no in (1, 2):
        for table_no in range(1, 7):
            members = [1000 + set_no * 100 + table_no * 10 + i for i in range(4)]
            stories.append(TableStory(table(set_no, table_no, *members), f"story {set_no}-{table_no}"))
            written += [Reflection(set_no=set_no, user_id=m, text=f"{m} " + "x" * 295) for m in members]
    names = {r.user_id: f"member {r.user_id}" for r in written}
    payloads = closing(NIGHT, ROWS, names, stories, written, lang)
    assert len(payloads) > 1
    embeds: list[discord.Embed] = []
    for payload in payloads:
        within_discord_limits(payload)
        assert len(payload.embeds()) <= 10
        embeds += payload.embeds()
    shown = [line for e in embeds[1:] for line in (e.description or "").splitlines() if line]
    expected = [line for block in table_blocks(stories, written, names, lang) for line in block]
    assert shown == expected  # every line whole, in order, each table's heading before its words
    assert all(len(e.description or "") <= DESCRIPTION_LIMIT for e in embeds)


def test_a_table_that_does_not_fit_the_rest_of_an_embed_starts_the_next_one(lang: str) -> None:
    stories = [TableStory(table(1, n, ALICE + n), f"story {n}") for n in (1, 2)]
    written = [Reflection(set_no=1, user_id=ALICE + n, text="y" * 300) for n in (1, 2)]
    names = {ALICE + n: f"p{n}" for n in (1, 2)}
    (payload,) = closing(NIGHT, ROWS, names, stories, written, lang, description_limit=400)
    _, one, two = payload.embeds()
    assert (one.description or "").startswith(t(lang, "night.close_table", set=1, n=1))
    assert (two.description or "").startswith(t(lang, "night.close_table", set=1, n=2))
    assert one.title == t(lang, "night.close_title") and two.title is None


def test_a_table_longer_than_an_embed_is_split_between_lines_never_inside_one(lang: str) -> None:
    members = [ALICE, BOB, CAROL]
    stories = [TableStory(table(1, 1, *members), "story")]
    written = [Reflection(set_no=1, user_id=m, text=f"{m}:" + "z" * 290) for m in members]
    (payload,) = closing(NIGHT, ROWS, NAMES, stories, written, lang, description_limit=400)
    parts = payload.embeds()[1:]
    assert len(parts) == 3
    lines = [line for e in parts for line in (e.description or "").splitlines()]
    assert lines == table_blocks(stories, written, NAMES, lang)[0]
