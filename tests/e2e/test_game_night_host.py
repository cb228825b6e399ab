"""A game night's host through the fake Discord (issue 26): a role picked in ``/game settings`` may host
(item 1), the host pauses and resumes a set (item 3: its time and every turn clock stand still, a restart
keeps it paused), and a late arrival is told when they play, may be given an AI seat, is never at two tables
and is seated in the next set (item 2)."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.store import Status
from bot.store.night_models import NightStatus
from tests.e2e.test_game_night import (
    _called,
    _set_over,
    bot_posts,
    host_of,
    nights,
    open_night,
    play_human_seats,
    until,
)
from tests.e2e.test_records import tables
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, FakeThread
from tests.fakediscord.quiet import settle

pytestmark = pytest.mark.timeout(180)


def thread_of(fake: FakeDiscord, channel_id: int) -> FakeThread:
    return next(th for th in fake.guild.default_channel.threads if th.id == channel_id)


async def test_a_role_picked_in_game_settings_may_host_a_night(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    # Made before the bot connects: it learns a server's roles from the guild (the fake sends no
    # GUILD_ROLE_CREATE for a role made later, which Discord would).
    role = fake.guild.role("night hosts")
    await running_bot()
    admin = host_of(fake)
    hosting = fake.guild.member("kana", roles=[role]).in_channel(fake.guild.default_channel)
    other = fake.guild.member("ren").in_channel(fake.guild.default_channel)
    refused = await hosting.slash("night new", options={"game": "glorious-crown"})
    assert refused.ephemeral and "Only members with Manage Server can run the night." in refused.content
    denied = await hosting.slash("game settings", options={"night_host_role": "night hosts"})
    assert denied.ephemeral and "Manage Server" in denied.content  # only admins change the settings
    shown = await admin.slash("game settings", options={"night_host_role": "night hosts"})
    assert f"Manage Server or <@&{role.id}>" in shown.message.text()  # type: ignore[union-attr]
    opened = await hosting.slash("night new", options={"game": "glorious-crown"})
    assert opened.message is not None and "Game night" in opened.message.text()
    started = await hosting.slash("night start")
    assert "Not enough players" in started.content  # a host's command, refused for the night's reason only
    nope = await other.slash("night end")
    assert nope.ephemeral and f"Only members with Manage Server or the <@&{role.id}> role" in nope.content
    cleared = await admin.slash("game settings", options={"night_host_role_clear": True})
    assert "Manage Server only" in cleared.message.text()  # type: ignore[union-attr]
    again = await hosting.slash("night end")
    assert again.ephemeral and "Only members with Manage Server can run the night." in again.content
    ended = await admin.slash("night end")
    assert "The night is over." in ended.content


async def test_the_host_pauses_and_resumes_a_set_and_a_restart_keeps_it_paused(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    tables(runner).scheduler.clock = fake.clock
    host = host_of(fake)
    card, members = await open_night(fake, host, "glorious-crown", 3, sets=2, minutes=10)
    before = await host.slash("night pause")
    assert before.ephemeral and "No set is being played now" in before.content
    await host.slash("night start")
    service = nights(runner)
    night = await service.live_in(fake.guild.default_channel.id)
    (table,) = await service.store.night_tables(night.id, 1)
    not_paused = await host.slash("night resume")
    assert not_paused.ephemeral and "The night is not paused." in not_paused.content
    refused = await members[0].slash("night pause")
    assert refused.ephemeral and "Only members with Manage Server" in refused.content
    fake.clock.advance(4 * 60)
    deadline = (await service.store.get_night(night.id)).deadline_at
    assert deadline is not None
    asked_at = fake.clock.now()
    paused = await host.slash("night pause")
    answered_at = fake.clock.now()
    left = re.search(r"set 1 has (\d+):(\d\d) left", paused.content)
    assert left is not None
    # The fake's clock runs on in real time besides the advance: what is left is what was left between the
    # command and its answer (a loaded machine takes seconds over it).
    shown, left_text = int(left.group(1)) * 60 + int(left.group(2)), f"{left.group(1)}:{left.group(2)}"
    assert deadline - answered_at - 1 <= shown <= deadline - asked_at + 1
    night = await service.store.get_night(night.id)
    assert night.paused_left is not None and night.deadline_at is None
    assert deadline - answered_at <= night.paused_left <= deadline - asked_at
    twice = await host.slash("night pause")
    assert twice.ephemeral and "paused already" in twice.content
    # The card, the status and the table's thread say so; the table's turn clocks stand still.
    await settle(fake)
    assert f"Set 1 of 2 is paused with {left_text} left" in card.text()
    status = await host.slash("night status")
    assert f"Set 1 is paused with {left_text} left." in status.content
    thread = thread_of(fake, (await service.store.get_game(table.game_pk)).channel_id)
    assert any("paused the night" in m.text() for m in host.visible_messages(thread))
    rec = await service.store.get_game(table.game_pk)
    assert rec.clock_state.held and all(t.deadline is None for t in rec.clock_state.turns.values())
    assert [x for x in await service.store.timers(rec.id) if x.done_at is None] == []
    # A long pause across a restart: the set's time never fires, nor any turn clock. The bot stops as if
    # between writing the night and its table's clocks: the night's watch holds them again at start-up.
    assert await tables(runner).hold_clocks(rec.id, on=False)
    await runner.restart()
    tables(runner).scheduler.clock = fake.clock
    service = nights(runner)

    async def held() -> bool:
        return (await service.store.get_game(rec.id)).clock_state.held

    await until(held, fake)
    fake.clock.advance(60 * 60)
    assert await tables(runner).scheduler.tick() == 0
    for _ in range(5):  # the night's watch looks every second
        await settle(fake)
    assert not await _called(service, rec.id)
    night = await service.store.get_night(night.id)
    assert night.paused and night.status is NightStatus.PLAYING
    kept = night.paused_left
    assert kept is not None
    asked_at = fake.clock.now()
    resumed = await host.slash("night resume")
    assert "The night goes on" in resumed.content
    night = await service.store.get_night(night.id)
    # Time runs again from where it stood: the deadline is the moment of resuming plus what was left.
    assert night.deadline_at is not None and not night.paused
    assert asked_at + kept <= night.deadline_at <= fake.clock.now() + kept
    rec = await service.store.get_game(table.game_pk)
    assert not rec.clock_state.held and [x for x in await service.store.timers(rec.id) if x.done_at is None]
    await settle(fake)
    assert "being played; time is up" in card.text()
    fake.clock.advance(6 * 60 + 1)
    await until(lambda: _called(service, rec.id), fake)


async def _seat(host: FakeMember, thread: FakeThread, seat: str, member: FakeMember) -> str:
    reply = await host.slash("game seat", channel=thread, options={"seat": seat, "member": member.name})
    return reply.content


async def test_a_late_arrival_takes_an_ai_seat_never_two_and_plays_the_next_set(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    tables(runner).scheduler.clock = fake.clock
    host = host_of(fake)
    card, members = await open_night(fake, host, "glorious-crown", 4, sets=2, minutes=10, table_size=3)
    await host.slash("night start")
    service = nights(runner)
    night = await service.live_in(fake.guild.default_channel.id)
    made = await service.store.night_tables(night.id, 1)
    assert (
        sorted(len(t.members) for t in made) == [3, 3]
        and sum(m is None for t in made for m in t.members) == 2
    )
    late = fake.guild.member("late").in_channel(fake.guild.default_channel)
    joined = await late.click("Join", message=card)
    assert joined.ephemeral and "Set 1 is being played: you will be seated in set 2." in joined.content
    threads = [thread_of(fake, (await service.store.get_game(t.game_pk)).channel_id) for t in made]
    assert all(f"<#{th.id}>" in joined.content for th in threads)  # both tables have an AI seat to give
    recs = [await service.store.get_game(t.game_pk) for t in made]
    ai = [next(s.name for s in rec.seats if s.is_ai) for rec in recs]
    # Two hosts giving the late arrival an AI seat at each table at once: one gets it, the other is refused
    # with the table they already play at (the check and the seat are one step).
    cohost = fake.guild.member("cohost", roles=[fake.guild.role("hosts", "manage_guild")])
    said = await asyncio.gather(
        _seat(host, threads[0], ai[0], late),
        _seat(cohost.in_channel(fake.guild.default_channel), threads[1], ai[1], late),
    )
    won = [i for i, words in enumerate(said) if "Late now plays that seat." in words]
    assert len(won) == 1
    (other,) = {0, 1} - set(won)
    assert f"already plays at table {won[0] + 1} of this set: a member is never at two tables" in said[other]
    assert (await service.store.get_game(made[won[0]].game_pk)).seat_of(late.id) is not None
    assert (await service.store.get_game(made[other].game_pk)).seat_of(late.id) is None
    # Set 1 is called and played out; set 2 seats all five, the late arrival at exactly one table.
    await host.slash("night call")
    for table in made:
        await play_human_seats(runner, await service.store.get_game(table.game_pk))
    await until(lambda: _set_over(service, night.id), fake)
    rows = {int(r.member): r for r in await service.standings(await service.store.get_night(night.id))}
    assert set(rows[late.id].per_set) == {1}  # GN-12: the seat's result from the set they joined
    await host.slash("night start")
    second = await service.store.night_tables(night.id, 2)
    seated = [m for t in second for m in t.members if m is not None]
    assert sorted(seated) == sorted([late.id, *(m.id for m in members)]) and seated.count(late.id) == 1
    for table in second:
        assert (await service.store.get_game(table.game_pk)).status is Status.RUNNING
    assert bot_posts(host, "Set 2 begins") and f"<@{late.id}>" in bot_posts(host, "Set 2 begins")[0].content


async def test_calling_a_paused_set_lets_its_clocks_run_for_the_called_round(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    """GN-6: a called game finishes its round on running turn clocks, so calling time on a paused night (the
    host's ``/night call``) ends the pause; resuming it then is refused, with the reason."""
    runner = await running_bot()
    tables(runner).scheduler.clock = fake.clock
    host = host_of(fake)
    await open_night(fake, host, "glorious-crown", 3, sets=2, minutes=10)
    await host.slash("night start")
    service = nights(runner)
    night = await service.live_in(fake.guild.default_channel.id)
    (table,) = await service.store.night_tables(night.id, 1)
    await host.slash("night pause")
    assert (await service.store.get_game(table.game_pk)).clock_state.held
    called = await host.slash("night call")
    assert "Time is up for set 1: 1 unfinished game was called" in called.content
    night = await service.store.get_night(night.id)
    assert not night.paused and night.deadline_at is None
    rec = await service.store.get_game(table.game_pk)
    assert await _called(service, rec.id) and not rec.clock_state.held
    assert [x for x in await service.store.timers(rec.id) if x.done_at is None]  # the turn is timed again
    again = await host.slash("night resume")
    assert again.ephemeral and "The night is not paused." in again.content
    late = await host.slash("night pause")
    assert late.ephemeral and "Time was called for set 1 already" in late.content
