"""The crash and faults suites' kit: the real bot in a process of its own that a test can SIGKILL, members
who play through what Discord shows them, and the audits run afterwards.

- ``BotProcess`` runs ``python -m bot`` exactly as ``make run`` does, with the environment
  ``botrunner.deckhand_env`` gives the in-process bot (only the fake's DECKHAND_*/DISCORD_* variables, AI
  delay 0), against a FakeDiscord in the test's process on 127.0.0.1. ``kill()`` is SIGKILL: no
  ``close()``, no flush, nothing the bot could tidy up; ``start()`` again runs a fresh process on the same
  SQLite file.
- ``Watch`` keeps what the audits need to know about the bot's life (up or down, process generations,
  interactions a kill cut off); ``Crasher`` adds the kills.
- ``Seat`` is a member playing: "My hand" on the newest table message when it names them, then the hand's
  select and buttons; their hand message is kept across restarts, so they click controls a killed
  process built. ``TableSpec``/``play_table`` keep a table going (a new game when one ends).
- ``read_store`` reads the store beside the running bot (``storeread``: SQLite or PostgreSQL);
  ``audit_store`` matches every move click the bot acknowledged with the action log (the move's outbox
  entry carries the version after it, and the click's custom id the version before), replays every
  game; ``audit_tables`` checks each thread against the table messages the log calls for
  (``expected_table_posts``, the feed's own rules); ``audit_answers`` checks that every interaction sent
  to a live bot was answered, without an internal error.
- ``crash_run`` puts it together for the crash suite.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engines
from bot.table.feed import Feed, advance
from i18n import t
from tests.e2e.tables import open_game
from tests.fakediscord import FakeDiscord, FakeMember, NotPossible, Reply, RequestRecord, SeenMessage
from tests.fakediscord.botrunner import deckhand_env
from tests.fakediscord.seen import Select
from tests.fakediscord.state import Interaction
from tests.reliability.checks import unexpected
from tests.reliability.storeread import read_raw

ROOT = Path(__file__).resolve().parents[2]
EXTRA_GAMES = ROOT / "tests" / "extra_games"


_LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ (\w+) ")


def logged_errors(log_file: Path) -> list[str]:
    """The entries (a line with its traceback) the bot process logged at ERROR or worse."""
    if not log_file.exists():
        return []
    entries: list[list[str]] = []
    for line in log_file.read_text(errors="replace").splitlines():
        if _LOG_LINE.match(line) or line.startswith("====="):
            entries.append([line])
        elif entries:
            entries[-1].append(line)
    return [
        "\n".join(e)
        for e in entries
        if (m := _LOG_LINE.match(e[0])) is not None and m.group(1) in ("ERROR", "CRITICAL")
    ]


class BotProcess:
    """``python -m bot`` against ``fake``, on ``database``; its stderr goes to ``log_file``."""

    def __init__(
        self, fake: FakeDiscord, database: Path | str, log_file: Path, *, log_level: str = "INFO"
    ) -> None:
        self.fake = fake
        self.database = database
        self.log_file = log_file
        self.log_level = log_level
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.kills = 0
        self.start_seconds: list[float] = []

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DECKHAND_", "DISCORD_"))}
        env.update(deckhand_env(self.fake, self.database))
        env["DECKHAND_LOG_LEVEL"] = self.log_level
        # The test-only game Climb is hosted the way a server owner's own game folder would be.
        env["DECKHAND_GAME_PATHS"] = str(EXTRA_GAMES)
        env["PYTHONUNBUFFERED"] = "1"
        return env

    async def spawn(self, header: str) -> asyncio.subprocess.Process:
        """Run ``python -m bot`` with this process's settings, its output appended to the log under a
        ``===== header =====`` line (one log across restarts)."""
        with open(self.log_file, "ab") as out:
            out.write(f"\n===== {header} =====\n".encode())
            out.flush()
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=str(ROOT),
                env=self.env(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=out,
            )
        self.starts += 1
        return proc

    async def start(self, timeout: float = 60.0) -> None:
        """Start a fresh process and wait until it is connected (READY) with its commands synced."""
        if self.running:
            raise RuntimeError("the bot process is already running")
        began = time.perf_counter()
        self.fake.gateway.ready.clear()
        self.proc = await self.spawn(f"start {self.starts + 1}")
        deadline = time.perf_counter() + timeout
        while not (self.fake.gateway.ready.is_set() and self.fake.gateway.connected and self.fake.commands()):
            if self.proc.returncode is not None:
                raise RuntimeError(f"the bot process ended with {self.proc.returncode}; see {self.log_file}")
            if time.perf_counter() > deadline:
                raise TimeoutError(f"the bot process was not ready after {timeout} s; see {self.log_file}")
            await asyncio.sleep(0.01)
        self.start_seconds.append(time.perf_counter() - began)

    async def kill(self) -> None:
        """SIGKILL, then wait for the process to be gone."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return
        os.kill(proc.pid, signal.SIGKILL)
        await proc.wait()
        self.kills += 1

    async def stop(self, timeout: float = 20.0) -> None:
        """An orderly stop (SIGINT, as Ctrl-C): the bot closes its store and connections."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return
        proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(proc.wait(), timeout)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)
            await proc.wait()


# -- kills and restarts --------------------------------------------------------------------------------
class Watch:
    """What the suites keep about a bot while members play: whether it is up (members wait for it before
    acting), the interactions that will never be answered (``cut``), which process generation built a
    message, and a timeline. ``Crasher`` adds the kills; an in-process bot needs only this."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.up = asyncio.Event()
        #: Kept out of kills: what the suite does not mean to test (opening a game: a lobby is not a table).
        self.guard = asyncio.Lock()
        self.generation = 0
        #: ``fake.clock.now()`` (messages' time) and ``fake.clock.monotonic()`` (interactions' time) when
        #: each generation (the index) became ready; a kill ends the one before.
        self.ready_at: list[float] = []
        self.ready_clock: list[float] = []
        #: ``(perf_counter() at SIGKILL, at ready again)`` for each kill.
        self.down: list[tuple[float, float]] = []
        #: Interactions that will never be answered (the bot was killed before it could, or was down).
        self.cut: set[int] = set()
        self.requests = RequestIndex(fake)
        self.began = time.perf_counter()
        #: What happened when (seconds since the start): kills, starts, games opened, slow answers.
        self.timeline: list[str] = []

    def note(self, text: str) -> None:
        self.timeline.append(f"{time.perf_counter() - self.began:8.2f}  {text}")

    def ready(self) -> None:
        """A bot (generation) is connected now."""
        self.ready_at.append(self.fake.clock.now())
        self.ready_clock.append(self.fake.clock.monotonic())
        self.generation = len(self.ready_at) - 1
        self.up.set()

    def generation_at(self, when: float, *, monotonic: bool = False) -> int:
        """The process generation that was running at ``fake.clock.now()`` time ``when`` (with
        ``monotonic``: at ``fake.clock.monotonic()`` time, as interactions are stamped)."""
        found = 0
        for i, ready in enumerate(self.ready_clock if monotonic else self.ready_at):
            if ready <= when:
                found = i
        return found

    def when(self, inter: Interaction) -> str:
        """When an interaction was sent, relative to the kills and restarts (for messages)."""
        at = inter.dispatched_perf
        near = [
            f"kill {i + 1} at {k - at:+.2f} s, ready at {r - at:+.2f} s"
            for i, (k, r) in enumerate(self.down)
            if abs(k - at) < 20
        ]
        return f"sent at {at - self.began:.2f} s ({'; '.join(near) or 'no kill near'})"

    def in_window(self, dispatched_perf: float, slack: float = 0.0) -> bool:
        """Whether an interaction sent at ``dispatched_perf`` could have met a kill or a down bot."""
        return any(start - slack <= dispatched_perf <= end for start, end in self.down)


