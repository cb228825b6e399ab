"""The deck (PC-1, PC-2, PC-12): data, the seed's three examples, effect types, bilingual text."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from engines.project_chaos.cards import (
    CARDS,
    CATEGORIES,
    DECK,
    Claim,
    Deck,
    DiscardWorkplace,
    If,
    Tokens,
    Vote,
    WorkplaceValue,
)
from engines.project_chaos.cards import Die as DieEffect

SEED = Path(__file__).resolve().parents[3].parent / "shared" / "seeds" / "002_a06c7463485d03ec.txt"


def test_pc_1_every_card_has_categories_a_value_and_maybe_a_play_effect() -> None:
    for card in CARDS.values():
        assert 1 <= len(card.categories) <= 2 and set(card.categories) <= set(CATEGORIES)
        assert -3 <= card.value <= 3
        assert card.playable == bool(card.play)
    assert any(not c.playable for c in CARDS.values()) and any(c.playable for c in CARDS.values())
    assert any(len(c.categories) == 2 for c in CARDS.values())


def test_pc_1_values_are_spread_evenly_and_categories_balanced() -> None:
    assert Counter(c.value for c in CARDS.values()) == dict.fromkeys(range(-3, 4), 6)
    per_category = Counter(cat for c in CARDS.values() for cat in c.categories)
    assert min(per_category.values()) >= 15, per_category
    # Every category has resources and troubles to place in its workplace.
    for cat in CATEGORIES:
        values = {c.value for c in CARDS.values() if cat in c.categories}
        assert min(values) == -3 and max(values) == 3, cat


def test_pc_2_the_deck_has_42_unique_cards_with_bilingual_names_and_flavour() -> None:
    assert len(DECK.card) == 42 == len(CARDS)
    for card in CARDS.values():
        for text in (card.name, card.flavour):
            assert text.en.strip() and text.ja.strip()
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text.ja), card.id
    assert len({c.name.ja for c in CARDS.values()}) == 42 and len({c.name.en for c in CARDS.values()}) == 42


def test_pc_2_the_seed_examples_are_in_the_deck_exactly() -> None:
    ma = CARDS["pc-company-acquired"]
    assert (ma.name.ja, ma.categories, ma.value, ma.seed) == ("会社がM&Aされる", ("mgmt",), -1, True)
    (effect,) = ma.play
    assert isinstance(effect, If) and effect.condition == WorkplaceValue(at_least=2)
    assert effect.then == (Tokens(amount=1),) and effect.otherwise == (DieEffect(amount=1),)

    praised = CARDS["pc-product-praised"]
    assert (praised.name.ja, praised.categories, praised.value) == (
        "プロダクトが熱烈にほめられる",
        ("user",),
        2,
    )
    (effect,) = praised.play
    assert isinstance(effect, If) and effect.condition == WorkplaceValue(category="tech", at_least=1)
    assert effect.then == (Tokens(amount=2),) and effect.otherwise == ()

    cut = CARDS["pc-deadline-cut"]
    assert (cut.name.ja, cut.categories, cut.value) == ("一方的に納期が短縮される", ("mgmt",), -3)
    assert cut.play == (DiscardWorkplace(pick="highest"),)
    assert {c.id for c in CARDS.values() if c.seed} == {ma.id, praised.id, cut.id}


def test_pc_2_effects_are_named_types_with_parameters() -> None:
    types = Counter(e.type for c in CARDS.values() for e in c.effects)
    assert {"tokens", "die", "roll", "if", "vote", "claim", "discard_workplace", "ship_workplace"} <= set(
        types
    )
    raw = DECK.model_dump()
    assert Deck.model_validate(raw) == DECK  # the data round-trips through its schema


def test_pc_2_bad_data_is_refused_at_load() -> None:
    raw = DECK.model_dump()
    raw["card"][0]["value"] = 0  # seven cards of value 0, five of +3
    with pytest.raises(ValueError, match="PC-2"):
        Deck.model_validate(raw)
    raw = DECK.model_dump()
    talk = next(c for c in raw["card"] if c["play"] and c["play"][0]["type"] == "vote")
    talk["play"][0]["yes"] = [{"type": "claim", "question": {"en": "x", "ja": "x"}, "claimed": []}]
    with pytest.raises(ValueError, match="top of a play effect"):
        Deck.model_validate(raw)


def test_pc_12_at_least_four_talk_cards_of_each_kind() -> None:
    votes = [c for c in CARDS.values() if c.talk == "vote"]
    claims = [c for c in CARDS.values() if c.talk == "claim"]
    assert len(votes) >= 4 and len(claims) >= 4
    for card in votes:
        assert isinstance(card.play[0], Vote) and card.play[0].question.ja.endswith("？")
    for card in claims:
        assert isinstance(card.play[0], Claim) and card.play[0].question.en.endswith("?")
