"""The server leaderboard picture: both languages, readable on a phone, long lists cut with a note, names
of any length, numbers formatted for reading."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.common import MAX_IMAGE_BYTES, missing_glyphs
from renderers.leaderboard import (
    MAX_ROWS,
    MIN_TEXT_PX,
    WIDTH,
    Board,
    Row,
    number,
    render_leaderboard,
    streak_text,
    t,
)
from renderers.leaderboard import draw_leaderboard as draw

PEOPLE = [
    Row("alice", 12, 7, 1.42, 31, 3),
    Row("ボブ・サンダーソン", 10, 3, 2.1, 28.5, -2),
    Row("carol with a display name far too long for one row of a phone picture", 4, 0, 3.0, 12, -4),
    Row("dave", 1, 1, 1, 9, 1),
]
AI = [Row("AI (normal)", 20, 8, 2.2, 30, 1)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_renders_every_game_readable_on_a_phone(lang: str) -> None:
    boards = [Board("Glorious Crown", 14, PEOPLE, AI), Board("The Yggdrasil", 3, PEOPLE[:2])]
    data = render_leaderboard(boards, lang, subtitle="Team server")
    assert len(data) <= MAX_IMAGE_BYTES
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.width == WIDTH
    assert MIN_TEXT_PX["leaderboard"] * 400 / img.width >= 11
    colours = img.convert("RGB").getcolors(maxcolors=1_000_000)
    assert colours is None or len(colours) > 50


def test_a_long_list_is_cut_and_the_height_follows_the_rows() -> None:
    many = [Row(f"player {i}", 10, 10 - i % 10, 2.0, 5, 0) for i in range(MAX_ROWS + 5)]
    cut = draw([Board("Climb", 30, many)], "en")
    full = draw([Board("Climb", 30, many[:MAX_ROWS])], "en")
    assert cut.height == full.height + 22  # the "… and 5 more" line, no more rows
    with_ai = draw([Board("Climb", 30, many[:MAX_ROWS], AI)], "en")
    assert with_ai.height > full.height


def test_numbers_read_naturally() -> None:
    assert [number(12.0), number(28.5, 2), number(1.4285), number(-0.01), number(100, 2)] == [
        "12",
        "28.5",
        "1.4",
        "0",
        "100",
    ]
    assert [streak_text(3, "en"), streak_text(-2, "en"), streak_text(0, "en")] == ["W3", "L2", "-"]
    assert [streak_text(3, "ja"), streak_text(-2, "ja")] == ["3連勝", "2連敗"]
    assert Row("x", 4, 1, 2, None, 0).win_rate == 0.25 and Row("x", 0, 0, 0, None, 0).win_rate == 0


def test_every_glyph_is_drawn_and_an_empty_board_is_refused() -> None:
    for text in t.strings():
        assert not missing_glyphs(text), text
    with pytest.raises(ValueError):
        render_leaderboard([], "en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pc_11a_a_team_board_ranks_nobody_and_notes_the_games_left_out(lang: str) -> None:
    members = [Row("alice", 5, 2, 0, None, 0), Row("ボブ・サンダーソン", 3, 1, 0, None, 0)]
    scenarios = [Row("Balanced", 3, 1, 0, None, 0), Row("MVP Launch", 2, 1, 0, None, 0)]
    team = Board("Project Chaos", 5, members, team=True, variants=scenarios)
    plain = draw([team], lang)
    assert plain.width == WIDTH
    noted = draw([Board("Project Chaos", 5, members, team=True, variants=scenarios, left_out=1)], lang)
    assert noted.height == plain.height + 22  # the "not counted" line
    data = render_leaderboard([team, Board("Glorious Crown", 4, PEOPLE, AI, left_out=2)], lang)
    assert len(data) <= MAX_IMAGE_BYTES


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_games_played_with_the_coach_are_noted_under_the_board(lang: str) -> None:
    """Issue 27 item 4: coached games are marked in stats; the picture notes them as the text does."""
    plain = draw([Board("Glorious Crown", 14, PEOPLE, AI)], lang)
    coached = draw([Board("Glorious Crown", 14, PEOPLE, AI, coached=3)], lang)
    both = draw([Board("Glorious Crown", 14, PEOPLE, AI, left_out=1, coached=3)], lang)
    assert coached.height == plain.height + 22 and both.height == plain.height + 44
    team = draw([Board("Project Chaos", 2, PEOPLE[:2], team=True, coached=1)], lang)
    assert team.height == draw([Board("Project Chaos", 2, PEOPLE[:2], team=True)], lang).height + 22
    note = Board("x", 1, (), coached=3).notes(lang)
    assert note == [t(lang, "coached", n=3)] and not missing_glyphs(note[0])
