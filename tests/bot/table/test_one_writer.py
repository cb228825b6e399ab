"""One writer: the table service (``bot/table/service.py``) is the only code that changes a game in the store.

Read from the code like the engine purity test: every call of a store write method (``store.update(…)``,
``self.tables.store.fire_timer(…)``, ``self._store.set_clock(…)``: a method called on anything named
``…store``) outside the store package is found. The store's write methods are those of ``StoreWrites`` that
run a write transaction (``self._write``/``self._change``), found the same way, so a new one must be sorted
into ``GAME_WRITES`` or ``BOOKKEEPING`` here. A game write is allowed in the service only; a bookkeeping write
(which message shows a game, the outbox's progress, server and member settings) only where ``ALLOWED`` lists
the (module, method) pair, so a new writer anywhere fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.bot.import_graph import ROOT, modules

SERVICE = "bot.table.service"
#: Changes of a game row, its action log, results, timers or clocks, or a new game: the service's only.
GAME_WRITES = {
    "create_game",
    "update",
    "record_action",
    "finish",
    "fire_timer",
    "set_clock",
    "_change",
    "_write",
}
#: Writes that change no game's play: publishing bookkeeping and settings.
BOOKKEEPING = {
    "set_message_ids",
    "set_feed",
    "published",
    "publish_failed",
    "change_guild_settings",
    "set_guild_locale",
    "set_member_dm",
    # leases (issue 25): who is working on a due timer or a game's outbox entries, not the game itself
    "claim_timers",
    "claim_outbox",
    "release_outbox",
}
#: Where each bookkeeping write may be called from (and nowhere else).
ALLOWED = {
    ("bot.cogs.game.async_play", "set_member_dm"),
    ("bot.cogs.game.lobby", "set_message_ids"),
    ("bot.cogs.game.settings", "set_guild_locale"),
    ("bot.cogs.game.settings", "change_guild_settings"),
    ("bot.night.places", "set_message_ids"),
    ("bot.table.outbox", "claim_outbox"),
    ("bot.table.outbox", "release_outbox"),
    ("bot.table.outbox", "publish_failed"),
    ("bot.table.outbox", "published"),
    ("bot.table.places", "set_message_ids"),
    ("bot.table.publisher", "published"),
    ("bot.table.publisher", "set_feed"),
    ("bot.table.publisher", "set_message_ids"),
    ("bot.table.rematch", "set_message_ids"),
    ("bot.table.scheduler", "claim_timers"),
}


def store_write_methods(root: Path = ROOT) -> set[str]:
    """The store's methods that run a write (call ``self._write`` or ``self._change``): ``StoreWrites``',
    which both backends share."""
    tree = ast.parse((root / "bot" / "store" / "writes.py").read_text(encoding="utf-8"))
    store = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "StoreWrites")
    found = set()
    for method in store.body:
        if not isinstance(method, ast.AsyncFunctionDef | ast.FunctionDef):
            continue
        for node in ast.walk(method):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("_write", "_change")
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "self"
            ):
                found.add(method.name)
    return found


def _is_store(node: ast.expr) -> bool:
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name.endswith("store")


def store_writes(methods: set[str], root: Path = ROOT) -> set[tuple[str, str]]:
    """(module, method) of every call of a store write method in ``bot/``, outside the store package."""
    calls = set()
    for name, path in modules("bot", root).items():
        if name == "bot.store" or name.startswith("bot.store."):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in methods
                and _is_store(node.func.value)
            ):
                calls.add((name, node.func.attr))
    return calls


def offenders(calls: set[tuple[str, str]]) -> list[str]:
    wrong = []
    for module, method in sorted(calls):
        if method in GAME_WRITES and module != SERVICE:
            wrong.append(f"{module} calls store.{method}: a change of a game goes through TableService")
        elif method not in GAME_WRITES and (module, method) not in ALLOWED:
            wrong.append(f"{module} calls store.{method}: not in ALLOWED")
    return wrong


def test_every_store_write_method_is_sorted() -> None:
    """A new write method of the store is either a game write (the service's only) or listed bookkeeping."""
    unsorted = store_write_methods() - GAME_WRITES - BOOKKEEPING
    assert not unsorted, f"sort these store writes into GAME_WRITES or BOOKKEEPING: {sorted(unsorted)}"


def test_only_the_table_service_changes_a_game() -> None:
    calls = store_writes(store_write_methods() | GAME_WRITES | BOOKKEEPING)
    assert not offenders(calls), offenders(calls)


def test_the_allowed_bookkeeping_writers_are_all_still_there() -> None:
    """An entry of ``ALLOWED`` no longer used is taken off, so the list says where writes really are."""
    calls = store_writes(store_write_methods() | GAME_WRITES | BOOKKEEPING)
    assert not ALLOWED - calls, f"take these off ALLOWED: {sorted(ALLOWED - calls)}"


def test_the_check_finds_a_writer_however_it_reaches_the_store(tmp_path: Path) -> None:
    """A game write from another module through ``self.tables.store``, a local ``store`` or ``self._store``
    is found; a dict's ``update`` and the service's own writes are not offences."""
    files = {
        "bot/table/service.py": "async def f(self):\n    await self.store.update(1, 2)\n",
        "bot/table/scheduler.py": (
            "async def f(self):\n"
            "    store = self.tables.store\n"
            "    await store.update(1, 2)\n"
            "    await self.tables.store.fire_timer(1, 2)\n"
            "    {}.update(a=1)\n"
        ),
        "bot/table/other.py": "async def f(self):\n    await self._store.set_clock(1, None)\n",
        "bot/table/publisher.py": "async def f(self):\n    await self.store.set_feed(1, {})\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    calls = store_writes(GAME_WRITES | BOOKKEEPING, tmp_path)
    assert calls == {
        ("bot.table.service", "update"),
        ("bot.table.scheduler", "update"),
        ("bot.table.scheduler", "fire_timer"),
        ("bot.table.other", "set_clock"),
        ("bot.table.publisher", "set_feed"),
    }
    assert offenders(calls) == [
        "bot.table.other calls store.set_clock: a change of a game goes through TableService",
        "bot.table.scheduler calls store.fire_timer: a change of a game goes through TableService",
        "bot.table.scheduler calls store.update: a change of a game goes through TableService",
    ]