class Crasher(Watch):
    """Kills the bot process and starts it again on the same SQLite file."""

    def __init__(self, fake: FakeDiscord, bot: BotProcess) -> None:
        super().__init__(fake)
        self.bot = bot

    async def start(self) -> None:
        await self.bot.start()
        self._cut_unanswered()  # anything sent while no bot was there will never be answered
        self.ready()
        self.note(f"generation {self.generation} ready ({self.bot.start_seconds[-1]:.1f} s to start)")

    async def kill_and_restart(self, downtime: float = 0.0) -> None:
        async with self.guard:
            self.up.clear()
            killed = time.perf_counter()
            await self.bot.kill()
            self.note(f"SIGKILL {self.bot.kills}")
            self._cut_unanswered()
            if downtime:
                await asyncio.sleep(downtime)
            await self.start()
            self.down.append((killed, time.perf_counter()))

    def _cut_unanswered(self) -> None:
        """The dead process will never answer these: tell the fake they are over (without calling it a
        missed deadline, which is the bot's fault only when the bot is there)."""
        for inter in self.fake.store.interactions.values():
            if inter.late or inter.id in self.cut:
                continue
            if not answered(inter, self.requests.of(inter.id)):
                inter.late = True
                self.cut.add(inter.id)


class RequestIndex:
    """The bot's requests made with each interaction's id or token, indexed as they come (a soak makes
    tens of thousands; the records fill in their status when answered, so indexing them early is fine)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self._seen = 0
        self._by: dict[int, list[RequestRecord]] = {}

    def of(self, interaction_id: int) -> list[RequestRecord]:
        requests = self.fake.requests
        for record in requests[self._seen :]:
            owner = record.interaction_id or self._owner(record.path)
            if owner is not None:
                self._by.setdefault(owner, []).append(record)
        self._seen = len(requests)
        return self._by.get(interaction_id, [])

    def _owner(self, path: str) -> int | None:
        """The interaction a request names in its path: the fake records the id only on requests it
        routed, and an injected fault answers before routing."""
        parts = path.split("/")
        store = self.fake.store
        if (len(parts) > 3 and parts[1] == "interactions") or (len(parts) > 3 and parts[1] == "webhooks"):
            inter = store.interactions_by_token.get(parts[3])
        else:
            return None
        return inter.id if inter is not None else None


def answered(inter: Interaction, requests: list[RequestRecord]) -> bool:
    """Whether the bot finished answering: a callback that carried the answer itself (a message, an
    update, choices, a modal), or a 2xx edit of the original response or follow-up after a deferral."""
    if inter.callback_type in (4, 7, 8, 9):
        return True
    if inter.callback_type is None:
        return False
    return any(
        r.status is not None
        and 200 <= r.status < 300
        and "/webhooks/" in r.path
        and r.method in ("PATCH", "POST")
        for r in requests
    )


# -- what the members see ------------------------------------------------------------------------------
TABLE_FILES = ("table.png", "final.png")
STALE = tuple(t(lang, "errors.stale") for lang in ("en", "ja"))
MOVE_KINDS = ("act", "quick")
NAVIGATION_KINDS = ("grp", "page")


def kind_of(custom_id: str | None) -> str | None:
    parts = (custom_id or "").split(":")
    return parts[1] if len(parts) >= 2 and parts[0] == "dh" else None


def table_messages(fake: FakeDiscord, channel_id: int) -> list[SeenMessage]:
    """The bot's public table messages in a game's thread (and its final message), oldest first."""
    bot = fake.store.bot_user.id
    return [
        SeenMessage(fake, m)
        for m in fake.store.channel_history(channel_id)
        if m.author.id == bot
        and not m.ephemeral
        and not m.deleted
        and any(a.filename in TABLE_FILES for a in m.attachments)
    ]


def is_final(message: SeenMessage) -> bool:
    return any(a.filename == "final.png" for a in message.attachments)


def to_move_line(message: SeenMessage) -> str:
    prefixes = tuple(t(lang, "table.to_move", players="").strip() for lang in ("en", "ja"))
    return next((line for line in message.content.splitlines() if line.startswith(prefixes)), "")


def controls(hand: SeenMessage | None, kinds: tuple[str, ...]) -> list[Any]:
    """The buttons and selects of ``kinds`` on a hand message."""
    if hand is None or hand.deleted:
        return []
    found: list[Any] = [b for b in hand.buttons() if kind_of(b.custom_id) in kinds and not b.disabled]
    found += [s for s in hand.selects() if kind_of(s.custom_id) in kinds and not s.disabled and s.options]
    return found


@dataclass
class Seat:
    """One member at one table: plays through what Discord shows them ("My hand", then the hand's
    select and buttons), waiting while the bot is down, and keeps their hand message across restarts
    (its controls were built by an earlier process: the "old buttons" a restart must still answer)."""

    watch: Watch
    member: FakeMember
    channel_id: int
    rng: random.Random
    hand: SeenMessage | None = None
    #: Interactions this seat sent, with the process generation that built the control clicked.
    sent: list[tuple[int, int]] = field(default_factory=list)

    @property
    def fake(self) -> FakeDiscord:
        return self.watch.fake

    async def act(self, timeout: float = 15.0) -> Reply | None:
        """Wait for the bot; then one step: a move on the hand if it offers one, else "My hand" on the
        newest table message when it is this member's turn. ``None``: nothing to do right now."""
        await self.watch.up.wait()
        tables = table_messages(self.fake, self.channel_id)
        if not tables or is_final(tables[-1]):
            return None
        newest = tables[-1]
        moves = controls(self.hand, MOVE_KINDS)
        steps = controls(self.hand, NAVIGATION_KINDS)
        if moves or steps:
            pick = self.rng.choice(moves) if moves and (not steps or self.rng.random() < 0.85) else None
            pick = pick or self.rng.choice(steps)
            assert self.hand is not None
            built = self.watch.generation_at(self.hand.raw.edited_at or self.hand.raw.created_at)
            try:
                if isinstance(pick, Select):
                    option = self.rng.choice(pick.options)
                    reply = await self.member.choose(
                        pick.custom_id, [option.value], message=self.hand, timeout=timeout
                    )
                else:
                    reply = await self.member.click(pick.custom_id or "", message=self.hand, timeout=timeout)
            except NotPossible:  # the hand changed under the member's finger (a late answer edited it)
                return None
            self.sent.append((reply.interaction.id, built))
            await self.finished(reply.interaction.id)
            self._timed(reply)
            return reply
        if self.member.mention not in to_move_line(newest):
            return None
        if not any(b.custom_id and kind_of(b.custom_id) == "hand" for b in newest.buttons()):
            return None
        built = self.watch.generation_at(newest.raw.edited_at or newest.raw.created_at)
        button = next(b for b in newest.buttons() if kind_of(b.custom_id) == "hand")
        try:
            reply = await self.member.click(button.custom_id or "", message=newest, timeout=timeout)
        except NotPossible:  # a newer table message took the buttons off this one meanwhile
            return None
        self.sent.append((reply.interaction.id, built))
        await self.finished(reply.interaction.id)
        self._timed(reply)
        hands = [m for m in reply.followups if m.ephemeral] or ([reply.message] if reply.message else [])
        if hands and hands[-1].ephemeral:
            self.hand = hands[-1]
            if not controls(self.hand, MOVE_KINDS + NAVIGATION_KINDS):
                await asyncio.sleep(0.3)  # not (or no longer) this member's move: look again later
        return reply

    def _timed(self, reply: Reply) -> None:
        took = time.perf_counter() - reply.interaction.dispatched_perf
        if took > 2.0:
            self.watch.note(f"{self.member.name}: {reply.interaction.kind!r} took {took:.1f} s")

    async def finished(self, interaction_id: int, timeout: float = 15.0) -> None:
        """Until the bot answered this interaction or a kill cut it off."""
        inter = self.fake.store.interactions[interaction_id]
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if inter.late or interaction_id in self.watch.cut:
                return
            if answered(inter, self.watch.requests.of(interaction_id)):
                return
            await asyncio.sleep(0.02)


