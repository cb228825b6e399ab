"""Suite-wide settings. Hypothesis profiles: ``ci`` keeps every property test but with fewer examples;
``dev`` is the default locally; ``deep`` is for a long hunt (HYPOTHESIS_PROFILE=deep)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_common = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", max_examples=15, derandomize=True, **_common)  # type: ignore[arg-type]
settings.register_profile("dev", max_examples=40, **_common)  # type: ignore[arg-type]
settings.register_profile("deep", max_examples=500, **_common)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
