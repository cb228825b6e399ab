"""The error funnel words refusals in the user's language and hides faults behind a reference."""

from __future__ import annotations

import logging

import pytest
from discord import app_commands
from engines.test_climb.engine import ClimbOptions

from bot.errors import UserError, message_for
from bot.store import StaleVersion
from engines.core import BadOptions, IllegalAction, NotYourTurn, validate_options


def test_rule_refusals_are_localised() -> None:
    assert message_for(NotYourTurn(seat="p1"), "ja") == ("あなたの番ではありません。", True)
    assert message_for(NotYourTurn(seat="p1"), "en")[0] == "It is not your turn."
    # An engine code without its own sentence falls back to the general refusal, still localised.
    assert message_for(IllegalAction("too_weak"), "ja")[0] == "その手は今は出せません。"


def test_a_games_own_sentence_comes_first() -> None:
    err = IllegalAction("not_your_turn")
    err.game = "no-such-game"  # no game-specific sentence: the shared one is used
    assert message_for(err, "en")[0] == "It is not your turn."


def test_bad_options_list_allowed_values() -> None:
    with pytest.raises(BadOptions) as err:
        validate_options(ClimbOptions, {"hand_size": "9", "colour": "red"})
    text, expected = message_for(err.value, "en")
    assert expected and "`colour` is not an option" in text and "hand_size, gift_sevens" in text
    with pytest.raises(BadOptions) as err:
        validate_options(ClimbOptions, {"hand_size": "9"})
    assert "`hand_size` = `9` is not allowed. Allowed: 2..5" in message_for(err.value, "en")[0]


def test_wrapped_errors_are_unwrapped() -> None:
    wrapped = app_commands.CommandInvokeError.__new__(app_commands.CommandInvokeError)
    wrapped.__cause__ = UserError("host_only")
    assert message_for(wrapped, "en")[0] == "Only the host can do that."
    assert message_for(StaleVersion(1, 2), "en")[1]


def test_faults_get_a_reference_and_are_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR):
        text, expected = message_for(ZeroDivisionError("boom"), "en")
    assert not expected and "reference `" in text
    ref = text.split("`")[1]
    assert any(ref in r.getMessage() and r.exc_info for r in caplog.records)


@pytest.mark.parametrize("status", [429, 503])
def test_discord_refusing_after_its_retries_is_a_warning_not_a_fault(
    status: int, caplog: pytest.LogCaptureFixture
) -> None:
    """An interaction answer still rate limited (or failing) after discord.py's retries is Discord's bad
    moment: logged as a warning with the reference, not as an error of ours."""
    from types import SimpleNamespace

    import discord

    response = SimpleNamespace(status=status, reason="refused")
    error = discord.HTTPException(response, {"message": "You are being rate limited.", "code": 0})  # type: ignore[arg-type]
    with caplog.at_level(logging.WARNING):
        text, expected = message_for(error, "en")
    assert not expected and "reference `" in text and "press again" in text
    assert [r.levelno for r in caplog.records if "Discord refused" in r.getMessage()] == [logging.WARNING]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
