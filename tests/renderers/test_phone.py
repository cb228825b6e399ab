"""Readable on a phone: Discord shows a picture about 400 px wide there, so every text a picture draws must be
at least 9 px tall at that width. Each renderer states ``MIN_TEXT_PX`` (the smallest size it draws, per
picture kind); this checks the statement against the width of every picture kind, and checks that the drawing
code keeps it by recording the size of every run of text actually drawn, from cold caches (so text inside
cached sprites and tiles is drawn, and recorded, again)."""

from __future__ import annotations

import importlib
import io
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from PIL import Image

import engines
import renderers.common.text as text_module
from renderers.common import clear_caches
from tests.renderers.positions import GAMES, KINDS, MODULES, Position, position, view_of

PHONE_WIDTH = 400
MIN_PHONE_PX = 9
SEEDS = (11, 12, 13)  # several mid-game positions per game (and their finished games)
NAMES = {"p1": "alice", "p2": "とても長い名前のプレイヤーさん", "p3": "Bob the Builder", "p4": "W" * 40}


@cache
def _position(game: str, seed: int) -> Position:
    return position(game, seed)


@pytest.fixture
def drawn_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    sizes: list[int] = []
    original = text_module._draw_run

    def spy(draw: Any, xy: Any, part: str, part_font: Any, fill: Any, shadow: Any) -> None:
        if part.strip():
            sizes.append(part_font.size)
        original(draw, xy, part, part_font, fill, shadow)

    monkeypatch.setattr(text_module, "_draw_run", spy)
    clear_caches()
    yield sizes
    clear_caches()


def _check(game: str, kind: str, data: bytes, sizes: list[int]) -> None:
    min_px = importlib.import_module(MODULES[game]).MIN_TEXT_PX[kind]
    img = Image.open(io.BytesIO(data))
    assert min_px * PHONE_WIDTH / img.width >= MIN_PHONE_PX, (game, kind, min_px, img.width)
    assert sizes, f"{game} {kind}: no text drawn?"
    assert min(sizes) >= min_px, f"{game} {kind} draws text at {min(sizes)} px, below its {min_px} px floor"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", ("en", "ja"))
def test_every_picture_is_readable_at_phone_width(
    game: str, kind: str, lang: str, drawn_sizes: list[int]
) -> None:
    render = getattr(importlib.import_module(MODULES[game]), f"render_{kind}")
    for seed in SEEDS:
        view = view_of(_position(game, seed), kind)
        clear_caches()
        drawn_sizes.clear()
        data = render(view, lang, names=NAMES, ai_seats={"p2"})
        _check(game, kind, data, drawn_sizes)


@pytest.mark.parametrize("game", GAMES)
def test_card_pictures_are_readable_at_phone_width(game: str, drawn_sizes: list[int]) -> None:
    render_card = importlib.import_module(MODULES[game]).render_card
    cards = engines.get(game).cards()
    for info in cards[:: max(1, len(cards) // 8)]:
        for lang in ("en", "ja"):
            clear_caches()
            drawn_sizes.clear()
            _check(game, "card", render_card(info.id, lang), drawn_sizes)


@pytest.mark.parametrize("game", GAMES)
def test_min_text_px_covers_every_picture_kind(game: str) -> None:
    stated = importlib.import_module(MODULES[game]).MIN_TEXT_PX
    assert set(stated) >= {*KINDS, "card"}
    assert all(isinstance(v, int) and v > 0 for v in stated.values())
