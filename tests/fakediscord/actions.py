"""What a member does: slash commands, autocomplete, clicks, select choices, modal submits, plain messages
and opening threads.

Every interaction goes out as a real INTERACTION_CREATE over the gateway from the channel or thread the
member acts in (``channel=``, or where ``member.in_channel(...)`` put them), then waits until the bot went
quiet (see ``quiet``), fails the test on any violation the fake recorded, and returns a ``Reply``.
A person cannot do what the Discord client would not let them: that raises ``NotPossible``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from . import interactions as build
from . import payloads
from .channels import ChannelRef, FakeThread
from .interactions import NotPossible
from .modals import fill_in
from .permissions import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USE_APPLICATION_COMMANDS,
    channel_permissions,
    names,
)
from .quiet import DEFAULT_TIMEOUT, settle
from .records import LatencySample
from .replies import Reply
from .seen import Choice, SeenMessage, Select
from .sight import MemberSight
from .state import DM, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Interaction, Message, User
from .threads import join_thread, open_thread

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


class MemberActions(MemberSight):
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
        definition, chain, leaf = self._offered(command, target.raw)
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
        definition, chain, leaf = self._offered(command, target.raw)
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
                    button.label is not None
                    # A bilingual label ("Join · 参加") is pressed by whichever half the person reads.
                    and label.casefold()
                    in {part.casefold() for part in (button.label, *button.label.split(" · "))}
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

    async def forge(
        self,
        custom_id: str,
        *,
        message: SeenMessage,
        values: Sequence[Any] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Reply:
        """What a tampered client could send: a click (or, with ``values``, a select choice) on ``message``
        with any custom id and any values, the message presented as carrying that one component. Discord
        checks neither against what the bot posted here, so a bot must refuse what it cannot read. The
        member must still see the message."""
        if values is None:
            component: dict[str, Any] = {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id}
            data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        else:
            options = [{"label": str(v)[:100] or "-", "value": str(v)} for v in values] or [
                {"label": "-", "value": "-"}
            ]
            component = {"type": 3, "custom_id": custom_id, "options": options}
            data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        forged = payloads.message(message.raw, self.fake.store)
        forged["components"] = [{"type": 1, "components": [component]}]
        return await self._interact(
            MESSAGE_COMPONENT,
            f"forged {custom_id[:40]!r}",
            data,
            message.channel,
            source=message.raw,
            message_payload=forged,
            timeout=timeout,
        )

    def _pick(self, menu: Select, values: Sequence[Any]) -> tuple[list[str], dict[str, Any]]:
        if not menu.min_values <= len(values) <= menu.max_values:
            raise NotPossible(f"select {menu.placeholder!r} takes {menu.min_values}-{menu.max_values} values")
            raise NotPossible(f"select {menu.placeholder!r} takes {menu.min_values}-{menu.max_values} values")
        if menu.type == 3:
            picked = []
            for value in values:
                option = next((o for o in menu.options if str(value) in (o.value, o.label)), None)
                position = re.fullmatch(r"#([0-9]+)", str(value))
                if option is None and position and 1 <= int(position[1]) <= len(menu.options):
                    option = menu.options[int(position[1]) - 1]  # "#1": the first option, whatever it says
                if option is None:
                    raise NotPossible(
                        f"select {menu.placeholder!r} has no option {value!r} "
                        f"(options: {[o.label for o in menu.options]})"
                    )
                picked.append(option.value)
            return picked, {}
        if menu.type == 5:
            users = [getattr(v, "user", v) for v in values]
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
        submitted = fill_in(modal, {**(values or {}), **fields})
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
        target = self._channel(channel).raw
        self._require_view(target)
        if target.guild_id is not None:
            sending = SEND_MESSAGES_IN_THREADS if target.is_thread else SEND_MESSAGES
            self._require(target, sending, "post here")
        if target.is_thread:
            join_thread(target, self.id)
        message = await self.fake.messages.create(target, self.user, {"content": content}, [])
        await self.settle(timeout=DEFAULT_TIMEOUT)
        return SeenMessage(self.fake, message)

    async def open_thread(
        self,
        name: str,
        *,
        channel: ChannelRef = None,
        message: SeenMessage | None = None,
        private: bool = False,
    ) -> FakeThread:
        """Start a thread in ``channel`` (or from ``message``), as a person does from the client; the bot
        hears THREAD_CREATE. Needs CREATE_PUBLIC_THREADS (CREATE_PRIVATE_THREADS for a private one)."""
        parent = message.channel if message is not None else self._channel(channel).raw
        if parent.is_thread or parent.type == DM:
            raise NotPossible(f"threads cannot be started in {self._channel(parent)}")
        self._require_view(parent)
        self._require(parent, CREATE_PRIVATE_THREADS if private else CREATE_PUBLIC_THREADS, "start a thread")
        thread = await open_thread(
            self.fake,
            parent,
            name,
            self.user,
            type=PRIVATE_THREAD if private else PUBLIC_THREAD,
            starter=message.raw if message is not None else None,
        )
        await self.settle(timeout=DEFAULT_TIMEOUT)
        return FakeThread(self.guild, thread)

    def commands(self, channel: ChannelRef = None) -> list[str]:
        """The top-level slash commands the Discord client offers this member here (sorted)."""
        target = self._channel(channel).raw
        guild_id = None if target.type == DM else self.guild.id
        store = self.fake.store
        return sorted(
            c["name"]
            for c in build.synced_commands(store, guild_id)
            if int(c.get("type", 1)) == 1 and build.missing_for(store, c, target, self.id) is None
        )

    # ------------------------------------------------------------------ what the client allows
    def _offered(
        self, command: str, channel: Channel
    ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        """The command as the client offers it in ``channel``, or NotPossible saying why it is hidden."""
        guild_id = None if channel.type == DM else self.guild.id
        found = build.find_command(self.fake.store, guild_id, command)
        self._require_view(channel)
        if guild_id is not None:
            self._require(channel, USE_APPLICATION_COMMANDS, "use slash commands here")
        hidden = build.missing_for(self.fake.store, found[0], channel, self.id)
        if hidden is not None:
            raise NotPossible(f"Discord does not offer /{found[0]['name']} to {self.name}: {hidden}")
        return found

    def _require_view(self, channel: Channel) -> None:
        if not self.can_view(channel):
            raise NotPossible(f"{self.name} cannot see {self._channel(channel)}")

    def _require(self, channel: Channel, needed: int, doing: str) -> None:
        have = channel_permissions(self.fake.store, channel, self.id)
        if have & needed != needed:
            missing = " | ".join(names(needed & ~have))
            raise NotPossible(f"{self.name} may not {doing} in {self._channel(channel)} (lacks {missing})")

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
        message_payload: dict[str, Any] | None = None,
        timeout: float,
    ) -> Reply:
        fake = self.fake
        if source is not None and not self.can_see(source):
            raise NotPossible(f"{self.name} cannot see message {source.id}")
        self._require_view(channel)
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
            message_payload=message_payload,
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
