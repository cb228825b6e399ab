"""The game's course picture (issue 27 item 2): an evaluation graph, readable on a phone in both languages,
with two and five seats and a cooperative game; the reviewed seat's line thicker; the key moments numbered on
that line; every word in English and Japanese."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engines.core.analysis import Course, CoursePoint
from renderers.common import MAX_IMAGE_BYTES, PALETTE, RGB, missing_glyphs
from renderers.review import MIN_TEXT_PX, WIDTH, course_image, draw_course, t
from renderers.review.course import MARK_R, _Plot, _series, _value_at
from tests.renderers.drawn_text import PHONE_WIDTH, DrawnText

from .conftest import NAMES

MIN_PHONE_PX = 11
LANGS = ("en", "ja")


def _png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img.convert("RGB")


def _check_readable(data: bytes, drawn: DrawnText) -> None:
    """Every text at least the picture's floor as drawn, and 11 px when a phone shows it 400 px wide."""
    assert MIN_TEXT_PX["course"] * PHONE_WIDTH / WIDTH >= MIN_PHONE_PX
    assert min(run.px for run in drawn.drawn()) >= MIN_TEXT_PX["course"]
    small = sorted({(run.px, run.text) for run in drawn.encoded(data) if run.px < MIN_PHONE_PX})
    assert not small, f"text under {MIN_PHONE_PX} px at {PHONE_WIDTH} px wide: {small[:8]}"


def _near(img: Image.Image, colour: RGB, tolerance: int = 40) -> int:
    """Pixels within ``tolerance`` of ``colour`` (sum of channel differences)."""
    r, g, b = ImageChops.difference(img, Image.new("RGB", img.size, colour)).split()
    total = ImageChops.add(ImageChops.add(r, g), b)  # saturates at 255, far above any tolerance used
    return sum(total.histogram()[: tolerance + 1])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", ["duel", "five"])
def test_the_picture_is_phone_wide_readable_and_says_what_it_shows(
    lang: str, case: str, request: pytest.FixtureRequest, drawn: DrawnText
) -> None:
    course: Course = request.getfixturevalue(case)
    data = draw_course(course, [10, 3, 25], NAMES, lang, highlight="p2")
    img = _png(data)
    assert img.width == WIDTH and len(data) <= MAX_IMAGE_BYTES
    _check_readable(data, drawn)
    texts = {run.text for run in drawn.drawn()}
    assert {t(lang, "title"), t(lang, "what"), t(lang, "seen_by", name=NAMES["p2"])} <= texts
    assert {"100%", "50%", "0%", t(lang, "moves"), "1", "2", "3"} <= texts
    seats = list(course.points[0].values)
    assert "alice" in texts and ("dave" in texts) == ("p4" in seats)
    assert t(lang, "what_team") not in texts


@pytest.mark.parametrize("lang", LANGS)
def test_a_cooperative_game_is_one_line_the_teams(lang: str, team: Course, drawn: DrawnText) -> None:
    data = draw_course(team, [20, 5], NAMES, lang, highlight="p2")
    _check_readable(data, drawn)
    texts = {run.text for run in drawn.drawn()}
    assert t(lang, "what_team") in texts and t(lang, "what") not in texts
    legend = "".join(run.text for run in drawn.drawn() if run.px == 18)
    assert "alice" in legend and NAMES["p2"] in legend  # every member named on the team's line
    img = _png(data)
    # One line, in the team colour: no other seat's colour anywhere.
    assert _near(img, PALETTE.seat(0)) > 500
    assert _near(img, PALETTE.seat(1), 20) == 0 and _near(img, PALETTE.seat(2), 20) == 0


def test_the_reviewed_seats_line_is_the_thick_one(duel: Course) -> None:
    as_p1 = course_image(duel, [], NAMES, "en", highlight="p1")
    as_p2 = course_image(duel, [], NAMES, "en", highlight="p2")
    blue, orange = PALETTE.seat(0), PALETTE.seat(1)
    assert _near(as_p1, blue) > 1.5 * _near(as_p2, blue)
    assert _near(as_p2, orange) > 1.5 * _near(as_p1, orange)


def test_key_moments_are_numbered_discs_on_the_reviewed_seats_line(duel: Course) -> None:
    """Each disc sits on the line just after its move (the points here are far apart, so none is lifted)."""
    keys = [29, 4, 16]
    img = course_image(duel, keys, NAMES, "en", highlight="p2")
    plain = course_image(duel, [], NAMES, "en", highlight="p2")
    assert img.height > plain.height  # the note under the legend
    top = 10 + 24 + 8 + 2 * (17 + 7) + 12
    plot = _Plot(top, duel.points[-1].index + 1)
    series = _series(duel, "p2")
    for index in keys:
        x, y = plot.x(index + 1), plot.y(_value_at(series, index + 1))
        # The disc's gold ring (inside its dark edge, off its number).
        ring = img.getpixel((round(x), round(y - MARK_R + 4)))
        assert sum(abs(a - b) for a, b in zip(ring, PALETTE.highlight, strict=True)) < 60, (index, ring)  # type: ignore[arg-type]
        assert plain.getpixel((round(x), round(y - MARK_R + 4))) != ring


def test_a_key_moment_after_the_last_point_is_marked_at_the_end_and_none_means_no_note(
    duel: Course, drawn: DrawnText
) -> None:
    short = Course(game=duel.game, seat="p2", points=duel.points[:5])
    draw_course(short, [200], NAMES, "en", highlight="p2")
    assert t("en", "key_note", name=NAMES["p2"], n=1) in {run.text for run in drawn.drawn()}
    drawn.reset()
    draw_course(duel, [], NAMES, "en", highlight="p2")
    assert not any(run.text.startswith(NAMES["p2"]) and "costliest" in run.text for run in drawn.drawn())


def test_a_game_of_no_moves_and_unknown_names_still_draw(drawn: DrawnText) -> None:
    start = Course(game="yggdrasil", seat="p1", points=[CoursePoint(index=-1, values={"p1": 0.5, "p2": 0.5})])
    data = draw_course(start, [], {}, "ja", highlight="p1")
    assert _png(data).width == WIDTH
    assert {"p1", "p2"} <= {run.text for run in drawn.drawn()}


def test_every_word_has_its_glyphs_and_its_own_japanese() -> None:
    for text in t.strings():
        assert not missing_glyphs(text), text
    keys = ("title", "what", "what_team", "seen_by", "moves", "team", "key_note")
    for n in (1, 3):
        params = {"name": "alice", "names": "alice, bob", "n": n}
        assert all(t("ja", key, **params) != t("en", key, **params) for key in keys), n
