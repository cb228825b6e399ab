"""Buttons and selects that survive restarts: ``timeout=None`` views of ``DynamicItem``s whose custom ids
carry the game (and, for moves, the state version they were built for). A click on a control built for
an older state is refused with "the table changed" and a fresh hand, never applied to the wrong state.

Every control here subclasses ``bot.table.controls.Control`` (the one base: custom id read by the one
parser, forged or foreign ids refused with a plain sentence, every refusal through the one error funnel)
and registers itself by being defined. The controls of a player's hand are ``bot.table.hand_controls``.

Public controls (the lobby's, the table message's, the AI retry) carry both languages ("My hand ·
手札を見る"): players of either language read what to press, and each one's replies come in their own
locale.
"""

from __future__ import annotations

import logging
from typing import ClassVar

import discord

from bot.errors import UserError, user_lang
from bot.interactions import Interaction, UiButton
from bot.presenters.payload import Kwargs, Payload
from bot.store import StaleVersion
from bot.table import custom_ids
from bot.table.controls import Control, control_template, game_of
from bot.table.custom_ids import BadControl, ControlId
from bot.table.host import tables_of
from i18n import both, t

log = logging.getLogger(__name__)

#: Discord's limit for a button's label.
BUTTON_LABEL = 80


# -- lobby --------------------------------------------------------------------------------------------
class LobbyButton(
    Control[UiButton],
    template=control_template("lobby"),
):
    kind = "lobby"
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, op: str, pk: int, label: str = "") -> None:
        self.op, self.pk = op, pk
        super().__init__(
            discord.ui.Button(
                label=label or op, style=self.STYLES[op], custom_id=custom_ids.build("lobby", pk, op=op)
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> LobbyButton:
        return cls(control.op, control.pk)

    async def run(self, interaction: Interaction) -> None:
        rec = await game_of(interaction, self.pk)
        message = interaction.message
        if rec.lobby_message_id is not None and (message is None or message.id != rec.lobby_message_id):
            # Answering would turn whatever message it was forged on into this lobby.
            raise BadControl("a lobby button that is not on its lobby")
        tables = tables_of(interaction)
        user = interaction.user
        if self.op == "join":
            rec = await tables.join(self.pk, user.id, user.display_name)
        elif self.op == "leave":
            rec = await tables.leave(self.pk, user.id)
        else:
            await interaction.response.defer()
            rec = await tables.start(self.pk, user.id)
            lang = await tables.public_lang(rec.guild_id)
            await interaction.edit_original_response(**_lobby_edit(tables.lobby_payload(rec, lang)))
            return
        lang = await tables.public_lang(rec.guild_id)
        await interaction.response.edit_message(**_lobby_edit(tables.lobby_payload(rec, lang)))


def _lobby_edit(payload: Payload) -> Kwargs:
    return {"embed": payload.embed, "view": payload.view}


def lobby_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start"):
        view.add_item(LobbyButton(op, pk, both(lang, f"buttons.{op}", limit=BUTTON_LABEL)))
    return view


# -- the table message ---------------------------------------------------------------------------------
class HandButton(Control[UiButton], template=control_template("hand")):
    """ "My hand" on the table message: a fresh ephemeral hand for whoever presses it."""

    kind = "hand"

    def __init__(self, pk: int, label: str = "My hand") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🂠",
                style=discord.ButtonStyle.primary,
                custom_id=custom_ids.build("hand", pk),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> HandButton:
        return cls(control.pk)

    async def run(self, interaction: Interaction) -> None:
        tables = tables_of(interaction)
        # Acknowledge first: under load the store read can take longer than Discord's 3 seconds.
        await interaction.response.defer(ephemeral=True, thinking=True)
        rec = await game_of(interaction, self.pk)
        payload = await tables.hand(rec, interaction.user.id, user_lang(interaction))
        sent = await interaction.followup.send(ephemeral=True, wait=True, **payload.send_kwargs())
        tables.coach.follow_message(sent, rec.id, interaction.user.id)


def table_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(pk, both(lang, "buttons.hand", limit=BUTTON_LABEL)))
    return view


# -- abort --------------------------------------------------------------------------------------------
class AbortButton(
    Control[UiButton],
    template=control_template("abort"),
):
    kind = "abort"
    private = True  # the confirmation is shown only to the one who asked

    def __init__(self, op: str, pk: int, version: int, label: str = "") -> None:
        self.op, self.pk, self.version = op, pk, version
        style = discord.ButtonStyle.danger if op == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or op, style=style, custom_id=custom_ids.build("abort", pk, version, op=op)
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> AbortButton:
        return cls(control.op, control.pk, control["ver"])

    async def run(self, interaction: Interaction) -> None:
        tables = tables_of(interaction)
        lang = user_lang(interaction)
        if self.op == "no":
            await interaction.response.edit_message(content=t(lang, "abort.kept"), view=None)
            return
        rec = await game_of(interaction, self.pk)
        # Discord's own resolution of the member's permissions (not the role cache, which may lag).
        perms = interaction.permissions
        try:
            if rec.version != self.version or not rec.status.live:
                raise StaleVersion(self.pk, self.version)
            rec = await tables.abort(
                self.pk,
                self.version,
                interaction.user.id,
                bool(perms and perms.manage_guild),
                by=interaction.user.display_name,
            )
        except StaleVersion:
            raise UserError("stale_click") from None  # no hand to show: the sentence alone
        except UserError as refusal:
            if refusal.code != "no_game_here":
                raise
            # It was live when read above: someone else ended it while this click waited for the lock.
            raise UserError("stale_click") from None
        # The game's place is told once, by the outbox's end message naming who aborted it.
        await interaction.response.edit_message(content=t(lang, "abort.done_private"), view=None)
        await tables.refresh_lobby(rec)


def abort_view(pk: int, version: int, lang: str) -> discord.ui.View:
    """Ephemeral (only the one who asked sees it): in their language alone."""
    view = discord.ui.View(timeout=None)
    view.add_item(AbortButton("yes", pk, version, t(lang, "buttons.abort_yes")))
    view.add_item(AbortButton("no", pk, version, t(lang, "buttons.abort_no")))
    return view


# -- an AI that could not move ------------------------------------------------------------------------
class AiRetryButton(Control[UiButton], template=control_template("airetry")):
    """Under the notice that an AI seat could not move: the host lets it try again."""

    kind = "airetry"

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "retry",
                style=discord.ButtonStyle.primary,
                custom_id=custom_ids.build("airetry", pk),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> AiRetryButton:
        return cls(control.pk)

    async def run(self, interaction: Interaction) -> None:
        await game_of(interaction, self.pk)
        perms = interaction.permissions  # Discord's resolution, as for abort
        await tables_of(interaction).retry_ai(
            self.pk, interaction.user.id, bool(perms and perms.manage_guild)
        )
        await interaction.response.edit_message(view=None)


def ai_retry_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AiRetryButton(pk, both(lang, "buttons.ai_retry", limit=BUTTON_LABEL)))
    return view
