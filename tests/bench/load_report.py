"""The load bench's report (``bench_load``): every figure against its goal."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tests.bench.play import med_p95, ms, verdict

if TYPE_CHECKING:
    from tests.bench.bench_load import LoadResult

GOAL_FIRST = 0.100
GOAL_TABLE = 1.0
GOAL_COMMIT = 0.005
GOAL_COMMIT_POSTGRES = 0.010  # issue 25: one round trip to a server, under the 100-table load
#: issue 25: with two processes the bot's CPU per action stays within this of one process
GOAL_PROCESSES = 0.10


def report(r: LoadResult) -> str:
    idle_med, idle_p95 = med_p95(r.floor_idle)
    load_med, load_p95 = med_p95(r.floor_load)
    first_med, first_p95 = med_p95(r.first)
    table_med, table_p95 = med_p95(r.table)
    commit_med, commit_p95 = med_p95(r.commits)
    goal_commit = GOAL_COMMIT_POSTGRES if r.backend == "postgresql" else GOAL_COMMIT
    lock_med, lock_p95 = med_p95(r.game_locks)
    wait_med, wait_p95 = med_p95(r.commits_with_wait)
    secs = r.seconds or math.nan
    lag_med, lag_p95 = med_p95(r.loop_lag)
    call_med, call_p95 = med_p95(r.store_calls)
    lines = [
        f"{r.tables} tables for {r.seconds:.0f} s ({r.opened} more games opened as games ended)"
        + (f", {r.processes} bot process(es) on a 2-shard fake" if r.processes > 1 or r.sharded else ""),
        f"floor (no-op answered by the same bot): idle median {ms(idle_med)}, p95 {ms(idle_p95)}; "
        f"during the load median {ms(load_med)}, p95 {ms(load_p95)}",
        f"actions per second:   {r.actions / secs:7.1f} committed (every seat; {r.actions} actions), "
        f"{r.moves / secs:.1f} members' moves, {r.stale} clicks refused as stale  (goal: none set; "
        f"bot CPU {r.bot_cpu / secs:.2f} cores, "
        f"{r.bot_cpu / max(1, r.actions) * 1000:.0f} ms per action)",
        f"first response p95:   {ms(first_p95):>10} (median {ms(first_med)}, n={len(r.first)})   goal < "
        f"{ms(GOAL_FIRST)}: {verdict(first_p95, GOAL_FIRST)}   floor p95 {ms(load_p95)} under load, "
        f"{ms(idle_p95)} idle",
        f"table message p95:    {ms(table_p95):>10} (median {ms(table_med)}, n={len(r.table)}, "
        f"{r.no_table} moves without one)   goal < {ms(GOAL_TABLE)}: {verdict(table_p95, GOAL_TABLE)}   "
        f"floor p95 {ms(load_p95)}",
        "   by game: "
        + ", ".join(
            f"{game} p95 {ms(med_p95(found)[1])} (median {ms(med_p95(found)[0])}, n={len(found)})"
            for game, found in sorted(r.table_by_game.items())
        ),
        "   by kind: "
        + ", ".join(
            f"{kind} p95 {ms(med_p95(found)[1])} (n={len(found)})"
            for kind, found in sorted(r.first_by_kind.items())
        ),
        f"missed the 3 s deadline: {r.late} of {r.interactions} interactions ({r.unanswered} never answered)"
        f"   goal 0: {'met' if r.late == 0 and r.unanswered == 0 else 'MISSED'}",
        f"store commit p95:     {ms(commit_p95):>10} (median {ms(commit_med)}, n={len(r.commits)})   goal <= "
        f"{ms(goal_commit)}: {'met' if commit_p95 <= goal_commit else 'MISSED'}   "
        f"(with the wait for the store: median {ms(wait_med)}, p95 {ms(wait_p95)})",
        f"game lock across processes: median {ms(lock_med)}, p95 {ms(lock_p95)} per change (taking and "
        f"letting go; n={len(r.game_locks)})",
        f"where the bot waits: event loop lag median {ms(lag_med)}, p95 {ms(lag_p95)}; "
        f"{len(r.store_calls) / secs:.0f} store calls/s (reads and writes), each median "
        f"{ms(call_med)}, p95 {ms(call_p95)} from asking to done; the store's writer process used "
        f"{r.store_cpu / secs:.2f} cores, {r.store_rss_mb:.0f} MB resident",
        f"pictures: {picture_line(r)}; the picture processes used {r.pictures_cpu / secs:.2f} cores",
        f"bot resident memory after the run: {r.rss_mb:.0f} MB; the fake and the members used "
        f"{r.fake_cpu / secs:.2f} cores",
    ]
    if r.reviews:
        review_med, review_p95 = med_p95(r.review_first)
        lines.append(
            f"reviews: {r.reviews_asked} asked (the Review button of every ended game), {r.reviews_done} came"
            f" within the window; the Review click's first response median {ms(review_med)}, p95"
            f" {ms(review_p95)} (in the first response figures above); {r.reviews_no_end} games left unended"
        )
    if r.failures:
        lines.append("failures: " + "; ".join(f"{n}x {what}" for what, n in r.failures.most_common()))
    return "\n".join(lines)


def picture_line(r: LoadResult) -> str:
    """Per kind: how many were drawn a second, and the wait from asking to the bytes (queue included)."""
    secs = r.seconds or math.nan
    parts = []
    for kind, waits in sorted(r.pictures.items()):
        med, p95 = med_p95(waits)
        parts.append(f"{kind} {len(waits) / secs:.1f}/s (asked to drawn median {ms(med)}, p95 {ms(p95)})")
    return ", ".join(parts) or "none"


def processes_line(one: LoadResult, two: LoadResult) -> str:
    """Issue 25: with two processes the bot's CPU per action stays within 10 % of one process."""
    per = [r.bot_cpu / max(1, r.actions) for r in (one, two)]
    change = per[1] / per[0] - 1 if per[0] else math.nan
    return (
        f"bot CPU per action: one process {per[0] * 1000:.1f} ms ({one.actions} actions), two processes "
        f"{per[1] * 1000:.1f} ms ({two.actions} actions): {change:+.0%}   goal within 10 %: "
        f"{'met' if abs(change) <= GOAL_PROCESSES else 'MISSED'}"
    )
