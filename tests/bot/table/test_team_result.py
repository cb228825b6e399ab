"""A cooperative game ends with the team's result and its reason, never a ranking (PC-11a): on the final
message and the summary card, in both languages; a game of players keeps its places, with "1 point"."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from bot.games import ui_for
from bot.presenters.final import standings
from bot.store import GameRecord, SeatInfo, Status
from bot.table import summary
from engines.core import Outcome, Rng

CHAOS = engines.get("project-chaos")
CHAOS_UI = ui_for("project-chaos")
#: Seeds whose game the normal AI plays to these ends (two seats).
WON, LOST_TO_THE_DIE = 2, 1


def finished(seed: int) -> Any:
    state = CHAOS.new_game(["p1", "p2"], None, seed)
    agent, rng = CHAOS.ai("normal"), Rng.from_seed(seed)
    while CHAOS.outcome(state) is None:
        seat = CHAOS.to_move(state)[0]
        state = CHAOS.apply(state, seat, agent.choose(state, seat, rng)).state
    return state


def record(game_id: str, state: Any) -> GameRecord:
    return GameRecord(
        id=4,
        guild_id=1,
        channel_id=2,
        game_id=game_id,
        status=Status.FINISHED,
        host_id=5,
        seed=1,
        seats=[
            SeatInfo(seat="p1", user_id=None, name="AI-1", ai_level="normal"),
            SeatInfo(seat="p2", user_id=5, name="taro"),
        ],
        state_json=None if state is None else CHAOS.dump_state(state),
    )


def final_text(rec: GameRecord, outcome: Outcome, lang: str) -> str:
    return standings(rec, outcome, lang)


def test_pc_11a_the_final_message_says_the_project_shipped() -> None:
    state = finished(WON)
    outcome = CHAOS.outcome(state)
    assert outcome is not None and outcome.reason == "win"
    text = final_text(record("project-chaos", state), outcome, "en")
    assert "points" not in text and "1. " not in text, text
    assert "🎉 **The project shipped** (" in text and "the whole team succeeded" in text
    assert "The team: 🤖 AI-1, taro" in text
    ja = final_text(record("project-chaos", state), outcome, "ja")
    assert "🎉 **プロジェクトはリリースされました**" in ja and "チーム：🤖 AI-1、taro" in ja
    assert "点" not in ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pc_11a_the_final_message_and_summary_card_say_why_the_project_failed(lang: str) -> None:
    state = finished(LOST_TO_THE_DIE)
    outcome = CHAOS.outcome(state)
    assert outcome is not None and outcome.reason == "loss:die_overflow"
    rec = record("project-chaos", state)
    cause = CHAOS_UI.card_name(str(outcome.details["cause_card"]), lang)
    words = {
        "en": ("💥 **The project failed** (", f"**{cause}** pushed the chaos die past 3"),
        "ja": ("💥 **プロジェクトは失敗しました**（", f"「{cause}」で混沌ダイスが3を超えました"),
    }[lang]
    for text in (final_text(rec, outcome, lang), summary.card(rec, state, lang).embed.description or ""):
        assert all(w in text for w in words), text
        assert "1. " not in text and "👑" not in text, text


def test_a_game_of_players_keeps_its_places_and_counts_one_point() -> None:
    rec = record("test-climb", None)
    outcome = Outcome(scores={"p1": 1.0, "p2": 3.0}, ranking=[["p2"], ["p1"]], winners=["p2"], reason="out")
    text = final_text(rec, outcome, "en")
    assert "1. 👑 <@5> — 3 points" in text and "2. 🤖 AI-1 — 1 point" in text
    assert "1 points" not in text
