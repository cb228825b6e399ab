"""Bundled fonts: coverage of what the games print, the fallback chain, bold, packaging."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import renderers.common.fonts as fonts_module
from renderers.common.fonts import DeckFont, covering_face, faces, font, font_chain, missing_glyphs, runs

SAMPLE = "alice が 7♠ 7♥ を出した — 「秘密の取引き」 Secret Deal ★"
GAME_SYMBOLS = "♠♥♦♣♤♡♢♧★☆✓✗✘→←⟲⟳↻·…×①②③「」『』【】ー〜"
NOT_A_CHARACTER = "\U0010fffd"  # plane-16 private use: no font will ever cover it


def _ink(char: str, drawing_font: DeckFont) -> Image.Image:
    img = Image.new("L", (96, 96), 0)
    ImageDraw.Draw(img).text((8, 80), char, font=drawing_font, fill=255, anchor="ls")
    return img


def test_mixed_sample_and_game_symbols_have_every_glyph() -> None:
    assert missing_glyphs(SAMPLE) == set()
    assert missing_glyphs(GAME_SYMBOLS) == set()


def test_missing_glyphs_reports_what_no_bundled_font_has() -> None:
    # U+1F600 is no good here: DejaVu Sans has a monochrome 😀. The crown emoji and a private-use code point
    # are in neither face.
    assert missing_glyphs(f"ok 👑 {NOT_A_CHARACTER} 7♠") == {"👑", NOT_A_CHARACTER}
    assert missing_glyphs("✨⏳") == {"✨", "⏳"}


def test_layout_controls_are_not_reported_missing() -> None:
    # "⚠️" carries a variation selector; newlines and tabs are layout, not glyphs.
    assert missing_glyphs("⚠️ line\nnext\tcol") == set()


def test_primary_face_lacks_some_symbols_and_the_fallback_draws_them() -> None:
    primary, fallback = faces()[0], faces()[1]
    assert primary.has("♠") and primary.has("★") and primary.has("秘")
    for char in "✗⟲⚠":
        assert not primary.has(char), char
        assert fallback.has(char), char
        assert covering_face(char) == 1
    parts = runs("7♠ ✗ pass", 20)
    assert [(text, part_font.face_index) for text, part_font in parts] == [("7♠ ", 0), ("✗ ", 1), ("pass", 0)]


@pytest.mark.parametrize("char", list(GAME_SYMBOLS + "秘A7"))
def test_cmap_coverage_matches_what_freetype_draws(char: str) -> None:
    """The cmap parser is the only source of truth for coverage, so check it against real rendering."""
    index = covering_face(char)
    assert index is not None
    chosen = font_chain(48)[index]
    tofu = _ink(NOT_A_CHARACTER, chosen)
    drawn = _ink(char, chosen)
    assert ImageChops.difference(drawn, tofu).getbbox() is not None, f"{char!r} renders as .notdef"


def test_uncovered_character_renders_as_notdef_in_the_primary_face() -> None:
    primary = font(48)
    assert ImageChops.difference(_ink("✗", primary), _ink(NOT_A_CHARACTER, primary)).getbbox() is None


def test_latin_punctuation_follows_its_context() -> None:
    latin = runs("Crown — 3", 20)
    assert [part_font.face_index for text, part_font in latin if "—" in text] == [1]
    japanese = runs("出した — 「秘密」", 20)
    assert all(part_font.face_index == 0 for _, part_font in japanese)


def test_fonts_are_cached_and_bold_is_a_stroke() -> None:
    assert font(20) is font(20)
    assert font(20).stroke == 0
    assert font(20, bold=True).stroke > 0
    regular, bold = Image.new("L", (200, 40)), Image.new("L", (200, 40))
    for img, weight in ((regular, False), (bold, True)):
        f = font(24, bold=weight)
        ImageDraw.Draw(img).text((4, 30), "Deal 取引", font=f, fill=255, anchor="ls", stroke_width=f.stroke)
    assert ImageStat.Stat(bold).sum[0] > ImageStat.Stat(regular).sum[0] * 1.15
    with pytest.raises(ValueError):
        font(0)


def test_fonts_resolve_inside_the_package_with_their_licences() -> None:
    package_fonts = Path(fonts_module.__file__).resolve().parent / "fonts"
    for face in faces():
        assert face.path.parent == package_fonts
        assert face.path.is_file()
    assert (package_fonts / "LICENSE-IPAexFont.txt").is_file()
    assert "Bitstream" in (package_fonts / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
