"""What a member sees: messages (with their attachments, buttons and selects) as the fake holds them now.

Later edits show through: a ``SeenMessage`` reads the fake's message each time.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image

from .render import message_text, walk_components
from .state import Channel, Message, User

if TYPE_CHECKING:
    from .channels import FakeThread
    from .server import FakeDiscord


@dataclass(frozen=True)
class Choice:
    name: str
    value: Any


@dataclass(frozen=True)
class Button:
    label: str | None
    custom_id: str | None
    style: int
    disabled: bool
    emoji: str | None
    url: str | None


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class Select:
    custom_id: str
    type: int
    placeholder: str | None
    options: tuple[SelectOption, ...]
    min_values: int
    max_values: int
    disabled: bool


class SeenAttachment:
    def __init__(self, fake: FakeDiscord, attachment_id: int) -> None:
        self._attachment = fake.store.attachments[attachment_id]

    @property
    def filename(self) -> str:
        return self._attachment.filename

    @property
    def url(self) -> str:
        return self._attachment.url

    @property
    def data(self) -> bytes:
        return self._attachment.data

    @property
    def content_type(self) -> str | None:
        return self._attachment.content_type

    def image(self) -> Image.Image:
        """Decode as an image (raises if it is not one); Image.load() proves the whole file is sound."""
        image = Image.open(io.BytesIO(self.data))
        image.load()
        return image

    def __repr__(self) -> str:
        return f"<attachment {self.filename} {len(self.data)} bytes>"


class SeenMessage:
    """A message as the fake holds it now (later edits show through)."""

    def __init__(self, fake: FakeDiscord, message: Message) -> None:
        self._fake = fake
        self._message = message

    @property
    def id(self) -> int:
        return self._message.id

    @property
    def raw(self) -> Message:
        return self._message

    @property
    def content(self) -> str:
        return self._message.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self._message.embeds

    @property
    def components(self) -> list[dict[str, Any]]:
        return self._message.components

    @property
    def attachments(self) -> list[SeenAttachment]:
        return [SeenAttachment(self._fake, a.id) for a in self._message.attachments]

    @property
    def ephemeral(self) -> bool:
        return self._message.ephemeral

    @property
    def deleted(self) -> bool:
        return self._message.deleted

    @property
    def edited(self) -> bool:
        return self._message.edited_at is not None

    @property
    def author(self) -> User:
        return self._message.author

    @property
    def channel(self) -> Channel:
        return self._fake.store.channels[self._message.channel_id]

    @property
    def type(self) -> int:
        """Discord's message type: 0 default, 18 "started a thread", 19 reply, 20 slash command answer."""
        return self._message.type

    @property
    def thread(self) -> FakeThread | None:
        """The thread started from this message (or announced by this "started a thread" notice)."""
        from .channels import FakeThread  # channels builds on this module

        thread_id = self._message.thread_id
        if thread_id is None and self._message.type == 18 and self._message.message_reference:
            thread_id = int(self._message.message_reference["channel_id"])
        found = self._fake.store.channels.get(thread_id) if thread_id is not None else None
        return FakeThread(self._fake.guild, found) if found is not None else None

    def images(self) -> list[Image.Image]:
        return [a.image() for a in self.attachments]

    def buttons(self) -> list[Button]:
        return [
            Button(
                label=c.get("label"),
                custom_id=c.get("custom_id"),
                style=int(c.get("style") or 1),
                disabled=bool(c.get("disabled")),
                emoji=(c.get("emoji") or {}).get("name"),
                url=c.get("url"),
            )
            for c in walk_components(self.components)
            if c.get("type") == 2
        ]

    def button_labels(self) -> list[str]:
        return [b.label or b.emoji or "" for b in self.buttons()]

    def selects(self) -> list[Select]:
        return [
            Select(
                custom_id=c["custom_id"],
                type=int(c["type"]),
                placeholder=c.get("placeholder"),
                options=tuple(
                    SelectOption(o["label"], o["value"], o.get("description"), bool(o.get("default")))
                    for o in c.get("options") or []
                ),
                min_values=int(c.get("min_values", 1)),
                max_values=int(c.get("max_values", 1)),
                disabled=bool(c.get("disabled")),
            )
            for c in walk_components(self.components)
            if c.get("type") in (3, 5, 6, 7, 8)
        ]

    def text(self) -> str:
        """Everything a person reads in the message: content, embed texts, button labels, options."""
        return message_text(self._message, self._fake.store)

    def __repr__(self) -> str:
        return f"<SeenMessage {self.id}\n{self.text()}\n>"
