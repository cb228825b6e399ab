"""The Yggdrasil: random complete games per second on the default 5x7 field (one core), and the normal AI's
win rate against the random player over 1,000 seeded games (seats alternate; decks as the options default)."""

from __future__ import annotations

import time

from engines.core import Rng
from engines.core.play import play_out
from engines.yggdrasil import ENGINE
from tests.bench.timing import random_games_per_second

SEATS = ["p1", "p2"]


def ai_win_rate(games: int = 1000) -> tuple[float, float, float]:
    """(wins, draws, seconds) of the normal AI against the random player."""
    ai, rnd = ENGINE.ai("normal"), ENGINE.ai("random")
    wins = draws = 0
    started = time.perf_counter()
    for game in range(games):
        ai_seat, other = ("p1", "p2") if game % 2 == 0 else ("p2", "p1")
        final, _ = play_out(
            ENGINE, ENGINE.new_game(SEATS, None, game), {ai_seat: ai, other: rnd}, Rng.from_seed(game)
        )
        outcome = ENGINE.outcome(final)
        assert outcome is not None
        wins += outcome.winners == [ai_seat]
        draws += not outcome.winners
    return wins / games, draws / games, time.perf_counter() - started


def main() -> None:
    rate, games = random_games_per_second(ENGINE.id, len(SEATS))
    print(f"yggdrasil 5x7  random games/s: {rate:8.1f}  ({games} games, target >= 200)")
    wins, draws, secs = ai_win_rate()
    print(
        f"yggdrasil normal AI vs random: won {wins:.1%}, drew {draws:.1%} of 1000 games "
        f"(target >= 80%; {secs:.1f} s)"
    )


if __name__ == "__main__":
    main()
