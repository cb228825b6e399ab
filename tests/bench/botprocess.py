"""The real Deckhand in a process of its own, against a FakeDiscord in the bench's process.

A bot on a server does not share its process with Discord: here the fake (and the simulated members) run in
the bench's process and the bot in a child, so the bot's figures (latency, resident memory, CPU time, commit
times) are its own. The child is started with the same settings as ``botrunner.deckhand_factory`` (only the
fake's DECKHAND_*/DISCORD_* variables, AI delay 0) and the same ``guild_ready_timeout``.

    async with BotProcess(fake, tmp / "bench.db") as bot:
        stats = await bot.stats()   # {"rss_mb": ..., "commits": [...], "locks": ..., ...}

The child reads one command a line on stdin (``stats``, ``reset``, ``quit``) and answers one JSON line on
stdout. ``profile=path`` runs the child under cProfile (its event-loop thread) and writes the stats there.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import json
import logging
import os
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import GUILD_READY_TIMEOUT, deckhand_env

PAGE = os.sysconf("SC_PAGE_SIZE")


class BotProcess:
    def __init__(
        self,
        fake: FakeDiscord,
        database: Path | str,
        *,
        profile: Path | None = None,
        log_file: Path | None = None,
        shards: tuple[int, ...] = (),
    ) -> None:
        self.fake = fake
        #: the fake's shards this process connects (empty: the fake has one shard and the bot takes it)
        self.shards = shards
        self.database = database
        self.profile = profile
        # A PostgreSQL URL has no folder of its own: the log goes to the temporary directory.
        default_log = (
            database.with_suffix(".log")
            if isinstance(database, Path)
            else Path(tempfile.gettempdir()) / "deckhand-bench-bot.log"
        )
        self.log_file = log_file or Path(os.environ.get("BENCH_BOT_LOG", default_log))
        self.proc: asyncio.subprocess.Process | None = None
        self.pid = 0
        self._io = asyncio.Lock()

    async def __aenter__(self) -> BotProcess:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self, timeout: float = 60.0) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DECKHAND_", "DISCORD_"))}
        env.update(deckhand_env(self.fake, self.database))
        env["DECKHAND_LOG_LEVEL"] = "WARNING"
        if "DECKHAND_RENDER_WORKERS" in os.environ:  # the bench's knob: picture processes to measure with
            env["DECKHAND_RENDER_WORKERS"] = os.environ["DECKHAND_RENDER_WORKERS"]
        if self.profile is not None:
            env["BENCH_PROFILE"] = str(self.profile)
        if self.shards:
            # As a bot in many servers: its commands synced globally, its shards its own (issue 25).
            del env["DECKHAND_DEV_GUILD_ID"]
            env["DECKHAND_SHARDS"] = ",".join(map(str, self.shards))
            env["DECKHAND_SHARD_COUNT"] = str(self.fake.shard_count)
        self.fake.gateway.ready.clear()
        with open(self.log_file, "ab") as log_out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.bench.botprocess",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=log_out,
                env=env,
                limit=64 * 1024 * 1024,
            )
        self.pid = self.proc.pid
        line = await asyncio.wait_for(self._line(), timeout)
        if not line.get("ready"):
            raise RuntimeError(f"the bot process did not start: {line} (log: {self.log_file})")
        deadline = time.perf_counter() + timeout
        while not self._connected():
            if time.perf_counter() > deadline:
                raise TimeoutError("the bot process connected but did not sync its commands")
            await asyncio.sleep(0.01)

    def _connected(self) -> bool:
        if not self.shards:
            return self.fake.gateway.ready.is_set() and bool(self.fake.commands())
        sessions = self.fake.gateway.sessions
        opened = [sessions.get((shard, self.fake.shard_count)) for shard in self.shards]
        return all(s is not None and s.connection is not None for s in opened) and bool(
            self.fake.commands(guild=False)
        )

    async def _line(self) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdout is not None
        raw = await self.proc.stdout.readline()
        if not raw:
            code = await self.proc.wait()
            raise RuntimeError(f"the bot process ended (exit {code}); see {self.log_file}")
        result: dict[str, Any] = json.loads(raw)
        return result

    async def ask(self, command: str, timeout: float = 60.0) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdin is not None
        async with self._io:
            self.proc.stdin.write(command.encode() + b"\n")
            await self.proc.stdin.drain()
            return await asyncio.wait_for(self._line(), timeout)

    async def stats(self, *, trim: bool = False) -> dict[str, Any]:
        """What the bot holds now (after a full garbage collection); ``trim`` also hands freed heap back to
        the OS first (glibc ``malloc_trim``), to tell memory still held from memory merely not returned."""
        return await self.ask("stats trim" if trim else "stats")

    async def clear_caches(self) -> float:
        """Empty the renderers' caches (then collect and trim): the resident MB without them."""
        answer = await self.ask("clear caches")
        return float(answer["rss_mb"])

    async def reset(self) -> dict[str, float]:
        """Forget the commit and picture times recorded so far; the CPU seconds so far of the bot's helper
        processes (``pictures_cpu``, ``store_cpu``)."""
        answer = await self.ask("reset")
        return {key: float(answer.get(key, 0.0)) for key in ("pictures_cpu", "store_cpu")}

    def cpu_seconds(self) -> float:
        """User + system CPU time of the bot process so far (every thread)."""
        return cpu_seconds([self.pid])

    async def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.returncode is not None:
            return
        try:
            assert proc.stdin is not None
            proc.stdin.write(b"quit\n")
            await proc.stdin.drain()
            await asyncio.wait_for(proc.wait(), 30)
        except (TimeoutError, ConnectionError, BrokenPipeError):
            proc.kill()
            await proc.wait()


