"""Random complete games per second for every registered engine (one core, this process)."""

from __future__ import annotations

import time

import engines
from engines.core import RandomAgent, Rng
from engines.core.play import play_out


def games_per_second(game_id: str, players: int, seconds: float = 3.0) -> tuple[float, int]:
    engine = engines.get(game_id)
    agent = RandomAgent(engine)
    seats = [f"p{i + 1}" for i in range(players)]
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = engine.new_game(seats, None, done)
        play_out(engine, state, agent, Rng.from_seed(done))
        done += 1
    return done / (time.perf_counter() - started), done


def main() -> None:
    for engine in engines.all():
        for n in sorted({engine.min_players, engine.max_players}):
            rate, games = games_per_second(engine.id, n)
            print(f"{engine.id:20s} {n}p  random games/s: {rate:8.1f}  ({games} games)")
