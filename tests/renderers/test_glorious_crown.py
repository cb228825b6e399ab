"""Glorious Crown pictures: valid PNGs under the size limit, not blank, all glyphs present, both languages."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image, ImageStat

from engines.core import Rng
from engines.core.play import play_out
from engines.glorious_crown import ENGINE
from engines.glorious_crown.cards import CARDS
from engines.glorious_crown.models import Pending
from renderers import glorious_crown as R
from renderers.common import MAX_PNG_BYTES, card_size, missing_glyphs
from renderers.common.playing_cards import title_layout
from renderers.glorious_crown.hand import hand_prompt
from renderers.glorious_crown.words import namer, t
from tests.engines.glorious_crown.conftest import make_state
from tests.renderers.layout_checks import decode, empty_bottom, largest_empty_band

LANGS = ("en", "ja")


def _check(png: bytes) -> Image.Image:
    assert len(png) <= MAX_PNG_BYTES
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.format == "PNG" and img.width == R.WIDTH
    assert max(ImageStat.Stat(img.convert("L")).stddev) > 10, "picture looks blank"
    return img


def _busy_table() -> object:
    return make_state(
        {
            "alice": ["S4", "H4", "S9", "JK1", "C15"],
            "bob": ["H6", "H10"],
            "carol": ["C6"],
            "dave": [],
            "eve": ["D4"],
        },
        top=("bob", ["S12", "H12"]),
        lock="SH",
        revolution=True,
        eleven_back=True,
        passed=["carol"],
        points={"alice": 3, "bob": 5},
        current="alice",
        fouls=["dave"],
        pending=Pending(kind="seven_answer", seat="carol", other="bob", count=1, given=("H10",)),
        blind=["D14", "C14"],
    )


@pytest.mark.parametrize("lang", LANGS)
def test_table_hand_and_final_render_in_both_languages(lang: str) -> None:
    state = ENGINE.new_game(["p1", "p2", "p3", "p4"], None, 1)
    _check(R.RENDERER.render_table(ENGINE.view(state, None), lang))
    _check(R.RENDERER.render_hand(ENGINE.view(state, "p1"), lang))
    final, _ = play_out(ENGINE, state, ENGINE.ai("random"), Rng.from_seed(1))
    _check(R.RENDERER.render_final(ENGINE.view(final, None), lang))


@pytest.mark.parametrize("lang", LANGS)
def test_busy_five_player_table_with_pending_trade(lang: str) -> None:
    state = _busy_table()
    _check(R.RENDERER.render_table(ENGINE.view(state, None), lang))  # type: ignore[arg-type]
    _check(R.RENDERER.render_hand(ENGINE.view(state, "bob"), lang))  # type: ignore[arg-type]


def test_three_player_hand_of_18_cards() -> None:
    state = ENGINE.new_game(["p1", "p2", "p3"], None, 2)
    img = _check(R.RENDERER.render_hand(ENGINE.view(state, "p1"), "ja"))
    assert img.height < 1200


def test_every_card_title_and_label_has_glyphs() -> None:
    for card in CARDS.values():
        for lang in LANGS:
            assert missing_glyphs(card.title.get(lang)) == set(), card.id
        assert missing_glyphs(R.card_label(card.id)) == set()
    for text in t.strings():
        assert missing_glyphs(text) == set(), text


@pytest.mark.parametrize("lang", LANGS)
def test_pictures_take_display_names(lang: str) -> None:
    state = _busy_table()
    names = {"alice": "さくら", "bob": "Bob the Builder", "carol": "キャロル", "dave": "D", "eve": "えヴぇ"}
    _check(R.RENDERER.render_table(ENGINE.view(state, None), lang, names=names))  # type: ignore[arg-type]
    _check(R.RENDERER.render_hand(ENGINE.view(state, "bob"), lang, names=names))  # type: ignore[arg-type]
    final, _ = play_out(ENGINE, ENGINE.new_game(list(names), None, 4), ENGINE.ai(), Rng.from_seed(4))
    _check(R.RENDERER.render_final(ENGINE.view(final, None), lang, names=names))


@pytest.mark.parametrize("width", [96, 104, 112, 120, 136, 150, 180])
def test_card_titles_break_between_phrases_not_inside_a_word(width: int) -> None:
    # A player's report: Japanese names broke mid-word on the hand's cards (城門の見 / 張り番).
    def script(ch: str) -> str:
        code = ord(ch)
        if 0x3041 <= code <= 0x309F:
            return "hiragana"
        if 0x30A1 <= code <= 0x30FA or ch == "ー":
            return "katakana"
        return "kanji" if 0x4E00 <= code <= 0x9FFF else "other"

    for card in CARDS.values():
        for lang in LANGS:
            block, _ = title_layout(card.title.get(lang), card_size(width))
            for upper, lower in itertools.pairwise(block.lines):
                if lang == "en":
                    assert upper.split()[-1] + " " + lower.split()[0] in card.title.en, (card.id, block.lines)
                    continue
                a, b = script(upper.rstrip("…")[-1]), script(lower[0])
                assert b != "hiragana" and not (a == b and a in ("kanji", "katakana")), (card.id, block.lines)


@pytest.mark.parametrize("lang", LANGS)
def test_gc_6_the_hand_shows_the_play_to_beat_only_on_the_seats_turn(lang: str) -> None:
    # A player's report: the hand still showed an old "To beat" while the player waited.
    state = make_state(
        {"alice": ["S4", "H9"], "bob": ["H6", "C11"], "carol": ["C6", "D13"]},
        top=("bob", ["S5"]),
        current="alice",
    )
    name = namer({"alice": "Alice", "bob": "Bob"})
    to_beat = t(lang, "to_beat", cards="5♠", seat="Bob")
    assert hand_prompt(ENGINE.view(state, "alice"), lang, name) == to_beat
    waiting = hand_prompt(ENGINE.view(state, "carol"), lang, name)
    assert to_beat not in waiting
    assert waiting == f"{t(lang, 'waiting', seat='Alice')} · {t(lang, 'field_now', cards='5♠', seat='Bob')}"
    _check(R.RENDERER.render_hand(ENGINE.view(state, "carol"), lang))


@pytest.mark.parametrize("lang", LANGS)
def test_gc_2_three_player_final_shows_no_blind_section_over_empty_space(lang: str) -> None:
    # A player's report: the 3-player final showed "Blind cards: none" over empty space. Three players
    # deal no blind cards (GC-2), so the standings end the picture.
    final, _ = play_out(ENGINE, ENGINE.new_game(["p1", "p2", "p3"], None, 3), ENGINE.ai(), Rng.from_seed(3))
    view = ENGINE.view(final, None)
    assert view.blind == [] and view.blind_count == 0
    img = decode(R.RENDERER.render_final(view, lang))
    assert empty_bottom(img) <= 40 and largest_empty_band(img) <= 40
    # With four players the two blind cards are shown under the standings, and the picture ends with them.
    final, _ = play_out(
        ENGINE, ENGINE.new_game(["p1", "p2", "p3", "p4"], None, 3), ENGINE.ai(), Rng.from_seed(3)
    )
    view = ENGINE.view(final, None)
    assert len(view.blind or []) == 2
    img = decode(R.RENDERER.render_final(view, lang))
    assert empty_bottom(img) <= 40 and largest_empty_band(img) <= 40
