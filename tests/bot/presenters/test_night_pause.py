"""A paused night's words (issue 26 item 3) and a late arrival's (item 2), in both languages: the card and
``/night status`` say paused with the time left, the pause and the resume are told, the time left reads the
same in both languages, the last set's standings point to the closing, and a member joining mid-set hears
when they play and where an AI seat is free."""

from __future__ import annotations

from bot.games import manifest
from bot.night.controls import night_view
from bot.night.late import late_words
from bot.presenters.night import left_text, paused, resumed, signup_card, standings_message, status
from bot.store.night_models import NightStatus, NightTable
from engines.night import Standing
from i18n import t
from tests.bot.presenters.test_night import PLAYERS, night


def test_time_left_reads_as_a_countdown() -> None:
    assert [left_text(s) for s in (0, 0.2, 59.5, 60, 359.01, 3600, 3725, -4)] == [
        "0:00",
        "0:01",
        "1:00",
        "1:00",
        "6:00",
        "1:00:00",
        "1:02:05",
        "0:00",
    ]


def test_a_paused_night_says_so_on_its_card_in_its_status_and_to_its_tables(lang: str) -> None:
    held = night(status=NightStatus.PLAYING, current_set=1, paused_left=754.2)
    game = manifest("aws-builder-cards").engine.name
    card = signup_card(held, game, PLAYERS, [4, 4, 3], lang, buttons=night_view)
    assert card.embed is not None
    said = t(lang, "night.card_paused", set=1, sets=2, left="12:35")
    assert said in (card.embed.description or "")
    assert "<t:" not in (card.embed.description or "").split(said)[1]  # no running deadline shown
    assert status(held, [], lang).content == t(lang, "night.status_paused", set=1, left="12:35")
    assert paused(held, lang).content == t(lang, "night.paused", set=1, left="12:35")
    going = night(status=NightStatus.PLAYING, current_set=1, deadline_at=1_800_000_754.2)
    assert resumed(going, lang).content == t(lang, "night.resumed", set=1, when="<t:1800000754:R>")


def test_the_last_sets_standings_point_to_the_closing(lang: str) -> None:
    rows = [Standing(rank=1, member="100", points=10.0, firsts=1, normalised=1.0)]
    final = standings_message(night(current_set=2), rows, {100: "m0"}, lang, final=True)
    assert final.embed is not None and final.embed.footer.text == t(lang, "night.final_note")
    between = standings_message(night(current_set=1), rows, {100: "m0"}, lang, final=False)
    assert between.embed is not None and between.embed.footer.text is None


def test_a_late_arrival_hears_when_they_play_and_where_an_ai_seat_is_free(lang: str) -> None:
    playing = night(status=NightStatus.PLAYING, current_set=1)
    one = NightTable(set_no=1, table_no=1, game_pk=5, members=[100, 101, None])
    two = NightTable(set_no=1, table_no=2, game_pk=6, members=[102, 103, 104])
    words = late_words(playing, [(one, 900, 1), (two, 901, 0)], lang)
    assert words.splitlines()[0] == t(lang, "night.joined_late", set=1, next=2)
    assert "<#900>" in words and "<#901>" not in words
    last = late_words(night(status=NightStatus.PLAYING, current_set=2), [(two, 901, 0)], lang)
    assert last == t(lang, "night.joined_late_last", set=2)
    assert late_words(night(), [], lang) == t(lang, "night.joined")
