"""Fixtures and figures for the reliability suites (fuzz, races, leaks, authorisation).

Counts are small in ``make test`` and large in ``make soak`` (``DECKHAND_SOAK=1``); ``count(small, soak)``
picks one, and ``DECKHAND_SOAK_SCALE`` (a float, default 1) scales the soak counts for a longer or shorter
hunt. Each suite adds its figures to ``FIGURES`` (``tests/reliability/figures.py``); they are printed at the
end of the run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.conftest import e2e_database, fake, running_bot  # noqa: F401  (fixtures shared with the e2e suites)
from tests.reliability.figures import FIGURES

SOAK = os.environ.get("DECKHAND_SOAK", "") not in ("", "0")
SCALE = float(os.environ.get("DECKHAND_SOAK_SCALE", "1") or 1)


__all__ = ["FIGURES", "count"]


def count(small: int, soak: int) -> int:
    return max(1, int(soak * SCALE)) if SOAK else small


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.e2e)
            if item.get_closest_marker("timeout") is None:
                item.add_marker(pytest.mark.timeout(14_400 if SOAK else 300))
