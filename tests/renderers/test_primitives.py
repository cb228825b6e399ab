"""Primitives, canvas and PNG output: the demo sheet and each piece drawn on its own."""

from __future__ import annotations

import io
import itertools
import os
import time

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from renderers.common import (
    MAX_PNG_BYTES,
    PALETTE,
    avatar,
    badge,
    badge_size,
    hstack,
    initials_of,
    new_canvas,
    playing_card,
    rounded_rect,
    seat_panel,
    supersampled,
    to_png,
)
from renderers.common.demo import DEMO_SIZE, demo_sheet

Colour = tuple[int, ...]


def _count_near(img: Image.Image, box: tuple[int, int, int, int], colour: Colour, tolerance: int = 24) -> int:
    """Pixels in ``box`` within ``tolerance`` (per channel) of ``colour``."""
    region = img.crop(box).convert("RGB")
    target = Image.new("RGB", region.size, colour[:3])
    red, green, blue = ImageChops.difference(region, target).split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    near = worst.point(lambda v: 255 if v <= tolerance else 0)
    return int(ImageStat.Stat(near).sum[0] // 255)


def _spread(img: Image.Image, box: tuple[int, int, int, int]) -> float:
    """Mean per-channel standard deviation: ~0 for a flat region, large where something was drawn."""
    stat = ImageStat.Stat(img.crop(box).convert("RGB"))
    return sum(stat.stddev) / 3


def _rgb(img: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    pixel = img.getpixel(xy)
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def _flat_canvas(width: int = 480, height: int = 320) -> Image.Image:
    return new_canvas(width, height, vignette=False)


def test_demo_sheet_png_is_valid_small_and_fast() -> None:
    demo_sheet()  # warm the font and sprite caches, as a running bot would have them
    start = time.perf_counter()
    data = to_png(demo_sheet())
    elapsed = time.perf_counter() - start
    assert len(data) <= MAX_PNG_BYTES
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(io.BytesIO(data)) as img:
        img.load()
        assert img.size == DEMO_SIZE
        # Every area the demo draws into has content; a flat felt region would have a spread near 0.
        for box in [
            (32, 76, 302, 176),  # active seat panel
            (60, 236, 180, 404),  # first field card
            (1020, 236, 1140, 404),  # face-down card
            (32, 450, 360, 482),  # badge row
            (32, 600, 650, 734),  # the hand
        ]:
            assert _spread(img, box) > 15, box
        assert _spread(img, (560, 750, 660, 790)) < 8  # while empty felt stays flat
    assert elapsed < 1.0


def test_playing_card_face_shows_suit_ink_and_title() -> None:
    img = _flat_canvas()
    box = playing_card(img, (40, 40), (120, 168), rank_label="7", suit="heart", title="秘密の取引き")
    assert box == (40, 40, 160, 208)
    assert _count_near(img, box, PALETTE.card_face) > 4000
    assert _count_near(img, box, PALETTE.heart) > 400  # the big pip and the index
    plaque = (box[0] + 8, box[3] - 44, box[2] - 8, box[3] - 8)
    assert _count_near(img, plaque, PALETTE.text_dark, tolerance=60) > 40  # the title text
    assert _count_near(img, (0, 0, 480, 30), PALETTE.felt) == 480 * 30  # nothing spilled above the card

    plain = _flat_canvas()
    playing_card(plain, (40, 40), (120, 168), rank_label="7", suit="spade")
    assert _count_near(plain, box, PALETTE.heart) == 0
    assert _count_near(plain, box, PALETTE.spade) > 400


def test_primitives_work_on_rgb_images_and_past_the_edges() -> None:
    img = Image.new("RGB", (200, 120), PALETTE.felt)
    playing_card(img, (-40, -30), rank_label="5", suit="diamond")  # hangs over the top-left corner
    playing_card(img, (150, 60), rank_label="5", suit="diamond", highlight=True)  # and the bottom-right
    badge(img, (10, 90), "RGB", colour=PALETTE.info)
    assert img.mode == "RGB" and img.size == (200, 120)
    assert _count_near(img, (0, 0, 80, 120), PALETTE.diamond) > 100
    assert _count_near(img, (150, 60, 200, 120), PALETTE.card_face) > 500
    rgba = new_canvas(200, 120, vignette=False)
    playing_card(rgba, (-40, -30), rank_label="5", suit="diamond")
    playing_card(rgba, (150, 60), rank_label="5", suit="diamond", highlight=True)
    badge(rgba, (10, 90), "RGB", colour=PALETTE.info)
    diff = ImageChops.difference(img, rgba.convert("RGB"))
    assert max(ImageStat.Stat(diff).extrema[band][1] for band in range(3)) <= 3


def test_face_down_card_never_depends_on_the_hidden_card() -> None:
    a, b = _flat_canvas(), _flat_canvas()
    box = playing_card(a, (40, 40), rank_label="3", suit="spade", title="見習いの侍女", face_down=True)
    playing_card(b, (40, 40), rank_label="15", suit="heart", title="other", face_down=True)
    assert ImageChops.difference(a, b).getbbox() is None
    assert _count_near(a, box, PALETTE.card_back) > 2000
    assert _count_near(a, box, PALETTE.heart) == 0


def test_highlight_glows_and_dimmed_darkens() -> None:
    normal, lit, dim = _flat_canvas(), _flat_canvas(), _flat_canvas()
    for img, highlight, dimmed in ((normal, False, False), (lit, True, False), (dim, False, True)):
        playing_card(
            img, (40, 40), rank_label="8", suit="club", title="騎士の斬撃", highlight=highlight, dimmed=dimmed
        )
    card = (40, 40, 160, 208)
    assert _count_near(lit, card, PALETTE.highlight, tolerance=30) > 300
    assert _count_near(normal, card, PALETTE.highlight, tolerance=30) == 0
    halo = (30, 30, 170, 40)  # just above the card
    assert ImageStat.Stat(lit.crop(halo)).mean[0] > ImageStat.Stat(normal.crop(halo)).mean[0] + 20
    assert (
        ImageStat.Stat(dim.crop(card).convert("L")).mean[0]
        < ImageStat.Stat(normal.crop(card).convert("L")).mean[0] - 40
    )


def test_joker_and_long_labels_render() -> None:
    img = _flat_canvas()
    box = playing_card(img, (40, 40), rank_label="JOKER", suit=None, symbol="★", title="道化師")
    assert _count_near(img, box, PALETTE.joker, tolerance=40) > 300
    box2 = playing_card(img, (200, 40), rank_label="100", suit=None)
    assert _count_near(img, box2, PALETTE.joker, tolerance=40) > 100


def test_badges_return_their_box_and_grow_with_text() -> None:
    img = _flat_canvas()
    first = badge(img, (10, 10), "✓ 出せる", colour=PALETTE.success, size=18)
    second = badge(img, (first[2] + 8, 10), "✗ Pass", colour=PALETTE.danger, size=18)
    assert first[0] == 10 and second[0] == first[2] + 8
    assert (first[2] - first[0], first[3] - first[1]) == badge_size("✓ 出せる", size=18)
    assert badge_size("a much longer badge text", size=16)[0] > badge_size("short", size=16)[0]
    assert _count_near(img, first, PALETTE.success) > 0.5 * (first[2] - first[0]) * (first[3] - first[1])
    assert _count_near(img, second, PALETTE.danger) > 0.5 * (second[2] - second[0]) * (second[3] - second[1])
    # The text is there, in the contrasting colour (white on red).
    assert _count_near(img, second, PALETTE.text_light, tolerance=40) > 30


def test_seat_panel_active_has_a_gold_border_and_shows_its_text() -> None:
    box = (20, 20, 320, 120)
    idle, active = _flat_canvas(), _flat_canvas()
    for img, is_active in ((idle, False), (active, True)):
        seat_panel(
            img,
            box,
            name="ボブ",
            colour=PALETTE.seat(1),
            lines=["手札 9枚 · 4点", "PASS"],
            active=is_active,
            mark="親",
        )
    # Both have the gold mark badge; only the active one has the border around the whole panel.
    assert (
        _count_near(active, box, PALETTE.highlight, tolerance=30)
        > _count_near(idle, box, PALETTE.highlight) + 600
    )
    assert _count_near(idle, box, PALETTE.seat(1)) > 500  # avatar and bar
    text_area = (120, 60, 300, 110)
    assert _count_near(idle, text_area, PALETTE.text_muted_light, tolerance=40) > 40


def test_seat_panel_drops_lines_that_do_not_fit() -> None:
    short, many = _flat_canvas(), _flat_canvas()
    box = (20, 20, 320, 100)
    seat_panel(short, box, name="alice", colour=PALETTE.seat(0), lines=["one"])
    seat_panel(many, box, name="alice", colour=PALETTE.seat(0), lines=["one"] + ["overflow line"] * 10)
    below = (20, 100, 320, 320)
    assert ImageChops.difference(short.crop(below), many.crop(below)).getbbox() is None


def test_avatar_is_a_disc_with_initials() -> None:
    img = _flat_canvas()
    box = avatar(img, (20, 20), 60, initials_of("Alice Smith"), PALETTE.seat(0))
    assert box == (20, 20, 80, 80)
    assert _count_near(img, box, PALETTE.seat(0)) > 1500
    assert _count_near(img, box, PALETTE.text_dark, tolerance=50) > 40
    assert _rgb(img, (20, 20)) == PALETTE.felt  # corner outside the disc


def test_initials_of() -> None:
    assert initials_of("Alice Smith") == "AS"
    assert initials_of("bob") == "B"
    assert initials_of("たろう") == "た"
    assert initials_of("  ") == "?"


def test_hstack_centres_then_overlaps() -> None:
    assert hstack(3, 100, 400, gap=20) == [30, 150, 270]
    assert hstack(1, 100, 400) == [150]
    assert hstack(0, 100, 400) == []
    fanned = hstack(10, 100, 500, gap=10, start=20)
    assert fanned[0] == 20 and fanned[-1] + 100 == 520
    steps = {b - a for a, b in itertools.pairwise(fanned)}
    assert max(steps) - min(steps) <= 1 and max(steps) < 100


def test_shapes_are_anti_aliased() -> None:
    img = _flat_canvas(100, 100)
    rounded_rect(img, (10, 10, 90, 90), 30, fill=(255, 255, 255))
    corner = img.crop((10, 10, 30, 30)).convert("L")
    shades = {value for _count, value in corner.getcolors() or []}
    assert len(shades) >= 8  # intermediate shades along the curved edge, not just felt and white


def test_supersampled_block_is_anti_aliased() -> None:
    img = _flat_canvas(100, 100)
    with supersampled(img, (0, 0, 100, 100), factor=4) as big:
        ImageDraw.Draw(big).ellipse((40, 40, 360, 360), fill=(255, 255, 255, 255))
    row = {_rgb(img, (x, 50))[0] for x in range(5, 20)}
    assert len(row - {PALETTE.felt[0], 255}) >= 1


def test_to_png_shrinks_noise_under_the_limit() -> None:
    noise = Image.frombytes("RGB", (500, 400), os.urandom(500 * 400 * 3))
    data = to_png(noise, max_bytes=150_000)
    assert len(data) <= 150_000
    with Image.open(io.BytesIO(data)) as img:
        assert img.width < 500


def test_new_canvas_vignette_darkens_the_edges() -> None:
    img = new_canvas(400, 300)
    assert _rgb(img, (200, 150)) == PALETTE.felt
    assert sum(_rgb(img, (2, 2))) < sum(PALETTE.felt) - 20
    with pytest.raises(ValueError):
        new_canvas(0, 10)
