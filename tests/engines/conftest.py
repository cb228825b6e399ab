from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.core import Engine
from tests.engines.toygame import ENGINE as CLIMB


def contract_engines() -> list[Engine[Any, Any]]:
    """Every registered game plus the test-only Climb engine, which keeps the suite honest."""
    return [*engines.all(), CLIMB]


@pytest.fixture(params=contract_engines(), ids=lambda e: e.id, scope="session")
def engine(request: pytest.FixtureRequest) -> Engine[Any, Any]:
    eng: Engine[Any, Any] = request.param
    return eng
