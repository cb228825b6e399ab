"""What the fake enforces: schema, Discord's limits, the 3 s deadline, one ack, 15 min tokens, traps."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import Route

from tests.fakediscord import FakeDiscord, ViolationError
from tests.fakediscord.botrunner import RunningBot
from tests.fakediscord.minibot import MiniBot
from tests.fakediscord.raw import raw
from tests.fakediscord.schema import REPO_ROOT

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(30)]


def need_spec(fake: FakeDiscord) -> None:
    if fake.spec_status.spec is None:
        pytest.skip(fake.spec_status.reason)


async def test_bad_body_fails_with_the_schema_pointer(fake: FakeDiscord, minibot: RunningBot) -> None:
    need_spec(fake)
    assert minibot.bot is not None
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=fake.guild.default_channel.id)
    with pytest.raises(discord.HTTPException) as refused:
        await minibot.bot.http.request(route, json={"content": 5})
    assert refused.value.status == 400 and refused.value.code == 50035
    with pytest.raises(ViolationError) as failure:
        fake.raise_violations()
    (violation,) = failure.value.violations
    assert violation.kind == "schema"
    assert violation.pointer == "/components/schemas/MessageCreateRequest/properties/content/type"
    assert violation.instance_path == "/content"
    assert violation.request is not None and violation.request.body == {"content": 5}
    assert "openapi.json#/components/schemas/MessageCreateRequest/properties/content/type" in str(
        failure.value
    )


async def test_nested_component_errors_name_the_component_kind_meant(fake: FakeDiscord) -> None:
    need_spec(fake)
    button = {"type": 2, "style": 1, "label": "Join", "custom_id": "x" * 101}
    with fake.expect_violations("schema") as caught:
        status, data = await raw(
            fake,
            "POST",
            f"/channels/{fake.guild.default_channel.id}/messages",
            {"content": "hi", "components": [{"type": 1, "components": [button]}]},
        )
    assert status == 400 and data["code"] == 50035
    assert caught[0].instance_path == "/components/0/components/0/custom_id"
    assert (
        caught[0].pointer
        == "/components/schemas/ButtonComponentForMessageRequest/properties/custom_id/maxLength"
    )


def test_a_violation_fails_the_test_at_teardown(tmp_path: Path) -> None:
    inner = tmp_path / "test_inner.py"
    inner.write_text(
        textwrap.dedent("""
        async def test_sends_a_bad_body(fake):
            import aiohttp
            async with aiohttp.ClientSession() as s:
                url = f"{fake.api_base}/channels/{fake.guild.default_channel.id}/messages"
                async with s.post(url, json={"content": 5}, headers={"Authorization": f"Bot {fake.token}"}):
                    pass
    """)
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "tests.e2e.conftest",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(REPO_ROOT),
            "-c",
            str(REPO_ROOT / "pyproject.toml"),
            str(inner),
        ],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    out = result.stdout + result.stderr
    if "Discord OpenAPI spec not found" in out:
        pytest.skip("spec missing")
    assert result.returncode == 1, out
    assert "1 passed, 1 error" in out
    assert "ViolationError" in out and "[schema]" in out
    assert "MessageCreateRequest/properties/content/type" in out


async def test_without_the_spec_validation_is_off_and_says_why(tmp_path: Path) -> None:
    missing = tmp_path / "openapi.json"
    async with FakeDiscord(spec_path=missing) as fake:
        assert fake.spec_status.spec is None
        assert str(missing) in fake.spec_status.reason and "NOT validated" in fake.spec_status.reason
        status, _ = await raw(
            fake, "POST", f"/channels/{fake.guild.default_channel.id}/messages", {"content": 5}
        )
        assert status == 200
        fake.assert_no_violations()


async def test_late_first_response_is_refused_and_recorded(fake: FakeDiscord, minibot: RunningBot) -> None:
    bot = minibot.bot
    assert isinstance(bot, MiniBot)
    alice = fake.guild.member("alice")
    with fake.expect_violations("deadline") as caught:
        pending = asyncio.create_task(alice.slash("game slow"))
        await asyncio.sleep(0.1)
        fake.clock.advance(3.5)  # the handler is still waiting at its gate
        await asyncio.sleep(0.1)
        bot.gate.set()
        reply = await pending
    assert not reply.acknowledged and reply.message is None
    assert "'slash game slow'" in caught[0].message
    assert [(r.status, r.code) for r in fake.rejections] == [(404, 10062)]


async def test_second_acknowledgement_is_refused(fake: FakeDiscord, minibot: RunningBot) -> None:
    reply = await fake.guild.member("alice").slash("game hello")
    inter = reply.interaction
    with fake.expect_violations("double-ack"):
        status, data = await raw(
            fake,
            "POST",
            f"/interactions/{inter.id}/{inter.token}/callback",
            {"type": 4, "data": {"content": "again"}},
            auth=False,
        )
    assert (status, data["code"], data["message"]) == (
        400,
        40060,
        "Interaction has already been acknowledged.",
    )


async def test_interaction_token_expires_after_15_minutes(fake: FakeDiscord, minibot: RunningBot) -> None:
    alice = fake.guild.member("alice")
    hand = await alice.slash("game hand")
    assert (await alice.click("Refresh")).content == "Refreshed."
    assert hand.content == "Your hand (refreshed)."
    fake.clock.advance(16 * 60)
    reply = await alice.click("Refresh", message=hand.message)
    assert reply.content == "Your hand (new)." and reply.ephemeral
    assert [(r.status, r.code) for r in fake.rejections] == [(401, 50027)]
    inter = hand.interaction
    status, data = await raw(
        fake, "GET", f"/webhooks/{fake.store.application_id}/{inter.token}/messages/@original", auth=False
    )
    assert (status, data["code"]) == (401, 50027)


async def test_over_long_content_from_the_bot_is_a_violation(fake: FakeDiscord, minibot: RunningBot) -> None:
    # The webhook schema already caps content at 2000; without the spec the limits check catches it.
    kind = "schema" if fake.spec_status.spec is not None else "limits"
    with fake.expect_violations(kind) as caught:
        reply = await fake.guild.member("alice").slash("game shout")
    assert reply.content == "Shouting…"
    assert caught[0].instance_path == "/content" and "2001 characters" in caught[0].message


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _button(custom_id: str, label: str = "B") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def _select(custom_id: str, options: int = 3) -> dict[str, Any]:
    return {
        "type": 3,
        "custom_id": custom_id,
        "options": [{"label": f"o{i}", "value": f"v{i}"} for i in range(options)],
    }


BAD_BODIES: dict[str, tuple[dict[str, Any], str]] = {
    "six action rows": ({"components": [_row(_button(f"b{i}")) for i in range(6)]}, "limits"),
    "select shares a row": ({"components": [_row(_select("s"), _button("b"))]}, "limits"),
    "six buttons in a row": ({"components": [_row(*[_button(f"b{i}") for i in range(6)])]}, "schema"),
    "26 select options": ({"components": [_row(_select("s", 26))]}, "schema"),
    "custom id of 101": ({"components": [_row(_button("x" * 101))]}, "schema"),
    "label of 81": ({"components": [_row(_button("b", "x" * 81))]}, "schema"),
    "duplicate custom id": ({"components": [_row(_button("b"), _button("b"))]}, "limits"),
    "content of 2001": ({"content": "x" * 2001}, "limits"),
    "eleven embeds": ({"embeds": [{"title": "t"}] * 11}, "schema"),
    "embeds over 6000": ({"embeds": [{"description": "x" * 4000}, {"description": "x" * 4000}]}, "limits"),
}


@pytest.mark.parametrize("case", list(BAD_BODIES))
async def test_discord_limits(fake: FakeDiscord, case: str) -> None:
    body, kind = BAD_BODIES[case]
    if kind == "schema":
        need_spec(fake)
    with fake.expect_violations(kind):
        status, data = await raw(
            fake, "POST", f"/channels/{fake.guild.default_channel.id}/messages", {"content": "hi", **body}
        )
    assert (status, data["code"]) == (400, 50035)


async def test_a_bot_that_ignores_gateway_bot_is_caught(fake: FakeDiscord, tmp_path: Path) -> None:
    def forgetful(fake: FakeDiscord, database: Path) -> discord.Client:
        return MiniBot(api_base=fake.api_base, guild_id=fake.guild.id, ask_gateway=False)

    with fake.expect_violations("trap") as caught:
        async with RunningBot(fake, forgetful, tmp_path / "x.db"):
            pass
    assert "DEFAULT_GATEWAY" in caught[0].message


async def test_a_bot_that_keeps_discord_com_is_caught(fake: FakeDiscord, tmp_path: Path) -> None:
    def forgetful(fake: FakeDiscord, database: Path) -> discord.Client:
        return MiniBot(api_base=None, guild_id=fake.guild.id)

    with fake.expect_violations("trap") as caught:
        async with RunningBot(fake, forgetful, tmp_path / "x.db"):
            pass
    assert "Route.BASE" in caught[0].message
