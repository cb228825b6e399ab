"""The history as each reader may see it: whose private events, how pages are cut, which page opens."""

from __future__ import annotations

import engines
from bot.games import ui_for
from bot.records.history import blocks, history_page, paginate, viewer_seat
from bot.records.replay import replay_log
from bot.store import GameRecord, SeatInfo, Status, Store
from tests.bot.records.conftest import stored_game

CLIMB = engines.get("test-climb")
UI = ui_for("test-climb")
SEATS = [SeatInfo(seat="p1", user_id=11, name="alice"), SeatInfo(seat="p2", user_id=22, name="bob")]


async def test_a_player_reads_their_own_private_events_and_nobody_elses(store: Store) -> None:
    rec, _ = await stored_game(store, "test-climb", SEATS)
    replayed = replay_log(rec, await store.actions(rec.id))
    names = rec.names()
    private: dict[str | None, list[str]] = {}
    for user, seat in ((11, "p1"), (22, "p2"), (33, None)):
        text = "\n".join(blocks(replayed, user, "en"))
        mine = [
            UI.describe_event(e, "en", names)
            for m in replayed.moves
            for e in m.events
            if e.visible_to is not None and seat in e.visible_to
        ]
        shown = [line.removeprefix("🔒 ") for line in text.splitlines() if line.startswith("🔒 ")]
        assert shown == mine
        private[seat] = shown
        others = [
            UI.describe_event(e, "en", names)
            for m in replayed.moves
            for e in m.events
            if e.visible_to is not None and seat not in e.visible_to
        ]
        assert others, "the game had private events of the other seat"
        assert not [line for line in shown if line in others and line not in mine]
    assert any("You drew" in line for line in private["p1"]) and private[None] == []


def test_the_reader_of_a_seat_is_its_player_or_the_one_who_left_it() -> None:
    rec = GameRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game_id="test-climb",
        status=Status.RUNNING,
        host_id=11,
        seed=1,
        seats=[
            SeatInfo(seat="p1", user_id=11, name="alice"),
            SeatInfo(seat="p2", user_id=None, name="bob", ai_level="normal", left_by=22),
            SeatInfo(seat="p3", user_id=None, name="AI-1", ai_level="normal"),
        ],
    )
    assert viewer_seat(rec, 11) == "p1"
    assert viewer_seat(rec, 22) == "p2"  # left the seat to the AI, may take it back
    assert viewer_seat(rec, 99) is None


def test_pages_hold_whole_blocks_within_the_budget() -> None:
    parts = [f"**{i}.** player\n• {'x' * (i % 7) * 10}" for i in range(60)]
    pages = paginate(parts, budget=300)
    assert len(pages) > 1
    assert all(len(p) <= 300 for p in pages)
    assert "\n".join(pages) == "\n".join(parts)  # nothing lost, nothing split, order kept
    huge = paginate(["a" * 1000, "b"], budget=300)
    assert huge == ["a" * 299 + "…", "b"]


async def test_the_newest_page_opens_first_and_pages_clamp(store: Store) -> None:
    rec, _ = await stored_game(store, "test-climb", SEATS)
    replayed = replay_log(rec, await store.actions(rec.id))
    newest = history_page(replayed, 11, "en", budget=200)
    assert newest.pages > 2 and newest.page == newest.pages - 1
    assert "Game over" in (newest.embed.description or "")
    first = history_page(replayed, 11, "en", page=-5, budget=200)
    assert first.page == 0 and "The game begins" in (first.embed.description or "")
    assert history_page(replayed, 11, "en", page=10_000, budget=200).page == newest.page
    assert f"Page 1/{newest.pages}" in (first.embed.footer.text or "")
    # The whole history of a short game fits the real page.
    assert history_page(replayed, 11, "en").pages == 1


async def test_japanese_history(store: Store) -> None:
    rec, _ = await stored_game(store, "test-climb", SEATS)
    replayed = replay_log(rec, await store.actions(rec.id))
    page = history_page(replayed, 33, "ja")
    assert page.embed.title == f"クライム（テスト用） #{rec.id} — 履歴"
    assert "公開された出来事のみ" in (page.embed.footer.text or "")
    assert "ゲーム開始" in (history_page(replayed, 33, "ja", 0).embed.description or "")


async def test_pc_11a_the_history_of_a_team_game_ends_with_the_teams_result(store: Store) -> None:
    rec, _ = await stored_game(store, "project-chaos", SEATS, seed=1)  # the normal AI's play fails
    replayed = replay_log(rec, await store.actions(rec.id))
    end = blocks(replayed, 11, "en")[-1]
    assert end.startswith("🏁 **Game over.** 💥 **The project failed** (") and "chaos die past 3" in end
    assert "Nobody won" not in end and "Won by" not in end
    assert blocks(replayed, 11, "ja")[-1].startswith("🏁 **ゲーム終了。** 💥 **プロジェクトは失敗しました**")
