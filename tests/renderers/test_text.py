"""Wrapping (English, Japanese, kinsoku), fitting and drawing text."""

from __future__ import annotations

import pytest
from PIL import Image

from renderers.common.text import Align, VAlign, draw_text, fit_text, layout_text
from renderers.common.wrapping import (
    NO_LINE_END,
    NO_LINE_START,
    _soft_pieces,
    line_height,
    text_width,
    wrap_text,
)

ENGLISH = "The quick brown fox jumps over the lazy dog while the dealer shuffles the deck"
JAPANESE = (
    "大富豪では、「革命」が起きると強さが逆転する。"
    "スペードの３は、ジョーカーに勝てる（スペ３返し）。ちょっと待ってー！"
)


def _assert_fits(lines: list[str], width: int, size: int) -> None:
    for line in lines:
        assert text_width(line, size) <= width, (line, text_width(line, size), width)


def test_english_breaks_at_spaces_only() -> None:
    lines = wrap_text(ENGLISH, 200, 16)
    assert len(lines) > 2
    _assert_fits(lines, 200, 16)
    assert " ".join(lines) == ENGLISH
    assert all(line == line.strip() for line in lines)


def test_overlong_english_word_is_hard_broken() -> None:
    word = "Supercalifragilisticexpialidocious"
    lines = wrap_text(f"a {word} b", 90, 16)
    assert len(lines) >= 3
    _assert_fits(lines, 90, 16)
    assert "".join(lines).replace(" ", "") == f"a{word}b"


def test_an_overlong_word_breaks_after_a_slash_before_it_breaks_anywhere() -> None:
    """Redshift's combo partners "Aurora/DynamoDB/RDS" on a console card: the names stay whole."""
    text = "w/ Aurora/DynamoDB/RDS: +3 Cr"
    for width in (90, 110, 130):
        lines = wrap_text(text, width, 14)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert all(text_width(line, 14) <= width for line in lines)
        words = {w for line in lines for w in line.replace("/", " ").split()}
        assert {"Aurora", "DynamoDB", "RDS:"} <= words, lines
    assert wrap_text("w/ Aurora/DynamoDB/RDS: +3 Cr", 90, 14)[0] == "w/ Aurora/"


def test_a_slash_or_sign_before_a_number_is_no_break() -> None:
    assert _soft_pieces("Credits:10/10") == ["Credits:10/10"]
    assert _soft_pieces("AWSome-3/TCO-1") == ["AWSome-3/", "TCO-1"]
    assert _soft_pieces("Aurora/DynamoDB/RDS:") == ["Aurora/", "DynamoDB/", "RDS:"]


def test_japanese_breaks_between_characters() -> None:
    lines = wrap_text(JAPANESE, 150, 16)
    assert len(lines) > 3
    _assert_fits(lines, 150, 16)
    assert "".join(lines) == JAPANESE
    # Lines are filled: every line but the last takes most of the width (greedy, not word-based).
    assert all(text_width(line, 16) > 150 - 3 * 16 for line in lines[:-1])


@pytest.mark.parametrize("width", range(60, 320, 9))
def test_kinsoku_at_every_width(width: int) -> None:
    lines = wrap_text(JAPANESE, width, 16)
    assert "".join(lines) == JAPANESE
    for line in lines:
        assert line[0] not in NO_LINE_START, (width, lines)
        assert line[-1] not in NO_LINE_END, (width, lines)


def test_kinsoku_pushes_the_previous_character_down() -> None:
    five = text_width("あいうえお", 20)
    assert wrap_text("あいうえお", five, 20) == ["あいうえお"]
    # Plain greedy filling would start line 2 with "。"; the 'お' has to come along.
    assert wrap_text("あいうえお。", five, 20) == ["あいうえ", "お。"]
    assert wrap_text("あいうえ「お」", five, 20) == ["あいうえ", "「お」"]


def test_explicit_newlines_are_kept() -> None:
    assert wrap_text("一行目\nsecond line", 500, 16) == ["一行目", "second line"]


def test_balance_avoids_an_orphaned_last_character() -> None:
    width = text_width("歩き売りの少", 15)
    assert wrap_text("歩き売りの少女", width, 15) == ["歩き売りの少", "女"]
    balanced = wrap_text("歩き売りの少女", width, 15, balance=True)
    assert len(balanced) == 2 and min(len(line) for line in balanced) >= 3


