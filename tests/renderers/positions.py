"""Seeded game positions for the picture tests and the picture benchmark: a mid-game table (public view), the
hand of the seat to move and a finished game, for each game whose pictures live here.

The positions are reached by the games' own AI from a seed, so they look like real play (cards on the
field, pending decisions, scores) and every seed gives the same position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engines
from engines.core import Rng
from engines.core.play import play_out

GAMES: tuple[str, ...] = (
    "glorious-crown",
    "yggdrasil",
    "aws-builder-cards",
    "project-chaos",
    "aws-deckbuilding",
)
KINDS: tuple[str, ...] = ("table", "hand", "final")
#: each game's renderer package
MODULES: dict[str, str] = {game: f"renderers.{game.replace('-', '_')}" for game in GAMES}
#: player counts the positions rotate through (the widest tables come with the most seats)
PLAYERS: dict[str, tuple[int, ...]] = {
    "glorious-crown": (3, 4, 5),
    "yggdrasil": (2,),
    "aws-builder-cards": (2, 3, 4),
    "project-chaos": (3, 5, 2),
    "aws-deckbuilding": (2, 3, 4),
}


@dataclass(frozen=True)
class Position:
    game: str
    seed: int
    table: Any  # the public view
    hand: Any  # the view of the seat to move (or of the next seat holding cards)
    final: Any  # the public view of the same game played to its end


def position(game: str, seed: int) -> Position:
    """Seed ``seed``: the AI plays ``8 + seed % 23`` moves from a fresh game, then the game is played out."""
    engine = engines.get(game)
    counts = PLAYERS[game]
    seats = [f"p{i + 1}" for i in range(counts[seed % len(counts)])]
    ai = engine.ai()
    rng = Rng.from_seed(seed)
    state = engine.new_game(seats, None, seed)
    for _ in range(8 + seed % 23):
        movers = engine.to_move(state)
        if not movers:
            break
        state = engine.apply(state, movers[0], ai.choose(state, movers[0], rng)).state
    movers = engine.to_move(state)
    # The hand of the seat to move, unless it holds nothing (an AWS seat that has deployed everything):
    # then the next seat's, so the hand pictures measured and checked show cards.
    order = [*movers, *(s for s in seats if s not in movers)]
    views = [engine.view(state, s) for s in order]
    held = [v for v in views if getattr(v, "hand", None)]
    hand = held[0] if held else views[0]
    final, _ = play_out(engine, state, ai, Rng.from_seed(seed + 1000))
    return Position(
        game=game,
        seed=seed,
        table=engine.view(state, None),
        hand=hand,
        final=engine.view(final, None),
    )


def view_of(pos: Position, kind: str) -> Any:
    return {"table": pos.table, "hand": pos.hand, "final": pos.final}[kind]
