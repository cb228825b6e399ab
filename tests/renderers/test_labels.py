from __future__ import annotations

import importlib
import inspect
import pkgutil
import string

import pytest

from bot.games import manifests
from renderers.common.labels import Labels


def test_plural_and_languages() -> None:
    t = Labels({"cards": {"en": "{n} card(s)", "ja": "{n}枚"}})
    assert t("cards", "en", n=1) == "1 card"
    assert t("cards", "en", n=3) == "3 cards"
    assert t("cards", "ja", n=3) == "3枚"


def test_a_language_missing_is_refused() -> None:
    with pytest.raises(ValueError):
        Labels({"x": {"en": "only English"}})
    with pytest.raises(ValueError):
        Labels.from_languages(en={"a": "A", "b": "B"}, ja={"a": "エー"})


def label_tables() -> list[tuple[str, Labels]]:
    """Every ``Labels`` table in every hosted game's renderer package (found, not listed)."""
    found: dict[int, tuple[str, Labels]] = {}
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
                if isinstance(value, Labels):
                    found.setdefault(id(value), (f"{module.__name__}.{name}", value))
    return sorted(found.values(), key=lambda item: item[0])


def test_the_built_in_renderers_have_label_tables() -> None:
    names = {name.split(".")[1] for name, _ in label_tables()}
    assert {"glorious_crown", "yggdrasil", "aws_builder_cards"} <= names


@pytest.mark.parametrize("name,labels", label_tables(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_renderer_label_has_the_same_placeholders_in_both_languages(name: str, labels: Labels) -> None:
    for key, entry in labels.table.items():
        fields = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in entry.values()]
        assert fields[0] == fields[1], key
