"""Scheduled events through the fake, driven by the real discord.py client: Discord's permissions
(CREATE_EVENTS for a new event, MANAGE_EVENTS for someone else's), the rules of an external event, the
status moves, interested members, and the gateway events reaching discord.py's cache. The fake validates
every request against Discord's OpenAPI description (``assert_no_violations`` at teardown)."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import discord
import pytest

from tests.fakediscord import FakeDiscord, NotPossible, Permission
from tests.fakediscord.botrunner import RunningBot
from tests.fakediscord.permissions import BOT_PERMISSIONS
from tests.fakediscord.raw import raw
from tests.fakediscord.scheduled_events import ScheduledEvent

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(30)]


def guild_of(minibot: RunningBot, fake: FakeDiscord) -> discord.Guild:
    assert minibot.bot is not None
    guild = minibot.bot.get_guild(fake.guild.id)
    assert guild is not None
    return guild


async def grant(fake: FakeDiscord, permission: Permission) -> None:
    await fake.guild.set_role_permissions("Deckhand", BOT_PERMISSIONS | int(permission))


def in_hours(fake: FakeDiscord, hours: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(fake.store.clock.now() + hours * 3600, dt.UTC)


async def night(guild: discord.Guild, fake: FakeDiscord, name: str = "Game night") -> discord.ScheduledEvent:
    return await guild.create_scheduled_event(
        name=name,
        start_time=in_hours(fake, 1),
        end_time=in_hours(fake, 2),
        entity_type=discord.EntityType.external,
        location="#game-night",
        privacy_level=discord.PrivacyLevel.guild_only,
        description="AWS Builder Cards, 2 sets of 30 minutes",
    )


async def test_creating_an_event_needs_create_events(fake: FakeDiscord, minibot: RunningBot) -> None:
    guild = guild_of(minibot, fake)
    with pytest.raises(discord.Forbidden) as refused:
        await night(guild, fake)
    assert refused.value.code == 50013
    assert fake.guild.scheduled_events == []
    await grant(fake, Permission.CREATE_EVENTS)
    event = await night(guild, fake)
    (kept,) = fake.guild.scheduled_events
    assert (kept.id, kept.name, kept.location, kept.status) == (event.id, "Game night", "#game-night", 1)
    assert kept.creator_id == fake.store.bot_user.id and kept.channel_id is None
    # GUILD_SCHEDULED_EVENT_CREATE reached discord.py's cache.
    await asyncio.sleep(0.05)
    cached = guild.get_scheduled_event(event.id)
    assert cached is not None and cached.location == "#game-night"
    assert cached.start_time.timestamp() == pytest.approx(kept.start, abs=1e-3)
    assert event.start_time.timestamp() == pytest.approx(kept.start, abs=1e-3)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"scheduled_end_time": None}, "scheduled_end_time"),
        ({"entity_metadata": {}}, "entity_metadata"),
        ({"scheduled_start_time": "past"}, "scheduled_start_time"),
        ({"scheduled_end_time": "before"}, "scheduled_end_time"),
    ],
)
async def test_an_external_event_is_refused_without_its_place_and_times(
    fake: FakeDiscord, minibot: RunningBot, change: dict[str, Any], where: str
) -> None:
    await grant(fake, Permission.CREATE_EVENTS)
    body: dict[str, Any] = {
        "name": "Game night",
        "scheduled_start_time": in_hours(fake, 1).isoformat(),
        "scheduled_end_time": in_hours(fake, 2).isoformat(),
        "entity_type": 3,
        "privacy_level": 2,
        "entity_metadata": {"location": "#game-night"},
    }
    times = {"past": in_hours(fake, -1).isoformat(), "before": in_hours(fake, 0.5).isoformat()}
    body.update({k: times.get(v, v) if isinstance(v, str) else v for k, v in change.items()})
    if where == "entity_metadata":
        # Discord's own schema requires the location: the fake reports the request itself as invalid.
        with fake.expect_violations("schema"):
            status, answer = await raw(fake, "POST", f"/guilds/{fake.guild.id}/scheduled-events", body)
    else:
        status, answer = await raw(fake, "POST", f"/guilds/{fake.guild.id}/scheduled-events", body)
    assert (status, answer["code"]) == (400, 50035)
    assert where in str(answer["errors"])
    assert fake.guild.scheduled_events == []


async def test_interested_members_reach_the_bot_and_are_listed(
    fake: FakeDiscord, minibot: RunningBot
) -> None:
    await grant(fake, Permission.CREATE_EVENTS)
    guild = guild_of(minibot, fake)
    event = await night(guild, fake)
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    await alice.mark_interested(event.id)
    await bob.mark_interested(event.id)
    await bob.mark_interested(event.id, False)
    fetched = await guild.fetch_scheduled_event(event.id, with_counts=True)
    assert fetched.user_count == 1
    names = [u.name async for u in fetched.users()]
    assert names == ["alice"]
    # The bot heard both clicks: discord.py counts the users it was told about.
    session = fake.gateway.session
    assert session is not None
    assert [p["t"] for p in session.sent if p["t"].startswith("GUILD_SCHEDULED_EVENT_USER")] == [
        "GUILD_SCHEDULED_EVENT_USER_ADD",
        "GUILD_SCHEDULED_EVENT_USER_ADD",
        "GUILD_SCHEDULED_EVENT_USER_REMOVE",
    ]


async def test_status_moves_as_discord_allows(fake: FakeDiscord, minibot: RunningBot) -> None:
    await grant(fake, Permission.CREATE_EVENTS)
    guild = guild_of(minibot, fake)
    event = await night(guild, fake)
    event = await event.edit(name="Game night — set 1")
    assert fake.guild.scheduled_events[0].name == "Game night — set 1"
    started = await event.start()
    assert started.status is discord.EventStatus.active
    with pytest.raises(discord.HTTPException) as back:
        await raw_status(fake, event.id, 1)
    assert back.value.status == 400
    ended = await started.end()
    assert ended.status is discord.EventStatus.completed
    with pytest.raises(discord.HTTPException):
        await ended.edit(name="again")
    with pytest.raises(NotPossible):
        await fake.guild.member("alice").mark_interested(event.id)
    other = await night(guild, fake, "Another night")
    cancelled = await other.cancel()
    assert cancelled.status is discord.EventStatus.cancelled
    await cancelled.delete()
    assert [e.name for e in fake.guild.scheduled_events] == ["Game night — set 1"]


async def raw_status(fake: FakeDiscord, event_id: int, status: int) -> None:
    code, answer = await raw(
        fake, "PATCH", f"/guilds/{fake.guild.id}/scheduled-events/{event_id}", {"status": status}
    )
    if code >= 400:
        raise discord.HTTPException(_Answer(code), answer)


class _Answer:
    def __init__(self, status: int) -> None:
        self.status, self.reason = status, "refused"


async def test_someone_elses_event_needs_manage_events(fake: FakeDiscord, minibot: RunningBot) -> None:
    await grant(fake, Permission.CREATE_EVENTS)
    guild = guild_of(minibot, fake)
    owner = fake.store.owner.id
    theirs = ScheduledEvent(
        id=fake.store.ids.next(),
        guild_id=fake.guild.id,
        creator_id=owner,
        name="The owner's night",
        start=fake.store.clock.now() + 3600,
        end=fake.store.clock.now() + 7200,
        location="#general",
    )
    fake.store.scheduled_events[theirs.id] = theirs
    event = await guild.fetch_scheduled_event(theirs.id)
    with pytest.raises(discord.Forbidden):
        await event.edit(name="Mine now")
    with pytest.raises(discord.Forbidden):
        await event.delete()
    await grant(fake, Permission.MANAGE_EVENTS)
    await event.edit(name="Renamed by the bot")
    assert fake.store.scheduled_events[theirs.id].name == "Renamed by the bot"
