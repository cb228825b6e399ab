"""The post-game analysis (issue 27), as an outside sanity check and a speed figure, per engine.

Games: seeded 0, 1, 2 …, the fewest players the game allows, the normal AI in one seat (rotating) and
uniformly random players in the others. Every seat of every game is reviewed
(``engines.core.analysis.review_seat``).

- Accuracy: per game, the AI seat's accuracy against the best random seat's, as a sign test reads its pairs:
  "above", "below", or no verdict, and the AI must be above in >= 95% of the games with a verdict. No
  verdict is an exact tie (both 100: the review found no decision of either seat worse than the best it
  found, in a game every move of which ends the same way) or a game where the AI seat or every random seat
  never had a real choice (it has no accuracy). No AI can be above there, so counting those games as misses
  would measure the game's luck (a cooperative game won in its first turns), not the review; a sign test
  drops its ties for the same reason. They are counted and printed beside the goal, with the share above
  among all games, so they are neither hidden nor counted as a pass.
- Blunders: each decision graded a blunder is played again, the played move and the suggested best each
  finished ``REPLAYS`` times by the AI with seeds the analysis never used (fresh redeals of what the seat
  saw, fresh rollouts; the same ones for both moves); the suggestion must score strictly better on average
  in >= 90% of cases. Beside it, the same from the real position (the true hidden cards, fresh rollouts):
  a figure only, since a review judges a decision by what the seat could know, not by the cards it
  could not see.
- Speed: CPU seconds (one core) to review one seat of a finished game, mean and worst, for the AI seat and
  the random seats apart; the issue's goal is <= 30 s for a typical game.

Sizes: ``DECKHAND_ANALYSIS_GAMES`` games per engine (default 200, the issue's figure; a quick run: 10),
``DECKHAND_ANALYSIS_SAMPLES`` redeals per decision (default the analysis' own),
``DECKHAND_ANALYSIS_GAMES_ONLY`` a comma-separated list of game ids;
``python -m tests.bench.bench_analysis [games]`` also takes the count.
``DECKHAND_ANALYSIS_PROCESSES`` plays and reviews games in that many processes (default 1; the CPU
seconds per seat are each process's own, so they stay one-core figures).
``DECKHAND_ANALYSIS_RECORD=<file>`` appends each game's figures to that file as a JSON line and, on a later
run with the same settings, reads them back instead of playing those games again: a run of hours survives
being stopped. Games are independent, so the totals do not depend on the order or the split.
"""

from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import engines
from engines.core import Action, Engine, RandomAgent, Rng, Seat
from engines.core.analysis import AnalysisSettings, SeatReview, final_result, review_seat
from engines.core.analysis.results import derive
from engines.core.play import play_out

REPLAYS = 40
BENCH_SEED = 27


@dataclass
class Figures:
    games: int = 0
    ai_above: int = 0
    ai_tied: int = 0
    #: Games where the AI seat or every random seat had no real choice (the name predates the random side).
    ai_no_choice: int = 0
    blunders: int = 0
    blunders_fixed: int = 0
    fixed_in_the_real_deal: int = 0
    ai_seconds: list[float] = field(default_factory=list)
    random_seconds: list[float] = field(default_factory=list)
    ai_accuracy: list[float] = field(default_factory=list)
    random_accuracy: list[float] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            setattr(self, f.name, mine + theirs)


def seats(n: int) -> list[Seat]:
    return [f"p{i + 1}" for i in range(n)]


def play_game(
    engine: Engine[Any, Any, Any, Any], seed: int
) -> tuple[list[Seat], Seat, list[tuple[Seat, Action]]]:
    players = seats(engine.min_players)
    me = players[seed % len(players)]
    rnd = RandomAgent(engine)
    agents = {p: (engine.ai() if p == me else rnd) for p in players}
    _final, history = play_out(engine, engine.new_game(players, None, seed), agents, Rng.from_seed(seed))
    return players, me, [(s, a) for s, a, _ in history]


