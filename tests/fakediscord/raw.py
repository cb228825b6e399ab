"""A request to the fake's REST API by hand, outside discord.py: for tests of what the fake itself answers
(its checks, its errors), where a client library would refuse or reshape the request first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import aiohttp

if TYPE_CHECKING:
    from .server import FakeDiscord


async def raw(
    fake: FakeDiscord, method: str, path: str, body: Any = None, *, auth: bool = True
) -> tuple[int, Any]:
    """``(status, JSON body or None)`` of ``method path`` with ``body`` as JSON, as the bot (``auth``)."""
    headers = {"Authorization": f"Bot {fake.token}"} if auth else {}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.api_base + path, json=body, headers=headers) as response,
    ):
        data = await response.json() if response.content_type == "application/json" else None
        return response.status, data
