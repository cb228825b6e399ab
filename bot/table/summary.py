"""The summary card in the channel a game was opened from (its words: ``bot.presenters.summary``), with
its Join button while the lobby is open."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import both
from bot.presenters import summary
from bot.presenters.payload import COLOUR, Payload
from bot.store import GameRecord
from bot.table import seat_buttons

# Where the table's commands find them (the card's title and link are the presenters').
__all__ = ["COLOUR", "card", "jump_url", "team_lines", "thread_name"]
jump_url = summary.jump_url
thread_name = summary.thread_name
team_lines = summary.team_lines


def _join(pk: int, lang: str) -> discord.ui.Item[Any]:
    return seat_buttons.CardJoinButton(pk, both(lang, "buttons.join"))


def card(rec: GameRecord, state: Any, lang: str) -> Payload:
    return summary.card(rec, state, lang, join=_join)
