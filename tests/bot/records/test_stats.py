"""Counting the server's results: finished games only, people apart from the AI, streaks in order, and the
words and picture of /game stats."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.records.stats import (
    boards,
    has_record,
    leaderboard_embed,
    leaderboard_picture,
    member_embed,
    tally,
    team_variants,
)
from bot.store import ResultRow, SeatInfo, Status, Store
from bot.store.stats import ResultEntry
from tests.bot.records.conftest import stored_game

ALICE, BOB = 11, 22


def entry(
    pk: int, user: int | None, place: int, score: float, *, game: str = "g", level: str = "normal"
) -> ResultEntry:
    return ResultEntry(
        game_pk=pk,
        game_id=game,
        seat=f"p{place}",
        user_id=user,
        name={ALICE: "alice", BOB: "bob"}.get(user or 0, "AI-1"),
        ai_level=None if user else level,
        place=place,
        score=score,
        winner=place == 1,
        finished_at=f"2026-01-0{pk}T00:00:00Z",
    )


def test_numbers_per_person_and_streaks_in_order() -> None:
    results = [
        entry(1, ALICE, 1, 10),
        entry(1, BOB, 2, 4),
        entry(2, ALICE, 2, 3),
        entry(2, BOB, 1, 12.5),
        entry(3, ALICE, 1, 8),
        entry(3, None, 2, 1),
        entry(4, ALICE, 1, 9),
        entry(4, None, 2, 2, level="random"),
        entry(4, BOB, 3, 0),
    ]
    game = tally(results)["g"]
    alice, bob = game.people[ALICE], game.people[BOB]
    assert (alice.played, alice.wins, alice.best, alice.streak) == (4, 3, 10, 2)
    assert alice.avg_place == 5 / 4 and alice.win_rate == 0.75
    assert (bob.played, bob.wins, bob.best, bob.streak) == (3, 1, 12.5, -1)
    assert [s.user_id for s in game.ranked()] == [ALICE, BOB]
    # The computer apart, one line per level; never among the people.
    assert sorted(game.ai) == ["normal", "random"] and None not in game.people
    assert game.games == {1, 2, 3, 4}


def test_losing_runs_count_down() -> None:
    game = tally([entry(1, ALICE, 2, 0), entry(2, ALICE, 2, 0), entry(3, ALICE, 2, 0)])["g"]
    assert game.people[ALICE].streak == -3


def test_ties_rank_by_rate_then_place_then_games() -> None:
    results = [entry(1, ALICE, 1, 1), entry(2, ALICE, 3, 1), entry(3, BOB, 1, 1)]
    assert [s.user_id for s in tally(results)["g"].ranked()] == [BOB, ALICE]  # same wins, better rate


async def test_only_finished_games_count(store: Store) -> None:
    seats = [
        SeatInfo(seat="p1", user_id=ALICE, name="alice"),
        SeatInfo(seat="p2", user_id=None, name="AI-1", ai_level="normal"),
    ]
    done, _ = await stored_game(store, "test-climb", seats, seed=3)
    other, _ = await stored_game(store, "test-climb", seats, seed=4, channel_id=101)
    # An aborted game that somehow carries results (and one of another server) must not count.
    aborted, _ = await stored_game(store, "test-climb", seats, seed=5, channel_id=102, moves=2)
    await store.finish(
        aborted.id,
        aborted.version,
        Status.ABORTED,
        [ResultRow(seat="p1", user_id=ALICE, place=1, score=99, winner=True)],
    )
    await stored_game(store, "test-climb", seats, seed=6, channel_id=103, guild_id=2)
    rows = await store.finished_results(1)
    assert {r.game_pk for r in rows} == {done.id, other.id}
    assert {r.name for r in rows} == {"alice", "AI-1"}
    assert all((r.ai_level == "normal") == r.is_ai for r in rows)
    assert await store.finished_results(1, "glorious-crown") == []
    counted = tally(rows)["test-climb"]
    assert counted.people[ALICE].played == 2 and counted.ai["normal"].played == 2
    assert counted.people[ALICE].best != 99


async def test_the_games_a_channel_and_a_server_had(store: Store) -> None:
    seats = [SeatInfo(seat="p1", user_id=ALICE, name="alice"), SeatInfo(seat="p2", user_id=BOB, name="bob")]
    first, _ = await stored_game(store, "test-climb", seats, channel_id=100)
    second, _ = await stored_game(store, "test-climb", seats, channel_id=100, seed=9)
    await store.create_game(
        guild_id=1, channel_id=100, game_id="test-climb", host_id=ALICE, seed=1, options={}, seats=seats
    )
    latest = await store.latest_game_in(100)
    assert latest is not None and latest.id > second.id  # the newest, even a lobby
    assert await store.latest_game_in(555) is None
    assert [g.id for g in await store.recent_games(1)] == [second.id, first.id]  # dealt games only
    assert await store.recent_games(2) == []


def test_the_words_and_the_picture() -> None:
    counted = tally(
        [entry(1, ALICE, 1, 10), entry(1, None, 2, 4), entry(2, ALICE, 1, 7.5), entry(2, None, 2, 3)]
    )
    embed = leaderboard_embed(counted, "en", "Stats — team")
    (field,) = embed.fields
    assert field.name == "g — 2 games"
    assert field.value == (
        f"1. <@{ALICE}> · 2 games · won 2 (100%) · avg place 1 · best 10 · won the last 2 in a row\n"
        "🤖 AI (normal) · 2 games · won 0 (0%) · avg place 2 · best 4 · no win in the last 2"
    )
    mine = member_embed(counted, ALICE, "alice", "ja")
    assert mine.title == "成績 — alice"
    assert "対戦数：2" in (mine.fields[0].value or "") and "2 連勝中" in (mine.fields[0].value or "")
    picture = Image.open(io.BytesIO(leaderboard_picture(counted, "en", "team")))
    assert picture.format == "PNG" and picture.width == 560


def test_coached_games_are_marked_and_counted_per_member() -> None:
    """Issue 27: games played with the coach on are marked 🎓 on the leaderboard (its text and its picture),
    and a member's stats say how many of their games were coached (both languages)."""
    coached = [e.model_copy(update={"coached": True}) for e in (entry(1, ALICE, 1, 10), entry(1, BOB, 2, 4))]
    counted = tally([*coached, entry(2, ALICE, 2, 3), entry(2, BOB, 1, 9)])
    game = counted["g"]
    assert game.coached == {1} and game.coached_of == {ALICE: {1}, BOB: {1}}
    (field,) = leaderboard_embed(counted, "en", "Stats").fields
    assert (field.value or "").endswith("🎓 1 game played with the coach.")
    (ja_field,) = leaderboard_embed(counted, "ja", "成績").fields
    assert (ja_field.value or "").endswith("🎓 コーチ付きで遊んだゲーム 1 戦。")
    mine = member_embed(counted, ALICE, "alice", "en")
    assert "🎓 1 of your games was played with the coach." in (mine.fields[0].value or "")
    plain = tally([entry(3, ALICE, 1, 1)])
    assert "🎓" not in (leaderboard_embed(plain, "en", "Stats").fields[0].value or "")
    assert [b.coached for b in boards(counted, "en")] == [1], "the picture notes them too"
    assert [b.coached for b in boards(plain, "en")] == [0]