def replay_value(
    engine: Engine[Any, Any, Any, Any], state: Any, seat: Seat, move: Action, salt: int, *, redeal: bool
) -> float:
    """The move's mean result over ``REPLAYS`` playouts by the AI with seeds the analysis never used: from
    fresh redeals of the seat's view (``redeal``), or from the real position (the true hidden cards)."""
    agent = engine.ai()
    total = 0.0
    for r in range(REPLAYS):
        start = engine.redeal(state, seat, Rng(derive(BENCH_SEED, salt, r, 2))) if redeal else state
        after = engine.apply(start, seat, move).state
        final, _ = play_out(engine, after, agent, Rng(derive(BENCH_SEED, salt, r)))
        total += final_result(engine, final, seat)
    return total / REPLAYS


def check_blunders(
    engine: Engine[Any, Any, Any, Any],
    players: list[Seat],
    seed: int,
    log: list[tuple[Seat, Action]],
    review: SeatReview,
    figures: Figures,
) -> None:
    wanted = {d.index: d for d in review.decisions if d.grade == "blunder" and d.best is not None}
    state = engine.new_game(players, None, seed)
    for index, (who, action) in enumerate(log):
        d = wanted.get(index)
        if d is not None and d.best is not None:
            best = engine.parse_action(d.best)
            salt = seed * 100_003 + index
            figures.blunders += 1
            for redeal in (True, False):
                better = replay_value(engine, state, who, best, salt, redeal=redeal) > replay_value(
                    engine, state, who, action, salt, redeal=redeal
                )
                if redeal:
                    figures.blunders_fixed += better
                else:
                    figures.fixed_in_the_real_deal += better
        state = engine.apply(state, who, action).state


def bench_game(game_id: str, seed: int, settings: AnalysisSettings) -> Figures:
    """One seeded game, played and every seat reviewed: its figures alone (``Figures.add`` sums them)."""
    engine = engines.get(game_id)
    figures = Figures(games=1)
    players, me, log = play_game(engine, seed)
    accuracies: dict[Seat, float | None] = {}
    for seat in players:
        started = time.process_time()
        review = review_seat(engine, players, None, seed, log, seat, settings)
        spent = time.process_time() - started
        (figures.ai_seconds if seat == me else figures.random_seconds).append(spent)
        accuracies[seat] = review.accuracy
        if review.accuracy is not None:
            (figures.ai_accuracy if seat == me else figures.random_accuracy).append(review.accuracy)
        check_blunders(engine, players, seed, log, review, figures)
    verdict = compare(accuracies.pop(me), list(accuracies.values()))
    figures.ai_above = int(verdict == "above")
    figures.ai_tied = int(verdict == "tied")
    figures.ai_no_choice = int(verdict == "none")
    return figures


class Record:
    """Games already benched, one JSON line each, keyed by engine, seed and settings; see the module doc."""

    def __init__(self, path: Path | None, settings: AnalysisSettings) -> None:
        self.path = path
        self.settings = repr(settings)
        self.done: dict[tuple[str, int], Figures] = {}
        if path is not None and path.exists():
            for line in path.read_text().splitlines():
                row = json.loads(line)
                if row["settings"] == self.settings:
                    self.done[(row["game"], row["seed"])] = Figures(**row["figures"])

    def keep(self, game_id: str, seed: int, figures: Figures) -> None:
        if self.path is not None:
            row = {"game": game_id, "seed": seed, "settings": self.settings, "figures": asdict(figures)}
            with self.path.open("a") as out:
                out.write(json.dumps(row) + "\n")


