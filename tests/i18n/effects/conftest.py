"""The golden wording: every effect, condition, goal and ``/card`` entry as the engines' old ``text.py`` and
``rules_text.py`` worded them before the wording moved above the engines (captured once from that code, in
both languages), so the words layer is shown to say exactly what the engines said."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

GOLDEN = Path(__file__).with_name("golden.json")


@cache
def _golden() -> dict[str, str]:
    data: dict[str, str] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


@pytest.fixture
def golden() -> dict[str, str]:
    return _golden()


def under(golden: dict[str, str], prefix: str) -> dict[str, str]:
    """The golden entries whose key starts with ``prefix``."""
    return {k: v for k, v in golden.items() if k.startswith(prefix)}
