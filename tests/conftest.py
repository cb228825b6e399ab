"""Suite-wide settings. Hypothesis profiles: ``ci`` keeps every property test but with fewer examples;
``dev`` is the default locally; ``deep`` is for a long hunt (HYPOTHESIS_PROFILE=deep)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import engines
from engines.core.registry import unregister

_common = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", max_examples=15, derandomize=True, **_common)  # type: ignore[arg-type]
settings.register_profile("dev", max_examples=40, **_common)  # type: ignore[arg-type]
settings.register_profile("deep", max_examples=500, **_common)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def climb() -> Iterator[Any]:
    """The test-only Climb engine, registered for the test's duration."""
    from tests.engines.toygame import ENGINE

    engines.register(ENGINE)
    yield ENGINE
    unregister(ENGINE.id)
