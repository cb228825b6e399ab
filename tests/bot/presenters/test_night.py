"""A game night's words (``bot.presenters.night``), in both languages: the sign-up card (its players, the
tables they make by GN-7, the start as a Discord timestamp, Join/Leave while the night is live), every
player told their table in one message, and the standings (GN-11: shared ranks repeat)."""

from __future__ import annotations

from bot.games import manifest
from bot.night.controls import night_view
from bot.presenters.night import TableLine, seated, signup_card, standings_message, status, time_called
from bot.store.night_models import NightRecord, NightStatus, NightTable, SignUp
from engines.night import Standing
from i18n import t
from tests.bot.presenters.conftest import controls, pinged, within_discord_limits

START = 1_800_000_000
PLAYERS = [SignUp(user_id=100 + i, name=f"m{i}", joined_at=float(i)) for i in range(11)]


def night(**changes: object) -> NightRecord:
    base = NightRecord(
        id=7, guild_id=1, channel_id=2, host_id=3, game_id="aws-builder-cards", sets=2, minutes=30, seed=5
    )
    return base.model_copy(update=changes)


def test_the_card_lists_the_players_their_tables_and_the_start(lang: str) -> None:
    game = manifest("aws-builder-cards").engine.name
    payload = signup_card(night(starts_at=START + 0.7), game, PLAYERS, [4, 4, 3], lang, buttons=night_view)
    within_discord_limits(payload)
    assert payload.embed is not None
    assert payload.embed.title == t(lang, "night.card_title", game=game.get(lang))
    assert f"<t:{START}:F>" in (payload.embed.description or "")
    assert t(lang, "night.card_sets", sets=2, minutes=30) in (payload.embed.description or "")
    who, tables = payload.embed.fields
    assert who.name == t(lang, "night.card_players", n=11)
    assert (who.value or "").splitlines() == [f"<@{p.user_id}>" for p in PLAYERS]
    assert (tables.name, tables.value) == (t(lang, "night.card_tables", n=3), "4 + 4 + 3")
    assert [(c.kind, c.op, c.pk) for c in controls(payload)] == [("night", "join", 7), ("night", "leave", 7)]


def test_a_card_without_players_or_start_says_so_and_an_ended_night_has_no_buttons(lang: str) -> None:
    game = manifest("glorious-crown").engine.name
    payload = signup_card(night(), game, [], [], lang, buttons=night_view)
    assert payload.embed is not None
    assert t(lang, "night.card_start_host") in (payload.embed.description or "")
    assert [f.value for f in payload.embed.fields] == [
        t(lang, "night.card_nobody"),
        t(lang, "night.card_no_table"),
    ]
    ended = signup_card(night(status=NightStatus.ENDED), game, PLAYERS[:3], [3], lang, buttons=night_view)
    assert ended.view is None and ended.embed is not None
    assert t(lang, "night.card_ended") in (ended.embed.description or "")


def test_every_player_is_told_their_table_in_one_message_and_pinged(lang: str) -> None:
    tables = [
        (NightTable(set_no=1, table_no=1, game_pk=40, members=[100, 101, 102]), 900),
        (NightTable(set_no=1, table_no=2, game_pk=41, members=[103, 104, None]), 901),
    ]
    payload = seated(night(current_set=1, deadline_at=START + 1800.0), tables, [105], lang)
    within_discord_limits(payload)
    lines = (payload.content or "").splitlines()
    assert lines[0] == t(lang, "night.seated_head", set=1, when=f"<t:{START + 1800}:R>")
    assert lines[1] == t(lang, "night.seated_line", n=1, thread=900, players="<@100>, <@101>, <@102>")
    assert lines[2] == t(
        lang, "night.seated_line", n=2, thread=901, players=f"<@103>, <@104>, {t(lang, 'night.ai_seat')}"
    )
    assert lines[3] == t(lang, "night.waiting", players="<@105>")
    assert sorted(pinged(payload)) == [100, 101, 102, 103, 104]


def test_standings_repeat_a_shared_rank_and_show_points(lang: str) -> None:
    rows = [
        Standing(1, "100", 10.0, 1, 1.0),
        Standing(2, "101", 3.75, 0, 0.5),
        Standing(2, "102", 3.75, 0, 0.5),
    ]
    names = {100: "Ann", 101: "Ben", 102: "Cy"}
    payload = standings_message(night(current_set=1), rows, names, lang, final=False)
    assert payload.embed is not None
    assert payload.embed.title == t(lang, "night.standings_title", set=1, sets=2)
    assert (payload.embed.description or "").splitlines() == [
        t(lang, "night.standings_line", rank=1, name="Ann", points="10", firsts=1),
        t(lang, "night.standings_line", rank=2, name="Ben", points="3.75", firsts=0),
        t(lang, "night.standings_line", rank=2, name="Cy", points="3.75", firsts=0),
    ]
    final = standings_message(night(current_set=2), rows, names, lang, final=True)
    assert final.embed is not None and final.embed.title == t(lang, "night.final_title")


def test_status_and_the_call_name_every_table(lang: str) -> None:
    running = night(status=NightStatus.PLAYING, current_set=1, deadline_at=float(START))
    lines = [TableLine(1, 900, False, ["Ann"]), TableLine(2, 901, True, [])]
    text = (status(running, lines, lang).content or "").splitlines()
    assert text[0] == t(lang, "night.status_time", set=1, when=f"<t:{START}:R>")
    assert text[1] == t(
        lang, "night.status_line", n=1, thread=900, state=t(lang, "night.status_turn", players="Ann")
    )
    assert text[2] == t(lang, "night.status_line", n=2, thread=901, state=t(lang, "night.status_over"))
    assert time_called(running, [40, 41], lang).content == t(lang, "night.called", set=1, n=2)
    assert time_called(running, [], lang).content == t(lang, "night.called_none", set=1)
