"""The lobby's own controls and the words of a game's life cycle, on a real SQLite file: how many lobbies a
member may hold open, removing an AI seat and changing the options before the start, option names in any
case, what a finished or aborted game's place answers, and the lobby's and card's player counts."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.errors import UserError, message_for
from bot.presenters.summary import thread_name
from bot.store import GameRecord, SeatInfo, Status
from bot.table import summary
from bot.table.lobby_ops import LOBBY_LIMIT, parse_options
from bot.table.publisher import Publisher
from bot.table.service import TableService
from engines.core import BadOptions
from i18n import t

ALICE, BOB = 1, 2
GUILD, CHANNEL = 9, 50


async def lobby_in_thread(
    service: TableService, thread: int, host: int = ALICE, channel: int = CHANNEL
) -> int:
    """A lobby in its own thread under ``channel``, as ``/game new`` opens it there."""
    rec = await service.create(
        guild_id=GUILD,
        channel_id=thread,
        host_id=host,
        host_name="alice" if host == ALICE else "bob",
        game_id="test-climb",
        options_text=None,
        parent_channel_id=channel,
    )
    return rec.id


async def test_option_names_are_read_in_any_case(service: TableService) -> None:
    assert parse_options("Clock=24H, HAND_SIZE=4") == {"clock": "24H", "hand_size": "4"}
    rec = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        host_name="alice",
        game_id="test-climb",
        options_text="HAND_SIZE=4 Clock=24H",
    )
    assert rec.options == {"hand_size": 4} and rec.clock == 24 * 3600


async def test_a_member_may_hold_three_open_lobbies_per_channel(service: TableService) -> None:
    for thread in (101, 102, 103):
        await lobby_in_thread(service, thread)
    with pytest.raises(UserError, match="lobby_limit") as refused:
        await lobby_in_thread(service, 104)
    assert refused.value.params["limit"] == 3 and "<#101>" in refused.value.params["threads"]
    text, expected = message_for(refused.value, "en")
    assert expected and "the limit is 3" in text and "/game abort" in text
    assert "<#" in message_for(refused.value, "ja")[0] and "3 個まで" in message_for(refused.value, "ja")[0]
    # Another member, another channel: their own count.
    await lobby_in_thread(service, 105, host=BOB)
    await lobby_in_thread(service, 106, channel=CHANNEL + 1)
    # A lobby started (or closed) is no longer an open lobby.
    first = (await service.store.live_game_in(101)).id  # type: ignore[union-attr]
    await service.join(first, BOB, "bob")
    await service.start(first, ALICE)
    await lobby_in_thread(service, 107)


async def test_the_server_sets_its_own_lobby_limit(service: TableService) -> None:
    await service.store.set_guild_setting(GUILD, LOBBY_LIMIT, 1)
    await lobby_in_thread(service, 101)
    with pytest.raises(UserError, match="lobby_limit"):
        await lobby_in_thread(service, 102)
    assert service.settings.lobby_limit == 3  # the bot's default, for servers that set none


async def test_the_host_removes_an_ai_seat_in_the_lobby(service: TableService) -> None:
    pk = await lobby_in_thread(service, 101)
    await service.add_ai(pk, ALICE)
    await service.add_ai(pk, ALICE, "random")
    await service.join(pk, BOB, "bob")
    with pytest.raises(UserError, match="host_only"):
        await service.remove_ai(pk, BOB, "AI-1")
    with pytest.raises(UserError, match="no_ai_to_remove"):
        await service.remove_ai(pk, ALICE, "bob")  # a member's seat is not the host's to take
    rec = await service.remove_ai(pk, ALICE, "ai-1")
    assert [s.name for s in rec.seats] == ["alice", "AI-2", "bob"]
    rec = await service.remove_ai(pk, ALICE)  # the last AI added
    assert [s.name for s in rec.seats] == ["alice", "bob"]
    with pytest.raises(UserError, match="no_ai_to_remove"):
        await service.remove_ai(pk, ALICE)
    await service.add_ai(pk, ALICE)
    await service.add_ai(pk, ALICE)
    await service.remove_ai(pk, ALICE, "AI-1")
    rec = await service.add_ai(pk, ALICE)  # a new AI never takes the name of one still seated
    assert [s.name for s in rec.seats] == ["alice", "bob", "AI-2", "AI-1"]
    await service.start(pk, ALICE)
    with pytest.raises(UserError, match="not_in_lobby"):
        await service.remove_ai(pk, ALICE)


async def test_the_host_changes_the_options_before_the_start(service: TableService) -> None:
    pk = await lobby_in_thread(service, 101)
    await service.join(pk, BOB, "bob")
    with pytest.raises(UserError, match="host_only"):
        await service.edit_options(pk, BOB, "hand_size=4")
    rec = await service.edit_options(pk, ALICE, "HAND_SIZE=4 clock=1h")
    assert rec.options == {"hand_size": 4} and rec.clock == 3600
    # Checked exactly as /game new checks them: a refusal changes nothing.
    for bad, refusal in (("hand_size=9", BadOptions), ("blind=7", BadOptions), ("hand_size=", UserError)):
        with pytest.raises(refusal):
            await service.edit_options(pk, ALICE, bad)
    assert (await service.store.get_game(pk)).options == {"hand_size": 4}
    rec = await service.edit_options(pk, ALICE, "hand_size=3")  # back to the default
    assert rec.options == {} and rec.clock == 3600
    await service.start(pk, ALICE)
    with pytest.raises(UserError, match="not_in_lobby"):
        await service.edit_options(pk, ALICE, "hand_size=4")


async def test_abort_is_told_once_naming_who_aborted(service: TableService) -> None:
    pk = await lobby_in_thread(service, 101)
    await service.abort(pk, None, ALICE, can_manage=False, by="alice")
    ends = [p for kind, p in service.publisher.notices if kind == "end"]  # type: ignore[attr-defined]
    assert ends == [{"reason": "aborted_by", "name": "alice"}]
    assert t("en", "table.ended.aborted_by", name="alice") == "alice aborted the game."


async def test_an_aborted_games_thread_says_it_was_aborted(service: TableService) -> None:
    pk = await lobby_in_thread(service, 101)
    await service.abort(pk, None, ALICE, can_manage=False)
    with pytest.raises(UserError, match="game_aborted_here") as ended:
        await service.game_in(101)
    assert "was aborted" in message_for(ended.value, "en")[0]
    assert "中止されました" in message_for(ended.value, "ja")[0]
    with pytest.raises(UserError, match="no_game_here"):  # a channel that never had a game of its own
        await service.game_in(999)


async def test_a_finished_games_thread_says_it_ended_and_who_won(service: TableService) -> None:
    pk = await lobby_in_thread(service, 102)
    await service.join(pk, BOB, "bob")
    await service.add_ai(pk, ALICE)
    await service.start(pk, ALICE, fixed_order=True)
    await service.leave(pk, ALICE)
    for _ in range(400):
        rec = await service.store.get_game(pk)
        if rec.status is not Status.RUNNING:
            break
        if "p2" in service.engine(rec).to_move(service.state(rec)):
            legal = service.engine(rec).legal_actions(service.state(rec), "p2")
            await service.act(pk, BOB, legal[0], expected_version=rec.version)
        await asyncio.sleep(0.01)
    assert rec.status is Status.FINISHED
    with pytest.raises(UserError, match="game_ended") as ended:
        await service.game_in(102)
    text = message_for(ended.value, "en")[0]
    assert f"has ended (Climb (test game) #{pk})" in text and "/game history" in text and "Rematch" in text
    winners = [
        s.name for s in rec.seats if s.seat in (r.seat for r in await service.store.results(pk) if r.winner)
    ]
    assert all(name in text for name in winners) and "won" in text
    assert "終わりました" in message_for(ended.value, "ja")[0]


def _record(game_id: str, seats: list[str], status: Status = Status.LOBBY, **extra: Any) -> GameRecord:
    return GameRecord(
        id=12,
        guild_id=GUILD,
        channel_id=101,
        game_id=game_id,
        status=status,
        host_id=ALICE,
        seed=1,
        seats=[SeatInfo(seat="", user_id=i + 1, name=n) for i, n in enumerate(seats)],
        parent_channel_id=CHANNEL,
        summary_message_id=101,
        **extra,
    )


def test_player_counts_read_naturally() -> None:
    publisher = Publisher(None, None)  # type: ignore[arg-type]  # the lobby card is built from the record alone
    fixed = publisher.lobby_payload(_record("yggdrasil", ["alice"]), "en").embed
    ranged = publisher.lobby_payload(_record("test-climb", ["alice"]), "en").embed
    assert fixed is not None and ranged is not None
    assert fixed.fields[0].name == "Players: 1 of 2"
    assert ranged.fields[0].name == "Players: 1 of 2–4"
    japanese = publisher.lobby_payload(_record("yggdrasil", ["alice"]), "ja").embed
    assert japanese is not None and japanese.fields[0].name == "プレイヤー 1 人（2 人で遊ぶゲーム）"
    card = summary.card(_record("yggdrasil", ["alice"]), None, "en").embed
    assert card is not None and card.description is not None
    assert card.description.startswith("Lobby open: 1 of 2 players.")
    row = {"channel": "#t", "game": "Climb", "host": "@alice"}
    assert "lobby with 1 player ·" in t("en", "list.row_lobby", n=1, **row)
    assert "lobby with 3 players ·" in t("en", "list.row_lobby", n=3, **row)
    assert "ロビー（1 人）" in t("ja", "list.row_lobby", n=1, **row)
    exact = UserError("player_count_exact", min=2, max=2, got=1)
    assert "needs exactly 2 players" in message_for(exact, "en")[0]
    assert "ちょうど 2 人" in message_for(exact, "ja")[0]


async def test_a_fixed_count_game_refuses_the_start_in_its_own_words(service: TableService) -> None:
    rec = await service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=ALICE,
        host_name="alice",
        game_id="yggdrasil",
        options_text=None,
    )
    with pytest.raises(UserError, match="player_count_exact"):
        await service.start(rec.id, ALICE)


def test_a_japanese_lobby_names_the_options_beside_what_is_typed() -> None:
    publisher = Publisher(None, None)  # type: ignore[arg-type]
    rec = _record(
        "yggdrasil", ["alice"], options={"hand_size": 4, "deck_p1": "grove", "branch_colours": True}
    )
    embed = publisher.lobby_payload(rec, "ja").embed
    assert embed is not None
    rows = embed.fields[1].value or ""
    assert "初期手札：4 · `hand_size=4`" in rows
    assert "1 番目の席のデッキ：実りの森 · `deck_p1=grove`" in rows
    assert "枝は同じ色同士でだけ繋がる：あり · `branch_colours=true`" in rows
    english = publisher.lobby_payload(rec, "en").embed
    assert english is not None and "Opening hand: 4 · `hand_size=4`" in (english.fields[1].value or "")


def test_the_card_keeps_its_title_when_the_host_leaves() -> None:
    """The card is titled by the game and its number, as its thread is, never by a host who may leave."""
    assert thread_name("The Yggdrasil", 12, "Alice") == "The Yggdrasil #12 · Alice"
    with_host = summary.card(_record("yggdrasil", ["alice", "bob"]), None, "en").embed
    host_left = _record("yggdrasil", ["bob"]).model_copy(update={"host_id": 2})
    without = summary.card(host_left, None, "en").embed
    emptied = summary.card(
        _record("yggdrasil", [], status=Status.ABORTED, end_reason="abandoned"), None, "en"
    )
    assert with_host is not None and without is not None and emptied.embed is not None
    assert with_host.title == without.title == emptied.embed.title == "The Yggdrasil #12"
