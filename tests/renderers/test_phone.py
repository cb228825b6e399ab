"""Readable on a phone: Discord shows a picture about 400 px wide there, so every text a picture draws must be
at least 11 px (font size) at that width, like Discord's own smallest text (11-12 px).

Measured on what is drawn, not on what a renderer states: :class:`DrawnText` records every run of text with
the size it was drawn at and follows it through every copy, crop, paste and resize into the picture that is
sent (text drawn into a sprite that is then scaled down shrinks with it), and through the encoder, which may
scale the picture down to fit its byte limit. Pictures are drawn from cold caches, so the text inside cached
sprites and tiles is drawn, and recorded, again. Each renderer's ``MIN_TEXT_PX`` (the smallest size it
draws, per picture kind) is checked against what it drew too."""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageDraw

import engines
import renderers.yggdrasil.timelapse as timelapse_module
from renderers.common import clear_caches, draw_text, encode, new_canvas
from renderers.leaderboard import MIN_TEXT_PX as LEADERBOARD_MIN_TEXT_PX
from renderers.leaderboard import Board, Row, render_leaderboard
from renderers.review import MIN_TEXT_PX as REVIEW_MIN_TEXT_PX
from renderers.review import draw_course
from tests.renderers.drawn_text import PHONE_WIDTH, DrawnText, Run
from tests.renderers.positions import GAMES, KINDS, MODULES, Position, position, view_of
from tests.renderers.review.conftest import waves
from tests.renderers.test_yggdrasil_timelapse import placements

MIN_PHONE_PX = 11
SEEDS = (11, 12, 13)  # several mid-game positions per game (and their finished games)
NAMES = {"p1": "alice", "p2": "とても長い名前のプレイヤーさん", "p3": "Bob the Builder", "p4": "W" * 40}


@cache
def _position(game: str, seed: int) -> Position:
    return position(game, seed)


def _too_small(runs: list[Run]) -> list[tuple[float, str]]:
    return sorted({(round(run.px, 2), run.text) for run in runs if run.px < MIN_PHONE_PX})


def _check(label: str, min_px: int, data: bytes, drawn: DrawnText) -> None:
    img = Image.open(io.BytesIO(data))
    assert min_px * PHONE_WIDTH / img.width >= MIN_PHONE_PX, (label, min_px, img.width)
    as_drawn = drawn.drawn()
    assert as_drawn, f"{label}: no text drawn?"
    smallest = min(run.px for run in as_drawn)
    assert smallest >= min_px, f"{label} draws text at {smallest} px, below its {min_px} px floor"
    small = _too_small(drawn.encoded(data))
    assert not small, f"{label}: text under {MIN_PHONE_PX} px at {PHONE_WIDTH} px wide: {small[:12]}"


