"""The test harness: members of the simulated guild who type slash commands, click and choose.

    guild = fake.guild
    alice = guild.member("alice")
    reply = await alice.slash("game new", game="glorious-crown")
    await guild.member("bob").click("Join")
    assert "alice" in alice.last_message().content

Every action dispatches a real INTERACTION_CREATE over the gateway, then waits until the bot has answered
and gone quiet (no request in flight, no discord.py handler task running, no deferred reply pending, and no
request for ``fake.quiet_period``), bounded by ``timeout``. Then it fails the test if the fake recorded a
violation, and returns a ``Reply``.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image

from . import interactions as build
from . import payloads
from .interactions import NotPossible
from .records import LatencySample
from .render import message_text, walk_components
from .state import DM, Channel, Guild, Interaction, Member, Message, Role, User

if TYPE_CHECKING:
    from .server import FakeDiscord

# Tasks whose name starts with one of these are "the bot is still working on it". discord.py names its
# event, view, modal and command-tree tasks like this; the bot can name its own short-lived work
# "deckhand: ..." to be waited for as well.
BUSY_TASK_PREFIXES = (
    "discord.py: ",
    "discord-ui-view-dispatch",
    "discord-ui-modal-dispatch",
    "discord-ui-dynamic-item",
    "CommandTree-invoker",
    "deckhand:",
)
DEFAULT_TIMEOUT = 10.0
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


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


class Reply:
    """What one action led to, from the acting member's point of view."""

    def __init__(
        self,
        member: FakeMember,
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


class FakeChannel:
    def __init__(self, guild: FakeGuild, channel: Channel) -> None:
        self.guild = guild
        self.raw = channel

    @property
    def id(self) -> int:
        return self.raw.id

    @property
    def name(self) -> str:
        return self.raw.name

    def messages(self) -> list[SeenMessage]:
        """The public messages, oldest first."""
        fake = self.guild.fake
        return [SeenMessage(fake, m) for m in fake.store.channel_history(self.id) if not m.ephemeral]

    def __str__(self) -> str:
        return f"#{self.name}"

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name} {self.id}>"


ChannelRef = FakeChannel | Channel | str | None


class FakeGuild:
    def __init__(self, fake: FakeDiscord, guild: Guild) -> None:
        self.fake = fake
        self.raw = guild
        self._members: dict[str, FakeMember] = {}
        self._announcements: set[asyncio.Task[bool]] = set()

    @property
    def id(self) -> int:
        return self.raw.id

    @property
    def name(self) -> str:
        return self.raw.name

    @property
    def locale(self) -> str:
        return self.raw.locale

    @locale.setter
    def locale(self, value: str) -> None:
        self.raw.locale = value

    @property
    def default_channel(self) -> FakeChannel:
        return FakeChannel(self, self.fake.store.channels[self.raw.channel_ids[0]])

    def channel(self, ref: ChannelRef = None) -> FakeChannel:
        if ref is None:
            return self.default_channel
        if isinstance(ref, FakeChannel):
            return ref
        if isinstance(ref, Channel):
            return FakeChannel(self, ref)
        found = self.fake.store.channel_named(self.raw, ref)
        if found is None:
            names = [self.fake.store.channels[c].name for c in self.raw.channel_ids]
            raise NotPossible(f"no channel #{ref.lstrip('#')} in {self.name} (channels: {names})")
        return FakeChannel(self, found)

    async def add_channel(self, name: str, *, topic: str | None = None) -> FakeChannel:
        channel = self.fake.store.add_channel(name.lstrip("#"), guild=self.raw, topic=topic)
        await self.fake.gateway.dispatch("CHANNEL_CREATE", payloads.channel(channel, self.fake.store))
        return FakeChannel(self, channel)

    def role(self, name: str, permissions: int = 0) -> Role:
        store = self.fake.store
        return store.role_named(self.raw, name) or store.add_role(self.raw, name, permissions)

    def member(self, name: str, *, locale: str | None = None, roles: Sequence[str] = ()) -> FakeMember:
        """The member called ``name``, created on first use (with ``locale``, default "en-US")."""
        existing = self._members.get(name)
        if existing is None:
            store = self.fake.store
            user = store.add_user(name, locale=locale or "en-US")
            member = store.add_member(self.raw, user)
            existing = FakeMember(self, member)
            self._members[name] = existing
            payload = {**payloads.member(member), "guild_id": str(self.id)}
            # Only a bot with the GUILD_MEMBERS intent hears about joins; dispatch() filters.
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None  # set up before anything runs: nobody is connected to hear it
            if loop is not None:
                task = loop.create_task(self.fake.gateway.dispatch("GUILD_MEMBER_ADD", payload))
                self._announcements.add(task)
                task.add_done_callback(self._announcements.discard)
        elif locale is not None:
            existing.locale = locale
        for role_name in roles:
            role = self.role(role_name)
            if role.id not in existing.raw.role_ids:
                existing.raw.role_ids.append(role.id)
        return existing

    @property
    def members(self) -> list[FakeMember]:
        return list(self._members.values())