TEAM = [
    SeatInfo(seat="p1", user_id=ALICE, name="alice"),
    SeatInfo(seat="p2", user_id=BOB, name="bob"),
]


async def team_stats(store: Store, seats: list[SeatInfo], lang: str = "en") -> dict[str, Any]:
    """Two finished Project Chaos games of ``seats``: seed 2 ships, seed 1 fails (the normal AI's play)."""
    await stored_game(store, "project-chaos", seats, seed=2, channel_id=300)
    await stored_game(store, "project-chaos", seats, seed=1, channel_id=301)
    rows = await store.finished_results(1)
    states = await store.final_states(sorted({r.game_pk for r in rows}))
    return tally(rows, team_variants(rows, states, lang))


async def test_pc_11a_a_team_game_keeps_a_team_record_per_member_not_a_leaderboard(
    store: Store,
) -> None:
    counted = await team_stats(store, TEAM)
    game = counted["project-chaos"]
    assert game.cooperative and game.people == {} and game.ai == {}
    alice = game.members[ALICE]
    assert (alice.played, alice.successes) == (2, 1) and (game.team.played, game.team.successes) == (2, 1)
    assert sum(v[0] for v in game.team.by_variant.values()) == 2 and alice.by_variant == game.team.by_variant
    (field,) = leaderboard_embed(counted, "en", "Stats").fields
    assert field.name == "Project Chaos — team game · 2 games"
    lines = (field.value or "").splitlines()
    assert lines[0] == "Team: 2 games · 1 success (50%)"
    assert (
        f"<@{ALICE}> · 2 games · 1 success (50%)" in lines
        and f"<@{BOB}> · 2 games · 1 success (50%)" in lines
    )
    assert not [ln for ln in lines if ln.startswith("1. ") or "won" in ln or "place" in ln], lines
    mine = member_embed(counted, ALICE, "alice", "en")
    value = mine.fields[0].value or ""
    assert "Team record: 2 games · 1 success (50%)" in value and "Rank" not in value
    ja = leaderboard_embed(counted, "ja", "成績").fields[0]
    assert ja.name == "プロジェクト・カオス — 協力ゲーム · 2 戦" and "チーム：2 戦 · 成功 1 回（50%）" in (
        ja.value or ""
    )
    boards_ = boards(counted, "en")
    assert boards_[0].team and [r.name for r in boards_[0].rows] == ["alice", "bob"]
    picture = Image.open(io.BytesIO(leaderboard_picture(counted, "en", "team")))
    assert picture.format == "PNG" and picture.width == 560


