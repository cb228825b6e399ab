"""The pictures' words come from the games' catalogs (``<game-id>.picture``), reached through ``Scope``: the
same plural, placeholders and languages as the bot's messages (the catalog-parity test checks every key)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from bot.games import manifests
from i18n import Scope, catalog


def test_plural_and_languages() -> None:
    words = Scope("glorious-crown.picture")
    assert words("en", "cards", n=1) == "1 card"
    assert words("en", "cards", n=3) == "3 cards"
    assert words("ja", "cards", n=3) == "手札 3枚"


def scopes() -> dict[str, Scope]:
    """Every ``Scope`` in every hosted game's renderer package (found, not listed)."""
    found: dict[str, Scope] = {}
    for game in manifests():
        if game.renderer is None:
            continue
        # A renderer is a module (a game from outside) or an instance of the game package's Renderer class.
        home = inspect.getmodule(game.renderer)
        assert home is not None
        package = importlib.import_module(home.__name__)
        modules = [package]
        for info in pkgutil.walk_packages(getattr(package, "__path__", []), f"{package.__name__}."):
            modules.append(importlib.import_module(info.name))
        for module in modules:
            for name, value in vars(module).items():
                if isinstance(value, Scope):
                    found[f"{module.__name__}.{name}"] = value
    return found


def test_the_built_in_renderers_print_words_from_their_games_catalogs() -> None:
    found = scopes()
    names = {name.split(".")[1] for name in found}
    assert {"glorious_crown", "yggdrasil", "aws_builder_cards", "aws_deckbuilding", "project_chaos"} <= names
    for name, scope in found.items():
        assert scope.strings(), f"{name}: no words under {scope.namespace}"


def test_every_picture_word_is_in_both_languages() -> None:
    for lang, other in (("en", "ja"), ("ja", "en")):
        keys = {k for k in catalog(lang) if ".picture." in k or k.startswith("picture.")}
        assert keys and keys <= set(catalog(other))
