"""Glorious Crown: random games per second, and the normal AI against three uniformly random players.

"Beats" means: the AI seat is the sole winner, strictly the highest total points (field points + finishing
bonus, GC-21) at the end of the game (``outcome.winners == [ai]``); the requirement is at least 70% of
4-player games. The highest total with ties included is reported beside it. Games are seeded 0..999,
4 players, the AI seat rotating p1..p4 so it starts from every position equally often.
"""

from __future__ import annotations

import time

import engines
from engines.core import RandomAgent, Rng
from engines.core.play import play_out
from tests.bench.timing import random_games_per_second

GAME = "glorious-crown"
SEATS = ["p1", "p2", "p3", "p4"]


def ai_against_random(games: int = 1000) -> dict[str, float]:
    engine = engines.get(GAME)
    ai = engine.ai("normal")
    rnd = RandomAgent(engine)
    top = sole = first_out = fouls = 0
    points = 0.0
    for seed in range(games):
        me = SEATS[seed % 4]
        agents = {s: (ai if s == me else rnd) for s in SEATS}
        final, _ = play_out(engine, engine.new_game(SEATS, None, seed), agents, Rng.from_seed(seed))
        out = engine.outcome(final)
        assert out is not None
        top += me in out.winners
        sole += out.winners == [me]
        first_out += final.finished[:1] == [me]
        fouls += me in final.fouls
        points += out.scores[me]
    return {
        "win": top / games,
        "sole_win": sole / games,
        "first_out": first_out / games,
        "fouls": fouls / games,
        "mean_total": points / games,
    }


def main() -> None:
    for n in (3, 4, 5):
        rate, games = random_games_per_second(GAME, n)
        print(f"{GAME} {n}p  random games/s: {rate:8.1f}  ({games} games)")
    started = time.perf_counter()
    games = 1000
    r = ai_against_random(games)
    elapsed = time.perf_counter() - started
    print(
        f"{GAME} normal AI vs 3 random, {games} seeded 4p games: sole winner {r['sole_win']:.1%} "
        f"(need >= 70%), highest total (ties incl.) {r['win']:.1%}, first out {r['first_out']:.1%}, "
        f"illegal finishes {r['fouls']:.1%}, "
        f"mean total {r['mean_total']:.2f}  ({elapsed:.0f} s, {elapsed * 1000 / games:.1f} ms/game)"
    )


if __name__ == "__main__":
    main()
