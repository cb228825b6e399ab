"""Fixtures shared by the renderer tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from renderers.common import clear_caches
from tests.renderers.drawn_text import DrawnText


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[DrawnText]:
    """Every run of text the pictures draw from here on (from cold caches, so text inside cached sprites is
    drawn, and recorded, again)."""
    tracker = DrawnText()
    tracker.watch(monkeypatch)
    clear_caches()
    yield tracker
    tracker.reset()
    clear_caches()
