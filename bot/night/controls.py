"""The sign-up card's Join and Leave, on the one control base (``bot.table.controls``): the custom id names
the night, read by the one parser; a night of another server reads as one that is gone."""

from __future__ import annotations

from typing import ClassVar, Protocol, cast

import discord

from bot.errors import UserError, user_lang
from bot.interactions import Interaction, UiButton
from bot.table import custom_ids
from bot.table.controls import Control, control_template
from bot.table.custom_ids import ControlId, Kind
from i18n import both, t

custom_ids.register(Kind("night", ("pk",), ops=("join", "leave")))


class _Nights(Protocol):
    async def join(self, night_pk: int, user_id: int, name: str) -> object: ...
    async def leave(self, night_pk: int, user_id: int) -> object: ...
    async def guild_of(self, night_pk: int) -> int | None: ...


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
        user = interaction.user
        if self.op == "join":
            await nights.join(self.pk, user.id, user.display_name)
        else:
            await nights.leave(self.pk, user.id)
        key = "night.joined" if self.op == "join" else "night.left"
        await interaction.response.send_message(t(user_lang(interaction), key), ephemeral=True)


def night_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave"):
        view.add_item(NightButton(op, pk, both(lang, f"buttons.{op}", limit=80)))
    return view