def test_fit_text_takes_the_largest_size_that_fits() -> None:
    text = "「秘密の取引き」 Secret Deal: swap cards with the next player"
    size, lines = fit_text(text, 220, 90, max_size=40, min_size=10)
    assert 10 < size < 40
    _assert_fits(lines, 220, size)
    assert not any(line.endswith("…") for line in lines)
    block = layout_text((0, 0, 220, 90), text, max_size=40, min_size=10)[0]
    assert (block.size, list(block.lines)) == (size, lines)
    assert block.box[3] - block.box[1] <= 90
    # One size bigger, laid out without a height limit, is too tall.
    bigger = layout_text((0, 0, 220, 10_000), text, size=size + 1)[0]
    assert bigger.box[3] - bigger.box[1] > 90


def test_fit_text_keeps_short_text_at_max_size() -> None:
    assert fit_text("7♠", 200, 100, max_size=48, min_size=12) == (48, ["7♠"])


def test_fit_text_stops_at_min_size_and_ellipsizes() -> None:
    size, lines = fit_text(ENGLISH * 3, 120, 50, max_size=30, min_size=14)
    assert size == 14
    assert lines[-1].endswith("…")
    _assert_fits(lines, 120, 14)
    assert (len(lines) - 1) * line_height(14) + 14 <= 50


def test_fit_text_rejects_inverted_bounds() -> None:
    with pytest.raises(ValueError):
        fit_text("x", 10, 10, max_size=10, min_size=12)


@pytest.mark.parametrize(("align", "valign"), [("left", "top"), ("center", "middle"), ("right", "bottom")])
def test_draw_text_aligns_ink_inside_the_box(align: Align, valign: VAlign) -> None:
    img = Image.new("RGB", (400, 200), (0, 0, 0))
    box = (50, 40, 350, 160)
    draw_text(img, box, "7♠ を出した ✗", size=20, align=align, valign=valign)
    ink = img.getbbox()
    assert ink is not None
    assert box[0] <= ink[0] and ink[2] <= box[2] and box[1] <= ink[1] and ink[3] <= box[3]
    if align == "left":
        assert ink[0] - box[0] < 4
    elif align == "right":
        assert box[2] - ink[2] < 4
    else:
        assert abs((ink[0] + ink[2]) / 2 - 200) < 4
    if valign == "top":
        assert ink[1] - box[1] < 8
    elif valign == "bottom":
        assert box[3] - ink[3] < 8
    else:
        assert abs((ink[1] + ink[3]) / 2 - 100) < 6


def test_bold_is_wider() -> None:
    assert text_width("Secret Deal 秘密", 20, bold=True) > text_width("Secret Deal 秘密", 20)
    assert text_width("", 20) == 0


@pytest.mark.parametrize(
    ("title", "lines"),
    [
        ("城門の見張り番", ["城門の", "見張り番"]),
        ("聖騎士ユリウス", ["聖騎士", "ユリウス"]),
        ("黄金の女主人マルグリット", ["黄金の女主人", "マルグリット"]),
        ("剣の女王ヴァレリア", ["剣の女王", "ヴァレリア"]),
        ("「革命」が起きる", ["「革命」が", "起きる"]),
    ],
)
def test_phrases_break_japanese_names_where_the_script_changes(title: str, lines: list[str]) -> None:
    width = max(text_width(line, 14) for line in lines)
    assert wrap_text(title, width, 14, balance=True, phrases=True) == lines
    # Without phrases the same width breaks inside a word.
    assert wrap_text("聖騎士ユリウス", text_width("聖騎士ユ", 14), 14) == ["聖騎士ユ", "リウス"]


def test_fit_text_with_phrases_shrinks_rather_than_break_a_phrase() -> None:
    # "マルグリット" does not fit 70 px at 14 px: the size drops until it does instead of "マルグリッ / ト".
    size, lines = fit_text("黄金の女主人マルグリット", 70, 200, 14, 8, phrases=True)
    assert "マルグリット" in lines and size < 14
    assert text_width("マルグリット", size) <= 70
    # At the floor, a phrase that still does not fit is broken rather than lost.
    size, lines = fit_text("マルグリット", 20, 200, 14, 12, phrases=True)
    assert size == 12 and "".join(lines) == "マルグリット"
