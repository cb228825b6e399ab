"""A set's table options (issue 27 item 4): the night's short clock always, the coach in set 1 only, and
never when the host opened the night without it."""

from __future__ import annotations

from bot.night.service import set_options


def test_the_first_set_is_coached_and_later_sets_are_not() -> None:
    assert set_options(1) == "clock=3m coach=on"
    assert set_options(2) == "clock=3m coach=off"


def test_a_night_without_the_coach_has_no_coached_set() -> None:
    assert set_options(1, coach=False) == set_options(2, coach=False) == "clock=3m coach=off"
