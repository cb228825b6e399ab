"""GC-22, GC-23: house rules and the ``/rules`` text."""

from __future__ import annotations

import re

from engines.core import describe_options
from engines.glorious_crown import ENGINE
from engines.glorious_crown.cards import CARDS
from engines.glorious_crown.models import GCOptions


def test_gc_23_house_rule_defaults_equal_the_rule_page() -> None:
    opts = ENGINE.make_options(None)
    assert opts == GCOptions(once_passed_may_replay=False, show_blind_at_end=True)
    for row in describe_options(GCOptions):
        assert row["description"], f"{row['name']} needs a description"


def test_gc_22_support_cards_are_left_out_and_rules_say_so() -> None:
    section = next(s for s in ENGINE.rules() if "GC-22" in s.rule_ids)
    assert "support" in section.body.en.lower() and "サポートカード" in section.body.ja


def test_rules_cover_every_rule_id_in_both_languages() -> None:
    cited = {rid for s in ENGINE.rules() for rid in s.rule_ids}
    assert cited == {f"GC-{i}" for i in range(1, 24)}
    for s in ENGINE.rules():
        assert re.search(r"[ぁ-んァ-ヶ一-龯]", s.body.ja), s.id


#: Japanese titles allowed to equal their English title: proper nouns written alike in both languages.
#: None so far; a title added here must be a name, never an English word left untranslated.
SAME_IN_BOTH_LANGUAGES: frozenset[str] = frozenset()
_JAPANESE = re.compile(r"[ぁ-んァ-ヶ一-龯]")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]+")


def _foreign_words(ja: str) -> set[str]:
    """Latin words in a Japanese text other than what players type or read as notation: card ids (S7,
    JK1), rule ids (GC-7) and the house-rule option names."""
    allowed = {*CARDS, "GC", *GCOptions.model_fields}
    return {w for w in _LATIN_WORD.findall(ja) if w not in allowed}


def test_japanese_rules_are_written_in_japanese() -> None:
    """Issue 10: the topic "Joker" stayed English in the Japanese /rules list."""
    for s in ENGINE.rules():
        assert _JAPANESE.search(s.title.ja), s.id
        assert s.title.ja != s.title.en or s.title.ja in SAME_IN_BOTH_LANGUAGES, s.id
        assert _foreign_words(s.title.ja) == set(), s.id
        assert _foreign_words(s.body.ja) == set(), s.id


def test_japanese_card_texts_are_written_in_japanese() -> None:
    for card in ENGINE.cards():
        texts = [
            card.name.ja,
            card.text.ja,
            *(f.name.ja for f in card.fields),
            *(f.value.ja for f in card.fields),
        ]
        assert _foreign_words(" ".join(texts)) == set(), card.id