# -- tables being played while the bot is killed ----------------------------------------------------------
@dataclass
class TableSpec:
    """A table the suite keeps playing: ``members[0]`` hosts, the others join, ``ais`` AI seats; with
    ``again`` a new game of it opens when one ends."""

    game: str
    members: list[FakeMember]
    ais: int = 0
    again: bool = True
    #: The games played at this table: (thread id, game key).
    games: list[tuple[int, int]] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)


async def open_table(watch: Watch, spec: TableSpec) -> tuple[int, int]:
    """``/game new`` by the host, the others join, AIs are added and the host starts: no kill meanwhile
    (a lobby is not a table; the suite kills tables being played)."""
    async with watch.guard:
        await watch.up.wait()
        host, *others = spec.members
        for member in spec.members:
            member.in_channel(watch.fake.guild.default_channel)
        opened = await open_game(watch.fake, host, spec.game, players=others, ais=spec.ais)
        join = next(b for b in opened.lobby.buttons() if kind_of(b.custom_id) == "lobby")
        pk = int((join.custom_id or "").rsplit(":", 1)[1])
        await host.click("Start", message=opened.lobby)
        watch.note(f"{spec.game} game {pk} started")
        spec.games.append((opened.thread.id, pk))
        return opened.thread.id, pk


async def play_table(watch: Watch, spec: TableSpec, rng: random.Random, stop: asyncio.Event) -> None:
    """Open a game, play it through its members until it ends or ``stop``; again while ``spec.again``."""
    while not stop.is_set():
        thread_id, _pk = await open_table(watch, spec)
        seats = [Seat(watch, m, thread_id, random.Random(rng.random())) for m in spec.members]
        spec.seats.extend(seats)

        async def run(seat: Seat) -> None:
            while not stop.is_set():
                tables = table_messages(watch.fake, seat.channel_id)
                if tables and is_final(tables[-1]):
                    return
                if await seat.act() is None:
                    await asyncio.sleep(0.1)

        await asyncio.gather(*(run(seat) for seat in seats))
        if not spec.again:
            await stop.wait()


