"""Errors with stable codes: the bot turns ``code`` + ``params`` into a sentence in the player's language."""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Anything a player did that the rules refuse. ``code`` is stable; ``params`` fill the message."""

    code: str = "game_error"
    #: The game that refused, set by ``Engine.apply``: the bot looks up ``errors.<game>.<code>`` first.
    game: str | None = None

    def __init__(self, code: str | None = None, **params: Any) -> None:
        self.code = code or type(self).code
        self.params: dict[str, Any] = params
        super().__init__(f"{self.code} {params}" if params else self.code)


class IllegalAction(GameError):
    """The action is not legal in this state; the state is unchanged."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class GameOver(IllegalAction):
    code = "game_over"


class BadOptions(GameError):
    """Options failed validation. ``params["problems"]`` lists each bad field and its allowed values."""

    code = "bad_options"


class BadPlayerCount(GameError):
    code = "bad_player_count"


class UnknownGame(GameError):
    code = "unknown_game"


class BadAction(GameError):
    """The action data could not be parsed at all (unknown type, missing fields)."""

    code = "bad_action"
