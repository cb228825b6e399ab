"""One person in the simulated guild: who they are and what they see (``sight``), what they do
(``actions``), and what a test changes about them: where they are, their roles, whether their DMs are open.

    alice = fake.guild.member("alice")
    thread = fake.guild.thread("Glorious Crown #1")
    await alice.in_channel(thread).click("Play")      # acts inside the thread from now on
    await alice.slash("game status", channel="#general")  # or just this once elsewhere
"""

from __future__ import annotations

from . import payloads
from .actions import MemberActions
from .channels import ChannelRef
from .interactions import NotPossible
from .scheduled_events import ACTIVE, SCHEDULED, ScheduledEvent
from .state import Role


class FakeMember(MemberActions):
    """One person in the guild; every action goes through the real gateway and waits for the bot."""

    def in_channel(self, ref: ChannelRef) -> FakeMember:
        """Move to a channel or thread (by object, id or name), as clicking it in the sidebar does; later
        actions without ``channel=`` happen there. Returns the member, so calls chain."""
        target = self._channel(ref)
        self._require_view(target.raw)
        self.channel = target
        return self

    @property
    def dms_open(self) -> bool:
        """False: the member does not accept DMs from the bot (Discord answers 403/50007)."""
        return self.user.dms_open

    @dms_open.setter
    def dms_open(self, value: bool) -> None:
        self.user.dms_open = value

    async def add_roles(self, *roles: Role | str) -> None:
        """Give roles (objects or names; a new name becomes a role without permissions) and send
        GUILD_MEMBER_UPDATE (heard only with the GUILD_MEMBERS intent)."""
        for given in roles:
            role = given if isinstance(given, Role) else self.guild.role(given)
            if role.id not in self.raw.role_ids:
                self.raw.role_ids.append(role.id)
        await self._updated()

    async def remove_roles(self, *roles: Role | str) -> None:
        for given in roles:
            role = given if isinstance(given, Role) else self.guild.role(given)
            if role.id in self.raw.role_ids:
                self.raw.role_ids.remove(role.id)
        await self._updated()

    async def _updated(self) -> None:
        self.fake.store.bump()
        payload = {**payloads.member(self.raw), "guild_id": str(self.guild.id)}
        await self.fake.gateway.dispatch("GUILD_MEMBER_UPDATE", payload)
        await self.settle()

    async def mark_interested(self, event: ScheduledEvent | int, interested: bool = True) -> None:
        """Click "Interested" on a scheduled event of the guild (or take it back), as in Discord's event
        list; the bot hears GUILD_SCHEDULED_EVENT_USER_ADD / _REMOVE with that intent."""
        raw = self.fake.store.scheduled_events.get(event if isinstance(event, int) else event.id)
        if raw is None or raw.guild_id != self.guild.id:
            raise NotPossible("no such scheduled event in this guild")
        if raw.status not in (SCHEDULED, ACTIVE):
            raise NotPossible("the event has ended: nobody can mark it any more")
        user_id = self.user.id
        if interested == (user_id in raw.interested):
            return
        if interested:
            raw.interested.append(user_id)
        else:
            raw.interested.remove(user_id)
        self.fake.store.bump()
        kind = "GUILD_SCHEDULED_EVENT_USER_" + ("ADD" if interested else "REMOVE")
        data = {
            "guild_scheduled_event_id": str(raw.id),
            "user_id": str(user_id),
            "guild_id": str(self.guild.id),
        }
        await self.fake.gateway.dispatch(kind, data)
        await self.settle()
