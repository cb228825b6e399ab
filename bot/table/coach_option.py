"""The ``coach=on|off`` table option (issue 27 item 4): like the turn clock, the bot's option, not the
rules', so it is taken out of ``/game new options:`` before the engine sees them and kept on the game
(``GameRecord.coach``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bot.errors import UserError
from bot.jsontypes import JsonObject, JsonValue

#: The option name in ``/game new options:`` and ``/game options``.
OPTION: Final = "coach"
_VALUES: Final = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}


def parse_coach(text: object) -> bool:
    """``"on"`` -> True, ``"off"`` -> False; anything else is refused with the allowed values."""
    value = _VALUES.get(str(text).strip().lower())
    if value is None:
        raise UserError("bad_coach", value=str(text))
    return value


def split_coach(options: Mapping[str, JsonValue]) -> tuple[JsonObject, bool | None]:
    """The options without ``coach``, and the coach setting if one was given."""
    rest = {k: v for k, v in options.items() if k != OPTION}
    return rest, (parse_coach(options[OPTION]) if OPTION in options else None)
