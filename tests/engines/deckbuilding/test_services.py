"""The lines on what each card of the two AWS games stands for in real AWS (``services.toml`` beside each
game's card data): every card of each card file has its line in both languages or is listed as not a
service, no line names a card the game does not have, lengths stay within a Discord line, and a service
both games share reads the same in both."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.aws_builder_cards.cards import DEFAULT_DB as AB_DB
from engines.aws_builder_cards.services import service_lines as ab_lines
from engines.aws_deckbuilding.cards import DB as AD_DB
from engines.aws_deckbuilding.services import service_lines as ad_lines
from engines.deckbuilding.services import EN_LIMIT, JA_LIMIT, ServiceFile, parse_services

GAMES = {
    "aws-builder-cards": (ab_lines, set(AB_DB.cards)),
    "aws-deckbuilding": (ad_lines, set(AD_DB.cards)),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_has_its_line_or_is_listed_as_not_a_service(game: str) -> None:
    lines, cards = GAMES[game]
    data = lines()
    assert cards - data.covered() == set(), "cards without a line"
    assert data.covered() - cards == set(), "lines without a card"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_lines_are_in_both_languages_and_within_the_limits(game: str) -> None:
    for key, line in GAMES[game][0]().lines.items():
        assert line.en.strip() and line.ja.strip(), key
        assert len(line.en) <= EN_LIMIT and len(line.ja) <= JA_LIMIT, key
        assert line.en.endswith(".") and line.ja.endswith("。"), f"{key}: one whole sentence"
        assert any("\u3040" <= ch <= "\u30ff" for ch in line.ja), f"{key}: the Japanese line is Japanese"


def test_builder_cards_are_services_and_starters_are_concepts() -> None:
    lines = ab_lines().lines
    for key, card in AB_DB.cards.items():
        if card.defn.kind == "starter" or card.defn.kind == "wa":
            assert lines[key].kind == "concept", key
        elif key != "cfm":  # Cloud Financial Management is a practice, not one service
            assert lines[key].kind == "service", key


def test_deckbuilding_service_cards_are_services() -> None:
    lines = ad_lines().lines
    for card in AD_DB.services:
        assert lines[card.key].kind == "service", card.key
    for card in (*AD_DB.onprem, *AD_DB.wa):
        assert lines[card.key].kind == "concept", card.key


def test_a_service_both_games_have_reads_the_same_in_both() -> None:
    ab = {c.defn.en: ab_lines().lines[k] for k, c in AB_DB.cards.items() if c.is_builder}
    shared = 0
    for card in AD_DB.services:
        name = "Amazon Data Firehose" if card.key == "firehose" else card.name.en  # renamed in 2024
        if name in ab:
            assert ad_lines().lines[card.key] == ab[name], card.key
            shared += 1
    assert shared >= 30


def test_a_bad_file_is_refused() -> None:
    with pytest.raises(ValidationError, match="at most 110"):
        parse_services(f'[lines.x]\nkind = "service"\nen = "{"x" * 111}"\nja = "エックス。"\n')
    with pytest.raises(ValidationError, match="both with a line"):
        ServiceFile.model_validate(
            {
                "lines": {"x": {"kind": "service", "en": "Something real.", "ja": "なにか本物の物。"}},
                "not_a_service": ["x"],
            }
        )
    with pytest.raises(ValidationError):
        parse_services('[lines.x]\nkind = "partner"\nen = "Something real."\nja = "なにか本物。"\n')
