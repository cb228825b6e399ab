"""``bot/presenters`` is pure: no store, no client, no pictures, no I/O and nothing that waits; of the table
package only its plain-data leaves (the feed, the clock's names, the lobby's words), so the presenters sit
below the table's import circle; ``payload`` is a leaf that imports nothing of the bot."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3] / "bot" / "presenters"
FORBIDDEN = (
    "asyncio",
    "aiosqlite",
    "sqlite3",
    "aiohttp",
    "socket",
    "PIL",
    "renderers",
    "bot.store.sqlite",
    "bot.client",
)
TABLE_LEAVES = {"bot.table.feed", "bot.table.clock", "bot.table.lobby_words"}


def within(name: str, modules: Iterable[str]) -> bool:
    return any(name == m or name.startswith(f"{m}.") for m in modules)


def imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path.name}: a relative import"
            names += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
    return names


def test_the_presenters_import_nothing_impure() -> None:
    offenders = []
    for path in sorted(ROOT.glob("*.py")):
        for name in imports(path):
            if within(name, FORBIDDEN):
                offenders.append(f"{path.name}: {name}")
            if name.startswith("bot.table.") and not within(name, TABLE_LEAVES):
                offenders.append(f"{path.name}: {name}")
    assert not offenders, offenders


def test_nothing_in_the_presenters_waits() -> None:
    waiting = [
        f"{path.name}: {node.name}"
        for path in sorted(ROOT.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.AsyncFunctionDef)
    ]
    assert not waiting, waiting


def test_the_payload_is_a_leaf() -> None:
    assert not [n for n in imports(ROOT / "payload.py") if n.startswith("bot")]
