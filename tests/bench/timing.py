"""Shared measuring loops for the benchmarks (not itself a benchmark: the runner takes ``bench_*`` only)."""

from __future__ import annotations

import time

import engines
from engines.core import RandomAgent, Rng
from engines.core.play import play_out


def random_games_per_second(game_id: str, players: int, seconds: float = 3.0) -> tuple[float, int]:
    """Complete games between random agents, seeded 0, 1, 2 …, for ``seconds`` of wall-clock time."""
    engine = engines.get(game_id)
    agent = RandomAgent(engine)
    seats = [f"p{i + 1}" for i in range(players)]
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        play_out(engine, engine.new_game(seats, None, done), agent, Rng.from_seed(done))
        done += 1
    return done / (time.perf_counter() - started), done
