"""AWS Builder Cards' combos and effects (AB-5) and ``/card`` entries in words: every effect type of the card
file in both languages, as the engine's old ``text.py`` worded them."""

from __future__ import annotations

from functools import partial

import pytest
from pydantic import TypeAdapter

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import DEFAULT_DB, Effect, catalogue
from engines.aws_builder_cards.notation import card_name, short_name
from engines.aws_builder_cards.views import faces
from i18n.effects import cards
from i18n.effects.aws_builder_cards import combo_line, effect_text
from tests.i18n.effects.conftest import under

LANGS = ("en", "ja")
TYPES = ("with", "credits_per", "draw_per", "stack", "draw", "adopt", "discard_to_deck", "wa_discount")


def test_every_effect_and_combo_line_reads_as_before(golden: dict[str, str]) -> None:
    db = catalogue(None)
    got: dict[str, str] = {}
    for key, card in db.cards.items():
        for i, eff in enumerate(card.defn.effects):
            for lang in LANGS:
                for short in (True, False):
                    name = partial(short_name if short else card_name, db)
                    form = "short" if short else "long"
                    got[f"aws-builder-cards/effect/{key}/{i}/{eff.type}/{lang}/{form}"] = effect_text(
                        name, eff, lang, short=short
                    )
        for lang in LANGS:
            got[f"aws-builder-cards/combo/{key}/{lang}"] = combo_line(faces(None)[key], lang)
    expected = {**under(golden, "aws-builder-cards/effect/"), **under(golden, "aws-builder-cards/combo/")}
    assert got.keys() == expected.keys()
    assert [k for k in expected if got[k] != expected[k]] == []


def test_the_card_file_uses_every_effect_type() -> None:
    used = {e.type for c in DEFAULT_DB.cards.values() for e in c.defn.effects}
    assert used == set(TYPES)


EXAMPLES = [
    {"type": "with", "partners": ["s3"], "gives": {"credits": 2, "draw": 1, "adopt": 1}},
    {"type": "with", "partners": ["s3", "cmp"], "count": 2, "gives": {"draw": 1}},
    {"type": "credits_per", "per": "builder", "amount": 1},
    {"type": "draw_per", "per": "s3", "amount": 2},
    {"type": "stack", "totals": [1, 3, 6], "adopt_at": 3},
    {"type": "stack", "totals": [2, 4]},
    {"type": "draw", "amount": 2},
    {"type": "adopt", "amount": 1, "sunset": True},
    {"type": "adopt", "amount": 2},
    {"type": "discard_to_deck"},
    {"type": "wa_discount", "costs": {1: 2, 3: 6}},
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("short", [True, False])
@pytest.mark.parametrize("data", EXAMPLES, ids=lambda d: str(d["type"]))
def test_every_effect_type_is_worded_with_its_parameters(
    data: dict[str, object], short: bool, lang: str
) -> None:
    eff: Effect = TypeAdapter(Effect).validate_python(data)
    name = partial(short_name if short else card_name, DEFAULT_DB)
    text = effect_text(name, eff, lang, short=short)
    assert text.strip() and "{" not in text and "aws-builder-cards." not in text


def test_a_face_carries_its_effects_as_data_and_the_names_they_need() -> None:
    s3 = faces(None)["lambda"]
    assert s3.effects == DEFAULT_DB.cards["lambda"].defn.effects
    assert "combo" not in type(s3).model_fields
    for face in faces(None).values():
        for lang in LANGS:
            assert "{" not in combo_line(face, lang)


def test_every_card_has_a_card_entry_with_its_combos_in_both_languages() -> None:
    infos = {c.id: c for c in cards(ENGINE)}
    for key, card in DEFAULT_DB.cards.items():
        info = infos[key]
        assert info.name.en == card.defn.en and info.name.ja == card.defn.ja
        if card.combos:
            combo = next(f for f in info.fields if f.name.en == "Combo")
            assert combo.value.en and combo.value.ja
    assert "S3" in infos["s3"].aliases
    assert any(i.startswith("mission-") for i in infos)
