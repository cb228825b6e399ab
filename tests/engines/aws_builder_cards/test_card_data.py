"""The card file: counts from the official contents list, validation at load, custom files."""

from __future__ import annotations

import json

import pytest

from engines.aws_builder_cards import ENGINE, CardDataError, load_cards
from engines.aws_builder_cards.cards import DEFAULT_DB, DEFAULT_TEXT, parse_card_file
from engines.core import BadOptions


def test_91_builder_cards_76_free_15_paid() -> None:
    builders = DEFAULT_DB.by_kind("builder")
    assert sum(c.defn.qty for c in builders) == 91
    assert sum(c.defn.qty for c in builders if not c.paid) == 76
    assert sum(c.defn.qty for c in builders if c.paid) == 15
    assert len(builders) == 36


def test_10_starters_per_colour_and_12_wa_cards() -> None:
    starters = {c.key: c.defn.qty for c in DEFAULT_DB.by_kind("starter")}
    assert sum(starters.values()) == 10 and starters["bare-metal-host"] == 3
    wa = DEFAULT_DB.by_kind("wa")
    assert sum(c.defn.qty for c in wa if c.defn.points == 1) == 7
    assert sum(c.defn.qty for c in wa if c.defn.points == 3) == 5
    assert {c.defn.cost for c in wa if c.defn.points == 1} == {3}
    assert {c.defn.cost for c in wa if c.defn.points == 3} == {8}


def test_names_are_bilingual_and_categories_japanese() -> None:
    assert DEFAULT_DB.cards["s3"].name.ja == "Amazon S3"
    assert DEFAULT_DB.cards["bare-metal-host"].name.ja == "ベアメタルホスト"
    assert DEFAULT_DB.categories["compute"].ja == "コンピューティング"
    for card in DEFAULT_DB.cards.values():
        assert card.defn.en and card.defn.ja


def test_effects_are_named_types_resolved_to_keys() -> None:
    dynamo = DEFAULT_DB.cards["dynamodb"]
    assert dynamo.per[0].per == "cmp" and dynamo.per[0].amount == 1
    assert dynamo.combos[0].partners == frozenset({"lambda"}) and dynamo.combos[0].draw == 1


def test_at_least_8_missions_of_real_services() -> None:
    assert len(DEFAULT_DB.missions) >= 8
    for m in DEFAULT_DB.missions.values():
        assert len(m.needs) >= 2 and m.why.en and m.why.ja


def test_unknown_partner_is_refused_at_load() -> None:
    bad = DEFAULT_TEXT.replace(
        'partners = ["AWS Lambda"], gives = { draw = 1 } }]',
        'partners = ["AWS Lamda"], gives = { draw = 1 } }]',
        1,
    )
    with pytest.raises(CardDataError, match="AWS Lamda"):
        load_cards(bad)


def test_unknown_effect_type_is_refused_at_load() -> None:
    bad = DEFAULT_TEXT.replace('type = "draw", amount = 1', 'type = "teleport", amount = 1', 1)
    with pytest.raises(CardDataError):
        load_cards(bad)


def test_garbage_is_refused() -> None:
    with pytest.raises(CardDataError):
        load_cards("not-a-value")


def test_a_custom_card_file_changes_the_game() -> None:
    """A server owner fixes a value: Amazon S3 gives 3 credits. JSON works as well as TOML."""
    data = parse_card_file(DEFAULT_TEXT).model_dump()
    for card in data["cards"]:
        if card["key"] == "s3":
            card["credits"] = 3
    text = json.dumps(data)
    db = load_cards(text)
    assert db.cards["s3"].defn.credits == 3
    state = ENGINE.new_game(["a", "b"], {"card_file": text}, 1)
    assert ENGINE.view(state, None).options["custom_cards"] is True
    faces = ENGINE.view(state, "a").cards
    assert all(f.credits == 3 for k, f in faces.items() if k == "s3")


def test_a_bad_card_file_is_a_bad_option() -> None:
    with pytest.raises(BadOptions) as err:
        ENGINE.make_options({"card_file": "[[cards]]\nkey = 1"})
    assert err.value.params["problems"][0]["field"] == "card_file"
