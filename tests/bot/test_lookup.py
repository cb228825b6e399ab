from __future__ import annotations

from typing import Any

import pytest

import engines
from bot.lookup import fold, search_cards, search_sections, split_text
from i18n.effects import cards as described_cards


def test_fold_meets_widths_cases_and_kana() -> None:
    assert fold("ＳＰＡＤＥ ３") == fold("spade3")
    assert fold("スペード") == fold("すぺーど")


def test_split_text_respects_the_limit_and_keeps_everything() -> None:
    text = "\n".join(f"paragraph {i} " + "x" * 50 for i in range(100)) + "\n" + "y" * 250
    parts = split_text(text, 200)
    assert all(len(p) <= 200 for p in parts)
    assert "".join(parts).replace("\n", "") == text.replace("\n", "")


def test_search_sections_finds_by_title_and_id(climb: Any) -> None:
    assert [s.id for s in search_sections(climb, "", "en")] == ["play"]
    assert [s.id for s in search_sections(climb, "出し", "ja")] == ["play"]


@pytest.mark.parametrize("query", ["Card 7", "カード7", "card7", "ｃａｒｄ　７"])
def test_search_cards_by_either_language(climb: Any, query: str) -> None:
    hits = search_cards(query, game_id=climb.id)
    assert hits and hits[0].card.id == "c7"


def test_search_cards_finds_nothing_for_nonsense(climb: Any) -> None:
    assert search_cards("zzzzqqq", game_id=climb.id) == []


def test_the_channels_game_wins_a_tie() -> None:
    """ "S3" is both Glorious Crown's spade 3 and AWS's Amazon S3: the table's game decides."""
    assert search_cards("S3", prefer="glorious-crown")[0].engine.id == "glorious-crown"
    assert search_cards("S3", prefer="aws-builder-cards")[0].engine.id == "aws-builder-cards"


def _services(game_id: str) -> dict[str, frozenset[str]]:
    """A game's cards by English name, with every spelling a player may type (folded; the ids differ between
    the editions and are not names)."""
    return {
        c.name.en: frozenset(fold(k) for k in (c.name.en, c.name.ja, *c.aliases) if k != c.id)
        for c in described_cards(engines.get(game_id))
    }


def test_both_aws_editions_answer_to_the_same_names() -> None:
    """A Japanese player types "ラムダ" or "ダイナモ": a service both editions have is found by the same
    spellings in either, not only in the edition whose data happened to list the reading."""
    first, second = _services("aws-deckbuilding"), _services("aws-builder-cards")
    shared = first.keys() & second.keys()
    assert len(shared) >= 25
    differ = {name: first[name] ^ second[name] for name in shared if first[name] != second[name]}
    assert differ == {}


@pytest.mark.parametrize("query", ["ラムダ", "らむだ", "ダイナモ", "ファイアホース", "ロードバランサー"])
def test_a_katakana_reading_finds_the_service_in_both_editions(query: str) -> None:
    games = {h.engine.id for h in search_cards(query) if h.score == 1.0}
    assert games == {"aws-deckbuilding", "aws-builder-cards"}
