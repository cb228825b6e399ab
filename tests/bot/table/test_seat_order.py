"""One shuffle, in one place, for every game: the lobby shuffles the seats once at the start and announces
that order; every engine plays the seats in the order it is given (issue: AWS announced
"AI-3 → AI-2 → AI-1 → alice" while AI-1 → AI-3 → AI-2 → alice played, because its engine shuffled again)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import GameManifest, manifests
from bot.table.service import TableService


@pytest.mark.parametrize("game", manifests(), ids=lambda m: m.id)
async def test_the_announced_order_is_the_order_of_play(service: TableService, game: GameManifest) -> None:
    engine = game.engine
    for seed_offset in range(4):
        rec = await service.create(
            guild_id=9,
            channel_id=100 + seed_offset,
            host_id=1,
            host_name="u1",
            game_id=game.id,
            options_text=None,
        )
        for user in range(2, engine.max_players + 1):
            await service.join(rec.id, user, f"u{user}")
        rec = await service.start(rec.id, 1)
        announced = [s.seat for s in rec.seats]  # the publisher announces the seats in this order
        assert announced == [f"p{i + 1}" for i in range(len(rec.seats))]
        state: Any = service.state(rec)
        assert list(state.players) == announced, f"{game.id} reordered the seats it was given"


@pytest.mark.parametrize("game", manifests(), ids=lambda m: m.id)
def test_no_engine_reorders_the_players_it_is_given(game: GameManifest) -> None:
    engine = game.engine
    given = [f"s{i}" for i in range(engine.max_players, 0, -1)]
    for seed in range(20):
        state = engine.new_game(given, None, seed)
        assert list(state.players) == given, f"{game.id} reordered the players (seed {seed})"
