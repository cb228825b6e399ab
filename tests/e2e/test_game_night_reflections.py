"""What we learned (issue 26 item 5) through the fake Discord with the real bot: a one-set night ends, its
table's thread asks its players once, two of them open the form and write (one changes their answer), one
writes nothing and is not asked again, a member of no table is refused, and the night's closing message
shows both reflections under their table beside the standings and the table's story."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.night.service import NightService
from bot.store.night_models import NightRecord
from tests.e2e.test_game_night import (
    _posted,
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
from tests.fakediscord.botrunner import RunningBot, StartBot
from tests.fakediscord.harness import FakeMember, FakeThread, SeenMessage

pytestmark = pytest.mark.timeout(240)

FIELD = "How you thought, what you learned"
ASKED = "How did you think, and what did you learn?"


async def play_one_called_set(
    fake: FakeDiscord, runner: RunningBot, host: FakeMember, members: list[FakeMember]
) -> tuple[NightService, NightRecord, FakeThread]:
    """The host starts the night's one set; all but the first member leave their seat to the AI, time is
    called, and the table plays out: the night's service, the night and the table's thread."""
    await host.slash("night start")
    service = nights(runner)
    night: NightRecord = await service.live_in(fake.guild.default_channel.id)
    (table,) = await service.store.night_tables(night.id, 1)
    for member in members[1:]:
        await tables(runner).auto(table.game_pk, member.id, member.name)
    fake.clock.advance(3 * 60 + 1)
    await play_human_seats(runner, await service.store.get_game(table.game_pk))
    await until(lambda: _set_over(service, night.id), fake, rounds=1200)
    rec = await service.store.get_game(table.game_pk)
    thread = next(th for th in fake.guild.default_channel.threads if th.id == rec.channel_id)
    return service, night, thread


async def write(member: FakeMember, ask: SeenMessage, text: str) -> str:
    opened = await member.click("Write", message=ask)
    assert opened.modal is not None and opened.modal["title"] == "What did you learn?"
    saved = await member.submit({FIELD: text})
    assert saved.ephemeral
    return saved.content


async def test_a_one_set_night_gathers_what_two_players_wrote_under_their_table(
    fake: FakeDiscord, running_bot: StartBot, look: Callable[[SeenMessage, str], bytes]
) -> None:
    runner = await running_bot()
    tables(runner).scheduler.clock = fake.clock
    host = host_of(fake)
    _, members = await open_night(fake, host, "glorious-crown", 3, sets=1, minutes=3)
    service, night, thread = await play_one_called_set(fake, runner, host, members)
    await until(lambda: _asked(host, thread), fake)
    (ask,) = [m for m in host.visible_messages(thread) if m.author.bot and ASKED in m.text()]

    first, second, silent = members
    assert "Thank you" in await write(first, ask, "I raced for the crown too early.")
    assert "Thank you" in await write(second, ask, "Watching the others' courts\ntold me their plan.")
    # Answering again replaces the first answer.
    assert "Thank you" in await write(first, ask, "Next time: build the court first.")
    # Four lines are refused whole, clearly, and nothing changes.
    opened = await first.click("Write", message=ask)
    assert opened.modal is not None
    refused = await first.submit({FIELD: "a\nb\nc\nd"})
    assert refused.ephemeral and "one to three lines" in refused.content
    # A member of no table of this set may not answer.
    outsider = fake.guild.member("outsider").in_channel(fake.guild.default_channel)
    stranger = await outsider.click("Write", message=ask)
    assert stranger.ephemeral and stranger.modal is None
    assert "Only the players of this table" in stranger.content
    assert {r.user_id: r.text for r in await service.store.reflections(night.id)} == {
        first.id: "Next time: build the court first.",
        second.id: "Watching the others' courts\ntold me their plan.",
    }

    await host.slash("night end")
    await until(lambda: _posted(host, "Tables and what we learned"), fake)
    (closing,) = bot_posts(host, "Tables and what we learned")
    look(closing, "closing")
    shown = closing.text().casefold()  # the fake shows members by display name ("M0" for m0)
    assert "final standings" in shown
    # The final standings' picture is the closing message's first embed's image.
    (picture,) = closing.attachments
    assert picture.filename == "standings.png" and picture.image().format == "PNG"
    assert closing.embeds[0]["image"]["url"].endswith("standings.png")
    heading = shown.index("set 1 · table 1")
    assert heading < shown.index(f"**{first.name}**: next time: build the court first.")
    assert heading < shown.index(f"**{second.name}**: watching the others' courts")
    story = shown[heading:].splitlines()[1]  # the table's story in one line, under its heading
    assert " won: " in story or "nobody won" in story
    assert "i raced for the crown too early." not in shown
    assert f"**{silent.name}**" not in shown
    # The one who wrote nothing was asked once, in the thread, and never again (no reminder).
    assert len([m for m in silent.visible_messages(thread) if m.author.bot and ASKED in m.text()]) == 1
    assert not [m for m in silent.visible_messages() if m.author.bot and ASKED in m.text()]


async def _asked(member: FakeMember, thread: object) -> bool:
    return any(m.author.bot and ASKED in m.text() for m in member.visible_messages(thread))


async def test_a_japanese_server_closes_its_night_in_japanese(
    fake: FakeDiscord, running_bot: StartBot, look: Callable[[SeenMessage, str], bytes]
) -> None:
    """The same night in a server whose tables speak Japanese, its members' Discord in Japanese: the
    question, the form, the thanks and the closing message are all in Japanese."""
    runner = await running_bot()
    tables(runner).scheduler.clock = fake.clock
    host = fake.guild.member("host", locale="ja", roles=[fake.guild.role("hosts", "manage_guild")])
    host = host.in_channel(fake.guild.default_channel)
    await host.slash("game settings", language="ja")
    card = (
        await host.slash("night new", options={"game": "glorious-crown", "sets": 1, "minutes": 3})
    ).message
    assert card is not None and "ゲーム大会" in card.text()
    members = [
        fake.guild.member(f"j{i}", locale="ja").in_channel(fake.guild.default_channel) for i in range(3)
    ]
    for member in members:
        assert "参加登録しました" in (await member.click("Join", message=card)).content
    _, _, thread = await play_one_called_set(fake, runner, host, members)
    asked = "どう考えて、何を学びましたか"

    async def was_asked() -> bool:
        return any(m.author.bot and asked in m.text() for m in host.visible_messages(thread))

    await until(was_asked, fake)
    (ask,) = [m for m in host.visible_messages(thread) if m.author.bot and asked in m.text()]
    opened = await members[0].click("Write", message=ask)
    assert opened.modal is not None and opened.modal["title"] == "何を学びましたか？"
    saved = await members[0].submit(
        {"どう考えたか、何を学んだか": "革命の前に\n強いカードを残しておくべきだった。"}
    )
    assert saved.ephemeral and "ありがとうございます" in saved.content

    await host.slash("night end")

    async def closed() -> bool:
        return bool(bot_posts(host, "各テーブルと学んだこと"))

    await until(closed, fake)
    (closing,) = bot_posts(host, "各テーブルと学んだこと")
    look(closing, "closing-ja")
    shown = closing.text()
    assert "最終順位" in shown and "第1セット・テーブル1" in shown
    assert "› 強いカードを残しておくべきだった。" in shown
    assert closing.attachments[0].image().format == "PNG"
