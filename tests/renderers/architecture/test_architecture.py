"""One player's architecture as a picture (issue 27 item 5, "What you built"): phone wide and readable in
both languages, the services in their category boxes, combos made and missions marked, combos never made
shown apart, long lists and long names cut with a count or an ellipsis, and a game where nothing was built."""

from __future__ import annotations

import io
import pickle

import pytest
from PIL import Image

from i18n import t
from renderers.architecture import MIN_TEXT_PX, WIDTH, Sheet, combo_text, render_architecture, w
from renderers.architecture.draw import MISSED_SHOWN, ROWS_SHOWN
from renderers.common import MAX_IMAGE_BYTES, missing_glyphs
from renderers.common.wrapping import ELLIPSIS
from tests.renderers.architecture.conftest import LONG, Make
from tests.renderers.drawn_text import PHONE_WIDTH, DrawnText

MIN_PHONE_PX = 11
LANGS = ("en", "ja")


def _png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


def _texts(drawn: DrawnText) -> set[str]:
    return {run.text for run in drawn.drawn()}


def _drawn_line(line: str, texts: set[str]) -> bool:
    """``line`` was drawn, whole or with its "…" drawn as a run of its own (another face may draw it)."""
    stripped = {text.strip() for text in texts}
    return line.strip() in stripped or line.replace(ELLIPSIS, "").strip() in stripped


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("which", ["small", "large", "empty"])
def test_the_picture_is_phone_wide_and_readable(
    lang: str, which: str, small: Sheet, large: Make, empty: Sheet, drawn: DrawnText
) -> None:
    """Every run of text at least the 16 px floor as drawn, and at least 11 px on a 400 px wide phone."""
    sheet = {"small": small, "large": large("alice"), "empty": empty}[which]
    data = render_architecture(sheet, lang)
    img = _png(data)
    assert img.width == WIDTH and len(data) <= MAX_IMAGE_BYTES
    assert MIN_TEXT_PX["architecture"] * PHONE_WIDTH / WIDTH >= MIN_PHONE_PX
    assert min(run.px for run in drawn.drawn()) >= MIN_TEXT_PX["architecture"]
    small_runs = sorted({(run.px, run.text) for run in drawn.encoded(data) if run.px < MIN_PHONE_PX})
    assert not small_runs, f"text under {MIN_PHONE_PX} px at {PHONE_WIDTH} px wide: {small_runs[:8]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_service_is_drawn_whole_in_its_category_box(lang: str, small: Sheet, drawn: DrawnText) -> None:
    render_architecture(small, lang)
    texts = _texts(drawn)
    for group in small.arch.groups:
        assert group.name.get(lang) in texts
        for built in group.cards:
            assert small.name(built.card, lang) in texts, built.card
    assert w(lang, "title", player="alice") in texts
    assert w(lang, "basis_deployed", game=small.game.get(lang)) in texts
    assert w(lang, "times", n=2) in texts  # Lambda deployed twice
    assert not any(ELLIPSIS in text for text in texts)  # no name was cut


def test_long_service_names_wrap_and_are_never_cut(large: Make, drawn: DrawnText) -> None:
    """Every service of AWS Deckbuilding, some of them two lines long in a half-width box: every word of
    every name drawn, nothing cut with "…" (the lists' "… and n more" lines aside)."""
    sheet = large("alice")
    render_architecture(sheet, "en")
    words = {word for text in _texts(drawn) for word in text.split()}
    for group in sheet.arch.groups:
        for built in group.cards:
            name = sheet.name(built.card, "en")
            assert set(name.split()) <= words, name
    assert not any(text.rstrip().endswith(ELLIPSIS) and text.strip() != ELLIPSIS for text in _texts(drawn))


def test_combos_made_missions_and_combos_never_made_are_marked(small: Sheet, drawn: DrawnText) -> None:
    render_architecture(small, "en")
    texts = _texts(drawn)
    assert {w("en", "combos"), w("en", "missions"), w("en", "patterns"), w("en", "missed")} <= texts
    assert {"SNS + Lambda", "DynamoDB + Lambda", "API Gateway + Lambda"} <= texts
    assert {small.name(m, "en") for m in (*small.arch.missions, *small.arch.patterns)} <= texts
    assert {"✓", "★", "☆", "×3"} <= texts  # made (SNS + Lambda three times), solved, built


def test_lists_past_their_limit_end_in_a_count(large: Make, drawn: DrawnText) -> None:
    sheet = large("alice")
    render_architecture(sheet, "en")
    texts = _texts(drawn)
    combos, missed = len(sheet.arch.combos), len(sheet.arch.missed)
    assert combos > ROWS_SHOWN and missed > MISSED_SHOWN and combos - ROWS_SHOWN != missed - MISSED_SHOWN
    assert _drawn_line(w("en", "more", n=combos - ROWS_SHOWN), texts)
    assert _drawn_line(w("en", "more", n=missed - MISSED_SHOWN), texts)
    shown = [combo_text(sheet, c, "en") for c in sheet.arch.combos[:ROWS_SHOWN]]
    hidden = [combo_text(sheet, c, "en") for c in sheet.arch.combos[ROWS_SHOWN:]]
    assert set(shown) <= texts and not set(hidden) & texts
    # The combo that names no partner says why; a combo with many partners names three and counts the rest.
    first = sheet.arch.combos[0]
    assert combo_text(sheet, first, "en") == t(
        "en", "aws-deckbuilding.picture.arch_alone", card=sheet.name(first.card, "en").removeprefix("Amazon ")
    )
    assert shown[1].endswith(" +2")


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_name_is_shortened_and_the_title_keeps_its_words(
    lang: str, large: Make, drawn: DrawnText
) -> None:
    render_architecture(large(LONG), lang)
    texts = _texts(drawn)
    assert not any(LONG in text for text in texts) and any(text.strip() == ELLIPSIS for text in texts)
    tail = w(lang, "title", player="").strip()
    assert any(text.strip().endswith(tail) or text.strip() == tail for text in texts)


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_built_says_so(lang: str, empty: Sheet, drawn: DrawnText) -> None:
    render_architecture(empty, lang)
    texts = _texts(drawn)
    assert {w(lang, "none_deployed"), w(lang, "combos_none")} <= texts
    assert w(lang, "missed") not in texts and w(lang, "missions") not in texts


def test_every_word_of_the_picture_has_its_glyphs() -> None:
    words = w.strings() + [
        t(lang, f"{g}.picture.arch_alone", card="")
        for g in ("aws-builder-cards", "aws-deckbuilding")
        for lang in LANGS
    ]
    assert not missing_glyphs("".join(words))


def test_same_architecture_same_picture(small: Sheet) -> None:
    assert render_architecture(small, "ja") == render_architecture(small, "ja")


def test_the_sheet_travels_to_a_picture_process(small: Sheet) -> None:
    """The bot draws it in its picture processes (``bot.table.pictures.render_other``): it must pickle."""
    copy = pickle.loads(pickle.dumps(small))
    assert copy == small and render_architecture(copy, "en") == render_architecture(small, "en")
