"""Every ``/card`` entry of the described games reads as the engines' old ``card_infos`` wrote it, and the
games without effects to word keep their engine's own entries."""

from __future__ import annotations

from pathlib import Path

import pytest

import engines
from i18n.effects import DESCRIBED, cards
from tests.i18n.effects.conftest import under


def flatten(game: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for c in cards(engines.get(game)):
        for lang in ("en", "ja"):
            out[f"{game}/info/{c.id}/text/{lang}"] = c.text.get(lang)
            for i, f in enumerate(c.fields):
                out[f"{game}/info/{c.id}/field/{i}/{f.name.en}/{lang}"] = f.value.get(lang)
            out[f"{game}/info/{c.id}/name/{lang}"] = c.name.get(lang)
    return out


@pytest.mark.parametrize("game", sorted(DESCRIBED))
def test_card_entries_match_the_old_wording(game: str, golden: dict[str, str]) -> None:
    expected = under(golden, f"{game}/info/")
    assert expected, "the golden file holds this game's entries"
    got = flatten(game)
    assert got.keys() == expected.keys()
    assert [k for k in expected if got[k] != expected[k]] == []


@pytest.mark.parametrize("game", sorted(DESCRIBED))
def test_described_entries_keep_the_engines_ids_and_aliases(game: str) -> None:
    engine = engines.get(game)
    index = [(c.id, c.aliases) for c in engine.cards()]
    assert index == [(c.id, c.aliases) for c in cards(engine)]


@pytest.mark.parametrize("game", sorted(DESCRIBED))
def test_every_description_is_filled_in_both_languages(game: str) -> None:
    for c in cards(engines.get(game)):
        for text in (c.text, *(f.value for f in c.fields), *(f.name for f in c.fields)):
            for lang in ("en", "ja"):
                assert text.get(lang).strip(), (c.id, lang)
                assert "{" not in text.get(lang), (c.id, text.get(lang))


def test_a_game_without_effects_keeps_its_engines_entries() -> None:
    engine = engines.get("glorious-crown")
    assert "glorious-crown" not in DESCRIBED
    assert cards(engine) == engine.cards()


def test_no_engine_keeps_a_sentence_making_text_module() -> None:
    """Issue 24 item 5: the engines' ``text.py`` effect wording moved to ``i18n/effects``."""
    root = Path(__file__).resolve().parents[3] / "engines"
    assert sorted(str(p.relative_to(root)) for p in root.rglob("text.py")) == []