# -- the child ---------------------------------------------------------------------------------------------
def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes so far (0 for one that is gone)."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError), open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def resident_mb(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError), open(f"/proc/{pid}/statm") as f:
            total += int(f.read().split()[1]) * PAGE / 2**20
    return total


def rss_mb() -> float:
    return resident_mb([os.getpid()])


def picture_pids() -> list[int]:
    """The picture worker processes (``bot.table.pictures``), none before the first picture."""
    from bot.table import pictures

    return list(getattr(pictures._pool, "_processes", None) or {})


def store_pids(bot: Any) -> list[int]:
    """The store's writer process (``bot.store.writer``)."""
    proc = getattr(getattr(getattr(bot, "store", None), "_writer", None), "_proc", None)
    return [proc.pid] if proc is not None else []


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _holdings(bot: Any) -> dict[str, Any]:
    """Per-game structures of the bot and discord.py, and the renderers' caches (size and bound)."""
    out: dict[str, Any] = {}
    tables = getattr(bot, "tables", None)
    # The AI's tasks live in its driver (bot.table.ai_driver); the keys keep their names for old reports.
    ai_tasks = getattr(getattr(tables, "ai", None), "tasks", None)
    for name, held in (("_locks", getattr(tables, "_locks", None)), ("_ai_tasks", ai_tasks)):
        if held is not None:
            out[f"TableService.{name}"] = len(held)
    ai_tasks = ai_tasks or {}
    out["TableService._ai_tasks running"] = sum(1 for t in ai_tasks.values() if not t.done())
    state = bot._connection
    views = state._view_store
    out["discord views (message-bound)"] = len(views._synced_message_views)
    out["discord views (dispatch entries)"] = sum(len(v) for v in views._views.values())
    out["discord message cache"] = len(state._messages) if state._messages is not None else 0
    out["discord channels"] = sum(len(g.channels) for g in bot.guilds)
    out["discord threads"] = sum(len(g.threads) for g in bot.guilds)
    tasks = [t for t in asyncio.all_tasks() if not t.done()]
    out["asyncio tasks"] = len(tasks)
    kinds = Counter(getattr(t.get_coro(), "__qualname__", "?") for t in tasks)
    out["asyncio tasks by coroutine"] = dict(kinds.most_common(6))
    waiting_views: Counter[str] = Counter()
    for t in tasks:
        frame = getattr(t.get_coro(), "cr_frame", None)
        view = frame.f_locals.get("self") if frame is not None else None
        if view is not None and hasattr(view, "timeout") and hasattr(view, "children"):
            ids = ",".join(
                sorted(
                    {
                        str(getattr(c, "custom_id", "") or "").split(":")[1]
                        if ":" in str(getattr(c, "custom_id", "") or "")
                        else type(c).__name__
                        for c in view.children
                    }
                )
            )
            waiting_views[f"{type(view).__name__}(timeout={view.timeout}) [{ids}]"] += 1
    if waiting_views:
        out["views waiting for a timeout"] = dict(waiting_views.most_common(5))
    try:
        from renderers.common import cache_stats

        out["render caches"] = {name: [s.size, s.maxsize] for name, s in cache_stats().items() if s.size}
    except ImportError:
        pass
    return out


