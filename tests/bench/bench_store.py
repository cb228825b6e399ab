"""The store: one action's commit (the new state and its log entry in one transaction), alone.

    python -m tests.bench.bench_store [--actions 300]

Both backends, side by side. A ``SqliteStore`` on a file in the temporary directory (the machine's disk),
opened as the bot opens it; its
journal mode and synchronous setting are read back and printed (the goal assumes WAL and synchronous=FULL).
Per listed game, seeded games between random agents are recorded action by action with the real states, as
``TableService`` records them (with the outbox entry where the store takes one). Timed (``storetime``):

- commit: ``BEGIN IMMEDIATE`` done -> ``COMMIT`` done (statements + the durable commit); goal p95 <= 5 ms;
- the whole ``record_action`` call as the bot awaits it (the commit, then reading the game back).

The floor: writing 4 KiB and ``fsync`` on the same disk, the least a durable commit can cost; and the same
transaction with synchronous=OFF on a copy (no fsync), to tell the disk's share from the work's.
Then the same actions on a ``PostgresStore`` in a throw-away database on the local server
(``DECKHAND_TEST_POSTGRES``; skipped with the reason when none answers): its commit is ``BEGIN`` done to
``COMMIT`` done on the connection (synchronous_commit on: the server's WAL flush); goal p95 <= 10 ms.
The load run (bench_load) measures the same commit inside the busy bot.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.store import SeatInfo, SqliteStore, Status, Store
from bot.store.postgres.store import PostgresStore
from engines.core import RandomAgent, Rng
from tests import postgres
from tests.bench.play import listed_games, med_p95, ms
from tests.bench.storetime import CommitTimes, timing_commits

GOAL_COMMIT = 0.005
GOAL_PG_COMMIT = 0.010  # issue 25: PostgreSQL commit p95 <= 10 ms


def fsync_floor(folder: Path, rounds: int = 200) -> list[float]:
    path = folder / "fsync.bin"
    block = os.urandom(4096)
    times = []
    with open(path, "wb") as f:
        for _ in range(rounds):
            started = time.perf_counter()
            f.write(block)
            f.flush()
            os.fsync(f.fileno())
            times.append(time.perf_counter() - started)
    path.unlink()
    return times


async def pragmas(store: SqliteStore) -> dict[str, str]:
    return {name: await store._pragma(name) for name in ("journal_mode", "synchronous")}


def _outbox_item(state_json: str, seat: str) -> Any:
    try:
        from bot.store import OutboxItem
    except ImportError:
        return None
    return OutboxItem(kind="move", seat=seat, payload={"events": []}, state_json=state_json)


async def record_games(store: Store, actions: int, times: CommitTimes) -> tuple[list[float], int]:
    """Record ``actions`` per listed game; the whole calls' times, and the largest state in bytes."""
    takes_outbox = "publish" in inspect.signature(SqliteStore.record_action).parameters
    calls: list[float] = []
    largest = 0
    channel = 1
    for manifest in listed_games():
        engine = manifest.engine
        agent = RandomAgent(engine)
        done = 0
        seed = 0
        while done < actions:
            seats = [f"p{i + 1}" for i in range(engine.min_players)]
            rec = await store.create_game(
                guild_id=1,
                channel_id=channel,
                game_id=manifest.id,
                host_id=1,
                seed=seed,
                options={},
                seats=[SeatInfo(seat=s, user_id=i + 1, name=s) for i, s in enumerate(seats)],
            )
            channel += 1
            state = engine.new_game(seats, None, seed)
            rec = await store.update(
                rec.id, rec.version, status=Status.RUNNING, state_json=engine.dump_state(state)
            )
            rng = Rng.from_seed(seed)
            while done < actions and engine.outcome(state) is None:
                seat = engine.to_move(state)[0]
                action = agent.choose(state, seat, rng)
                state = engine.apply(state, seat, action).state
                dumped = engine.dump_state(state)
                largest = max(largest, len(dumped))
                extra: dict[str, Any] = {}
                if takes_outbox:
                    extra["publish"] = _outbox_item(dumped, seat)
                finished = engine.outcome(state) is not None
                started = time.perf_counter()
                rec = await store.record_action(
                    rec.id,
                    rec.version,
                    seat=seat,
                    user_id=1,
                    action=action.model_dump(mode="json"),
                    state_json=dumped,
                    status=Status.FINISHED if finished else None,
                    **extra,
                )
                calls.append(time.perf_counter() - started)
                done += 1
            seed += 1
    return calls, largest


