"""The port holds: both backends are whole ``Store``s, and no code outside the store names a database
driver (so no driver's type can reach a caller through it)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from bot.store import SqliteStore, Store
from bot.store.postgres.store import PostgresStore

ROOT = Path(__file__).resolve().parents[3]
DRIVERS = {"sqlite3", "aiosqlite", "asyncpg"}


def port_methods() -> list[str]:
    return sorted(n for n, v in vars(Store).items() if inspect.iscoroutinefunction(v))


@pytest.mark.parametrize("backend", [SqliteStore, PostgresStore], ids=lambda c: c.__name__)
def test_a_backend_has_every_operation_of_the_port_with_its_signature(backend: type) -> None:
    assert len(port_methods()) > 30
    for name in port_methods():
        ours = inspect.signature(getattr(backend, name))
        theirs = inspect.signature(getattr(Store, name))
        assert list(ours.parameters) == list(theirs.parameters), name
        assert [p.default for p in ours.parameters.values()] == [
            p.default for p in theirs.parameters.values()
        ]


def test_no_module_outside_the_store_imports_a_database_driver() -> None:
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if (ROOT / "bot" / "store") in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.split(".")[0]]
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names if n in DRIVERS]
    assert found == []
