"""Every hosted game's pictures, parametrised over the manifests (a game that plugs in is checked too):
the table, every seat's hand and the final picture render for random positions in both languages, open as
images, stay within Discord-friendly size, and are readable on a phone (``MIN_TEXT_PX``)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games import GameManifest, manifests
from engines.core import Rng
from engines.core.play import play_out
from renderers.contract import stated_min_text_px

GAMES = [m for m in manifests() if m.renderer is not None]
MAX_BYTES = 1024 * 1024  # DESIGN.md: every picture at most 1 MiB
PHONE_WIDTH = 400  # Discord shows a picture about 400 px wide on a phone
READABLE_PX = 11  # Discord's own smallest text; tests/renderers/test_phone.py measures what is drawn


class _Random:
    def __init__(self, game: GameManifest) -> None:
        self.engine = game.engine

    def choose(self, state: Any, seat: str, rng: Rng) -> Any:
        return rng.choice(self.engine.legal_actions(state, seat))


def positions(game: GameManifest, seed: int) -> tuple[Any, Any]:
    """A mid-game state and a finished one, from one seeded random game."""
    engine = game.engine
    n = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
    start = engine.new_game([f"p{i + 1}" for i in range(n)], None, seed)
    final, history = play_out(engine, start, _Random(game), Rng.from_seed(seed))
    middle = start
    for seat, action, _events in history[: len(history) // 2]:
        middle = engine.apply(middle, seat, action).state
    return middle, final


def check(data: bytes, kind: str, game: GameManifest) -> None:
    assert len(data) <= MAX_BYTES, f"{game.id} {kind}: {len(data)} bytes"
    with Image.open(io.BytesIO(data)) as img:
        img.load()
        width = img.width
        assert img.width > 0 and img.height > 0
    smallest = stated_min_text_px(game.renderer).get(kind)
    if smallest is not None:
        shown = smallest * PHONE_WIDTH / width
        assert shown >= READABLE_PX, f"{game.id} {kind}: {smallest}px text is {shown:.1f}px on a phone"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
def test_every_picture_renders(game: GameManifest, lang: str) -> None:
    renderer = game.renderer
    assert renderer is not None
    engine = game.engine
    for seed in (1, 2):
        middle, final = positions(game, seed)
        names = {s: f"player {s}" for s in middle.players}
        ai = frozenset(middle.players[1:2])
        check(renderer.render_table(engine.view(middle, None), lang, names=names, ai_seats=ai), "table", game)
        for seat in middle.players:
            check(
                renderer.render_hand(engine.view(middle, seat), lang, names=names, ai_seats=ai), "hand", game
            )
        check(renderer.render_final(engine.view(final, None), lang, names=names, ai_seats=ai), "final", game)
