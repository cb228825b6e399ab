"""What a message says, in the one shape every kind of message shares: the arguments of a Discord
``send``/``edit``. A leaf: it knows Discord's types and nothing of the bot, so the presenters build it and
the publisher, commands and controls post it without importing each other."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import discord

#: The keyword arguments of a Discord ``send`` or ``edit``. discord.py overloads those by which of
#: ``embed``/``embeds`` and ``file``/``files`` are named, which no one dict type matches; discord.py checks
#: them at run time, and ``Payload`` is the only builder of them.
Kwargs: TypeAlias = dict[str, Any]

#: The bot's colour, on every embed it posts.
COLOUR = discord.Colour(0x2E7D5B)


@dataclass
class Payload:
    """Arguments for ``send``/``edit``: one shape for every kind of message."""

    content: str | None = None
    embed: discord.Embed | None = None
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    allowed_mentions: discord.AllowedMentions | None = None
    #: An edit of a message that shows this picture already: the words and controls change, and Discord
    #: keeps the attachment and embed the edit does not name (nothing drawn, nothing uploaded).
    keep_picture: bool = False
    #: Embeds after ``embed`` (the final message's story); a send with them names every embed.
    more_embeds: list[discord.Embed] = field(default_factory=list)

    def attach(self, picture: discord.File | bytes | None, filename: str = "table.png") -> Payload:
        """The picture drawn for this message (the publisher draws it; a presenter never does), shown in
        the first embed. ``None``: the game draws nothing, the message stays words only."""
        if picture is None:
            return self
        file = discord.File(io.BytesIO(picture), filename=filename) if isinstance(picture, bytes) else picture
        self.files = [file]
        if self.embed is not None:
            self.embed.set_image(url=f"attachment://{file.filename}")
        return self

    def embeds(self) -> list[discord.Embed]:
        return ([] if self.embed is None else [self.embed]) + self.more_embeds

    def send_kwargs(self) -> Kwargs:
        kw: Kwargs = {"content": self.content, "files": self.files}
        if self.more_embeds:
            kw["embeds"] = self.embeds()
        elif self.embed is not None:
            kw["embed"] = self.embed
        if self.view is not None:
            kw["view"] = self.view
        if self.allowed_mentions is not None:
            kw["allowed_mentions"] = self.allowed_mentions
        return kw

    def words_kwargs(self) -> Kwargs:
        """A post of words only (a notice, the end of an aborted game): no attachments named at all."""
        kw: Kwargs = {"content": self.content, "allowed_mentions": self.allowed_mentions}
        if self.view is not None:
            kw["view"] = self.view
        return kw

    def edit_kwargs(self) -> Kwargs:
        if self.keep_picture:
            return {"content": self.content, "view": self.view}
        return {"content": self.content, "attachments": self.files, "view": self.view, "embed": self.embed}
