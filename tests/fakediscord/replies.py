"""What one action led to, from the acting member's point of view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PIL import Image

from .records import LatencySample
from .seen import Button, Choice, SeenAttachment, SeenMessage, Select
from .state import Interaction

if TYPE_CHECKING:
    from .sight import MemberSight


class Reply:
    """What one action led to, from the acting member's point of view."""

    def __init__(
        self,
        member: MemberSight,
        interaction: Interaction,
        messages: list[SeenMessage],
        latency: LatencySample,
    ) -> None:
        self.member = member
        self.interaction = interaction
        self.messages = messages
        self.latency = latency
        fake = member.fake
        original = fake.store.messages.get(interaction.original_message_id or 0)
        self.message: SeenMessage | None = (
            SeenMessage(fake, original) if original is not None and member.can_see(original) else None
        )
        self.followups = [
            SeenMessage(fake, fake.store.messages[i])
            for i in interaction.followup_ids
            if member.can_see(fake.store.messages[i])
        ]
        self.choices = [Choice(c["name"], c["value"]) for c in interaction.choices or []]
        self.modal: dict[str, Any] | None = interaction.modal

    @property
    def acknowledged(self) -> bool:
        return self.interaction.acknowledged

    @property
    def callback_type(self) -> int | None:
        return self.interaction.callback_type

    def _primary(self) -> SeenMessage:
        if self.message is not None:
            return self.message
        if self.followups:
            return self.followups[0]
        raise AssertionError(
            f"{self.interaction.kind!r} produced no message (callback type {self.interaction.callback_type})"
        )

    @property
    def content(self) -> str:
        return self._primary().content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self._primary().embeds

    @property
    def components(self) -> list[dict[str, Any]]:
        return self._primary().components

    @property
    def attachments(self) -> list[SeenAttachment]:
        return self._primary().attachments

    @property
    def ephemeral(self) -> bool:
        return self._primary().ephemeral

    def images(self) -> list[Image.Image]:
        """Every image attached to any message this action produced (primary first)."""
        seen = [self.message] if self.message else []
        seen += [m for m in self.followups + self.messages if m not in seen]
        result: list[Image.Image] = []
        ids: set[int] = set()
        for message in seen:
            if message.id in ids:
                continue
            ids.add(message.id)
            result += message.images()
        return result

    def buttons(self) -> list[Button]:
        return self._primary().buttons()

    def button_labels(self) -> list[str]:
        return self._primary().button_labels()

    def selects(self) -> list[Select]:
        return self._primary().selects()

    def text(self) -> str:
        return "\n".join(m.text() for m in self.messages) or "(no visible message)"

    def __repr__(self) -> str:
        return f"<Reply to {self.interaction.kind!r} callback={self.callback_type}\n{self.text()}\n>"
