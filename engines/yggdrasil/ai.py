"""AI players: "random" and "normal" (placeholder; replaced below)."""

from __future__ import annotations

from typing import Any

from engines.core import Agent, RandomAgent


def make_agent(engine: Any, level: str) -> Agent:
    return RandomAgent(engine)
