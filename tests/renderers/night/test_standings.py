"""The night's standings picture (issue 26 item 4, GN-11): its size, readable on a phone in both languages,
shared ranks marked as such, long names clipped, and nights of 1 and 25 members."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image

from renderers.common import MAX_IMAGE_BYTES, missing_glyphs, text_width
from renderers.common.wrapping import ELLIPSIS
from renderers.night import MIN_TEXT_PX, WIDTH, Line, Standings, draw_standings, render_standings, t
from renderers.night.standings import COMPACT, NOTE_H, ROOMY, ROOMY_UP_TO
from tests.renderers.drawn_text import PHONE_WIDTH, DrawnText

MIN_PHONE_PX = 11
LANGS = ("en", "ja")


def _png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


def _check_readable(data: bytes, drawn: DrawnText) -> None:
    """Every run of text at least the renderer's floor as drawn, and 11 px at 400 px wide on a phone."""
    assert min(run.px for run in drawn.drawn()) >= MIN_TEXT_PX["standings"]
    small = sorted({(run.px, run.text) for run in drawn.encoded(data) if run.px < MIN_PHONE_PX})
    assert not small, f"text under {MIN_PHONE_PX} px at {PHONE_WIDTH} px wide: {small[:8]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_picture_is_phone_wide_and_readable(lang: str, tied: Standings, drawn: DrawnText) -> None:
    data = render_standings(tied, lang)
    img = _png(data)
    assert img.width == WIDTH and len(data) <= MAX_IMAGE_BYTES
    assert MIN_TEXT_PX["standings"] * PHONE_WIDTH / WIDTH >= MIN_PHONE_PX
    _check_readable(data, drawn)
    texts = {run.text for run in drawn.drawn()}
    assert t(lang, "title", game="AWS Builder Cards") in texts
    assert t(lang, "after_set", set=2, sets=2) in texts
    assert {
        t(lang, "col_set", n=1),
        t(lang, "col_set", n=2),
        t(lang, "col_total"),
        t(lang, "col_firsts"),
    } <= texts


@pytest.mark.parametrize("lang", LANGS)
def test_gn_11_shared_ranks_are_shown_as_shared_with_a_note(
    lang: str, tied: Standings, drawn: DrawnText
) -> None:
    render_standings(tied, lang)
    texts = [run.text for run in drawn.drawn()]
    assert "=2" in texts and "1" in texts and "4" in texts
    assert t(lang, "shared_note") in texts
    untied = Standings(tied.game, 2, 2, False, [tied.lines[0], tied.lines[1]])
    drawn.reset()
    render_standings(untied, lang)
    texts = [run.text for run in drawn.drawn()]
    assert "2" in texts and "=2" not in texts and t(lang, "shared_note") not in texts


def test_points_per_set_total_and_first_places_are_drawn(tied: Standings, drawn: DrawnText) -> None:
    render_standings(tied, "en")
    texts = {run.text for run in drawn.drawn()}
    # 6.67 + 5 reads 11.7; a set a member sat out reads "-"; alice's two first places.
    assert {"6.7", "5", "11.7", "3.3", "8.3", "20", "-", "2"} <= texts


def test_a_long_name_is_clipped_to_its_column(tied: Standings, drawn: DrawnText) -> None:
    long = tied.lines[2].name
    render_standings(tied, "en")
    clipped = [run.text for run in drawn.drawn() if run.text.startswith("carol")]
    # The ellipsis is a run of its own (another font face draws it).
    assert len(clipped) == 1 and clipped[0] != long and ELLIPSIS in {run.text for run in drawn.drawn()}
    assert long.startswith(clipped[0].rstrip())
    assert text_width(clipped[0], ROOMY[1], bold=True) < WIDTH / 2


@pytest.mark.parametrize("lang", LANGS)
def test_a_night_of_one_member(lang: str, drawn: DrawnText) -> None:
    board = Standings("Project Chaos", 1, 1, True, [Line(1, "solo", (10.0,), 10.0, 1)])
    data = render_standings(board, lang)
    _check_readable(data, drawn)
    texts = {run.text for run in drawn.drawn()}
    assert {"solo", t(lang, "final", n=1), t(lang, "col_set", n=1)} <= texts
    assert t(lang, "col_set", n=2) not in texts


@pytest.mark.parametrize("lang", LANGS)
def test_twenty_five_members_fit_in_compact_rows(
    lang: str, drawn: DrawnText, crowd: Callable[[int], Standings]
) -> None:
    board = crowd(25)
    data = render_standings(board, lang)
    img = _png(data)
    assert img.width == WIDTH
    _check_readable(data, drawn)
    texts = {run.text for run in drawn.drawn()}
    assert {f"member {i:02d}" for i in range(1, 26)} <= texts
    assert {str(i) for i in range(1, 26)} <= texts
    assert t(lang, "final", n=2) in texts
    # Past ROOMY_UP_TO members the rows get shorter, not fewer: every member is in the picture.
    roomy = draw_standings(crowd(ROOMY_UP_TO), lang)
    compact = draw_standings(crowd(ROOMY_UP_TO + 1), lang)
    assert compact.height - roomy.height == (ROOMY_UP_TO + 1) * COMPACT[0] - ROOMY_UP_TO * ROOMY[0]
    assert draw_standings(board, lang).height - compact.height == (25 - ROOMY_UP_TO - 1) * COMPACT[0]


def test_the_final_subtitle_counts_the_sets_played(drawn: DrawnText) -> None:
    """A night ended by its host after set 1 of 2 says one set, with one column."""
    board = Standings("Glorious Crown", 1, 2, True, [Line(1, "alice", (10.0,), 10.0, 1)])
    render_standings(board, "en")
    texts = {run.text for run in drawn.drawn()}
    assert "Final standings · 1 set" in texts and "set 2" not in texts


@pytest.mark.parametrize("lang", LANGS)
def test_no_finished_table_yet_says_so(lang: str, drawn: DrawnText) -> None:
    render_standings(Standings("Glorious Crown", 1, 2, False, []), lang)
    assert t(lang, "no_results") in {run.text for run in drawn.drawn()}


def test_every_word_has_its_glyphs_and_the_note_row_is_counted(tied: Standings) -> None:
    for text in t.strings():
        assert not missing_glyphs(text), text
    # Japanese has its own words for every key (a plural missing its forms would fall back to English).
    keys = ("title", "after_set", "final", "col_set", "col_total", "col_firsts", "shared_note", "no_results")
    for n in (1, 2):
        params = {"game": "G", "set": 1, "sets": 2, "n": n}
        assert all(t("ja", key, **params) != t("en", key, **params) for key in keys), n
    untied = Standings(
        tied.game, 2, 2, False, [*tied.lines[:2], Line(3, "x", (0.0, 0.0), 0.0, 0), tied.lines[3]]
    )
    assert draw_standings(tied, "en").height == draw_standings(untied, "en").height + NOTE_H
