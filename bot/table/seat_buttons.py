"""Controls about seats in a running game: "Take my seat back" under the notice that a player left, and
the confirmation of ``/game leave``."""

from __future__ import annotations

import discord

from bot.errors import user_lang
from bot.interactions import Interaction, UiButton
from bot.table import custom_ids
from bot.table.controls import Control, control_template, game_of
from bot.table.custom_ids import ControlId, Kind
from bot.table.host import tables_of
from i18n import both, t

# Read and written by the one parser of custom ids (``bot.table.custom_ids``): a malformed id, or a key of
# another server's game, gets a plain refusal, never "something went wrong".
custom_ids.register(Kind("back", ("pk",)))
custom_ids.register(Kind("leave", ("pk",), ops=("yes", "no")))
custom_ids.register(Kind("cardjoin", ("pk",)))


class TakeBackButton(Control[UiButton], template=control_template("back")):
    """Public, under "bob left": only the member who left may press it (the service checks)."""

    kind = "back"

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "Take my seat back",
                style=discord.ButtonStyle.success,
                custom_id=custom_ids.build("back", pk),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> TakeBackButton:
        return cls(control.pk)

    async def run(self, interaction: Interaction) -> None:
        await game_of(interaction, self.pk)
        tables = tables_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        rec = await tables.take_back(self.pk, interaction.user.id, interaction.user.display_name)
        lang = user_lang(interaction)
        payload = await tables.hand(rec, interaction.user.id, lang, note=t(lang, "seat.back"))
        await interaction.followup.send(ephemeral=True, **payload.send_kwargs())


class LeaveButton(Control[UiButton], template=control_template("leave")):
    """The ephemeral confirmation of ``/game leave`` in a running game."""

    kind = "leave"
    private = True  # it edits the message it is on: forged on a public one, it would rewrite that

    def __init__(self, op: str, pk: int, label: str = "") -> None:
        self.op, self.pk = op, pk
        style = discord.ButtonStyle.danger if op == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or op, style=style, custom_id=custom_ids.build("leave", pk, op=op))
        )

    @classmethod
    def from_control(cls, control: ControlId) -> LeaveButton:
        return cls(control.op, control.pk)

    async def run(self, interaction: Interaction) -> None:
        lang = user_lang(interaction)
        if self.op == "no":
            await interaction.response.edit_message(content=t(lang, "seat.stayed"), view=None)
            return
        await game_of(interaction, self.pk)
        await interaction.response.defer()
        await tables_of(interaction).leave(self.pk, interaction.user.id)
        await interaction.edit_original_response(content=t(lang, "seat.left"), view=None)


class CardJoinButton(Control[UiButton], template=control_template("cardjoin")):
    """Join from the summary card in the channel, without opening the thread first."""

    kind = "cardjoin"

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "Join",
                style=discord.ButtonStyle.success,
                custom_id=custom_ids.build("cardjoin", pk),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> CardJoinButton:
        return cls(control.pk)

    async def run(self, interaction: Interaction) -> None:
        await game_of(interaction, self.pk)
        tables = tables_of(interaction)
        rec = await tables.join(self.pk, interaction.user.id, interaction.user.display_name)
        await interaction.response.send_message(
            t(user_lang(interaction), "lobby.joined_in", place=f"<#{rec.channel_id}>"), ephemeral=True
        )
        await tables.refresh_lobby(rec)


def take_back_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakeBackButton(pk, both(lang, "buttons.take_back")))
    return view


def leave_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LeaveButton("yes", pk, t(lang, "buttons.leave_yes")[:80]))
    view.add_item(LeaveButton("no", pk, t(lang, "buttons.leave_no")[:80]))
    return view
