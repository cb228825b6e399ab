"""Seats the computer plays carry the robot mark in every picture that shows the seats (a player's report:
"AI seats show a plain letter where a robot mark would tell them apart")."""

from __future__ import annotations

import importlib
import inspect
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageStat

from renderers.common import PALETTE, new_canvas, robot_mark, robot_sprite
from tests.renderers.positions import GAMES, MODULES, Position, position, view_of

#: the pictures that show every seat (a hand shows only its own seat's cards)
SEAT_PICTURES = ("table", "final")


@cache
def _position(game: str) -> Position:
    return position(game, 5)


def _renderer(game: str) -> Any:
    return importlib.import_module(MODULES[game]).RENDERER


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ("table", "hand", "final"))
def test_every_picture_takes_ai_seats_as_a_keyword(game: str, kind: str) -> None:
    param = inspect.signature(getattr(_renderer(game), f"render_{kind}")).parameters["ai_seats"]
    assert param.kind is inspect.Parameter.KEYWORD_ONLY and not param.default


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", SEAT_PICTURES)
def test_an_ai_seat_is_marked_and_nobody_else(game: str, kind: str) -> None:
    pos = _position(game)
    render = getattr(_renderer(game), f"render_{kind}")
    view = view_of(pos, kind)
    plain = render(view, "en")
    for lang in ("en", "ja"):
        base = plain if lang == "en" else render(view, lang)
        assert render(view, lang, ai_seats=["p2"]) != base, f"{game} {kind} ({lang}) shows no robot mark"
        # A seat that does not play adds nothing, and any collection of seats will do.
        assert render(view, lang, ai_seats={"p9"}) == base
    assert render(view, "en", ai_seats=("p1",)) != render(view, "en", ai_seats=frozenset({"p2"}))


def test_the_robot_mark_is_a_drawn_head_not_a_blank_disc() -> None:
    sprite = robot_sprite(40)
    assert sprite.size == (40, 40) and sprite.mode == "RGBA"
    # Light head and dark eyes inside the ring: the centre has real contrast.
    centre = sprite.crop((10, 12, 30, 34)).convert("L")
    assert ImageStat.Stat(centre).stddev[0] > 40
    img = new_canvas(60, 60, vignette=False)
    box = robot_mark(img, (10, 10), 40)
    assert box == (10, 10, 50, 50)
    assert img.getpixel((5, 5))[:3] == PALETTE.felt  # nothing outside its box
    assert isinstance(img, Image.Image) and img.getpixel((30, 30)) != img.getpixel((5, 5))
