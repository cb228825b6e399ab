"""A throw-away PostgreSQL database for the tests that run on both backends.

``DECKHAND_TEST_POSTGRES`` is the admin URL (default ``postgresql://postgres@127.0.0.1:5432/postgres``): each
test session (each xdist worker) creates a database of its own there and drops it at the end; a test empties
it first (``fresh``). Where no server answers, the PostgreSQL runs skip with the reason (``unreachable``).
The helpers are plain functions run on a thread of their own, so they never touch a test's event loop.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import asyncpg

ADMIN_URL = os.environ.get("DECKHAND_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
#: Every table of the store, emptied between tests (``schema_migrations`` stays: the schema is there).
TABLES = (
    "actions",
    "results",
    "outbox",
    "timers",
    "night_tables",
    "night_signups",
    "night_reflections",
    "nights",
    "games",
    "guild_settings",
    "member_settings",
)

T = TypeVar("T")


def _run(coro: Coroutine[object, object, T]) -> T:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def database_url(name: str) -> str:
    base, _, _ = ADMIN_URL.rpartition("/")
    return f"{base}/{name}"


async def _reachable() -> str | None:
    try:
        conn = await asyncpg.connect(ADMIN_URL, timeout=5)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as exc:
        return f"PostgreSQL not reachable at {ADMIN_URL} ({type(exc).__name__}: {exc})"
    await conn.close()
    return None


def unreachable() -> str | None:
    """Why PostgreSQL cannot be used, or ``None`` when it can."""
    return _run(_reachable())


async def _create(name: str) -> None:
    conn = await asyncpg.connect(ADMIN_URL)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()


async def _drop(name: str) -> None:
    conn = await asyncpg.connect(ADMIN_URL)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


def create_database(prefix: str = "deckhand_test") -> str:
    """A new empty database; its URL."""
    name = f"{prefix}_{os.getpid()}_{secrets.token_hex(4)}"
    _run(_create(name))
    return database_url(name)


def drop_database(url: str) -> None:
    _run(_drop(url.rpartition("/")[2]))


async def _empty(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        if await conn.fetchval("SELECT to_regclass('games') IS NOT NULL"):
            await conn.execute(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()


def fresh(url: str) -> str:
    """The database emptied of every game and setting (its schema stays); its URL."""
    _run(_empty(url))
    return url
