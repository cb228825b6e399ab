"""Every write transaction of the store, and the program of the writer process that runs them.

The writer is a process of its own (``bot.store.writer`` starts it): its interpreter lock is its own. When the
transactions ran on a thread of the bot, every statement and the commit waited for the lock the bot's event
loop held, and one action's commit took a p95 of 5-7 ms under the 100-table load against 0.9 ms for the same
transaction in a process of its own on the same disk.

This file runs as a script (``python -I -S transactions.py DB``): it imports the standard library only, so the
process starts in a few milliseconds and needs nothing of the bot. The bot imports it as a module for the
framing. Messages are length-prefixed pickles of plain values (str, int, float, bool, None and lists, tuples
and dicts of them), both ways, over the pipes between the bot and the process it spawned.

A request: ``(op, kwargs, durable, read_back)``. A transaction runs whole (BEGIN IMMEDIATE, its statements,
COMMIT; ROLLBACK if it raises), one at a time in the order asked. ``durable=False`` commits without the fsync
(synchronous=NORMAL), for the publishing bookkeeping only. ``read_back``: a game's row, read after the commit
(what the bot would read next), so the bot needs no second round trip.
A reply: ``(True, result, seconds, row)`` with ``seconds`` from BEGIN done to COMMIT done, or
``(False, (kind, *args), None, None)`` for a refusal (``stale``, ``timer_done``) or an error (``sqlite``,
``error``) that the bot raises as its own exception.
"""

from __future__ import annotations

import importlib.util
import json
import pickle
import re
import signal
import sqlite3
import struct
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, cast

HEADER = struct.Struct("!I")
NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
_PRAGMA = re.compile(r"^[a-z_]+$")
_LEVELS = {"0": "OFF", "1": "NORMAL", "2": "FULL", "3": "EXTRA"}

#: an outbox entry to queue: (kind, seat, payload_json, state_json)
Publish = tuple[str, str | None, str, str | None]
#: a result row: (seat, user_id, place, score, winner)
Result = tuple[str, int | None, int, float, int]
#: a move for the log: (seat, user_id, action_json, decided_by, seats_json); the last two may be None
Action = tuple[str, int | None, str, str | None, str | None]
#: a timer to make: (seat, kind, due_at, version)
Timer = tuple[str, str, float, int]
#: the clocks after a change: (state_json, cancel_all, seats whose timers end, new timers)
Clock = tuple[str, bool, list[str], list[Timer]]
#: plain values that cross the pipe (pickled both ways)
Plain = object


class Refused(Exception):
    """Nothing written on purpose (stale version, timer done): its kind and arguments cross the pipe."""

    def __init__(self, kind: str, *args: Plain) -> None:
        super().__init__(kind, *args)
        self.kind = kind
        self.details = args


def frame(message: Plain) -> bytes:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


# -- pieces several transactions share ---------------------------------------------------------------
def _versioned_update(
    conn: sqlite3.Connection, game_pk: int, expected_version: int, assign: Sequence[tuple[str, Plain]]
) -> None:
    sets = "".join(f"{column} = ?, " for column, _ in assign)
    cur = conn.execute(
        f"UPDATE games SET {sets}version = version + 1, updated_at = {NOW} WHERE id = ? AND version = ?",
        (*(value for _, value in assign), game_pk, expected_version),
    )
    if cur.rowcount != 1:
        raise Refused("stale", game_pk, expected_version)


def _enqueue(conn: sqlite3.Connection, game_pk: int, version: int, item: Publish) -> None:
    conn.execute(
        "INSERT INTO outbox (game_pk, version, kind, seat, payload_json, state_json) VALUES (?,?,?,?,?,?)",
        (game_pk, version, *item),
    )


def _write_clock(conn: sqlite3.Connection, game_pk: int, clock: Clock) -> None:
    state_json, cancel_all, cancel, timers = clock
    conn.execute("UPDATE games SET clock_json = ? WHERE id = ?", (state_json, game_pk))
    done = f"done_at = {NOW}, outcome = 'cancelled'"
    if cancel_all:
        conn.execute(f"UPDATE timers SET {done} WHERE game_pk = ? AND done_at IS NULL", (game_pk,))
    elif cancel:
        marks = ", ".join("?" for _ in cancel)
        conn.execute(
            f"UPDATE timers SET {done} WHERE game_pk = ? AND seat IN ({marks}) AND done_at IS NULL",
            (game_pk, *cancel),
        )
    conn.executemany(
        "INSERT INTO timers (game_pk, seat, kind, due_at, version) VALUES (?, ?, ?, ?, ?)",
        [(game_pk, *timer) for timer in timers],
    )


