"""AWS Deckbuilding's effects, conditions and costs (AD-1, AD-2) and ``/card`` entries in words: every effect
type and condition kind of the card file in both languages, as the engine's old ``text.py`` worded them."""

from __future__ import annotations

import pytest

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB, Cond, Eff
from engines.aws_deckbuilding.faces import short_name
from engines.aws_deckbuilding.views import all_faces
from i18n.effects import cards
from i18n.effects.aws_deckbuilding import cond_of, condition_text, cost_text, effect_line
from tests.i18n.effects.conftest import under

LANGS = ("en", "ja")


def old_keys() -> dict[str, str]:
    out: dict[str, str] = {}
    for key, card in DB.cards.items():
        for lang in LANGS:
            out[f"aws-deckbuilding/cost/{key}/{lang}"] = cost_text(card, lang)
            out[f"aws-deckbuilding/short_name/{key}/{lang}"] = short_name(card, lang)
        for which in ("primary", "secondary"):
            eff = card.effect(which)
            if eff is None:
                continue
            kind = eff.cond.kind if eff.cond else "always"
            for lang in LANGS:
                for short in (True, False):
                    s = "short" if short else "long"
                    out[f"aws-deckbuilding/effect/{key}/{which}/{eff.type}/{kind}/{lang}/{s}"] = effect_line(
                        eff, lang, short=short
                    )
                    out[f"aws-deckbuilding/condition/{key}/{which}/{kind}/{lang}/{s}"] = condition_text(
                        eff.cond, lang, short=short
                    )
    for lang in LANGS:
        for short in (True, False):
            s = "short" if short else "long"
            out[f"aws-deckbuilding/condition/none/{lang}/{s}"] = condition_text(None, lang, short=short)
    return out


def test_every_effect_condition_and_cost_reads_as_before(golden: dict[str, str]) -> None:
    expected = {
        k: v
        for prefix in ("cost", "effect", "condition", "short_name")
        for k, v in under(golden, f"aws-deckbuilding/{prefix}/").items()
    }
    got = old_keys()
    assert got.keys() == expected.keys()
    assert [k for k in expected if got[k] != expected[k]] == []


def test_the_card_file_uses_every_effect_type_and_condition_kind() -> None:
    effects = [e for c in DB.cards.values() for e in c.effects]
    assert {e.type for e in effects} == {"awsome", "draw", "buy"}
    assert {e.cond.kind for e in effects if e.cond} == {"service", "category", "no_onprem", "categories"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("short", [True, False])
@pytest.mark.parametrize(
    "cond",
    [
        None,
        Cond("service", frozenset({"s3"})),
        Cond("service", frozenset({"s3", "lambda", "ec2"})),
        Cond("category", frozenset({"database"})),
        Cond("category", frozenset({"database", "storage"})),
        Cond("no_onprem"),
        Cond("categories", at_least=3),
    ],
)
def test_every_condition_kind_and_effect_type_is_worded(cond: Cond | None, short: bool, lang: str) -> None:
    for kind in ("awsome", "draw", "buy"):
        text = effect_line(Eff("primary", kind, 2, cond), lang, short=short)
        assert text.strip() and "{" not in text and "aws-deckbuilding." not in text
        assert "2" in text


def test_the_views_condition_is_data_the_words_read_as_the_card_file() -> None:
    for key, face in all_faces().items():
        for eff in (face.primary, face.secondary):
            if eff is None or eff.condition is None:
                continue
            assert "text" not in type(eff.condition).model_fields
            cond = DB.cards[key].effect(eff.which)
            assert cond is not None
            for lang in LANGS:
                assert condition_text(cond_of(eff.condition), lang, short=True) == condition_text(
                    cond.cond, lang, short=True
                )


def test_cards_cover_every_kind_with_costs_effects_and_aliases() -> None:
    infos = {c.id: c for c in cards(ENGINE)}
    assert set(infos) == set(DB.cards)
    s3 = infos["s3"]
    assert "S3" in s3.aliases and s3.name.en == "Amazon S3"
    labels = [f.name.en for f in s3.fields]
    assert labels[:3] == ["Category", "Cost", "Gives"]
    assert "Primary effect" in labels and "Secondary effect" in labels
    cost = next(f for f in s3.fields if f.name.en == "Cost")
    assert cost.value.en == "3 TCO (black)" and cost.value.ja == "3 TCO（黒）"
    primary = next(f for f in s3.fields if f.name.en == "Primary effect")
    assert "Amazon CloudFront" in primary.value.en and "+2 AWSome" in primary.value.en
    assert "Amazon CloudFront" in primary.value.ja
    cdk = next(f for f in infos["cdk"].fields if f.name.en == "Cost")
    assert cdk.value.en == "3 AWSome (orange)"
    assert infos["mainframe"].name.ja == "メインフレーム"
    assert {f.name.en for f in infos["wa-3"].fields} >= {"Cost", "Points"}