# -- reading the store ---------------------------------------------------------------------------------
@dataclass
class StoredGame:
    pk: int
    game_id: str
    status: str
    channel_id: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    state_json: str | None
    version: int
    #: ``(seq, seat, user_id, action)`` in order.
    actions: list[tuple[int, str, int | None, dict[str, Any]]]
    #: The "move" outbox entries (one per action, same transaction): ``(id, version, seat)``.
    moves: list[tuple[int, int, str | None]]
    pending: int

    @property
    def engine(self) -> Any:
        return engines.get(self.game_id)

    def seat(self, seat: str) -> dict[str, Any]:
        return next(s for s in self.seats if s["seat"] == seat)

    def state(self) -> Any:
        assert self.state_json is not None
        return self.engine.load_state(self.state_json)


def read_store(database: Path | str) -> list[StoredGame]:
    """Every game in the bot's store (a SQLite file or a PostgreSQL URL), read beside the running bot."""
    out = []
    for game, actions, moves, pending in read_raw(database):
        pk, game_id, status, channel_id, seed, options, seats, state_json, version = game
        out.append(
            StoredGame(
                pk,
                game_id,
                status,
                channel_id,
                seed,
                json.loads(options),
                json.loads(seats),
                state_json,
                version,
                [(seq, seat, user_id, json.loads(action)) for seq, seat, user_id, action in actions],
                [tuple(m) for m in moves],
                pending,
            )
        )
    return out


