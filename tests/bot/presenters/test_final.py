"""The final message (``bot.presenters.final``): the last lines and every line not shown yet, the standings
(crowned winners, places shared by ties, points) or a cooperative game's shared result (PC-11a), the story,
the rematch button; nobody pinged. And the one line of a game that ended without a final table."""

from __future__ import annotations

from typing import Any

import discord

from bot.games import ui_for
from bot.presenters.final import ended, final, standings
from bot.table.feed import Feed
from bot.table.rematch import rematch_view
from engines.core import Outcome
from i18n import t
from tests.bot.presenters.conftest import (
    ALICE,
    BOB,
    PK,
    controls,
    mention,
    pinged,
    record,
    seats,
    state_of,
    within_discord_limits,
)

RANKED = Outcome(
    scores={"p1": 3, "p2": 3, "p3": 1.5}, ranking=[["p1", "p2"], ["p3"]], winners=["p1", "p2"], reason="done"
)


def feed_of(n: int, *, unshown: int = 0) -> Feed:
    """``n`` lines by the AI (the humans acted before all of them)."""
    return Feed(recent=[["p3", f"• move {i}"] for i in range(n)], unshown=unshown)


def test_the_standings_crown_the_winners_and_share_tied_places(lang: str) -> None:
    rec = record()
    lines = standings(rec, RANKED, lang).splitlines()
    ai = t(lang, "table.ai_name", name="AI-1")
    assert lines == [
        t(lang, "table.game_over"),
        t(lang, "table.place", place=1, player=f"👑 {mention(ALICE)}", score=3, n=3),
        t(lang, "table.place", place=1, player=f"👑 {mention(BOB)}", score=3, n=3),
        t(lang, "table.place", place=3, player=ai, score=1.5, n=1.5),
    ]


def test_pc_11a_a_cooperative_game_ends_with_one_shared_result_and_no_points(lang: str) -> None:
    rec = record("project-chaos", seats=seats(ai=False))
    outcome = Outcome(scores={}, ranking=[["p1", "p2"]], winners=["p1", "p2"], reason="shipped")
    team = t(lang, "table.team", players=t(lang, "table.team_sep").join(["Alice", "Bob"]))
    assert standings(rec, outcome, lang).splitlines() == [
        t(lang, "table.game_over"),
        ui_for("project-chaos").team_result(outcome, lang),
        team,
    ]


def test_the_final_message_shows_the_last_lines_the_story_and_the_rematch(lang: str) -> None:
    rec = record()
    payload = final(
        rec, state_of(rec), RANKED, feed_of(12), lang, story="Once upon a time.", rematch=rematch_view
    )
    lines = (payload.content or "").splitlines()
    assert lines[0] == t(lang, "table.earlier", n=4)
    assert lines[1:9] == [f"• move {i}" for i in range(4, 12)]
    assert lines[9:] == standings(rec, RANKED, lang).splitlines()
    assert [e.title for e in payload.embeds()][1] == t(lang, "table.story")
    assert payload.embeds()[1].description == "Once upon a time."
    assert [(c.kind, c.pk) for c in controls(payload)] == [("rematch", PK)]
    assert payload.allowed_mentions is not None and payload.allowed_mentions.users is False
    assert pinged(payload) == [], "the standings mention everyone and ping nobody"
    within_discord_limits(payload)


def test_every_line_no_message_showed_yet_is_in_the_final_message(lang: str) -> None:
    rec = record()
    payload = final(
        rec, state_of(rec), RANKED, feed_of(20, unshown=15), lang, story=None, rematch=rematch_view
    )
    lines = (payload.content or "").splitlines()
    assert lines[0] == t(lang, "table.earlier", n=5) and lines[1] == "• move 5"
    assert len(payload.embeds()) == 1, "no story, no second embed"


def test_a_long_game_and_a_long_story_stay_within_discords_limits(lang: str) -> None:
    rec = record()
    feed = Feed(recent=[["p3", "• " + "y" * 300] for _ in range(40)], unshown=40)
    payload = final(rec, state_of(rec), RANKED, feed, lang, story="z" * 9000, rematch=rematch_view)
    assert (payload.content or "").splitlines()[-1] == standings(rec, RANKED, lang).splitlines()[-1]
    within_discord_limits(payload)


def test_a_game_ended_without_a_table_says_how_and_pings_nobody(lang: str) -> None:
    payload = ended("abandoned", "Alice", lang)
    assert payload.content == t(lang, "table.ended.abandoned", name="Alice") and "Alice" in payload.content
    assert payload.allowed_mentions is not None and payload.allowed_mentions.users is False
    kw: dict[str, Any] = payload.words_kwargs()
    assert "files" not in kw and "view" not in kw, "words only: no attachments named"
    assert isinstance(kw["allowed_mentions"], discord.AllowedMentions)
