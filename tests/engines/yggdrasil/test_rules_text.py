"""``/rules`` covers every decision of the rule page; ``/card`` covers every card of the pool."""

from __future__ import annotations

from engines.yggdrasil import ENGINE
from engines.yggdrasil.cards import CARDS


def test_rules_cite_every_rule_id_in_both_languages() -> None:
    sections = ENGINE.rules()
    cited = {rid for s in sections for rid in s.rule_ids}
    assert cited == {f"YG-{n}" for n in range(1, 16)}
    for s in sections:
        assert s.body.en != s.body.ja and len(s.body.en) > 80 and len(s.body.ja) > 40


def test_cards_lists_every_card_with_its_numbers_and_effect() -> None:
    infos = {c.id: c for c in ENGINE.cards()}
    assert set(infos) == set(CARDS)
    sage = infos["owl-sage"]
    assert "swap" in sage.text.en.lower() and "入れ替え" in sage.text.ja
    assert sage.name.ja == "梟の賢者" and "owl sage" in sage.aliases
    fields = {f.name.en: f.value.en for f in sage.fields}
    assert fields["Power"] == "1" and fields["Branches"] == "ESW"
