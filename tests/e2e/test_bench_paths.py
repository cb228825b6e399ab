"""The benches of latency, moves, load, memory and the store run end to end with tiny counts, so their
code cannot rot between two ``make bench``. No timing is asserted (this machine may be busy): only that each
produced its figures and that no interaction missed Discord's 3-second deadline."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bench import bench_latency, bench_load, bench_memory, bench_moves, bench_store
from tests.bench.play import listed_games
from tests.fakediscord.botrunner import deckhand_factory

pytestmark = pytest.mark.timeout(240)


async def test_latency_bench_follows_the_lobby(tmp_path: Path) -> None:
    """Every step of the Deckhand round is measured (the round went stale once: the game moved into a
    thread of its own and the bench still looked for Start in the channel)."""
    text = await bench_latency.run(deckhand_factory, bench_latency.deckhand_round, 1, tmp_path / "b.db")
    assert "failed" not in text, text
    for kind in ("slash game new", "button Join", "button Start", "button My hand"):
        assert kind in text, text


async def test_moves_bench(tmp_path: Path) -> None:
    result = await bench_moves.run(1, tmp_path / "bench.db")
    assert [g.game for g in result.games] == [g.id for g in listed_games()]
    for game in result.games:
        assert game.first and game.table and game.hand, f"{game.game}: no figures ({game.stalled})"
    assert result.floor
    assert result.late == 0
    assert "floor" in bench_moves.report(result)


async def test_load_bench(tmp_path: Path) -> None:
    result = await bench_load.run(2, 3.0, tmp_path / "bench.db")
    assert result.actions > 0 and result.moves > 0
    assert result.first and result.table and result.floor_idle and result.commits
    assert result.late == 0 and result.unanswered == 0, bench_load.report(result)
    assert "goal" in bench_load.report(result)


async def test_load_bench_with_reviews(tmp_path: Path) -> None:
    result = await bench_load.run(2, 3.0, tmp_path / "bench.db", reviews=True, review_games=1)
    assert result.reviews and result.actions > 0
    assert result.reviews_asked == 1  # the game played to its end before the window
    assert result.late == 0 and result.unanswered == 0, bench_load.report(result)
    assert "reviews:" in bench_load.report(result) and not result.failures, bench_load.report(result)


async def test_memory_bench(tmp_path: Path) -> None:
    floor, waves = await bench_memory.run(3, 1, tmp_path / "bench.db")
    (wave,) = waves
    assert not wave.failures, wave.failures
    assert floor["rss_mb"] > 0 and wave.live["rss_mb"] > 0 and wave.trimmed["rss_mb"] > 0
    assert wave.live["holdings"]
    assert "goal" in bench_memory.report(floor, waves)


async def test_store_bench(tmp_path: Path) -> None:
    out = await bench_store.run(3, tmp_path)
    assert out["pragmas"] == {"journal_mode": "wal", "synchronous": "FULL"}
    assert out["commit"] and out["calls"] and out["fsync"]
    assert "goal" in bench_store.report(out)
