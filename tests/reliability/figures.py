"""The reliability suites' figures: suite -> figure -> number, printed at the end of the run (the soak's note
takes them from there).

The hooks live in ``tests/conftest.py``: under pytest-xdist the controller, which prints the summary, loads
no conftest below ``tests/``. Each worker sends its figures in ``workeroutput`` and the controller sums them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

FIGURES: defaultdict[str, Counter[str]] = defaultdict(Counter)
KEY = "reliability_figures"


def send(config: Any) -> None:
    """On an xdist worker: hand this worker's figures to the controller."""
    output = getattr(config, "workeroutput", None)
    if output is not None:
        output[KEY] = {suite: dict(figures) for suite, figures in FIGURES.items()}


def receive(node: Any) -> None:
    """On the controller: add a finished worker's figures."""
    for suite, figures in getattr(node, "workeroutput", {}).get(KEY, {}).items():
        FIGURES[suite].update(figures)


def report(terminalreporter: Any, soak: bool) -> None:
    if not FIGURES:
        return
    terminalreporter.section(f"reliability figures ({'soak' if soak else 'small counts'})")
    for suite in sorted(FIGURES):
        for name, value in sorted(FIGURES[suite].items()):
            terminalreporter.write_line(f"{suite:>14}  {name:<66} {value:>10,}")
