"""``open_store``: the backend ``DECKHAND_DATABASE`` names. A file path or ``sqlite:///path`` (the default,
``data/deckhand.db``) opens SQLite with its writer process; ``postgresql://…`` opens PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from bot.store.port import Store

_POSTGRES = ("postgresql://", "postgres://")
_SQLITE = "sqlite:///"


def is_postgres(url: str | Path) -> bool:
    return str(url).startswith(_POSTGRES)


def sqlite_path(url: str | Path) -> str:
    """The file a SQLite setting names: ``sqlite:///data/x.db`` is ``data/x.db``, ``sqlite:////srv/x.db``
    is ``/srv/x.db``, and a plain path is itself."""
    text = str(url)
    return text[len(_SQLITE) :] if text.startswith(_SQLITE) else text


async def open_store(url: str | Path, *, pool_size: int = 10) -> Store:
    """``pool_size``: PostgreSQL connections this process may hold (SQLite has its one writer process)."""
    if is_postgres(url):
        # Imported here: a bot on SQLite never loads the PostgreSQL driver.
        from bot.store.postgres.store import PostgresStore

        return await PostgresStore.open(str(url), pool_size=pool_size)
    from bot.store.sqlite import SqliteStore

    return await SqliteStore.open(sqlite_path(url))
