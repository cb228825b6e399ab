"""Calling a game at a game night's time limit (rules/game-night.md, GN-1): the pieces every engine shares.

A call is an action of its own in the game's log, made by the table, not by a seat. In the log it is the
pair ``(TABLE, CallGame())``, so the bot stores it like any move (seat, action JSON) and ``replay`` rebuilds
it through ``Engine.apply`` like any move. What happens after the call is each game's own rule (GN-2 …
GN-5), written in ``engines/<game>/called.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import TypeAdapter, ValidationError

from engines.core.errors import IllegalAction
from engines.core.models import Action, Event, Seat

#: The reserved actor of table actions. No seat may carry this name: seats are user or AI ids, never "@…".
TABLE: Seat = "@table"


class CallGame(Action):
    """GN-1: the table calls the game; it goes on only as far as the game's called rule says, then ends."""

    type: Literal["call"] = "call"


class GameCalled(Event):
    """The table called the game (GN-1). ``until`` says how far play still goes: ``round`` (the current
    round is finished, GN-2, GN-3, GN-5) or ``clear`` (until the field is next cleared, GN-4)."""

    kind: Literal["game_called"] = "game_called"
    until: Literal["round", "clear"]


class AlreadyCalled(IllegalAction):
    """GN-1: calling twice is refused."""

    code = "already_called"


class NotCallable(IllegalAction):
    """The game has no called rule (a game that does not implement ``Engine._call``)."""

    code = "not_callable"


class TableOnly(IllegalAction):
    """GN-1: a call is made by the table, never by a seat."""

    code = "table_only"


_CALL = TypeAdapter(CallGame)


def parse_call(data: Mapping[str, Any] | str | bytes) -> CallGame | None:
    """``CallGame`` if ``data`` is the logged call (``{"type": "call"}``), else ``None``."""
    try:
        if isinstance(data, str | bytes):
            return _CALL.validate_json(data)
        return _CALL.validate_python(dict(data))
    except ValidationError:
        return None
