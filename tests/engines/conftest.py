from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.core import Engine


def contract_engines() -> list[Engine[Any, Any, Any, Any]]:
    """Every discovered game, the test-only Climb included (it plugs in from ``tests/extra_games``)."""
    return engines.all()


@pytest.fixture(params=contract_engines(), ids=lambda e: e.id, scope="session")
def engine(request: pytest.FixtureRequest) -> Engine[Any, Any, Any, Any]:
    eng: Engine[Any, Any, Any, Any] = request.param
    return eng
