"""AWS Deckbuilding Game: AI-vs-AI games per second (2 players, one core's CPU time) and the AI's win rate
against a random player over 1,000 seeded 2-player games (the AI sits first in odd seeds, second in even
ones). Targets: >= 50 games/s, >= 90% wins."""

from __future__ import annotations

import time

from engines.aws_deckbuilding import ENGINE
from engines.core import RandomAgent, Rng
from engines.core.play import play_out

SEATS = ["p1", "p2"]


def ai_games_per_second(seconds: float = 5.0) -> tuple[float, int, float]:
    agent = ENGINE.ai("normal")
    done = turns = 0
    # CPU time of this process: one core's worth, whatever else the machine is running.
    started = time.process_time()
    while time.process_time() - started < seconds:
        final, _ = play_out(ENGINE, ENGINE.new_game(SEATS, None, done), agent, Rng.from_seed(done))
        turns += final.turns
        done += 1
    return done / (time.process_time() - started), done, turns / max(1, done)


def win_rate(games: int = 1000) -> tuple[float, float]:
    wins = ties = 0
    for seed in range(games):
        ai_seat = "p1" if seed % 2 else "p2"
        agents = {s: ENGINE.ai() if s == ai_seat else RandomAgent(ENGINE) for s in SEATS}
        final, _ = play_out(ENGINE, ENGINE.new_game(SEATS, None, seed), agents, Rng.from_seed(seed))
        out = ENGINE.outcome(final)
        assert out is not None
        if out.winners == [ai_seat]:
            wins += 1
        elif ai_seat in out.winners:
            ties += 1
    return wins / games, ties / games


def main() -> None:
    rate, games, turns = ai_games_per_second()
    print(
        f"aws-deckbuilding  AI vs AI 2p: {rate:6.1f} games/s of one core's CPU time "
        f"({games} games, {turns:.1f} turns/game)"
    )
    wins, ties = win_rate()
    print(f"aws-deckbuilding  AI vs random 2p, 1000 seeded games: AI wins {wins:.1%} (shared {ties:.1%})")


if __name__ == "__main__":
    main()
