"""Random complete games per second for every registered engine (one core, this process)."""

from __future__ import annotations

import engines
from tests.bench.timing import random_games_per_second


def main() -> None:
    for engine in engines.all():
        for n in sorted({engine.min_players, engine.max_players}):
            rate, games = random_games_per_second(engine.id, n)
            print(f"{engine.id:20s} {n}p  random games/s: {rate:8.1f}  ({games} games)")