def _timer_done(conn: sqlite3.Connection, timer_id: int, outcome: str) -> None:
    cur = conn.execute(
        f"UPDATE timers SET done_at = {NOW}, outcome = ? WHERE id = ? AND done_at IS NULL",
        (outcome, timer_id),
    )
    if cur.rowcount != 1:
        raise Refused("timer_done", timer_id)


def _insert_results(conn: sqlite3.Connection, game_pk: int, results: Sequence[Result]) -> None:
    row = conn.execute("SELECT guild_id, game_id FROM games WHERE id = ?", (game_pk,)).fetchone()
    conn.executemany(
        "INSERT INTO results (game_pk, guild_id, game_id, seat, user_id, place, score, winner)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(game_pk, row[0], row[1], *result) for result in results],
    )


# -- the transactions -----------------------------------------------------------------------------------
def changed_settings(stored: str | None, change: Mapping[str, Plain]) -> str:
    """A server's settings JSON after one change (``GuildSettingsChange.as_plain``). Pure, so the PostgreSQL
    backend runs the same inside its own transaction. ``None`` removes a setting (the default applies)."""
    settings = dict(json.loads(stored)) if stored else {}
    for name in ("clock", "lobby_limit", "night_host_role"):
        if name in change:
            if change[name] is None:
                settings.pop(name, None)
            else:
                settings[name] = change[name]
    threads = change.get("threads")
    if isinstance(threads, list | tuple):
        channel, on = threads
        off = [c for c in settings.get("threads_off", []) if c != channel]
        if not on:
            off.append(channel)
        if off:
            settings["threads_off"] = off
        else:
            settings.pop("threads_off", None)
    return json.dumps(settings)


def change_guild_settings(conn: sqlite3.Connection, *, guild_id: int, change: Mapping[str, Plain]) -> None:
    # Read and written in one transaction: two admins changing different settings at once both keep theirs.
    row = conn.execute("SELECT settings_json FROM guild_settings WHERE guild_id = ?", (guild_id,)).fetchone()
    conn.execute(
        "INSERT INTO guild_settings (guild_id, settings_json) VALUES (?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json",
        (guild_id, changed_settings(row[0] if row else None, change)),
    )


def set_guild_locale(conn: sqlite3.Connection, *, guild_id: int, locale: str | None) -> None:
    conn.execute(
        "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
        (guild_id, locale),
    )


def create_game(conn: sqlite3.Connection, *, row: Mapping[str, Plain]) -> int | None:
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    cur = conn.execute(
        f"INSERT INTO games (status, {columns}) VALUES ('lobby', {marks})", tuple(row.values())
    )
    return cur.lastrowid


def change_game(
    conn: sqlite3.Connection,
    *,
    game_pk: int,
    expected_version: int,
    assign: Sequence[tuple[str, Plain]],
    action: Action | None = None,
    results: Sequence[Result] = (),
    fire: int | None = None,
    clock: Clock | None = None,
    publish: Publish | None = None,
) -> None:
    """A change of a game if nobody changed it since ``expected_version``, with what goes with it: the move
    for the log, the results of a finished game, the timer this change is the effect of (one done already
    refuses the whole change), the turn clocks after it and what players must be told of it."""
    _versioned_update(conn, game_pk, expected_version, assign)
    if fire is not None:
        _timer_done(conn, fire, "fired")
    if action is not None:
        conn.execute(
            "INSERT INTO actions (game_pk, seq, seat, user_id, action_json, decided_by, seats_json)"
            " VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_pk = ?), ?, ?, ?, ?, ?)",
            (game_pk, game_pk, *action),
        )
    if results:
        _insert_results(conn, game_pk, results)
    if clock is not None:
        _write_clock(conn, game_pk, clock)
    if publish is not None:
        _enqueue(conn, game_pk, expected_version + 1, publish)


def set_message_ids(conn: sqlite3.Connection, *, game_pk: int, columns: Mapping[str, Plain]) -> None:
    for column, value in columns.items():
        conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_pk))


def set_feed(conn: sqlite3.Connection, *, game_pk: int, feed_json: str) -> None:
    conn.execute("UPDATE games SET feed_json = ? WHERE id = ?", (feed_json, game_pk))


def published(conn: sqlite3.Connection, *, entry_id: int, game_pk: int, feed_json: str) -> None:
    # The entry's state is dropped: it was kept only for the entry's picture.
    conn.execute(f"UPDATE outbox SET done_at = {NOW}, state_json = NULL WHERE id = ?", (entry_id,))
    set_feed(conn, game_pk=game_pk, feed_json=feed_json)