class FakeMember:
    """One person in the guild; every action goes through the real gateway and waits for the bot."""

    def __init__(self, guild: FakeGuild, member: Member) -> None:
        self.guild = guild
        self.fake = guild.fake
        self.raw = member
        self.channel: FakeChannel = guild.default_channel
        self.open_modal: tuple[dict[str, Any], Interaction] | None = None

    @property
    def user(self) -> User:
        return self.raw.user

    @property
    def id(self) -> int:
        return self.raw.user.id

    @property
    def name(self) -> str:
        return self.raw.user.username

    @property
    def locale(self) -> str:
        return self.raw.user.locale

    @locale.setter
    def locale(self, value: str) -> None:
        self.raw.user.locale = value

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeMember {self.name} ({self.locale})>"

    # ------------------------------------------------------------------ what this member sees
    def can_see(self, message: Message) -> bool:
        if message.deleted:
            return False
        if message.ephemeral_to is not None and message.ephemeral_to != self.id:
            return False
        channel = self.fake.store.channels[message.channel_id]
        return channel.type != DM or channel.recipient_id == self.id

    def visible_messages(self, channel: ChannelRef = None) -> list[SeenMessage]:
        """Public messages plus this member's own ephemerals in the channel, oldest first."""
        target = self._channel(channel)
        return [
            SeenMessage(self.fake, m) for m in self.fake.store.channel_history(target.id) if self.can_see(m)
        ]

    def last_message(self, channel: ChannelRef = None) -> SeenMessage:
        seen = self.visible_messages(channel)
        if not seen:
            raise AssertionError(f"{self.name} sees no message in {self._channel(channel)}")
        return seen[-1]

    def ephemerals(self, channel: ChannelRef = None) -> list[SeenMessage]:
        return [m for m in self.visible_messages(channel) if m.ephemeral]

    def dms(self) -> list[SeenMessage]:
        channel = self.fake.store.dm_channel(self.user)
        return [SeenMessage(self.fake, m) for m in self.fake.store.channel_history(channel.id)]

    def _channel(self, ref: ChannelRef) -> FakeChannel:
        return self.channel if ref is None else self.guild.channel(ref)

    # ------------------------------------------------------------------ actions
    async def slash(
        self,
        command: str,
        *,
        channel: ChannelRef = None,
        options: Mapping[str, Any] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        **kwargs: Any,
    ) -> Reply:
        """Run ``/command sub [group]`` with options (keyword arguments or ``options=``)."""
        target = self._channel(channel)
        definition, chain, leaf = build.find_command(self.fake.store, self.guild.id, command)
        if not build.can_use(self.fake.store, definition, self.guild.id, self.id):
            raise NotPossible(f"{self.name} lacks the permissions /{definition['name']} requires")
        given = {**(options or {}), **kwargs}
        built, resolved = build.build_options(self.fake, self.guild.id, leaf, given)
        data = build.command_data(definition, chain, built, resolved)
        kind = "slash " + " ".join(command.strip().lstrip("/").split())
        return await self._interact(APPLICATION_COMMAND, kind, data, target.raw, timeout=timeout)

    async def autocomplete(
        self,
        command: str,
        option: str,
        typed: str,
        *,
        channel: ChannelRef = None,
        options: Mapping[str, Any] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        **filled: Any,
    ) -> list[Choice]:
        """Type ``typed`` into ``option`` of ``/command`` (other options already filled in from
        ``options``/keywords) and return the suggestions the bot offers."""
        target = self._channel(channel)
        definition, chain, leaf = build.find_command(self.fake.store, self.guild.id, command)
        match = next((d for d in leaf if d["name"] == option), None)
        if match is None or not match.get("autocomplete"):
            raise NotPossible(f"option {option!r} of /{command} has no autocomplete")
        built, resolved = build.build_options(
            self.fake, self.guild.id, leaf, {**(options or {}), **filled, option: typed}, focused=option
        )
        data = build.command_data(definition, chain, built, resolved)
        kind = "autocomplete " + " ".join(command.strip().lstrip("/").split()) + f" {option}"
        reply = await self._interact(AUTOCOMPLETE, kind, data, target.raw, timeout=timeout)
        return reply.choices

    async def click(
        self,
        label: str,
        *,
        message: SeenMessage | None = None,
        channel: ChannelRef = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Reply:
        """Click the button labelled ``label`` (or with that custom id or emoji) on the newest message
        this member sees that has one, or on ``message``."""
        candidates = [message] if message is not None else list(reversed(self.visible_messages(channel)))
        for seen in candidates:
            for button in seen.buttons():
                if label in (button.label, button.custom_id, button.emoji) or (
                    button.label is not None and button.label.casefold() == label.casefold()
                ):
                    if button.disabled:
                        raise NotPossible(f"button {label!r} is disabled")
                    if button.custom_id is None:
                        raise NotPossible(f"button {label!r} is a link or premium button")
                    data = {"custom_id": button.custom_id, "component_type": 2}
                    return await self._interact(
                        MESSAGE_COMPONENT,
                        f"button {button.label or label}",
                        data,
                        seen.channel,
                        source=seen.raw,
                        timeout=timeout,
                    )
        offered = sorted({lbl for s in candidates for lbl in s.button_labels()})
        raise NotPossible(f"{self.name} sees no button {label!r} (visible buttons: {offered})")

    async def choose(
        self,
        select: str | None,
        values: Sequence[Any],
        *,
        message: SeenMessage | None = None,
        channel: ChannelRef = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Reply:
        """Pick ``values`` (option labels or values; members for a user select) in the select menu found
        by placeholder or custom id (None: the newest select) on the newest message that has it."""
        candidates = [message] if message is not None else list(reversed(self.visible_messages(channel)))
        for seen in candidates:
            for menu in seen.selects():
                if select is not None and not _select_matches(menu, select):
                    continue
                if menu.disabled:
                    raise NotPossible(f"select {select!r} is disabled")
                picked, resolved = self._pick(menu, values)
                data: dict[str, Any] = {
                    "custom_id": menu.custom_id,
                    "component_type": menu.type,
                    "values": picked,
                }
                if resolved:
                    data["resolved"] = resolved
                kind = f"select {menu.placeholder or menu.custom_id}"
                return await self._interact(
                    MESSAGE_COMPONENT, kind, data, seen.channel, source=seen.raw, timeout=timeout
                )
        offered = sorted({s.placeholder or s.custom_id for m in candidates for s in m.selects()})
        raise NotPossible(f"{self.name} sees no select {select!r} (visible selects: {offered})")

    def _pick(self, menu: Select, values: Sequence[Any]) -> tuple[list[str], dict[str, Any]]:
        if not menu.min_values <= len(values) <= menu.max_values:
            raise NotPossible(f"select {menu.placeholder!r} takes {menu.min_values}-{menu.max_values} values")
        if menu.type == 3:
            picked = []
            for value in values:
                option = next((o for o in menu.options if str(value) in (o.value, o.label)), None)
                if option is None:
                    raise NotPossible(
                        f"select {menu.placeholder!r} has no option {value!r} "
                        f"(options: {[o.label for o in menu.options]})"
                    )
                picked.append(option.value)
            return picked, {}
        if menu.type == 5:
            users = [v.user if isinstance(v, FakeMember) else v for v in values]
            resolved: dict[str, Any] = {"users": {}, "members": {}}
            for user in users:
                if not isinstance(user, User):
                    raise NotPossible("a user select takes members")
                resolved["users"][str(user.id)] = payloads.user(user)
                member = self.fake.store.member(self.guild.id, user.id)
                if member is not None:
                    resolved["members"][str(user.id)] = payloads.member(member, with_user=False)
            return [str(u.id) for u in users], resolved
        raise NotPossible(f"select type {menu.type} is not supported by the fake yet")

    async def submit(
        self, values: Mapping[str, str] | None = None, *, timeout: float = DEFAULT_TIMEOUT, **fields: str
    ) -> Reply:
        """Fill in and submit the modal the bot opened for this member (fields by custom id or label)."""
        if self.open_modal is None:
            raise NotPossible(f"no modal is open for {self.name}")
        modal, opener = self.open_modal
        given = {**(values or {}), **fields}
        used: set[str] = set()

        def answer(component: dict[str, Any], label: str | None) -> dict[str, Any]:
            result: dict[str, Any] = {"type": component["type"], "id": component.get("id", 0)}
            if component["type"] == 4:
                key = next(
                    (k for k in (component["custom_id"], label, component.get("label")) if k in given), None
                )
                value = given[key] if key else component.get("value") or ""
                if key:
                    used.add(key)
                if component.get("required", True) and not value:
                    raise NotPossible(f"modal field {label or component['custom_id']!r} is required")
                if len(value) < int(component.get("min_length") or 0):
                    raise NotPossible(f"modal field {component['custom_id']!r} is too short")
                if len(value) > int(component.get("max_length") or 4000):
                    raise NotPossible(f"modal field {component['custom_id']!r} is too long")
                result.update({"custom_id": component["custom_id"], "value": value})
            elif component["type"] == 3:
                key = next((k for k in (component["custom_id"], label) if k in given), None)
                chosen = given[key] if key else []
                if key:
                    used.add(key)
                result.update({"custom_id": component["custom_id"], "values": list(chosen)})
            return result

        submitted = []
        for top in modal.get("components") or []:
            if top["type"] == 1:
                submitted.append(
                    {
                        "type": 1,
                        "id": top.get("id", 0),
                        "components": [answer(c, None) for c in top.get("components") or []],
                    }
                )
            elif top["type"] == 18:
                submitted.append(
                    {
                        "type": 18,
                        "id": top.get("id", 0),
                        "component": answer(top["component"], top.get("label")),
                    }
                )
            else:
                submitted.append({"type": top["type"], "id": top.get("id", 0)})
        unknown = set(given) - used
        if unknown:
            raise NotPossible(f"the modal has no field(s) {sorted(unknown)}")
        self.open_modal = None
        source = self.fake.store.messages.get(opener.source_message_id or 0)
        channel = self.fake.store.channels[opener.channel_id]
        data = {"custom_id": modal["custom_id"], "components": submitted}
        return await self._interact(
            MODAL_SUBMIT,
            f"modal {modal.get('title') or modal['custom_id']}",
            data,
            channel,
            source=source,
            opened_by=opener,
            timeout=timeout,
        )

    async def say(self, content: str, *, channel: ChannelRef = None) -> SeenMessage:
        """Post a plain message as this member (the bot hears it only with the message intents)."""
        target = self._channel(channel)
        message = await self.fake.messages.create(target.raw, self.user, {"content": content}, [])
        await self.settle(timeout=DEFAULT_TIMEOUT)
        return SeenMessage(self.fake, message)

    # ------------------------------------------------------------------ dispatch and wait
    async def _interact(
        self,
        type: int,
        kind: str,
        data: dict[str, Any],
        channel: Channel,
        *,
        source: Message | None = None,
        opened_by: Interaction | None = None,
        timeout: float,
    ) -> Reply:
        fake = self.fake
        if source is not None and not self.can_see(source):
            raise NotPossible(f"{self.name} cannot see message {source.id}")
        seq = fake.store.seq
        inter = await fake.dispatch_interaction(
            user=self.user,
            member=None if channel.type == DM else self.raw,
            channel=channel,
            type=type,
            kind=kind,
            data=data,
            source=source,
            opened_by=opened_by,
        )
        await self.settle(inter, timeout=timeout)
        finished = time.perf_counter()
        related = [
            r.finished
            for r in fake.requests
            if r.finished is not None and r.started >= inter.dispatched_perf and r.finished <= finished
        ]
        sample = LatencySample(
            kind=kind,
            first_response=None
            if inter.callback_perf is None
            else inter.callback_perf - inter.dispatched_perf,
            last_request=(max(related) - inter.dispatched_perf) if related else None,
        )
        fake.latencies.append(sample)
        if inter.modal is not None:
            self.open_modal = (inter.modal, inter)
        changed = [
            SeenMessage(fake, m)
            for m in sorted(fake.store.messages.values(), key=lambda m: m.created_seq)
            if m.updated_seq > seq and self.can_see(m)
        ]
        fake.raise_violations()
        return Reply(self, inter, changed, sample)

    async def settle(self, inter: Interaction | None = None, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until the bot answered ``inter`` (if given) and has gone quiet; never longer than timeout."""
        await settle(self.fake, inter, timeout=timeout)


def _select_matches(menu: Select, wanted: str) -> bool:
    # Placeholders are sentences ("Play a card"); a person names a menu by its first word or two.
    if wanted in (menu.placeholder, menu.custom_id):
        return True
    return menu.placeholder is not None and menu.placeholder.casefold().startswith(wanted.casefold())


async def settle(
    fake: FakeDiscord, inter: Interaction | None = None, *, timeout: float = DEFAULT_TIMEOUT
) -> None:
    deadline = time.perf_counter() + timeout
    if inter is not None:
        while not (inter.acknowledged or inter.late) and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
    me = asyncio.current_task()
    while time.perf_counter() < deadline:
        pending_reply = (
            inter is not None
            and not inter.late
            and (original := fake.store.messages.get(inter.original_message_id or 0)) is not None
            and original.loading
        )
        busy = fake.inflight > 0 or pending_reply or _bot_busy(me)
        if not busy and time.perf_counter() - fake.last_activity >= fake.quiet_period:
            return
        await asyncio.sleep(0.005)


def _bot_busy(me: asyncio.Task[Any] | None) -> bool:
    return any(
        task is not me and not task.done() and task.get_name().startswith(BUSY_TASK_PREFIXES)
        for task in asyncio.all_tasks()
    )
