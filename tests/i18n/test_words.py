"""``clip``: a label cut to Discord's limit ends after a whole word, marked with "…"."""

from __future__ import annotations

from i18n.words import clip


def test_a_long_english_label_is_cut_after_a_whole_word() -> None:
    text = "Take all effects: Amazon Elastic Compute Cloud, Amazon Simple Storage Service, AWS Lambda"
    cut = clip(text, 40)
    assert cut == "Take all effects: Amazon Elastic…"
    assert len(cut) <= 40


def test_a_cut_right_before_a_space_keeps_the_whole_last_word() -> None:
    assert clip("Deploy all now please", 11) == "Deploy all…"


def test_japanese_without_spaces_is_cut_at_a_character() -> None:
    text = "ベアメタルサーバー" * 20
    cut = clip(text, 30)
    assert cut == text[:29] + "…"


def test_one_long_word_is_cut_inside_it_rather_than_dropping_most_of_the_room() -> None:
    assert clip("Go " + "x" * 50, 20) == "Go " + "x" * 16 + "…"


def test_text_within_the_limit_is_left_alone() -> None:
    assert clip("Pass", 80) == "Pass"