def ai_to_move(game: StoredGame) -> bool:
    """A running game where an AI seat must act (so the bot owes a move)."""
    if game.status != "running" or game.state_json is None:
        return False
    return any(game.seat(m)["user_id"] is None for m in game.engine.to_move(game.state()))


async def settled(database: Path | str, timeout: float = 60.0) -> list[StoredGame]:
    """Wait until nothing is left to publish and no AI owes a move (every running game waits for a
    human); a game that stays otherwise is stalled. Returns the store as then."""
    deadline = time.perf_counter() + timeout
    while True:
        games = read_store(database)
        owing = [g.pk for g in games if g.pending or ai_to_move(g)]
        if not owing:
            return games
        if time.perf_counter() > deadline:
            raise AssertionError(
                f"games stalled (outbox pending or an AI to move) after {timeout:g} s: {owing}"
            )
        await asyncio.sleep(0.1)


# -- what the fake saw of each move ----------------------------------------------------------------------
@dataclass
class MoveClick:
    """A move sent through a hand control, and how the bot answered it."""

    interaction_id: int
    user_id: int
    pk: int
    version: int
    index: int
    #: "played", "stale", "refused" (a sentence, no move) or "unanswered" (cut off by a kill).
    outcome: str
    text: str = ""


def answer_text(requests: list[RequestRecord], inter: Interaction) -> str:
    words: list[str] = []

    def collect(body: object) -> None:
        if isinstance(body, dict):
            for key, value in body.items():
                if key in ("content", "title", "description") and isinstance(value, str):
                    words.append(value)
                else:
                    collect(value)
        elif isinstance(body, list):
            for value in body:
                collect(value)

    for record in requests:
        if record.status is not None and 200 <= record.status < 300:
            collect(record.body)
    return "\n".join(words)


def move_clicks(fake: FakeDiscord, index: RequestIndex) -> list[MoveClick]:
    out = []
    for inter in fake.store.interactions.values():
        custom_id = str(inter.data.get("custom_id", ""))
        kind = kind_of(custom_id)
        if inter.type != 3 or kind not in MOVE_KINDS:
            continue
        parts = custom_id.split(":")
        pk, version = int(parts[2]), int(parts[3])
        position = int(inter.data["values"][0]) if kind == "act" else int(parts[4])
        requests = index.of(inter.id)
        edits = [
            r
            for r in requests
            if r.method == "PATCH" and r.path.endswith("/messages/@original") and r.status == 200
        ]
        followups = [r for r in requests if r.method == "POST" and "/webhooks/" in r.path and r.status == 200]
        text = answer_text(requests, inter)
        if edits:
            outcome = "stale" if any(s in text for s in STALE) else "played"
        elif followups:
            outcome = "refused"
        else:
            outcome = "unanswered"
        out.append(MoveClick(inter.id, inter.user_id, pk, version, position, outcome, text))
    return out


