"""The summary card in the channel a game was opened from (its words: ``bot.presenters.summary``), with
its Join button while the lobby is open."""

from __future__ import annotations

from bot.interactions import UiItem
from bot.presenters import summary
from bot.presenters.payload import Payload
from bot.store import GameRecord
from bot.table import seat_buttons
from engines.core import GameState
from i18n import both


def _join(pk: int, lang: str) -> UiItem:
    return seat_buttons.CardJoinButton(pk, both(lang, "buttons.join"))


def card(rec: GameRecord, state: GameState | None, lang: str) -> Payload:
    return summary.card(rec, state, lang, join=_join)
