"""A line about the table itself (a player left, came back, was seated, a reminder): text only, no
picture; the take-back button where the notice offers it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.presenters.payload import Payload
from bot.presenters.words import CONTENT_LIMIT, ViewFor
from i18n import t


def notice(pk: int, entry: Mapping[str, Any], lang: str, *, take_back: ViewFor) -> Payload:
    """``entry``: the outbox entry's payload: the catalog ``key`` and its parameters, ``ping`` (the
    members it may mention) and ``button`` (``"take_back"``: ``bot.table.seat_buttons.take_back_view``)."""
    key = str(entry.get("key", ""))
    params = {k: v for k, v in entry.items() if k not in ("key", "button", "ping")}
    # Nobody is pinged by a notice but the members it names in ``ping`` (a reminder: its player).
    ping = [int(u) for u in entry.get("ping", [])]
    mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in ping])
    return Payload(
        content=t(lang, key, **params)[:CONTENT_LIMIT],
        view=take_back(pk, lang) if entry.get("button") == "take_back" else None,
        allowed_mentions=mentions if ping else discord.AllowedMentions.none(),
    )