async def _child() -> None:
    from bot.client import Deckhand
    from bot.settings import Settings
    from tests.bench.picturetime import PictureTimes, timing_pictures
    from tests.bench.storetime import CommitTimes, timing_commits

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    settings = Settings(_env_file=None)
    times = CommitTimes()
    drawn = PictureTimes()
    lags: list[float] = []
    with timing_commits(times), timing_pictures(drawn):
        bot = Deckhand(settings)
        bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT
        assert settings.token is not None
        runner = asyncio.create_task(bot.start(settings.token), name="bench-bot")
        while not bot.is_ready():
            if runner.done():
                runner.result()
            await asyncio.sleep(0.01)
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

        def answer(value: dict[str, Any]) -> None:
            sys.stdout.write(json.dumps(value) + "\n")
            sys.stdout.flush()

        lag = asyncio.create_task(_watch_loop(lags), name="bench-loop-lag")
        answer({"ready": True, "rss_mb": rss_mb()})
        while True:
            line = (await reader.readline()).decode().strip()
            if not line or line == "quit":
                break
            try:
                answer(_command(line, bot, times, drawn, lags))
            except Exception as exc:  # a bench helper must answer, whatever went wrong
                answer({"error": f"{type(exc).__name__}: {exc}"})
        lag.cancel()
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(runner, 10)


LAG_TICK = 0.01


async def _watch_loop(lags: list[float]) -> None:
    """How late the event loop wakes a 10 ms sleep: the time every callback waits for the loop."""
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(LAG_TICK)
        lags.append(time.perf_counter() - asked - LAG_TICK)


def _command(line: str, bot: Any, times: Any, drawn: Any, lags: list[float]) -> dict[str, Any]:
    if line.startswith("stats"):
        gc.collect()
        if line.endswith("trim"):
            with contextlib.suppress(OSError, AttributeError):
                ctypes.CDLL("libc.so.6").malloc_trim(0)
        return {
            "rss_mb": rss_mb(),
            "pictures_rss_mb": resident_mb(picture_pids()),
            "store_rss_mb": resident_mb(store_pids(bot)),
            "peak_rss_mb": peak_rss_mb(),
            "holdings": _holdings(bot),
            "commits": times.commit,
            "commits_with_wait": times.with_wait,
            "store_calls": times.calls,
            "game_locks": times.locks,
            "loop_lag": lags,
            "pictures": drawn.by_kind,
            "pictures_cpu": cpu_seconds(picture_pids()),
            "store_cpu": cpu_seconds(store_pids(bot)),
        }
    if line == "clear caches":
        from renderers.common import clear_caches

        clear_caches()
        gc.collect()
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6").malloc_trim(0)
        return {"rss_mb": rss_mb()}
    if line == "reset":
        times.clear()
        drawn.clear()
        lags.clear()
        return {
            "ok": True,
            "pictures_cpu": cpu_seconds(picture_pids()),
            "store_cpu": cpu_seconds(store_pids(bot)),
        }
    return {"error": f"unknown command {line!r}"}


def main() -> None:
    profile = os.environ.get("BENCH_PROFILE")
    if not profile:
        try:
            asyncio.run(_child())
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)
    import cProfile

    profiler = cProfile.Profile()
    profiler.enable()
    try:
        asyncio.run(_child())
    finally:
        profiler.disable()
        profiler.dump_stats(profile)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


if __name__ == "__main__":
    main()