def bench_engine(
    game_id: str,
    games: int,
    settings: AnalysisSettings,
    *,
    processes: int = 1,
    record: Record | None = None,
) -> Figures:
    figures = Figures()
    todo = []
    for seed in range(games):
        done = record.done.get((game_id, seed)) if record is not None else None
        if done is not None:
            figures.add(done)
        else:
            todo.append(seed)
    if processes <= 1:
        results = (bench_game(game_id, seed, settings) for seed in todo)
        for seed, one in zip(todo, results, strict=True):
            figures.add(one)
            if record is not None:
                record.keep(game_id, seed, one)
        return figures
    with ProcessPoolExecutor(processes) as pool:
        futures = [pool.submit(bench_game, game_id, seed, settings) for seed in todo]
        for seed, future in zip(todo, futures, strict=True):
            one = future.result()
            figures.add(one)
            if record is not None:
                record.keep(game_id, seed, one)
    return figures


def compare(mine: float | None, others: list[float | None]) -> str:
    """The AI seat's accuracy against the best random seat's: "above", "below", "tied" (exactly equal, e.g.
    both 100 in a game every move of which ends the same way) or "none" (the AI seat, or every random seat,
    had no real choice: no accuracy to compare). A tie and "none" are no verdict: the goal counts the other
    games (see the module doc)."""
    best = max((a for a in others if a is not None), default=None)
    if mine is None or best is None:
        return "none"
    if best < mine:
        return "above"
    return "tied" if best == mine else "below"


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def report(game_id: str, f: Figures, elapsed: float) -> str:
    tied = f.ai_tied / f.games if f.games else 0.0
    no_choice = f.ai_no_choice / f.games if f.games else 0.0
    with_verdict = f.games - f.ai_tied - f.ai_no_choice
    above = f.ai_above / with_verdict if with_verdict else 0.0
    of_all = f.ai_above / f.games if f.games else 0.0
    fixed = f.blunders_fixed / f.blunders if f.blunders else 1.0
    real = f.fixed_in_the_real_deal / f.blunders if f.blunders else 1.0
    return (
        f"{game_id}: {f.games} games, AI accuracy above the random seats' in {above:.1%} of the "
        f"{with_verdict} games with a verdict (need >= 95%); no verdict: tied in {tied:.1%}, a seat "
        f"without a choice in {no_choice:.1%} [above in {of_all:.1%} of all games] "
        f"[mean accuracy AI {mean(f.ai_accuracy):.1f}, random {mean(f.random_accuracy):.1f}]; "
        f"blunders {f.blunders}, the suggestion does better in {fixed:.1%} (need >= 90%) "
        f"[in the real deal: {real:.1%}]; "
        f"review CPU s per seat: AI mean {mean(f.ai_seconds):.2f} max {max(f.ai_seconds, default=0):.2f}, "
        f"random mean {mean(f.random_seconds):.2f} max {max(f.random_seconds, default=0):.2f} "
        f"(goal <= 30)  ({elapsed:.0f} s)"
    )


def main(games: int | None = None) -> None:
    """``make bench`` calls this with no argument (the count comes from the environment)."""
    if games is None:
        games = int(os.environ.get("DECKHAND_ANALYSIS_GAMES", "200"))
    samples = os.environ.get("DECKHAND_ANALYSIS_SAMPLES")
    settings = AnalysisSettings(seed=BENCH_SEED, **({"samples": int(samples)} if samples else {}))
    only = [g for g in os.environ.get("DECKHAND_ANALYSIS_GAMES_ONLY", "").split(",") if g]
    processes = int(os.environ.get("DECKHAND_ANALYSIS_PROCESSES", "1"))
    path = os.environ.get("DECKHAND_ANALYSIS_RECORD")
    record = Record(Path(path) if path else None, settings)
    print(f"analysis bench: {games} games per engine, {settings.samples} redeals per decision", flush=True)
    for engine in engines.all():
        if engine.id.startswith("test-") or (only and engine.id not in only):
            continue
        started = time.perf_counter()
        figures = bench_engine(engine.id, games, settings, processes=processes, record=record)
        print(report(engine.id, figures, time.perf_counter() - started), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else None)
