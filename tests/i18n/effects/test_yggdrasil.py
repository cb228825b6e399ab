"""Yggdrasil's effects (YG-14) and ``/card`` entries in words: every effect type in both languages, as the
engine's old ``rules_text`` worded them."""

from __future__ import annotations

import pytest

from engines.yggdrasil import ENGINE
from engines.yggdrasil.cards import CARDS, ExtraPlacement, SwapCards
from engines.yggdrasil.views import face
from i18n.effects import cards, rules
from i18n.effects.yggdrasil import effect_params, effect_text
from tests.i18n.effects.conftest import under


def test_every_cards_effect_reads_as_before(golden: dict[str, str]) -> None:
    expected = under(golden, "yggdrasil/effect/")
    got = {
        f"yggdrasil/effect/{cid}/{card.effect.type}/{lang}": effect_text(
            card.effect.type, effect_params(card.effect), lang
        )
        for cid, card in CARDS.items()
        if card.effect is not None
        for lang in ("en", "ja")
    }
    assert got == expected and expected


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(
    "effect",
    [ExtraPlacement(), SwapCards(whose="any"), SwapCards(whose="own"), SwapCards(whose="opponent")],
    ids=lambda e: f"{e.type}-{getattr(e, 'whose', '')}",
)
def test_every_effect_type_and_parameter_is_worded(effect: ExtraPlacement | SwapCards, lang: str) -> None:
    text = effect_text(effect.type, effect_params(effect), lang)
    assert text.strip() and "{" not in text and not text.startswith("yggdrasil.")


def test_the_whose_parameter_changes_the_words() -> None:
    texts = {effect_text("swap", {"whose": w}, "en") for w in ("any", "own", "opponent")}
    assert len(texts) == 3


def test_the_view_carries_the_effect_as_data_and_the_words_read_it() -> None:
    sage = face("owl-sage")
    assert sage.effect is not None and sage.effect.type == "swap"
    assert "text" not in type(sage.effect).model_fields
    assert effect_text(sage.effect.type, sage.effect.params, "ja").startswith("入れ替え")


def test_cards_lists_every_card_with_its_numbers_and_effect() -> None:
    infos = {c.id: c for c in cards(ENGINE)}
    assert set(infos) == set(CARDS)
    sage = infos["owl-sage"]
    assert "swap" in sage.text.en.lower() and "入れ替え" in sage.text.ja
    assert sage.name.ja == "梟の賢者" and "owl sage" in sage.aliases
    fields = {f.name.en: f.value.en for f in sage.fields}
    assert fields["Power"] == "1" and fields["Branches"] == "ESW"


def test_the_rules_read_as_before_with_the_decks_worded_from_the_deck_data(golden: dict[str, str]) -> None:
    got = {f"yggdrasil/rules/{s.id}/{lang}": s.body.get(lang) for s in rules(ENGINE) for lang in ("en", "ja")}
    assert got == under(golden, "yggdrasil/rules/") and got
    intro = next(s for s in ENGINE.rules() if s.id == "decks")
    assert "Decks:" not in intro.body.en, "the engine gives the section's start, the words the decks"