def publish_failed(conn: sqlite3.Connection, *, entry_id: int, error: str) -> int:
    conn.execute(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?", (error[:500], entry_id)
    )
    row = conn.execute("SELECT attempts FROM outbox WHERE id = ?", (entry_id,)).fetchone()
    return int(row[0]) if row else 0


def set_clock(conn: sqlite3.Connection, *, game_pk: int, clock: Clock) -> None:
    _write_clock(conn, game_pk, clock)


def fire_timer(conn: sqlite3.Connection, *, timer_id: int, game_pk: int, publish: Publish | None) -> None:
    _timer_done(conn, timer_id, "fired" if publish is not None else "skipped")
    if publish is not None:
        # Queued at the game's current version: a reminder must not make open hands stale.
        row = conn.execute("SELECT version FROM games WHERE id = ?", (game_pk,)).fetchone()
        _enqueue(conn, game_pk, int(row[0]), publish)


def set_member_dm(conn: sqlite3.Connection, *, user_id: int, dm: bool, locale: str | None) -> None:
    conn.execute(
        "INSERT INTO member_settings (user_id, dm, locale) VALUES (?, ?, ?) ON CONFLICT (user_id)"
        " DO UPDATE SET dm = excluded.dm, locale = COALESCE(excluded.locale, member_settings.locale)",
        (user_id, int(dm), locale),
    )


# -- game nights (``bot.store.nights``): their own rows, never a game's ------------------------------------
NIGHT_TABLES = ("nights", "night_signups", "night_tables", "night_reflections")


def night_insert(
    conn: sqlite3.Connection, *, table: str, row: Mapping[str, Plain], upsert: Sequence[str] = ()
) -> int | None:
    """A row of a night's table; ``upsert``: the key columns whose conflict overwrites the rest."""
    if table not in NIGHT_TABLES:
        raise ValueError(f"not a night table: {table}")
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
    if upsert:
        rest = ", ".join(f"{c} = excluded.{c}" for c in row if c not in upsert)
        sql += f" ON CONFLICT ({', '.join(upsert)}) DO UPDATE SET {rest}"
    return conn.execute(sql, tuple(row.values())).lastrowid


def change_night(
    conn: sqlite3.Connection, *, night_pk: int, expected_version: int, assign: Sequence[tuple[str, Plain]]
) -> None:
    sets = "".join(f"{column} = ?, " for column, _ in assign)
    values = tuple(value for _, value in assign)
    cur = conn.execute(
        f"UPDATE nights SET {sets}version = version + 1 WHERE id = ? AND version = ?",
        (*values, night_pk, expected_version),
    )
    if cur.rowcount != 1:
        raise Refused("stale", night_pk, expected_version)


def night_signup(conn: sqlite3.Connection, *, night_pk: int, user_id: int, name: str, at: float) -> bool:
    """``False``: already signed up (nothing changes); one who left is signed up again."""
    row = conn.execute(
        "SELECT left_at FROM night_signups WHERE night_pk = ? AND user_id = ?", (night_pk, user_id)
    ).fetchone()
    if row is not None and row[0] is None:
        return False
    conn.execute(
        "INSERT INTO night_signups (night_pk, user_id, name, joined_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (night_pk, user_id)"
        " DO UPDATE SET name = excluded.name, joined_at = excluded.joined_at, left_at = NULL",
        (night_pk, user_id, name, at),
    )
    return True


def night_leave(conn: sqlite3.Connection, *, night_pk: int, user_id: int, at: float) -> bool:
    cur = conn.execute(
        "UPDATE night_signups SET left_at = ? WHERE night_pk = ? AND user_id = ? AND left_at IS NULL",
        (at, night_pk, user_id),
    )
    return cur.rowcount == 1


# The lease and review transactions: files of their own, loaded by path (the writer's script has no package).
_parts: list[Any] = []  # typed by TRANSACTIONS below
for _name in ("lease_transactions", "review_transactions"):
    _spec = importlib.util.spec_from_file_location(_name, Path(__file__).with_name(f"{_name}.py"))
    assert _spec is not None and _spec.loader is not None
    _part = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_part)
    _parts += _part.ALL

TRANSACTIONS: dict[str, Callable[..., Plain]] = {
    f.__name__: f
    for f in (
        change_guild_settings,
        set_guild_locale,
        create_game,
        change_game,
        set_message_ids,
        published,
        set_feed,
        publish_failed,
        set_clock,
        fire_timer,
        set_member_dm,
        night_insert,
        change_night,
        night_signup,
        night_leave,
        *_parts,
    )
}