async def run(actions: int, folder: Path) -> dict[str, Any]:
    out: dict[str, Any] = {"fsync": fsync_floor(folder)}
    times = CommitTimes()
    with timing_commits(times):
        store = await SqliteStore.open(folder / "bench.db")
        try:
            out["pragmas"] = await pragmas(store)
            out["calls"], out["largest"] = await record_games(store, actions, times)
        finally:
            await store.close()
        out["commit"] = list(times.commit)
        times.clear()
        loose = await SqliteStore.open(folder / "nosync.db")
        try:
            await loose._pragma("synchronous", "OFF")
            await record_games(loose, actions, times)
        finally:
            await loose.close()
        out["commit_nosync"] = list(times.commit)
        times.clear()
        out["postgres"] = await run_postgres(actions, times)
    return out


async def run_postgres(actions: int, times: CommitTimes) -> dict[str, Any] | str:
    """The same on PostgreSQL (a throw-away database on ``DECKHAND_TEST_POSTGRES``'s server), or why not."""
    reason = postgres.unreachable()
    if reason:
        return reason
    url = postgres.create_database("deckhand_bench")
    try:
        store = await PostgresStore.open(url)
        try:
            calls, _ = await record_games(store, actions, times)
        finally:
            await store.close()
        return {"commit": list(times.commit), "calls": calls}
    finally:
        postgres.drop_database(url)


def report(out: dict[str, Any]) -> str:
    p = out["pragmas"]
    ok = p.get("journal_mode", "").lower() == "wal" and p.get("synchronous") == "FULL"
    commit_med, commit_p95 = med_p95(out["commit"])
    call_med, call_p95 = med_p95(out["calls"])
    loose_med, loose_p95 = med_p95(out["commit_nosync"])
    sync_med, sync_p95 = med_p95(out["fsync"])
    lines = [
        f"store opened with journal_mode={p.get('journal_mode')}, synchronous={p.get('synchronous')}"
        + (
            ""
            if ok
            else "   NOT the WAL + synchronous=FULL the goal assumes: bot/store/sqlite.py must set them"
        ),
        f"one action's commit p95: {ms(commit_p95):>9} (median {ms(commit_med)}, n={len(out['commit'])}; "
        f"states up to {out['largest'] / 1024:.0f} KiB)   goal <= {ms(GOAL_COMMIT)}: "
        f"{'met' if commit_p95 <= GOAL_COMMIT else 'MISSED'}   floor: one 4 KiB write + fsync p95 "
        f"{ms(sync_p95)} (median {ms(sync_med)})",
        f"the same without fsync (synchronous=OFF): p95 {ms(loose_p95)} (median {ms(loose_med)}): the work's "
        f"share; the rest is the disk",
        f"the whole record_action call (commit + reading the game back): p95 {ms(call_p95)} "
        f"(median {ms(call_med)})",
    ]
    pg = out["postgres"]
    if isinstance(pg, str):
        lines.append(f"PostgreSQL: skipped ({pg})")
    else:
        pg_med, pg_p95 = med_p95(pg["commit"])
        pg_call_med, pg_call_p95 = med_p95(pg["calls"])
        lines += [
            f"PostgreSQL, the same actions: commit p95 {ms(pg_p95):>9} (median {ms(pg_med)}, "
            f"n={len(pg['commit'])})   goal <= {ms(GOAL_PG_COMMIT)}: "
            f"{'met' if pg_p95 <= GOAL_PG_COMMIT else 'MISSED'}   vs SQLite p95 {ms(commit_p95)}",
            f"PostgreSQL, the whole record_action call (commit, the game read back by the same statement): "
            f"p95 {ms(pg_call_p95)} (median {ms(pg_call_med)})",
        ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_store", description=__doc__)
    parser.add_argument("--actions", type=int, default=300, help="recorded actions per game")
    args, _ = parser.parse_known_args()
    with tempfile.TemporaryDirectory(prefix="deckhand-bench-") as tmp:
        out = asyncio.run(run(args.actions, Path(tmp)))
    print("The store alone: one action's commit, per listed game's real states, on this machine's disk")
    print(report(out))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
