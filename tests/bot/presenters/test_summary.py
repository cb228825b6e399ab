"""The summary card (``bot.presenters.summary``) through a game's life: the lobby with its Join button, whose
turn it is, the final places, an aborted game; names, never mentions, and a link into the game's place."""

from __future__ import annotations

from typing import Any

from bot.games import manifest, ui_for
from bot.store import SeatInfo, Status
from bot.table.summary import card
from engines.core import Rng
from i18n import t
from tests.bot.presenters.conftest import (
    GAME,
    PK,
    controls,
    pinged,
    record,
    seats,
    state_of,
    within_discord_limits,
)


def finished(game_id: str, seed: int) -> Any:
    """A game the normal AI plays to its end from the record's first state."""
    engine = manifest(game_id).engine
    state = engine.new_game(["p1", "p2"], None, seed)
    agent, rng = engine.ai("normal"), Rng.from_seed(seed)
    while engine.outcome(state) is None:
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, agent.choose(state, seat, rng)).state
    return state


def link(payload_url: str | None, rec_channel: int, message: int | None) -> bool:
    return payload_url == f"https://discord.com/channels/1/{rec_channel}" + (f"/{message}" if message else "")


def test_the_lobby_card_offers_join_and_a_link_to_the_lobby(lang: str) -> None:
    rec = record(status=Status.LOBBY, state_json=None, lobby_message_id=55)
    payload = card(rec, None, lang)
    assert (
        payload.embed is not None and payload.embed.title == f"{manifest(GAME).engine.name.get(lang)} #{PK}"
    )
    assert payload.embed.description == t(
        lang, "summary.lobby", n=3, range="3–5" if lang == "en" else "3〜5", place="<#2>"
    )
    assert payload.embed.fields[0].value == "Alice, Bob, AI-1"
    assert [(c.kind, c.pk) for c in controls(payload)] == [("cardjoin", PK)]
    assert payload.view is not None
    url = payload.view.children[-1].url  # type: ignore[attr-defined]
    assert link(url, 2, 55)
    assert pinged(payload) == [] and payload.allowed_mentions is not None
    within_discord_limits(payload)


def test_the_running_card_names_whose_turn_it_is_without_a_mention(lang: str) -> None:
    carol = SeatInfo(seat="p3", user_id=303, name="Carol")
    rec = record(table_message_id=66, seats=[*seats(ai=False), carol])
    state = state_of(rec)
    payload = card(rec, state, lang)
    assert payload.embed is not None and payload.embed.description is not None
    assert "<@" not in payload.embed.description
    movers = manifest(GAME).engine.to_move(state)
    named = [
        t(lang, "table.ai_name", name=rec.seat_info(m).name)
        if rec.seat_info(m).is_ai
        else rec.seat_info(m).name
        for m in movers
    ]
    assert payload.embed.description == t(
        lang, "summary.running", move=state.turn + 1, players=", ".join(named), place="<#2>"
    )
    assert controls(payload) == [], "only a link once the game runs"
    assert payload.view is not None and link(payload.view.children[0].url, 2, 66)  # type: ignore[attr-defined]


def test_an_aborted_game_says_so(lang: str) -> None:
    rec = record(status=Status.ABORTED, end_reason="abandoned")
    payload = card(rec, None, lang)
    assert payload.embed is not None
    assert payload.embed.description == t(lang, "summary.abandoned", place="<#2>")
    within_discord_limits(payload)


def test_pc_11a_the_finished_card_of_a_cooperative_game_gives_the_teams_result(lang: str) -> None:
    state = finished("project-chaos", 2)
    rec = record("project-chaos", seats=seats(ai=False), status=Status.FINISHED, table_message_id=77)
    payload = card(rec, state, lang)
    outcome = manifest("project-chaos").engine.outcome(state)
    assert outcome is not None and payload.embed is not None
    team = t(lang, "table.team", players=t(lang, "table.team_sep").join(["Alice", "Bob"]))
    assert (payload.embed.description or "").splitlines() == [
        t(lang, "summary.finished", place="<#2>"),
        ui_for("project-chaos").team_result(outcome, lang),
        team,
    ]
    assert controls(payload) == [] and pinged(payload) == []
    within_discord_limits(payload)
