"""The sign-up card's Join and Leave, and the Write button a table's thread gets at the end of a set, on the
one control base (``bot.table.controls``): the custom id names the night (and for Write the set and table),
read by the one parser; a night of another server reads as one that is gone. Write opens a short form (a
Discord modal) for the table's players only."""

from __future__ import annotations

from typing import ClassVar, Protocol, cast

import discord

from bot.errors import UserError, report, user_lang
from bot.interactions import Interaction, UiButton
from bot.presenters.night import REFLECTION_LIMIT
from bot.table import custom_ids
from bot.table.controls import Control, control_template
from bot.table.custom_ids import ControlId, Kind
from i18n import both, t

custom_ids.register(Kind("night", ("pk",), ops=("join", "leave")))
custom_ids.register(Kind("reflect", ("pk", "set", "table")))


class _Nights(Protocol):
    async def join(self, night_pk: int, user_id: int, name: str) -> object: ...
    async def join_words(self, night_pk: int, lang: str) -> str: ...
    async def leave(self, night_pk: int, user_id: int) -> object: ...
    async def guild_of(self, night_pk: int) -> int | None: ...
    async def check_reflector(
        self, night_pk: int, set_no: int, table_no: int, user_id: int, guild_id: int | None
    ) -> object: ...
    async def reflect(
        self, night_pk: int, set_no: int, table_no: int, user_id: int, guild_id: int | None, text: str
    ) -> object: ...


class _Cog(Protocol):
    nights: _Nights


class _Host(Protocol):
    def get_cog(self, name: str, /) -> _Cog | None: ...


def nights_of(interaction: Interaction) -> _Nights:
    """The night service, held by the night cog (``bot.cogs.night``)."""
    cog = cast(_Host, interaction.client).get_cog("NightCog")
    if cog is None:
        raise UserError("night_none_here")
    return cog.nights


class NightButton(Control[UiButton], template=control_template("night")):
    kind = "night"
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
    }

    def __init__(self, op: str, pk: int, label: str = "") -> None:
        self.op, self.pk = op, pk
        super().__init__(
            discord.ui.Button(
                label=label or op, style=self.STYLES[op], custom_id=custom_ids.build("night", pk, op=op)
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> NightButton:
        return cls(control.op, control.pk)

    async def run(self, interaction: Interaction) -> None:
        nights = nights_of(interaction)
        if await nights.guild_of(self.pk) != interaction.guild_id:
            raise UserError("night_none_here")
        user, lang = interaction.user, user_lang(interaction)
        if self.op == "join":
            await nights.join(self.pk, user.id, user.display_name)
            said = await nights.join_words(self.pk, lang)  # a late arrival hears when they play
        else:
            await nights.leave(self.pk, user.id)
            said = t(lang, "night.left")
        await interaction.response.send_message(said, ephemeral=True)


def night_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave"):
        view.add_item(NightButton(op, pk, both(lang, f"buttons.{op}", limit=80)))
    return view


class ReflectButton(Control[UiButton], template=control_template("reflect")):
    """Write: opens the form for a player of the table (GN: what we learned); anyone else is refused."""

    kind = "reflect"

    def __init__(self, pk: int, set_no: int, table_no: int, label: str = "") -> None:
        self.pk, self.set_no, self.table_no = pk, set_no, table_no
        super().__init__(
            discord.ui.Button(
                label=label or "reflect",
                style=discord.ButtonStyle.primary,
                emoji="💭",
                custom_id=custom_ids.build("reflect", pk, set_no, table_no),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> ReflectButton:
        return cls(control.pk, control["set"], control["table"])

    async def run(self, interaction: Interaction) -> None:
        nights = nights_of(interaction)
        user, guild = interaction.user.id, interaction.guild_id
        await nights.check_reflector(self.pk, self.set_no, self.table_no, user, guild)
        modal = ReflectModal(self, user_lang(interaction))
        await interaction.response.send_modal(modal)


class ReflectModal(discord.ui.Modal):
    """One paragraph field; the submit is checked again (a forged one could say anything)."""

    def __init__(self, button: ReflectButton, lang: str) -> None:
        super().__init__(title=t(lang, "night.reflect_title")[:45], timeout=15 * 60)
        self.button = button
        self.text: discord.ui.TextInput[ReflectModal] = discord.ui.TextInput(
            label=t(lang, "night.reflect_label")[:45],
            style=discord.TextStyle.paragraph,
            placeholder=t(lang, "night.reflect_placeholder")[:100],
            min_length=1,
            max_length=REFLECTION_LIMIT,
            required=True,
        )
        self.add_item(self.text)

    async def on_submit(self, interaction: Interaction) -> None:
        b = self.button
        try:
            await nights_of(interaction).reflect(
                b.pk, b.set_no, b.table_no, interaction.user.id, interaction.guild_id, self.text.value
            )
        except Exception as exc:  # the funnel words refusals and logs faults with a reference
            await report(interaction, exc)
            return
        lang = user_lang(interaction)
        await interaction.response.send_message(t(lang, "night.reflect_saved"), ephemeral=True)


def reflect_view(pk: int, set_no: int, table_no: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReflectButton(pk, set_no, table_no, both(lang, "buttons.reflect", limit=80)))
    return view
