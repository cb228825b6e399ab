"""engines/ holds rules only: no Discord, pictures, SQLite, asyncio or I/O modules (DESIGN.md)."""

from __future__ import annotations

import ast
from pathlib import Path

FORBIDDEN = {
    "discord",
    "PIL",
    "aiosqlite",
    "sqlite3",
    "asyncio",
    "bot",
    "renderers",
    "i18n",
    "aiohttp",
    "requests",
    "socket",
    "random",
}
ROOT = Path(__file__).resolve().parents[2] / "engines"


def test_engines_import_nothing_impure() -> None:
    offenders = []
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert not offenders, offenders
