"""The drawing kit's fast paths draw what the plain ones drew: cached glyph masks, RGB canvases, rounded
rectangles filled plain with blended corners; the caches stay bounded; the encoder keeps its promises."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops, ImageDraw

from renderers.common import (
    IMAGE_FORMAT,
    IMAGE_MIME,
    IMAGE_SUFFIX,
    MAX_IMAGE_BYTES,
    PALETTE,
    cache_stats,
    clear_caches,
    encode,
    glow,
    new_canvas,
    rounded_card,
    rounded_rect,
    runs,
    seat_row,
    text_width,
    wrap_text,
)
from renderers.common.compositing import fill_mask, rounded_mask
from renderers.common.text import draw_line
from renderers.common.wrapping import ZWSP


def _max_diff(a: Image.Image, b: Image.Image) -> int:
    return max(high for _, high in ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getextrema())


def test_encode_writes_the_stated_format_under_the_limit() -> None:
    assert (IMAGE_FORMAT, IMAGE_SUFFIX, IMAGE_MIME) == ("PNG", ".png", "image/png")
    data = encode(new_canvas(560, 400, mode="RGB"))
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) <= MAX_IMAGE_BYTES
    # Noise does not compress: the encoder falls back (palette, then smaller) to stay under the limit.
    rng = random.Random(1)
    noisy = Image.frombytes("RGB", (700, 700), bytes(rng.randrange(256) for _ in range(700 * 700 * 3)))
    data = encode(noisy)
    assert len(data) <= MAX_IMAGE_BYTES
    assert Image.open(io.BytesIO(data)).format == IMAGE_FORMAT


def test_the_unfiltered_png_is_a_valid_png_of_exactly_the_picture() -> None:
    """The encoder writes true-colour PNGs itself (rows unfiltered, Pillow's adaptive filter search cost
    more than the deflate): a decoder must read back every pixel, in odd sizes too."""
    rng = random.Random(7)
    for size in ((1, 1), (3, 5), (333, 17), (560, 400)):
        img = new_canvas(*size, mode="RGB")
        draw = ImageDraw.Draw(img)
        for _ in range(20):
            x, y = rng.randrange(size[0]), rng.randrange(size[1])
            draw.rectangle(
                (x, y, x + rng.randrange(40), y + rng.randrange(40)), fill=PALETTE.seat(rng.randrange(6))
            )
        data = encode(img)
        back = Image.open(io.BytesIO(data))
        back.verify()  # chunk CRCs and structure
        back = Image.open(io.BytesIO(data))
        assert back.mode == "RGB" and back.size == size
        assert ImageChops.difference(back, img).getbbox() is None


def test_rgb_and_rgba_canvases_draw_the_same_picture() -> None:
    pictures = []
    for mode in ("RGBA", "RGB"):
        img = new_canvas(320, 200, mode=mode)  # type: ignore[arg-type]
        glow(img, (20, 20, 160, 90), 12)
        rounded_card(img, (190, 20, 290, 160))
        rounded_rect(img, (20, 110, 160, 180), 10, fill=PALETTE.panel, outline=PALETTE.highlight, width=3)
        draw_line(ImageDraw.Draw(img), (30, 150), "手札 5 · Bob", 16, fill=PALETTE.text_light, bold=True)
        pictures.append(img)
    assert _max_diff(*pictures) <= 1


def test_a_large_rounded_rect_matches_blending_its_whole_mask() -> None:
    for w, h, radius in [(400, 120, 14), (300, 300, 40), (200, 90, 45)]:
        fast = new_canvas(460, 360, mode="RGB")
        plain = fast.copy()
        rounded_rect(
            fast, (9, 11, 9 + w, 11 + h), radius, fill=(200, 100, 50), outline=(10, 220, 30), width=3
        )
        fill_mask(plain, (9, 11), rounded_mask(w, h, radius), (10, 220, 30))
        fill_mask(plain, (12, 14), rounded_mask(w - 6, h - 6, radius - 3), (200, 100, 50))
        assert _max_diff(fast, plain) == 0, (w, h, radius)


def test_cached_glyph_masks_draw_what_pillow_draws() -> None:
    for text, size, bold in [("Glorious Crown", 22, True), ("世界樹の心臓", 14, False), ("7♥ ⇄", 18, True)]:
        ours = Image.new("RGB", (300, 60), PALETTE.felt)
        draw_line(ImageDraw.Draw(ours), (10, 40), text, size, fill=PALETTE.text_light, bold=bold)
        theirs = Image.new("RGB", (300, 60), PALETTE.felt)
        x = 10.0
        draw = ImageDraw.Draw(theirs)
        for part, part_font in runs(text, size, bold=bold):
            draw.text(
                (round(x + part_font.stroke), 40),
                part,
                font=part_font,
                fill=PALETTE.text_light,
                anchor="ls",
                stroke_width=part_font.stroke,
                stroke_fill=PALETTE.text_light,
            )
            x += part_font.getlength(part)
        # The same glyphs at the same places: at most a pixel's sub-pixel offset apart.
        diff = ImageChops.difference(ours, theirs).convert("L")
        assert sum(diff.histogram()[97:]) < 0.03 * 300 * 60, text


def test_caches_are_bounded_and_can_be_emptied() -> None:
    new_canvas(100, 100)
    text_width("warm", 14)
    stats = cache_stats()
    assert stats and all(0 < s.maxsize < 100_000 for s in stats.values())
    clear_caches()
    assert all(s.size == 0 for s in cache_stats().values())


def test_a_zero_width_space_is_a_break_that_is_not_drawn() -> None:
    name = f"データベース{ZWSP}サーバー"
    assert wrap_text(name, text_width("データベース", 14) + 2, 14, phrases=True) == [
        "データベース",
        "サーバー",
    ]
    assert text_width(name, 14) == text_width("データベースサーバー", 14)


def test_seat_row_keeps_detail_and_mark_whole_and_cuts_a_long_name() -> None:
    img = new_canvas(400, 60, mode="RGB")
    seat_row(
        img,
        (10, 8, 390, 52),
        name="W" * 60,
        colour=PALETTE.seat(0),
        detail="13 cards · 2 pts",
        mark="TURN",
        robot=True,
        active=True,
    )
    # The detail at the right end is drawn whole (light text on the panel), the name gave way.
    right = img.crop((300, 14, 385, 46))
    assert _max_diff(right, Image.new("RGB", right.size, PALETTE.panel)) > 100
