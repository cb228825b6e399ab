"""The Yggdrasil time-lapse: one frame per placement, each the trees as they stood after it, a looping
GIF well within Discord's attachment limit, readable on a phone."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageSequence, ImageStat

from engines.core import Rng
from engines.core.play import play_out
from engines.yggdrasil import ENGINE
from engines.yggdrasil.events import Placed
from renderers.common import missing_glyphs
from renderers.yggdrasil.timelapse import (
    FRAME_MS,
    LAST_FRAME_MS,
    MIN_TEXT_PX,
    WIDTH,
    Placement,
    encode_gif,
    render_frame,
    render_timelapse,
    t,
)

TWO_MIB = 2 * 1024 * 1024
NAMES = {"p1": "alice", "p2": "AI-1"}


def placements(seed: int, options: dict[str, object] | None = None) -> list[Placement]:
    start = ENGINE.new_game(["p1", "p2"], options, seed)
    _, history = play_out(ENGINE, start, ENGINE.ai(), Rng.from_seed(seed))
    out, state = [], start
    for seat, action, _events in history:
        step = ENGINE.apply(state, seat, action)
        state = step.state
        out += [
            Placement(ENGINE.view(state, None), e.seat, e.cell) for e in step.events if isinstance(e, Placed)
        ]
    assert len(out) == sum(1 for _, a, _ in history if a.type == "place")
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_one_frame_per_placement_within_the_limit(lang: str) -> None:
    placed = placements(5)
    data = render_timelapse(placed, lang, names=NAMES, ai_seats={"p2"})
    assert len(data) < TWO_MIB
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.is_animated and gif.n_frames == len(placed)
    assert gif.info["loop"] == 0
    durations = []
    for frame in ImageSequence.Iterator(gif):
        durations.append(frame.info["duration"])
    assert durations == [FRAME_MS] * (len(placed) - 1) + [LAST_FRAME_MS]


def test_each_frame_shows_the_trees_after_its_placement() -> None:
    placed = placements(7)
    data = render_timelapse(placed, "en", names=NAMES)
    gif = Image.open(io.BytesIO(data))
    for index in (0, len(placed) // 2, len(placed) - 1):
        gif.seek(index)
        shown = gif.convert("RGB")
        drawn = render_frame(placed[index], index + 1, len(placed), "en", NAMES)
        assert shown.size == drawn.size == (WIDTH, drawn.height)
        # One shared 255-colour palette: close to the full-colour drawing, not equal to it.
        diff = ImageStat.Stat(ImageChops.difference(shown, drawn).convert("L")).mean[0]
        assert diff < 3, f"frame {index}: mean difference {diff:.1f}"
        other = render_frame(placed[index - 1], index, len(placed), "en", NAMES) if index else None
        if other is not None:
            assert ImageChops.difference(drawn, other).getbbox() is not None


def test_frames_are_one_size_whatever_happened() -> None:
    placed = placements(11, {"columns": 3, "rows": 5})
    sizes = {render_frame(p, i, len(placed), "en").size for i, p in enumerate(placed, start=1)}
    assert len(sizes) == 1


def test_too_big_is_shrunk_and_impossible_is_refused() -> None:
    frames = [render_frame(p, i, 3, "en") for i, p in enumerate(placements(5)[:3], start=1)]
    small = Image.open(io.BytesIO(encode_gif(frames, max_bytes=40_000)))
    assert small.width < WIDTH and small.n_frames == 3
    with pytest.raises(ValueError, match="cannot shrink"):
        encode_gif(frames, max_bytes=100)
    with pytest.raises(ValueError):
        encode_gif([])


def test_readable_on_a_phone_and_every_glyph_drawn() -> None:
    assert MIN_TEXT_PX * 400 / WIDTH >= 11
    for text in t.strings():
        assert not missing_glyphs(text), text
