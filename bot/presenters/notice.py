"""A line about the table itself (a player left, came back, was seated, a reminder): text only, no
picture; the take-back button where the notice offers it."""

from __future__ import annotations

import discord

from bot.presenters.payload import Payload
from bot.presenters.words import CONTENT_LIMIT, ViewFor
from bot.store.messages import Told
from i18n import t


def notice(pk: int, told: Told, lang: str, *, take_back: ViewFor) -> Payload:
    """``told``: the outbox entry's message: the catalog ``key`` and its ``params``, ``ping`` (the members
    it may mention) and ``button`` (``"take_back"``: ``bot.table.seat_buttons.take_back_view``)."""
    # Nobody is pinged by a notice but the members it names in ``ping`` (a reminder: its player).
    ping = list(told.ping or ())
    mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in ping])
    return Payload(
        content=t(lang, told.key, **told.params)[:CONTENT_LIMIT],
        view=take_back(pk, lang) if told.button == "take_back" else None,
        allowed_mentions=mentions if ping else discord.AllowedMentions.none(),
    )
