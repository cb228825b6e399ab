"""Creating, editing and deleting messages the way Discord does, and telling the gateway about it."""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image, UnidentifiedImageError

from . import payloads
from .errors import ApiError
from .records import Upload
from .state import EPHEMERAL, IS_COMPONENTS_V2, LOADING, Attachment, Channel, Message, User

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
# Flags a bot may set when sending; Discord drops or refuses the rest.
SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2


#: How long Discord remembers a message's ``nonce`` for ``enforce_nonce`` ("the past few minutes").
NONCE_WINDOW = 300.0


class MessageOps:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.store = fake.store
        #: ``(author id, nonce)`` -> (message id, clock.monotonic() when created), for ``enforce_nonce``.
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        #: Sends answered with an earlier message because their nonce was enforced (a retry deduplicated).
        self.deduplicated: list[int] = []

    # ------------------------------------------------------------------ nonces
    def by_nonce(self, author: User, body: dict[str, Any]) -> Message | None:
        """The message this author already created with this body's nonce, when the body enforces it:
        Discord then returns that message and creates none ("If another message was created by the same
        author with the same nonce, that message will be returned and no new message will be created")."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        seen = self.nonces.get((author.id, str(nonce)))
        if seen is None or self.fake.clock.monotonic() - seen[1] > NONCE_WINDOW:
            return None
        message = self.store.messages.get(seen[0])
        if message is None or message.deleted:
            return None
        self.deduplicated.append(message.id)
        return message

    def remember_nonce(self, message: Message, body: dict[str, Any]) -> None:
        nonce = body.get("nonce")
        if nonce is not None:
            self.nonces[(message.author.id, str(nonce))] = (message.id, self.fake.clock.monotonic())

    # ------------------------------------------------------------------ create / edit / delete
    async def create(
        self,
        channel: Channel,
        author: User,
        body: dict[str, Any],
        uploads: Sequence[Upload],
        *,
        ephemeral_to: int | None = None,
        extra_flags: int = 0,
        webhook_id: int | None = None,
        application_id: int | None = None,
        interaction_metadata: dict[str, Any] | None = None,
        interaction_id: int | None = None,
        type: int = 0,
    ) -> Message:
        flags = (int(body.get("flags") or 0) & SETTABLE_FLAGS) | extra_flags
        if ephemeral_to is None:
            flags &= ~EPHEMERAL
        message = self.store.add_message(
            channel,
            author,
            flags=flags,
            type=type,
            webhook_id=webhook_id,
            application_id=application_id,
            interaction_metadata=interaction_metadata,
            interaction_id=interaction_id,
            ephemeral_to=ephemeral_to if flags & EPHEMERAL else None,
            message_reference=_reference(body, channel),
        )
        self._apply(message, body, uploads, creating=True)
        await self.announce("MESSAGE_CREATE", message)
        return message

    async def edit(self, message: Message, body: dict[str, Any], uploads: Sequence[Upload]) -> Message:
        if message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        was_loading = message.loading
        self._apply(message, body, uploads, creating=False)
        # Filling in a deferred ("thinking") response ends the loading state.
        message.flags &= ~LOADING
        if "flags" in body and body["flags"] is not None:
            keep = message.flags & (EPHEMERAL | LOADING)
            message.flags = keep | (int(body["flags"]) & (SUPPRESS_EMBEDS | IS_COMPONENTS_V2))
        self.store.touch(message, edited=not was_loading)
        await self.announce("MESSAGE_UPDATE", message)
        return message

    async def delete(self, message: Message) -> None:
        if message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        message.deleted = True
        self.store.touch(message, edited=False)
        if not message.ephemeral:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            await self.fake.gateway.dispatch("MESSAGE_DELETE", data)

    async def announce(self, event: str, message: Message) -> None:
        # Ephemeral messages never reach the gateway; everything else does, as on Discord.
        if not message.ephemeral:
            await self.fake.gateway.dispatch(event, payloads.message_event(message, self.store))

    # ------------------------------------------------------------------ body -> message fields
    def _apply(
        self, message: Message, body: dict[str, Any], uploads: Sequence[Upload], *, creating: bool
    ) -> None:
        if "content" in body or creating:
            message.content = body.get("content") or ""
        if "components" in body or creating:
            message.components = _number_components(body.get("components") or [])
        message.attachments = self._attachments(message, body, uploads, creating=creating)
        if "embeds" in body or creating:
            message.embeds = [self._embed(e, message) for e in body.get("embeds") or []]

    def _attachments(
        self, message: Message, body: dict[str, Any], uploads: Sequence[Upload], *, creating: bool
    ) -> list[Attachment]:
        by_index = {_upload_index(u): u for u in uploads}
        listed = body.get("attachments")
        if listed is None:
            # Without an attachments list, an edit keeps what was there and adds any new uploads.
            kept = [] if creating else list(message.attachments)
            return kept + [self._store_upload(message, u, None) for u in uploads]
        existing = {str(a.id): a for a in message.attachments}
        result: list[Attachment] = []
        used: set[int] = set()
        for entry in listed:
            ref = str(entry.get("id"))
            if ref in existing:
                result.append(existing[ref])
                continue
            index = _int_or_none(ref)
            if index is None or index not in by_index:
                raise ApiError(400, 50035, f"attachments: no files[{ref}] uploaded for attachment {entry}")
            used.add(index)
            result.append(self._store_upload(message, by_index[index], entry))
        result += [self._store_upload(message, u, None) for i, u in by_index.items() if i not in used]
        return result

    def _store_upload(self, message: Message, upload: Upload, entry: dict[str, Any] | None) -> Attachment:
        attachment_id = self.store.ids.next()
        filename = (entry or {}).get("filename") or upload.filename
        width = height = None
        content_type = upload.content_type
        try:
            with Image.open(io.BytesIO(upload.data)) as image:
                width, height = image.size
                content_type = Image.MIME.get(image.format or "", content_type)
        except (UnidentifiedImageError, OSError):
            pass
        url = f"{self.fake.url}/attachments/{message.channel_id}/{attachment_id}/{filename}"
        attachment = Attachment(
            id=attachment_id,
            filename=filename,
            content_type=content_type,
            data=upload.data,
            url=url,
            width=width,
            height=height,
            description=(entry or {}).get("description"),
            ephemeral=message.ephemeral,
        )
        self.store.attachments[attachment_id] = attachment
        return attachment

    def _embed(self, embed: dict[str, Any], message: Message) -> dict[str, Any]:
        # Discord drops nulls, marks embeds "rich" and resolves attachment:// references to real URLs.
        result: dict[str, Any] = {k: v for k, v in embed.items() if v is not None}
        result.setdefault("type", "rich")
        for key in ("image", "thumbnail"):
            media = result.get(key)
            if isinstance(media, dict) and str(media.get("url", "")).startswith("attachment://"):
                name = media["url"].removeprefix("attachment://")
                found = next((a for a in message.attachments if a.filename == name), None)
                if found is None:
                    raise ApiError(400, 50035, f"embeds: {key} refers to attachment://{name}, not uploaded")
                result[key] = {
                    "url": found.url,
                    "proxy_url": found.url,
                    "width": found.width or 0,
                    "height": found.height or 0,
                    "content_type": found.content_type,
                }
        return result


def _number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # Discord answers with a numeric id on every component; discord.py reads it since 2.6.
    counter = 0

    def walk(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        nonlocal counter
        out = []
        for item in items:
            copy = _without_nulls(item)
            counter += 1
            copy.setdefault("id", counter)
            if isinstance(copy.get("components"), list):
                copy["components"] = walk(copy["components"])
            for key in ("accessory", "component"):
                if isinstance(copy.get(key), dict):
                    copy[key] = walk([copy[key]])[0]
            out.append(copy)
        return out

    return walk(components)


def _without_nulls(value: Any) -> Any:
    # Discord leaves unset fields out of what it echoes (a unicode emoji has no "id": null).
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


def _upload_index(upload: Upload) -> int:
    inside = upload.field_name.removeprefix("files[").removesuffix("]")
    value = _int_or_none(inside)
    return value if value is not None else 0


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _reference(body: dict[str, Any], channel: Channel) -> dict[str, Any] | None:
    ref = body.get("message_reference")
    if not isinstance(ref, dict) or not ref.get("message_id"):
        return None
    return {
        "type": 0,
        "message_id": str(ref["message_id"]),
        "channel_id": str(ref.get("channel_id") or channel.id),
        **({"guild_id": str(channel.guild_id)} if channel.guild_id else {}),
    }
