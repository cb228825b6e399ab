"""The lobby card (``bot.presenters.lobby``): who sits (the host marked, an AI with its level), the options
and the clock in the players' language, and Join/Leave/Start only while the lobby is open."""

from __future__ import annotations

from bot.games import manifest
from bot.presenters.lobby import lobby
from bot.store import SeatInfo, Status
from bot.table.components import lobby_view
from i18n import t
from tests.bot.presenters.conftest import (
    ALICE,
    BOB,
    GAME,
    PK,
    controls,
    pinged,
    record,
    within_discord_limits,
)


def test_the_lobby_lists_its_players_and_offers_join_leave_start(lang: str) -> None:
    rec = record(status=Status.LOBBY, state_json=None, options={"once_passed_may_replay": True})
    payload = lobby(rec, lang, buttons=lobby_view)
    assert payload.embed is not None and payload.content is None
    assert payload.embed.title == t(lang, "lobby.title", game=manifest(GAME).engine.name.get(lang))
    players = payload.embed.fields[0].value or ""
    assert players.splitlines()[0] == f"<@{ALICE}> {t(lang, 'lobby.host_mark')}"
    assert players.splitlines()[1] == f"<@{BOB}>"
    level = t(lang, "lobby.ai_level.strong")
    assert players.splitlines()[2] == t(lang, "lobby.ai_player", name="AI-1", level=level)
    assert "`once_passed_may_replay=true`" in (payload.embed.fields[1].value or "")
    assert payload.embed.footer.text == t(lang, "lobby.footer")
    assert [(c.kind, c.op, c.pk) for c in controls(payload)] == [
        ("lobby", "join", PK),
        ("lobby", "leave", PK),
        ("lobby", "start", PK),
    ]
    assert pinged(payload) == []
    within_discord_limits(payload)


def test_the_lobby_is_in_the_players_language() -> None:
    rec = record(status=Status.LOBBY, state_json=None)
    english = lobby(rec, "en", buttons=lobby_view).embed
    japanese = lobby(rec, "ja", buttons=lobby_view).embed
    assert english is not None and japanese is not None
    assert english.fields[0].name == "Players: 3 of 3–5"
    assert japanese.fields[0].name == "プレイヤー 3 人（3〜5 人で遊ぶゲーム）"
    assert japanese.title is not None and japanese.title.endswith("— ロビー")


def test_a_started_lobby_has_no_buttons(lang: str) -> None:
    payload = lobby(record(), lang, buttons=lobby_view)
    assert payload.view is None and controls(payload) == []
    assert payload.embed is not None and payload.embed.description == t(lang, "lobby.status.running")
    assert not payload.embed.footer.text


def test_a_full_lobby_with_long_names_and_options_stays_within_discords_limits(lang: str) -> None:
    crowd = [SeatInfo(seat=f"p{i}", user_id=10**17 + i, name="N" * 32) for i in range(1, 6)]
    rec = record(status=Status.LOBBY, state_json=None, seats=crowd, options={"once_passed_may_replay": True})
    within_discord_limits(lobby(rec, lang, buttons=lobby_view))
