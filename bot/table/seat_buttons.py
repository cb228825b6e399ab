"""Controls about seats in a running game: "Take my seat back" under the notice that a player left, and
the confirmation of ``/game leave``."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import report, user_lang
from bot.i18n import both, t
from bot.table.host import tables_of


class TakeBackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dh:back:(?P<pk>[0-9]{1,19})"):
    """Public, under "bob left": only the member who left may press it (the service checks)."""

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "Take my seat back",
                style=discord.ButtonStyle.success,
                custom_id=f"dh:back:{pk}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TakeBackButton:
        return cls(int(match["pk"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            tables = tables_of(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            rec = await tables.take_back(self.pk, interaction.user.id, interaction.user.display_name)
            lang = user_lang(interaction)
            payload = await tables.hand(rec, interaction.user.id, lang, note=t(lang, "seat.back"))
            await interaction.followup.send(ephemeral=True, **payload.send_kwargs())
        except Exception as exc:  # the one funnel words refusals and logs faults
            await report(interaction, exc)


class LeaveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dh:leave:(?P<op>yes|no):(?P<pk>[0-9]{1,19})"
):
    """The ephemeral confirmation of ``/game leave`` in a running game."""

    def __init__(self, op: str, pk: int, label: str = "") -> None:
        self.op, self.pk = op, pk
        style = discord.ButtonStyle.danger if op == "yes" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label or op, style=style, custom_id=f"dh:leave:{op}:{pk}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaveButton:
        return cls(match["op"], int(match["pk"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            lang = user_lang(interaction)
            if self.op == "no":
                await interaction.response.edit_message(content=t(lang, "seat.stayed"), view=None)
                return
            await interaction.response.defer()
            await tables_of(interaction).leave(self.pk, interaction.user.id)
            await interaction.edit_original_response(content=t(lang, "seat.left"), view=None)
        except Exception as exc:  # the one funnel words refusals and logs faults
            await report(interaction, exc)


class CardJoinButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dh:cardjoin:(?P<pk>[0-9]{1,19})"
):
    """Join from the summary card in the channel, without opening the thread first."""

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "Join", style=discord.ButtonStyle.success, custom_id=f"dh:cardjoin:{pk}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardJoinButton:
        return cls(int(match["pk"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            tables = tables_of(interaction)
            rec = await tables.join(self.pk, interaction.user.id, interaction.user.display_name)
            await interaction.response.send_message(
                t(user_lang(interaction), "lobby.joined_in", place=f"<#{rec.channel_id}>"), ephemeral=True
            )
            await tables.refresh_lobby(rec)
        except Exception as exc:  # the one funnel words refusals and logs faults
            await report(interaction, exc)


def take_back_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakeBackButton(pk, both(lang, "buttons.take_back")))
    return view


def leave_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LeaveButton("yes", pk, t(lang, "buttons.leave_yes")[:80]))
    view.add_item(LeaveButton("no", pk, t(lang, "buttons.leave_no")[:80]))
    return view


SEAT_ITEMS = (TakeBackButton, LeaveButton, CardJoinButton)
