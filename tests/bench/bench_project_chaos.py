"""Project Chaos: random complete games per second for 3 players (one core), and for each scenario the win
rate of a team of 3 normal AIs over 1,000 seeded games with the full deck (PC-6, the default) and with the
shorter deck of ``deck=short`` (PC-5a, the start boards were tuned with it so that the AI team wins each
scenario 25%..75% of the time), beside a team of 3 random players with the full deck."""

from __future__ import annotations

import time
from collections import Counter

from engines.core import Agent, Rng
from engines.core.play import play_out
from engines.project_chaos import ENGINE
from engines.project_chaos.scenarios import SCENARIO_IDS
from tests.bench.timing import random_games_per_second

SEATS = ["p1", "p2", "p3"]
GAMES = 1000


def team_results(scenario: str, agent: Agent, games: int = GAMES, deck: str = "full") -> Counter[str]:
    """Outcome reasons ("win", "loss:…") of ``games`` seeded games of one scenario with the ``deck`` option,
    every seat played by ``agent``."""
    reasons: Counter[str] = Counter()
    for seed in range(games):
        state = ENGINE.new_game(SEATS, {"scenario": scenario, "deck": deck}, seed)
        final, _ = play_out(ENGINE, state, agent, Rng.from_seed(seed))
        outcome = ENGINE.outcome(final)
        assert outcome is not None
        reasons[outcome.reason] += 1
    return reasons


def cpu_games_per_second(games: int = 600) -> float:
    """Random games per second of CPU time: the wall-clock figure drops when the machine is shared."""
    agent = ENGINE.ai("random")
    started = time.process_time()
    for seed in range(games):
        play_out(ENGINE, ENGINE.new_game(SEATS, None, seed), agent, Rng.from_seed(seed))
    return games / (time.process_time() - started)


def _losses(reasons: Counter[str], games: int) -> str:
    parts = [f"{k.removeprefix('loss:')} {v / games:.0%}" for k, v in sorted(reasons.items()) if k != "win"]
    return ", ".join(parts) or "-"


def main() -> None:
    rate, games = random_games_per_second(ENGINE.id, len(SEATS))
    print(f"project-chaos 3 players  random games/s: {rate:8.1f} wall  ({games} games, target >= 300)")
    print(f"project-chaos 3 players  random games/s: {cpu_games_per_second():8.1f} per CPU second")
    print(f"win rate of a team of 3 over {GAMES} seeded games (target for the AI team, deck=short: 25%..75%)")
    print(f"  {'scenario':13s} {'AI full':>8s} {'AI short':>8s} {'random':>8s}   AI team losses (full deck)")
    normal, rnd = ENGINE.ai("normal"), ENGINE.ai("random")
    for scenario in SCENARIO_IDS:
        started = time.perf_counter()
        ai = team_results(scenario, normal)
        short = team_results(scenario, normal, deck="short")
        base = team_results(scenario, rnd)
        print(
            f"  {scenario:13s} {ai['win'] / GAMES:8.1%} {short['win'] / GAMES:8.1%} "
            f"{base['win'] / GAMES:8.1%}   "
            f"{_losses(ai, GAMES)}  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
