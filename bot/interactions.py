"""The interaction every slash command, button and select of the bot receives, typed once.

Its client is a ``discord.Client``: what the table layer needs of Deckhand's own client it reaches through
small protocols (``bot.table.host``), so no module needs the client's class (the client imports them all)."""

from __future__ import annotations

from typing import TypeAlias

import discord

Interaction: TypeAlias = discord.Interaction[discord.Client]

#: A button or select on a view of whichever kind (discord.py's items are covariant in their view).
UiItem: TypeAlias = discord.ui.Item[discord.ui.view.BaseView]
#: A button or a select of a plain ``discord.ui.View`` (every control of the bot is one).
UiButton: TypeAlias = discord.ui.Button[discord.ui.View]
UiSelect: TypeAlias = discord.ui.Select[discord.ui.View]