def _render(drawn: DrawnText, render: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
    """``render(*args, **kwargs)`` from cold caches, recording only its own text."""
    clear_caches()
    drawn.reset()
    return render(*args, **kwargs)


def test_text_in_a_sprite_scaled_down_is_measured_at_the_size_it_is_shown(drawn: DrawnText) -> None:
    """Drawn at 14 px into a sprite that is pasted at half size, text shows at 7 px on a 400 px picture:
    the size it was drawn at (14 px) is not what a phone shows."""
    sprite = new_canvas(200, 40, vignette=False)
    draw_text(sprite, (0, 0, 200, 40), "effect: +1", size=14, wrap=False)
    picture = new_canvas(400, 100, vignette=False)
    picture.paste(sprite.resize((100, 20), Image.Resampling.LANCZOS), (10, 10))
    draw_text(picture, (0, 50, 400, 80), "title", size=20, wrap=False)
    data = encode(picture)
    assert sorted((run.text, run.px) for run in drawn.encoded(data)) == [("effect: +1", 7.0), ("title", 20.0)]
    assert _too_small(drawn.encoded(data)) == [(7.0, "effect: +1")]


def test_a_picture_the_encoder_scales_down_is_measured_at_its_new_size(drawn: DrawnText) -> None:
    """A picture over its byte limit is scaled down by the encoder; a 400 px wide picture then reaches the
    phone narrower, and its text smaller, than it was drawn."""
    picture = new_canvas(400, 400, vignette=False, mode="RGB")
    noise = Image.effect_noise((400, 400), 120).convert("RGB")  # does not compress
    picture.paste(noise, (0, 0))
    draw_text(ImageDraw.Draw(picture), (0, 0, 400, 40), "fine print", size=12, wrap=False)
    data = encode(picture, max_bytes=60_000)
    shown = Image.open(io.BytesIO(data)).width
    assert shown < 400
    assert [run.px for run in drawn.encoded(data)] == [pytest.approx(12 * shown / 400, abs=0.01)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", ("en", "ja"))
def test_every_picture_is_readable_at_phone_width(game: str, kind: str, lang: str, drawn: DrawnText) -> None:
    module = importlib.import_module(MODULES[game])
    render = getattr(module.RENDERER, f"render_{kind}")
    for seed in SEEDS:
        view = view_of(_position(game, seed), kind)
        data = _render(drawn, render, view, lang, names=NAMES, ai_seats={"p2"})
        _check(f"{game} {kind} {lang} seed {seed}", module.MIN_TEXT_PX[kind], data, drawn)


@pytest.mark.parametrize("game", GAMES)
def test_card_pictures_are_readable_at_phone_width(game: str, drawn: DrawnText) -> None:
    module = importlib.import_module(MODULES[game])
    cards = engines.get(game).cards()
    for info in cards[:: max(1, len(cards) // 8)]:
        for lang in ("en", "ja"):
            data = _render(drawn, module.RENDERER.render_card, info.id, lang)
            _check(f"{game} card {info.id} {lang}", module.MIN_TEXT_PX["card"], data, drawn)


@pytest.mark.parametrize("lang", ("en", "ja"))
def test_the_leaderboard_is_readable_at_phone_width(lang: str, drawn: DrawnText) -> None:
    people = [
        Row("alice", 12, 7, 1.42, 31, 3),
        Row("ボブ・サンダーソン", 10, 3, 2.1, 28.5, -2),
        Row("carol with a display name far too long for one row of a phone picture", 4, 0, 3.0, 12, -4),
    ]
    boards = [Board("Glorious Crown", 14, people, [Row("AI (normal)", 20, 8, 2.2, 30, 1)])]
    data = _render(drawn, render_leaderboard, boards, lang, subtitle="Team server")
    _check(f"leaderboard {lang}", LEADERBOARD_MIN_TEXT_PX["leaderboard"], data, drawn)


@pytest.mark.parametrize("lang", ("en", "ja"))
@pytest.mark.parametrize("team", (False, True))
def test_the_review_course_is_readable_at_phone_width(lang: str, team: bool, drawn: DrawnText) -> None:
    seats = ["p1", "p2", "p3", "p4"]
    course = waves("project-chaos" if team else "glorious-crown", seats, 90, team=team)
    data = _render(drawn, draw_course, course, [40, 7, 70], NAMES, lang, highlight="p2")
    _check(f"review course {lang} team={team}", REVIEW_MIN_TEXT_PX["course"], data, drawn)


@pytest.mark.parametrize("lang", ("en", "ja"))
def test_the_yggdrasil_timelapse_is_readable_at_phone_width(
    lang: str, drawn: DrawnText, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every frame, as the GIF shows it (the encoder halves the frames while the GIF is over its limit)."""
    frames: list[Image.Image] = []
    encode_gif = timelapse_module.encode_gif

    def keep(sent: list[Image.Image], **kwargs: int) -> bytes:
        frames.extend(sent)
        return encode_gif(sent, **kwargs)

    monkeypatch.setattr(timelapse_module, "encode_gif", keep)
    placed = placements(5)
    data = _render(
        drawn, timelapse_module.render_timelapse, placed, lang, names={"p1": "alice", "p2": "AI-1"}
    )
    assert len(frames) == len(placed)
    for i, frame in enumerate(frames):
        shown = drawn.shown(frame, data)
        assert shown, f"frame {i}: no text drawn?"
        assert min(run.px for run in drawn.runs_on(frame)) >= timelapse_module.MIN_TEXT_PX
        assert not _too_small(shown), (i, _too_small(shown)[:12])


@pytest.mark.parametrize("game", GAMES)
def test_min_text_px_covers_every_picture_kind(game: str) -> None:
    stated = importlib.import_module(MODULES[game]).MIN_TEXT_PX
    assert set(stated) >= {*KINDS, "card"}
    assert all(isinstance(v, int) and v > 0 for v in stated.values())