@dataclass
class CrashAudit:
    figures: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        self.problems.append(text)


def audit_store(games: list[StoredGame], clicks: list[MoveClick], result: CrashAudit) -> None:
    """Every acknowledged move is in the log exactly once; every logged human move was sent by one
    click; every stored state is the replay of its log; nothing is left to publish."""
    by_game: dict[int, list[MoveClick]] = {}
    for click in clicks:
        by_game.setdefault(click.pk, []).append(click)
    f = result.figures
    for zero in ("actions lost", "actions doubled", "actions with no click that sent them"):
        f[zero] += 0  # shown as 0 in the figures, not left out
    for game in games:
        if game.state_json is None:
            continue
        engine = game.engine
        f["tables checked"] += 1
        f["actions in the logs"] += len(game.actions)
        if game.pending:
            result.problem(f"game {game.pk}: {game.pending} outbox entries never published")
        if len(game.moves) != len(game.actions):
            result.problem(f"game {game.pk}: {len(game.actions)} actions but {len(game.moves)} move entries")
        players = [s["seat"] for s in game.seats]
        state = engine.new_game(players, game.options, game.seed)
        before: dict[int, tuple[Any, tuple[int, str, int | None, dict[str, Any]]]] = {}
        for (_id, version, seat), action in zip(game.moves, game.actions, strict=False):
            if seat != action[1]:
                result.problem(f"game {game.pk}: move entry of {seat} beside action {action}")
            before[version] = (state, action)
            state = engine.apply(state, action[1], action[3]).state
        if len(game.moves) != len(game.actions):  # replay what the log has, whatever the entries say
            state = engine.new_game(players, game.options, game.seed)
            for _seq, seat, _user, action_json in game.actions:
                state = engine.apply(state, seat, action_json).state
        if engine.dump_state(state) != game.state_json:
            result.problem(f"game {game.pk}: the stored state is not the replay of its log")
        else:
            f["states equal to the replay of their log"] += 1
        claims: Counter[int] = Counter()
        in_doubt: Counter[int] = Counter()
        for click in by_game.get(game.pk, []):
            f[f"move clicks {click.outcome}"] += 1
            if click.outcome not in ("played", "unanswered"):
                continue
            found = before.get(click.version + 1)
            if found is None or found[1][2] != click.user_id:
                if click.outcome == "played":
                    f["actions lost"] += 1
                    result.problem(
                        f"game {game.pk}: move acknowledged at version {click.version} is not in the log"
                    )
                continue
            prior, (_seq, seat, _user, action_json) = found
            legal = engine.legal_actions(prior, seat)
            chosen = legal[click.index].model_dump(mode="json") if 0 <= click.index < len(legal) else None
            if chosen != action_json:
                if click.outcome == "played":
                    f["actions lost"] += 1
                    result.problem(
                        f"game {game.pk}: acknowledged move {chosen} at version {click.version} is logged as "
                        f"{action_json}"
                    )
                continue
            (claims if click.outcome == "played" else in_doubt)[click.version + 1] += 1
        for version, (_prior, (seq, seat, user_id, _action)) in before.items():
            if user_id is None:
                f["AI actions"] += 1
                continue
            f["human actions"] += 1
            if claims[version] > 1:
                f["actions doubled"] += claims[version] - 1
                result.problem(f"game {game.pk}: action {seq} acknowledged to {claims[version]} clicks")
            elif claims[version] == 0:
                if in_doubt[version]:
                    f["moves committed though the kill cut their answer"] += 1
                else:
                    f["actions with no click that sent them"] += 1
                    result.problem(f"game {game.pk}: action {seq} by {seat} was sent by no click")


def expected_table_posts(game: StoredGame) -> int:
    """How many table messages the game's log calls for under the feed's own rules (``bot.table.feed``):
    one at the start, one each time the turn passes to a human not already addressed, and the final one.
    Which lines a message shows does not change when one is posted, so the rules run without them."""
    engine = game.engine
    humans = {s["seat"] for s in game.seats if s["user_id"] is not None}
    state = engine.new_game([s["seat"] for s in game.seats], game.options, game.seed)
    feed = Feed()
    posts = 0

    def step(actor: str | None, start: bool = False) -> None:
        nonlocal posts
        outcome = engine.outcome(state)
        movers = [m for m in engine.to_move(state) if m in humans] if outcome is None else []
        plan = advance(
            feed,
            actor=actor,
            lines=[],
            private_to=[],
            humans_to_move=movers,
            over=outcome is not None,
            start=start,
        )
        if plan.post or outcome is not None:
            posts += 1
            feed.message_id = posts

    step(None, start=True)
    for _seq, seat, _user, action in game.actions:
        state = engine.apply(state, seat, action).state
        step(seat)
    return posts


