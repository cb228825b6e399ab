"""Wording found by players: plurals and articles come from the catalogs, not from string glue."""

from __future__ import annotations

from bot.errors import UserError, message_for
from bot.i18n import t


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