# -- the process --------------------------------------------------------------------------------------
class Writer:
    """The one writer connection of a database file, and what runs on it."""

    def __init__(self, path: str) -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=5000")
        self.conn = conn
        # FULL: a game is never lost, even to a power cut right after an accepted click.
        self.synchronous = "FULL"
        conn.execute(f"PRAGMA synchronous={self.synchronous}")

    def migrate(self, migrations: Sequence[tuple[int, str, str]]) -> None:
        conn = self.conn
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            f" version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT ({NOW}))"
        )
        applied = {row[0] for row in conn.execute("SELECT version FROM schema_migrations").fetchall()}
        for number, name, sql in migrations:
            if number not in applied:
                # executescript runs the script and its bookkeeping row as one transaction.
                conn.executescript(
                    f"BEGIN IMMEDIATE;\n{sql}\n"
                    f"INSERT INTO schema_migrations (version, name) VALUES ({number}, '{name}');\nCOMMIT;"
                )

    def pragma(self, name: str, value: str | None = None) -> str:
        """Read a setting, or set it first (the store bench's no-fsync comparison)."""
        if not _PRAGMA.match(name) or (value is not None and not _PRAGMA.match(value.lower())):
            raise ValueError(f"not a pragma: {name}={value}")
        if value is not None:
            self.conn.execute(f"PRAGMA {name}={value}")
            if name == "synchronous":
                self.synchronous = value.upper()
        row = self.conn.execute(f"PRAGMA {name}").fetchone()
        text = str(row[0]) if row else "?"
        return _LEVELS.get(text, text) if name == "synchronous" else text

    def transact(
        self, body: Callable[..., Plain], kwargs: Mapping[str, Plain], durable: bool
    ) -> tuple[Plain, float]:
        conn = self.conn
        if not durable:
            conn.execute("PRAGMA synchronous=NORMAL")
        try:
            conn.execute("BEGIN IMMEDIATE")
            begun = time.perf_counter()
            try:
                result = body(conn, **kwargs)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return result, time.perf_counter() - begun
        finally:
            if not durable:
                conn.execute(f"PRAGMA synchronous={self.synchronous}")

    def game_row(self, game_pk: int) -> dict[str, Plain] | None:
        row = (cur := self.conn.execute("SELECT * FROM games WHERE id = ?", (game_pk,))).fetchone()
        return None if row is None else dict(zip([d[0] for d in cur.description], row, strict=True))

    def handle(self, request: tuple[str, dict[str, Plain], bool, int | None]) -> tuple[Plain, ...]:
        op, kwargs, durable, read_back = request
        try:
            seconds = None
            result: Plain = None
            if op == "migrate":
                self.migrate(cast("Sequence[tuple[int, str, str]]", kwargs["migrations"]))
            elif op == "pragma":
                value = kwargs.get("value")
                result = self.pragma(str(kwargs["name"]), None if value is None else str(value))
            else:
                result, seconds = self.transact(TRANSACTIONS[op], kwargs, durable)
            row = self.game_row(read_back) if read_back is not None else None
            return (True, result, seconds, row)
        except Refused as refused:
            return (False, (refused.kind, *refused.details), None, None)
        except sqlite3.Error as exc:
            return (False, ("sqlite", type(exc).__name__, str(exc)), None, None)
        except Exception as exc:  # answered, not fatal: the bot raises it for the one call that asked
            return (False, ("error", type(exc).__name__, str(exc)), None, None)


def _read_exactly(stream: IO[bytes], size: int) -> bytes | None:
    data = stream.read(size)
    return data if len(data) == size else None


def serve(path: str, requests: IO[bytes], replies: IO[bytes]) -> None:
    """Answer requests in order until the bot closes the pipe (it closed the store, or it is gone)."""
    writer = Writer(path)
    try:
        while (head := _read_exactly(requests, HEADER.size)) is not None:
            body = _read_exactly(requests, HEADER.unpack(head)[0])
            if body is None:
                break
            replies.write(frame(writer.handle(pickle.loads(body))))
            replies.flush()
    finally:
        writer.conn.close()


if __name__ == "__main__":
    # Ctrl-C in a terminal reaches the whole process group: the bot shuts down and still writes as it does,
    # so its writer stops only when the bot closes the pipe.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    serve(sys.argv[1], sys.stdin.buffer, sys.stdout.buffer)
