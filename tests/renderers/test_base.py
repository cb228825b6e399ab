"""The one renderer base: every game's pictures come from a ``Renderer`` subclass, the view may arrive as its
model or as the data the picture process receives, and the optional arguments mean the same in every game."""

from __future__ import annotations

import io
import random
from typing import ClassVar

import pytest
from PIL import Image

from bot.games import manifests
from renderers.base import Renderer
from renderers.contract import CardRenderer

GAMES = [m for m in manifests() if m.listed]


def _midgame(game: object) -> tuple[object, list[str]]:
    engine = game.engine  # type: ignore[attr-defined]
    players = [f"p{i}" for i in range(1, engine.min_players + 1)]
    state = engine.new_game(players, None, 11)
    rng = random.Random(5)
    for _ in range(25):
        seats = engine.to_move(state)
        if not seats:
            break
        state = engine.apply(state, seats[0], rng.choice(engine.legal_actions(state, seats[0]))).state
    return state, players


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
def test_every_game_renders_through_the_base(game: object) -> None:
    renderer = game.renderer  # type: ignore[attr-defined]
    assert isinstance(renderer, Renderer)
    assert isinstance(renderer, CardRenderer)
    assert set(renderer.min_text_px) >= {"table", "hand", "final"}
    assert renderer.width > 0


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
def test_a_view_as_data_draws_the_same_picture_as_the_model(game: object) -> None:
    renderer = game.renderer  # type: ignore[attr-defined]
    engine = game.engine  # type: ignore[attr-defined]
    state, players = _midgame(game)
    view = engine.view(state, None)
    as_data = view.model_dump(mode="json")
    assert renderer.render_table(as_data, "en") == renderer.render_table(view, "en")
    hand = engine.view(state, players[0])
    assert renderer.render_hand(hand.model_dump(mode="json"), "ja") == renderer.render_hand(hand, "ja")


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
def test_no_names_reads_as_the_seat_ids(game: object) -> None:
    renderer = game.renderer  # type: ignore[attr-defined]
    engine = game.engine  # type: ignore[attr-defined]
    state, players = _midgame(game)
    view = engine.view(state, None)
    assert renderer.render_final(view, "en") == renderer.render_final(
        view, "en", names={p: p for p in players}, ai_seats=()
    )
    # A hand shows no seat panels: which seats the AI plays changes nothing in it.
    hand = engine.view(state, players[0])
    assert renderer.render_hand(hand, "en", ai_seats={players[1]}) == renderer.render_hand(hand, "en")


def test_a_view_of_another_game_is_refused() -> None:
    by_id = {m.id: m for m in GAMES}
    crown = by_id["glorious-crown"]
    state, _ = _midgame(by_id["yggdrasil"])
    with pytest.raises(ValueError):
        crown.renderer.render_table(by_id["yggdrasil"].engine.view(state, None).model_dump(mode="json"), "en")  # type: ignore[union-attr]


def test_a_subclass_draws_what_its_functions_draw() -> None:
    """The base encodes whatever image the game's drawing function returns, with the defaults filled in."""
    from pydantic import BaseModel

    class Tiny(BaseModel):
        n: int

    seen: list[tuple[object, ...]] = []

    def table(view: Tiny, lang: str, names: dict[str, str], ai: frozenset[str]) -> Image.Image:
        seen.append((view, lang, names, ai))
        return Image.new("RGB", (10 + view.n, 10), "white")

    def hand(view: Tiny, lang: str, names: dict[str, str]) -> Image.Image:
        return Image.new("RGB", (5, 5), "white")

    def card(card_id: str, lang: str) -> Image.Image:
        return Image.new("RGB", (7, 7), "white")

    class TinyRenderer(Renderer[Tiny]):
        view_type = Tiny
        width = 10
        min_text_px: ClassVar[dict[str, int]] = {"table": 13, "hand": 13, "final": 13}
        draw_table = staticmethod(table)
        draw_final = staticmethod(table)
        draw_hand = staticmethod(hand)
        draw_card = staticmethod(card)

    r = TinyRenderer()
    png = r.render_table({"n": 3}, "ja", ai_seats=["p2"])
    assert seen == [(Tiny(n=3), "ja", {}, frozenset({"p2"}))]
    assert png.startswith(b"\x89PNG")
    assert Image.open(io.BytesIO(png)).size == (13, 10)
    assert Image.open(io.BytesIO(r.render_card("x", "en"))).size == (7, 7)
