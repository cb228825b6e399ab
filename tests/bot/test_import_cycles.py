"""No import cycles in ``bot/``: every import counts, inside functions and under ``TYPE_CHECKING`` too, since
a cycle hidden from the interpreter is still two modules that cannot be understood (or moved) one without the
other."""

from __future__ import annotations

from pathlib import Path

from tests.bot.import_graph import cycles, graph


def test_no_import_cycle_in_bot() -> None:
    assert cycles(graph("bot")) == []


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """A cycle closed only under TYPE_CHECKING, or by an import inside a function, is still found; a package
    re-exporting its submodules is not a cycle."""
    files = {
        "p/__init__.py": "from p.a import A\nfrom p import b\n",
        "p/a.py": "from p.b import B\nA = 1\n",
        "p/b.py": "B = 2\n",
        "p/t1.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p.t2 import X\n",
        "p/t2.py": "from . import t1\nX = 1\n",
        "p/f1.py": "def late():\n    from p import f2\n",
        "p/f2.py": "import p.f1\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert cycles(graph("p", tmp_path)) == [["p.f1", "p.f2"], ["p.t1", "p.t2"]]