async def test_a_seat_the_ai_held_for_a_member_at_the_end_counts_for_nobody_and_is_said(
    store: Store,
) -> None:
    """The one rule for every game (README, /game stats): the member who left (or ran /game auto) is not
    counted for that game, nor is the AI that finished the seat; the stats say how many games so."""
    left = [TEAM[0], SeatInfo(seat="p2", user_id=None, name="bob", ai_level="normal", left_by=BOB)]
    await team_stats(store, left)
    await stored_game(store, "test-climb", left, seed=3, channel_id=302)
    rows = await store.finished_results(1)
    assert {r.held_for for r in rows if r.seat == "p2"} == {BOB}
    counted = tally(rows, team_variants(rows, await store.final_states([r.game_pk for r in rows]), "en"))
    chaos, climb = counted["project-chaos"], counted["test-climb"]
    assert BOB not in chaos.members and chaos.left_out_of[BOB] == chaos.games and chaos.team.played == 2
    assert climb.ai == {} and BOB not in climb.people and climb.people[ALICE].played == 1
    text = [f.value or "" for f in leaderboard_embed(counted, "en", "Stats").fields]
    assert "Not counted: 2 games in which the AI was playing a member's seat at the end." in text[0]
    assert "Not counted: 1 game in which the AI was playing a member's seat at the end." in text[1]
    assert has_record(counted, BOB)
    bob = member_embed(counted, BOB, "bob", "en")
    assert [f.value for f in bob.fields] == [
        "Not counted: 2 games in which the AI was playing your seat at the end.",
        "Not counted: 1 game in which the AI was playing your seat at the end.",
    ]
    assert [b.left_out for b in boards(counted, "ja")] == [2, 1]
