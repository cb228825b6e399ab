"""Fixtures of the night's bot tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.table import pictures


@pytest.fixture
async def picture_process() -> AsyncIterator[None]:
    """The bot's picture path with one picture process (spawned, as the bot runs it)."""
    await pictures.start(1)
    yield
    pictures.stop()
