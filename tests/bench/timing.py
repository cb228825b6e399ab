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


def ai_games_per_second(game_id: str, seconds: float = 5.0) -> tuple[float, int, float]:
    """Complete 2-player games of the normal AI against itself for ``seconds`` of this process's CPU time
    (one core's worth, whatever else the machine runs): games per second, games, actions per game."""
    engine = engines.get(game_id)
    agent = engine.ai("normal")
    done = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        _final, history = play_out(
            engine, engine.new_game(["p1", "p2"], None, done), agent, Rng.from_seed(done)
        )
        actions += len(history)
        done += 1
    return done / (time.process_time() - started), done, actions / max(1, done)


def ai_win_rate(game_id: str, games: int = 1000) -> tuple[float, float]:
    """The normal AI against the game's random level over seeded 2-player games (first seat in odd seeds,
    second in even ones): the share it wins alone, and the share it shares."""
    engine = engines.get(game_id)
    wins = ties = 0
    for seed in range(games):
        ai_seat = "p1" if seed % 2 else "p2"
        agents = {s: engine.ai("normal" if s == ai_seat else "random") for s in ("p1", "p2")}
        final, _ = play_out(engine, engine.new_game(["p1", "p2"], None, seed), agents, Rng.from_seed(seed))
        out = engine.outcome(final)
        assert out is not None
        if out.winners == [ai_seat]:
            wins += 1
        elif ai_seat in out.winners:
            ties += 1
    return wins / games, ties / games


def report_two_player_ai(game_id: str, *, target_rate: float, target_wins: float) -> None:
    rate, games, actions = ai_games_per_second(game_id)
    print(
        f"{game_id}  AI vs AI 2p: {rate:6.1f} games/s of one core's CPU time (goal >= {target_rate:.0f}; "
        f"{games} games, {actions:.1f} actions/game)"
    )
    wins, ties = ai_win_rate(game_id)
    print(
        f"{game_id}  AI vs random 2p, 1000 seeded games: AI wins {wins:.1%} (goal >= {target_wins:.0%}; "
        f"shared {ties:.1%})"
    )
