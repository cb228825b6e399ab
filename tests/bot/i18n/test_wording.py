"""Wording found by players: plurals and articles come from the catalogs, not from string glue."""

from __future__ import annotations

import re

from bot.errors import UserError, message_for
from i18n import t
from i18n.catalog import catalog


def test_plural_forms_follow_n() -> None:
    assert t("en", "list.title", n=1) == "1 game in this server"
    assert t("en", "list.title", n=3) == "3 games in this server"
    assert "1" in t("ja", "list.title", n=1)


def test_an_abort_never_doubles_the_article() -> None:
    text = t("en", "abort.done", user="@alice", game="The Yggdrasil")
    assert "the The" not in text and "The Yggdrasil" in text


def test_ai_levels_are_worded_in_japanese() -> None:
    level = t("ja", "lobby.ai_level.normal")
    assert level == "ふつう"
    assert "normal" not in t("ja", "lobby.ai_player", name="AI-1", level=level)


def test_an_unknown_rules_topic_lists_the_topics() -> None:
    text, expected = message_for(UserError("no_such_topic", topic="jokr", topics="Cards, Joker"), "en")
    assert expected and "Cards, Joker" in text


COUNTED = re.compile(r"\{(\w+)\} (points?|pts|players?|cards?|games?|moves?|turns?|credits?|successes)\b")


def test_every_count_is_worded_by_its_plural_form() -> None:
    """ "1 points", "1 players": an English sentence that puts a number before a counted noun picks its
    form from the catalog (``{ one = …, other = … }``); the range of a game's seats (min, max, "2–4") is
    never 1."""
    glued = [
        (key, text)
        for key, text in catalog("en").items()
        if not key.endswith((".one", ".other", ".many"))
        and any(m.group(1) not in ("min", "max", "range") for m in COUNTED.finditer(text))
    ]
    assert glued == []


def test_one_point_one_player_one_move() -> None:
    assert t("en", "table.place", place=2, player="bob", score=1, n=1) == "2. bob — 1 point"
    assert t("en", "table.place", place=1, player="amy", score=7, n=7) == "1. amy — 7 points"
    row = t("en", "list.row_lobby", channel="#c", game="Climb", players=1, n=1, host="@amy")
    assert "lobby with 1 player ·" in row
    assert t("en", "history.moves", n=1) == "1 move"
    assert t("en", "aws-deckbuilding.events.drew_count", player="amy", n=1) == "amy drew 1 card."
