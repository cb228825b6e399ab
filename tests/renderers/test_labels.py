from __future__ import annotations

import string

import pytest

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


@pytest.mark.parametrize(
    "module", ["renderers.glorious_crown", "renderers.aws_builder_cards.labels", "renderers.yggdrasil.labels"]
)
def test_every_renderer_label_has_the_same_placeholders_in_both_languages(module: str) -> None:
    import importlib

    labels = importlib.import_module(module).t
    assert isinstance(labels, Labels)
    for key, entry in labels.table.items():
        fields = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in entry.values()]
        assert fields[0] == fields[1], key
