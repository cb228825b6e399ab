"""What a card hidden from an audience looks like in what it is shown: its id, and its names in both
languages (as the game's UI words them), for the leak and authorisation suites."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from functools import cache
from typing import Any

import engines
from bot.games import GameUI
from bot.games import manifest as manifest_of
from engines.core import UnknownGame

LANGS = ("en", "ja")


def strings_in(obj: Any) -> set[str]:
    """Every string value anywhere inside a JSON-like structure (keys included)."""
    found: set[str] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def json_strings(model: Any) -> set[str]:
    """Every string in a model's JSON (keys included), read off the serialised text: the same set as
    walking ``model_dump()``, three times faster, which is what lets the soak search a thousand games."""
    text = model.model_dump_json().replace("\\\\", "").replace('\\"', "")
    return set(text.split('"')[1::2])


@cache
def ui_of(game_id: str) -> GameUI:
    """The game's UI when the bot hosts it; the default wording otherwise (an engine not hosted yet)."""
    try:
        m = manifest_of(game_id)
    except UnknownGame:
        return GameUI(engines.get(game_id))
    return m.ui(m.engine)


def names_of(ui: GameUI, cards: Iterable[str]) -> set[str]:
    return {name for c in cards for name in _names(ui.game_id, c)}


@cache
def _names(game_id: str, card: str) -> tuple[str, ...]:
    ui = ui_of(game_id)
    return tuple(ui.card_name(card, lang) for lang in LANGS)


def named(text: str, secrets: set[str], known: Collection[str] = ()) -> list[str]:
    """The secrets ``text`` names as whole words. A secret inside a longer ``known`` name that the text
    names is not named ("Amazon EC2" inside "Amazon EC2 Auto Scaling")."""
    for name in sorted((k for k in known if k in text), key=len, reverse=True):
        if any(s in name and s != name for s in secrets):
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return sorted(s for s in secrets if s in text and re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text))