def audit_tables(fake: FakeDiscord, games: list[StoredGame], result: CrashAudit) -> None:
    """Every table is published up to its last move, once: each game's thread has exactly the table
    messages its log calls for (``expected_table_posts``; one more is a duplicate post, say a kill between
    Discord accepting a post and the bot recording it), the newest shows the stored state (its turn in the
    title, whose turn it is), and a finished game ends with one final message."""
    f = result.figures
    for game in games:
        if game.state_json is None:
            continue
        state = game.state()
        engine = game.engine
        posted = table_messages(fake, game.channel_id)
        if not posted:
            result.problem(f"game {game.pk}: no table message in its thread")
            continue
        expected = expected_table_posts(game)
        # Two posts for one entry would be a message more than the log calls for (a message less: a turn
        # never published). Identical neighbours are no proof: two turns can read alike.
        duplicates = max(0, len(posted) - expected)
        f["table messages posted"] += len(posted)
        f["duplicate table messages"] += duplicates
        if len(posted) != expected:
            result.problem(f"game {game.pk}: {len(posted)} table messages where its log calls for {expected}")
        newest = posted[-1]
        title = t("en", "table.title", game=engine.name.get("en"), move=state.turn + 1)
        if not newest.embeds or newest.embeds[0].get("title") != title:
            result.problem(
                f"game {game.pk}: the newest table message is titled {newest.embeds[:1]}, not {title!r}"
            )
            continue
        if game.status == "finished":
            finals = [m for m in posted if is_final(m)]
            if not is_final(newest):
                result.problem(f"game {game.pk} is over but its newest table message is not the final one")
            elif len(finals) != 1:
                result.problem(f"game {game.pk}: {len(finals)} final messages")
            f["finished games published to their final message"] += 1
            continue
        line = to_move_line(newest)
        movers = engine.to_move(state)
        wanted = {f"<@{game.seat(m)['user_id']}>" for m in movers if game.seat(m)["user_id"] is not None}
        shown = set(re.findall(r"<@\d+>", line))
        if game.status == "running" and (shown != wanted or not wanted):
            result.problem(
                f"game {game.pk}: the newest table message asks {shown or line!r}, the game waits for "
                f"{wanted}"
            )
            continue
        f["running games published to their last move"] += 1


def audit_answers(
    fake: FakeDiscord, watch: Watch, result: CrashAudit, cut_label: str = "interactions cut off by a kill"
) -> None:
    """Every interaction sent while the bot was up and not cut off by a kill was answered, and none was
    answered with "Something went wrong"."""
    for inter in fake.store.interactions.values():
        requests = watch.requests.of(inter.id)
        if inter.id in watch.cut and not answered(inter, requests):
            result.figures[cut_label] += 1
            continue
        result.figures["interactions answered"] += 1
        if not answered(inter, requests):
            made = [(r.method, r.path[-40:], r.status) for r in requests]
            result.problem(
                f"interaction {inter.kind!r} ({inter.id}) was never answered: {watch.when(inter)}, "
                f"callback {inter.callback_type}, requests {made}"
            )
        elif unexpected(answer_text(requests, inter)):
            result.problem(f"interaction {inter.kind!r} was answered with an internal error")


async def click_old_hand_button(watch: Watch, spec: TableSpec, before: float, result: CrashAudit) -> None:
    """After a restart: "My hand" on a table message the previous process posted answers with the hand."""
    if not spec.games:
        return
    thread_id, _pk = spec.games[-1]
    old = [
        m
        for m in table_messages(watch.fake, thread_id)
        if m.raw.created_at < before and any(kind_of(b.custom_id) == "hand" for b in m.buttons())
    ]
    if not old:
        return
    member = spec.members[0]
    button = next(b for b in old[-1].buttons() if kind_of(b.custom_id) == "hand")
    reply = await member.click(button.custom_id or "", message=old[-1])
    inter = reply.interaction
    seat = Seat(watch, member, thread_id, random.Random(0))
    await seat.finished(inter.id)
    if inter.id in watch.cut:
        return
    hands = [m for m in [*([reply.message] if reply.message else []), *reply.followups] if m.ephemeral]
    if (
        not hands
        or not hands[-1].embeds
        or not str(hands[-1].embeds[0].get("title", "")).endswith(t("en", "hand.title", game="").strip())
    ):
        result.problem(
            "'My hand' on a table message from before a kill answered "
            f"{answer_text(watch.requests.of(inter.id), inter)!r}"
        )
    else:
        result.figures["old controls: 'My hand' from before a kill answered with the hand"] += 1


