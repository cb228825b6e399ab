"""Climb, the test-only game: its engine (see ``engine``)."""

from engines.test_climb.engine import ENGINE, ClimbEngine

__all__ = ["ENGINE", "ClimbEngine"]
