"""Every user-facing string exists in Japanese and English, with the same placeholders."""

from __future__ import annotations

import re
import string

import pytest

from i18n import catalog, pick, t
from i18n.catalog import files, files_flat, game_folders

NAME = re.compile(r"^[-_\w]{1,32}$")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_same_files_in_both_languages() -> None:
    assert set(files("en")) == set(files("ja"))


@pytest.mark.parametrize("filename", sorted(files("en")))
def test_every_key_exists_in_both_languages(filename: str) -> None:
    en, ja = files("en")[filename], files("ja")[filename]
    assert not en - ja, f"only in English ({filename}): {sorted(en - ja)}"
    assert not ja - en, f"only in Japanese ({filename}): {sorted(ja - en)}"


def test_placeholders_match() -> None:
    en, ja = catalog("en"), catalog("ja")
    wrong = {
        k: (placeholders(en[k]), placeholders(ja[k]))
        for k in en
        if placeholders(en[k]) != placeholders(ja[k])
    }
    assert not wrong


def test_command_names_follow_discord_rules() -> None:
    for lang in ("en", "ja"):
        for key, value in catalog(lang).items():
            if key.startswith("commands.name.") or ".commands.name." in key:
                assert NAME.match(value) and value == value.lower(), f"{lang} {key} = {value!r}"
    for key, value in catalog("ja").items():
        if key.startswith("commands.text.") or ".commands.text." in key:
            assert 1 <= len(value) <= 100, key


def test_language_choice_user_then_guild_then_english() -> None:
    assert pick("ja", "en-US") == "ja"
    assert pick("fr", "ja") == "ja"
    assert pick("fr", "de") == "en"
    assert pick(None, None) == "en"


def test_formatting_and_missing_keys() -> None:
    assert t("ja", "errors.game_full", max=5) == "満席です（5 人）。"
    assert t("en", "errors.game_full") == "The game is full ({max} players)."
    assert t("en", "no.such.key") == "no.such.key"


#: the families of keys the bot builds by pattern, each under the game's id (``<game-id>.events.<kind>`` …),
#: beside the game's own words (``<game-id>.…``, its pictures under ``<game-id>.picture``)
FAMILIES = ("events", "actions", "errors", "options", "option_values", "commands.name", "commands.text")


def test_a_game_catalog_holds_only_that_games_keys() -> None:
    """One namespace per game: every key of a game's file starts with the game's id, in both languages, and
    no shared file holds a family key of a game (``events.<game-id>.…``, the layout before)."""
    for lang in ("en", "ja"):
        flats = files_flat(lang)
        for game_id in game_folders():
            keys = flats[f"{game_id}.toml"]
            assert keys and not [k for k in keys if not k.startswith(f"{game_id}.")], (lang, game_id)
            old = tuple(f"{family}.{game_id}." for family in FAMILIES)
            assert not [k for flat in flats.values() for k in flat if k.startswith(old)], (lang, game_id)