def count_old_controls(watch: Watch, specs: list[TableSpec], result: CrashAudit) -> None:
    """Hand controls a member clicked after the process that built them was killed: answered too."""
    clicked = {c.interaction_id: c for c in move_clicks(watch.fake, watch.requests)}
    for spec in specs:
        for seat in spec.seats:
            for interaction_id, built in seat.sent:
                inter = watch.fake.store.interactions[interaction_id]
                if watch.generation_at(inter.created_clock, monotonic=True) <= built:
                    continue
                result.figures["old controls: clicked after the process that built them was killed"] += 1
                click = clicked.get(interaction_id)
                if click is not None:
                    result.figures[f"old controls: moves {click.outcome}"] += 1


# -- the whole run -------------------------------------------------------------------------------------------
async def crash_run(
    fake: FakeDiscord,
    workdir: Path,
    specs: list[TableSpec],
    *,
    kills: int,
    seed: int,
    uptime: tuple[float, float] = (0.3, 2.5),
    after: float = 0.5,
    database: Path | str | None = None,
) -> CrashAudit:
    """Play ``specs`` through ``fake`` while the bot process is SIGKILLed ``kills`` times at seeded random
    moments (``uptime`` seconds after each start) and restarted on the same store (``database``: a SQLite
    file in ``workdir`` unless given); then let it settle, check what players see, stop it, and audit the
    store. Returns the figures and problems."""
    database, log_file = database or workdir / "deckhand.db", workdir / "bot.log"
    bot = BotProcess(fake, database, log_file)
    watch = Crasher(fake, bot)
    rng = random.Random(seed)
    result = CrashAudit()
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []

    def check_players() -> None:
        for task in tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                task.result()  # a member's step failed: raise it here

    await watch.start()
    try:
        with fake.expect_violations() as caught:
            tasks = [
                asyncio.create_task(
                    play_table(watch, spec, random.Random(rng.random()), stop), name=spec.game
                )
                for spec in specs
            ]
            while not all(spec.games for spec in specs):
                check_players()
                await asyncio.sleep(0.05)
            for _ in range(kills):
                await asyncio.sleep(rng.uniform(*uptime))
                check_players()
                before = fake.clock.now()
                await watch.kill_and_restart(downtime=rng.choice((0.0, rng.uniform(0.0, 0.5))))
                for spec in specs:
                    await click_old_hand_button(watch, spec, before, result)
            await asyncio.sleep(after)
            stop.set()
            await asyncio.gather(*tasks)
            watch.note("players stopped")
            games = await settled(database)
            watch.note("settled")
            audit_tables(fake, games, result)
        await bot.stop()
        watch.note("stopped")
        for violation in caught:
            if violation.kind != "deadline":
                result.problem(f"violation: {violation.describe()}")
        late = [i for i in fake.store.interactions.values() if i.late and i.id not in watch.cut]
        for inter in late:
            if watch.in_window(inter.dispatched_perf):
                result.figures["interactions sent while the bot was down"] += 1
            else:
                result.problem(f"{inter.kind!r} was not acknowledged within 3 s while the bot was up")
        games = read_store(database)
        audit_store(games, move_clicks(fake, watch.requests), result)
        audit_answers(fake, watch, result)
        count_old_controls(watch, specs, result)
        result.figures["interactions sent while the bot was down"] += 0
        errors = logged_errors(log_file)
        result.figures["errors the bot logged"] = len(errors)
        result.problems += [f"the bot logged: {entry}" for entry in errors[:5]]
        result.figures["kills survived"] = bot.kills
        result.figures["games played"] = sum(len(spec.games) for spec in specs)
        result.figures["bot starts"] = bot.starts
        # A post repeated after a kill (or a 5xx) that Discord answered with the message already made.
        result.figures["reposts answered with the first message (nonce)"] = len(fake.messages.deduplicated)
        watch.note("audited")
        return result
    finally:
        (workdir / "timeline.txt").write_text("\n".join(watch.timeline) + "\n")
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await bot.kill()
