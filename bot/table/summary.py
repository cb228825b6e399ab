"""The summary card in the channel a game was opened from (its words: ``bot.presenters.summary``), with
its Join button while the lobby is open."""

from __future__ import annotations

from typing import Any

import discord

from bot.presenters import summary
from bot.presenters.payload import Payload
from bot.store import GameRecord
from bot.table import seat_buttons
from i18n import both


def _join(pk: int, lang: str) -> discord.ui.Item[Any]:
    return seat_buttons.CardJoinButton(pk, both(lang, "buttons.join"))


def card(rec: GameRecord, state: Any, lang: str) -> Payload:
    return summary.card(rec, state, lang, join=_join)
