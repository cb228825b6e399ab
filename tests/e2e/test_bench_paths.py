"""The benches of moves, load, memory and the store run end to end with tiny counts, so their code cannot
rot between two ``make bench``. No timing is asserted (this machine may be busy): only that each produced its
figures and that no interaction missed Discord's 3-second deadline."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bench import bench_load, bench_memory, bench_moves, bench_store
from tests.bench.play import listed_games

pytestmark = pytest.mark.timeout(240)


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
