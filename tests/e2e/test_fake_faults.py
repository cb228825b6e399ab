"""Faults through the fake: 5xx and 429 answers that discord.py's own retry logic must ride out, and
gateway drops it must resume from; every injected fault is logged in ``fake.faults.log``."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import RunningBot
from tests.fakediscord.faults import compile_path

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(40)]

MESSAGES = "/channels/{channel_id}/messages"


async def raw_get(fake: FakeDiscord, path: str) -> tuple[int, dict[str, str], Any]:
    headers = {"Authorization": f"Bot {fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.get(fake.api_base + path, headers=headers) as response,
    ):
        body = await response.json() if response.content_type == "application/json" else await response.text()
        return response.status, dict(response.headers), body


def posts(fake: FakeDiscord) -> list[tuple[int | None, str | None]]:
    channel = fake.guild.default_channel.id
    return [(r.status, r.injected) for r in fake.requests if r.path == f"/channels/{channel}/messages"]


async def test_rate_limit_is_waited_out_by_discord_py(fake: FakeDiscord, minibot: RunningBot) -> None:
    fake.faults.rate_limit(retry_after=0.3, method="POST", path=MESSAGES)
    started = time.perf_counter()
    reply = await fake.guild.member("alice").slash("game post", kind="text")
    assert reply.content == "Posted."
    assert time.perf_counter() - started >= 0.3
    assert posts(fake) == [(429, "rate-limit"), (200, None)]
    assert [m.content for m in fake.guild.default_channel.messages()] == ["Posted text."]
    (fault,) = fake.faults.log
    assert (fault.kind, fault.status, fault.method) == ("rate-limit", 429, "POST")
    assert fault.request is not None and fault.request.response["retry_after"] == 0.3


async def test_rate_limit_answer_looks_like_discords(fake: FakeDiscord) -> None:
    fake.faults.rate_limit(retry_after=1.5, path="/users/@me")
    status, headers, body = await raw_get(fake, "/users/@me")
    assert status == 429
    assert body == {"message": "You are being rate limited.", "retry_after": 1.5, "global": False, "code": 0}
    assert headers["Content-Type"] == "application/json"  # verbatim: discord.py compares it so
    assert headers["Retry-After"] == "2" and headers["Via"] == "1.1 google"
    assert headers["X-RateLimit-Remaining"] == "0" and headers["X-RateLimit-Reset-After"] == "1.500"
    assert headers["X-RateLimit-Scope"] == "user" and headers["X-RateLimit-Bucket"]
    spec = fake.spec_status.spec
    if spec is not None:
        assert spec.validate("/components/schemas/RatelimitedResponse", body, direction="response") == []
    assert (await raw_get(fake, "/users/@me"))[0] == 200  # one time only by default
    fake.faults.rate_limit(retry_after=0.5, is_global=True)
    status, headers, body = await raw_get(fake, "/users/@me")
    assert (status, body["global"], headers["X-RateLimit-Global"]) == (429, True, "true")
    assert "X-RateLimit-Bucket" not in headers


async def test_server_error_500_is_retried(fake: FakeDiscord, minibot: RunningBot) -> None:
    fake.faults.server_error(500, method="POST", path=MESSAGES)
    reply = await fake.guild.member("alice").slash("game post", kind="text")
    assert reply.content == "Posted."
    assert posts(fake) == [(500, "server-error"), (200, None)]
    assert [f.describe() for f in fake.faults.log] == [
        f"[server-error] POST /channels/{fake.guild.default_channel.id}/messages -> 500 "
        "(500 POST /channels/{channel_id}/messages 1 time(s))"
    ]


async def test_503_reaches_the_bot_as_a_server_error(fake: FakeDiscord, minibot: RunningBot) -> None:
    # discord.py retries 500/502/504 on REST, not 503.
    fake.faults.server_error(503, method="POST", path=MESSAGES, times=3)
    reply = await fake.guild.member("alice").slash("game post", kind="text")
    assert reply.content == "Discord failed (503)."
    assert posts(fake) == [(503, "server-error")]
    assert fake.guild.default_channel.messages() == []


async def test_processed_502_makes_a_retry_repeat_the_request(fake: FakeDiscord, minibot: RunningBot) -> None:
    fake.faults.server_error(502, method="POST", path=MESSAGES, processed=True)
    reply = await fake.guild.member("alice").slash("game post", kind="text")
    assert reply.content == "Posted."
    # The retry repeats the request; discord.py sends a nonce with enforce_nonce, so Discord answers the
    # repeat with the message the first attempt created instead of posting it twice.
    assert posts(fake) == [(502, "server-error"), (200, None)]
    assert [m.content for m in fake.guild.default_channel.messages()] == ["Posted text."]
    assert len(fake.messages.deduplicated) == 1


async def test_interaction_callback_5xx_is_retried(fake: FakeDiscord, minibot: RunningBot) -> None:
    fake.faults.server_error(503, path="/interactions/{interaction_id}/{token}/callback")
    reply = await fake.guild.member("alice").slash("game hello")
    assert reply.content == "Hello (en-US)"
    assert [f.status for f in fake.faults.injected("server-error")] == [503]


async def test_a_period_ends_with_the_fake_clock(fake: FakeDiscord) -> None:
    fake.faults.server_error(504, path="/users/@me", seconds=60)
    assert [(await raw_get(fake, "/users/@me"))[0] for _ in range(3)] == [504, 504, 504]
    fake.clock.advance(61)
    assert (await raw_get(fake, "/users/@me"))[0] == 200
    assert len(fake.faults.log) == 3


async def test_a_seeded_fraction_of_requests_fails(fake: FakeDiscord) -> None:
    async def run(target: FakeDiscord) -> list[int]:
        target.faults.server_error(502, rate=0.4, seed=11)
        return [(await raw_get(target, "/users/@me"))[0] for _ in range(20)]

    first = await run(fake)
    async with FakeDiscord() as other:
        second = await run(other)
    assert first == second  # the seed fixes which ones
    assert 0 < first.count(502) < 20 and set(first) == {200, 502}
    assert len(fake.faults.injected("server-error")) == first.count(502)
    fake.faults.clear()
    assert (await raw_get(fake, "/users/@me"))[0] == 200


async def test_gateway_drops_once_and_periodically(fake: FakeDiscord, minibot: RunningBot) -> None:
    assert await fake.faults.drop_gateway()
    await asyncio.wait_for(fake.gateway.resumed.wait(), 5)
    fake.faults.drop_gateway_every(0.3, times=2)
    deadline = time.perf_counter() + 10
    while len(fake.faults.injected("gateway-drop")) < 3 and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    drops = fake.faults.injected("gateway-drop")
    periodic = "drop every 0.3 s, 2 time(s)"
    assert [d.rule for d in drops] == ["drop once", periodic, periodic]
    reply = await fake.guild.member("alice").slash("game hello")
    assert reply.content == "Hello (en-US)"
    assert fake.gateway.resumes == 3 and fake.gateway.identifies == 1


def test_path_patterns() -> None:
    pattern = compile_path("/channels/{channel_id}/messages")
    assert pattern.match("/channels/1/messages") and not pattern.match("/channels/1/messages/2")
    assert compile_path("/channels/*/messages/**").match("/channels/1/messages/2/reactions/x/@me")
    assert not compile_path("/channels/*").match("/channels/1/messages")
    with pytest.raises(ValueError, match="5xx"):
        FakeDiscord().faults.server_error(404)
