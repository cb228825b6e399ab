"""``/game new|join|leave|add-ai|start|abort``: the lobby and the life cycle of a game."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.cogs.game.base import GameCommandsBase
from bot.errors import UserError, user_lang
from bot.games import find_game
from bot.interactions import Interaction
from bot.lookup import playable_engines
from bot.night.late import refuse_second_table
from bot.store import GameRecord, SeatInfo, Status
from bot.table import components, places, seat_buttons
from bot.table.coach_option import OPTION as COACH_OPTION
from bot.table.lobby_ops import AI_LEVELS
from engines.core import GameError, describe_options
from i18n import t


def option_choices(game: str, current: str) -> list[app_commands.Choice[str]]:
    """The game's options completing what was typed so far (``name=default  (allowed)``)."""
    try:
        engine = find_game(game).engine
    except GameError:  # an unknown or half-typed game: nothing to suggest yet
        return []
    done = current.rsplit(" ", 1)[0] + " " if " " in current else ""
    last = current.rsplit(" ", 1)[-1]
    out = []
    for row in describe_options(engine.options_model):
        text = f"{done}{row['name']}={row['default']}"
        if row["name"].startswith(last.split("=")[0].lower()):
            out.append(app_commands.Choice(name=f"{text}  ({row['allowed']})"[:100], value=text[:100]))
    # The table's own options (the rules never see them): the coach for a first game (issue 27).
    if COACH_OPTION.startswith(last.split("=")[0].lower()):
        text = f"{done}{COACH_OPTION}=on"
        out.append(app_commands.Choice(name=f"{text}  (on|off)"[:100], value=text[:100]))
    return out[:25]


class LobbyCommands(GameCommandsBase):
    async def _game_id_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        needle = current.lower()
        choices = []
        for engine in playable_engines():
            label = f"{engine.name.get(lang)} ({engine.id})"
            if needle in label.lower() or needle in engine.name.en.lower() or needle in engine.name.ja:
                choices.append(app_commands.Choice(name=label[:100], value=engine.id))
        return choices[:25]

    async def _options_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return option_choices(str(getattr(interaction.namespace, "game", None)), current)

    @app_commands.command(name=_("new"), description=_("Open a lobby for a new game in this channel"))
    @app_commands.describe(
        game=_("Which game"), options=_("House rules, e.g. hand_size=4 (see the lobby for all)")
    )
    @app_commands.guild_only()
    async def new(self, interaction: Interaction, game: str, options: str | None = None) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        found = find_game(game)
        self.tables.check_options(found.id, options)
        # Before a thread or a card is made for it: a refused lobby leaves nothing behind.
        await self.tables.check_lobby_limit(interaction.guild_id, interaction.channel_id, interaction.user.id)
        lang = await self.tables.public_lang(interaction.guild_id)
        if places.wants_thread(interaction.channel) and await places.threads_on(
            self.tables, interaction.guild_id, interaction.channel_id
        ):
            new = places.NewGame(
                guild_id=interaction.guild_id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                game_id=found.id,
                game_name=found.engine.name.get(lang),
                options=options,
            )
            await places.open_in_thread(interaction, self.tables, new)
            return
        rec = await self.tables.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            game_id=found.id,
            options_text=options,
        )
        payload = self.tables.lobby_payload(rec, lang)
        await interaction.response.send_message(**payload.send_kwargs())
        message = await interaction.original_response()
        await self.tables.store.set_message_ids(rec.id, lobby_message_id=message.id)

    new.autocomplete("game")(_game_id_autocomplete)
    new.autocomplete("options")(_options_autocomplete)

    async def _lobby_change(self, interaction: Interaction, rec: GameRecord, key: str) -> None:
        await self.tables.refresh_lobby(rec)
        await interaction.response.send_message(t(user_lang(interaction), key), ephemeral=True)

    @app_commands.command(
        name=_("join"), description=_("Join the lobby here, or take back the seat you left")
    )
    @app_commands.guild_only()
    async def join(self, interaction: Interaction) -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        if rec.status is Status.RUNNING:
            await interaction.response.defer(ephemeral=True, thinking=True)
            rec = await self.tables.take_back(rec.id, interaction.user.id, interaction.user.display_name)
            lang = user_lang(interaction)
            payload = await self.tables.hand(rec, interaction.user.id, lang, note=t(lang, "seat.back"))
            await interaction.followup.send(ephemeral=True, **payload.send_kwargs())
            return
        rec = await self.tables.join(rec.id, interaction.user.id, interaction.user.display_name)
        await self._lobby_change(interaction, rec, "lobby.joined")

    @app_commands.command(name=_("leave"), description=_("Leave the lobby, or hand your seat to the AI"))
    @app_commands.guild_only()
    async def leave(self, interaction: Interaction) -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        lang = user_lang(interaction)
        if rec.status is Status.RUNNING:
            if rec.seat_of(interaction.user.id) is None:
                raise UserError("not_in_game")
            # Leaving a running game hands the seat to the AI: asked first, never by a slip.
            await interaction.response.send_message(
                t(lang, "seat.confirm_leave", game=self.tables.engine(rec).name.get(lang)),
                view=seat_buttons.leave_view(rec.id, lang),
                ephemeral=True,
            )
            return
        rec = await self.tables.leave(rec.id, interaction.user.id)
        await self._lobby_change(interaction, rec, "lobby.left")

    @app_commands.command(
        name=_("seat"), description=_("Give a seat the AI is playing to a member (host only)")
    )
    @app_commands.describe(seat=_("The AI-held seat (its name)"), member=_("Who takes the seat"))
    @app_commands.guild_only()
    async def seat(self, interaction: Interaction, seat: str, member: discord.Member) -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        if member.bot:
            raise UserError("member_is_bot")
        store, pk = self.tables.store, rec.id

        async def allowed() -> None:
            await refuse_second_table(store, pk, member.id, member.display_name)

        await interaction.response.defer(ephemeral=True, thinking=True)
        perms = interaction.permissions
        rec = await self.tables.hand_seat(
            pk, interaction.user.id, perms.manage_guild, seat, member.id, member.display_name, allowed=allowed
        )
        await interaction.followup.send(
            t(user_lang(interaction), "seat.seated", member=member.display_name), ephemeral=True
        )

    @seat.autocomplete("seat")
    async def _seat_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._ai_seat_choices(interaction, current, lambda s: s.seat)

    @app_commands.command(name=_("add-ai"), description=_("Fill a seat with the computer (host only)"))
    @app_commands.describe(level=_("How the AI plays"))
    @app_commands.choices(level=[app_commands.Choice(name=_(lvl), value=lvl) for lvl in AI_LEVELS])
    @app_commands.guild_only()
    async def add_ai(self, interaction: Interaction, level: str = "normal") -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        rec = await self.tables.add_ai(rec.id, interaction.user.id, level)
        await self._lobby_change(interaction, rec, "lobby.ai_added")

    @app_commands.command(
        name=_("remove-ai"), description=_("Free a seat the AI took in the lobby (host only)")
    )
    @app_commands.describe(seat=_("The AI seat to free (default: the last one added)"))
    @app_commands.guild_only()
    async def remove_ai(self, interaction: Interaction, seat: str | None = None) -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        rec = await self.tables.remove_ai(rec.id, interaction.user.id, seat)
        await interaction.response.send_message(t(user_lang(interaction), "lobby.ai_removed"), ephemeral=True)

    @remove_ai.autocomplete("seat")
    async def _lobby_ai_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._ai_seat_choices(interaction, current, lambda s: s.name[:100])

    async def _ai_seat_choices(
        self, interaction: Interaction, current: str, value: Callable[[SeatInfo], str]
    ) -> list[app_commands.Choice[str]]:
        """The AI seats of the game here whose name holds what was typed, offered as ``value`` gives them
        (a running game's seat id for ``/game seat``, a lobby's AI name for ``/game remove-ai``)."""
        try:
            rec = await self.tables.game_in(interaction.channel_id)
        except UserError:
            return []
        needle = current.casefold()
        return [
            app_commands.Choice(name=s.name[:100], value=value(s))
            for s in rec.seats
            if s.is_ai and value(s) and needle in s.name.casefold()
        ][:25]

    @app_commands.command(
        name=_("options"), description=_("Change the house rules before the start (host only)")
    )
    @app_commands.describe(options=_("House rules, e.g. hand_size=4 (see the lobby for all)"))
    @app_commands.guild_only()
    async def change_options(self, interaction: Interaction, options: str) -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        rec = await self.tables.edit_options(rec.id, interaction.user.id, options)
        await interaction.response.send_message(
            t(user_lang(interaction), "lobby.options_changed"), ephemeral=True
        )

    @change_options.autocomplete("options")
    async def _lobby_options_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            rec = await self.tables.game_in(interaction.channel_id)
        except UserError:
            return []
        return option_choices(rec.game_id, current)

    @app_commands.command(name=_("start"), description=_("Deal and begin (host only)"))
    @app_commands.describe(order=_("Seat order"))
    @app_commands.choices(
        order=[
            app_commands.Choice(name=_("random"), value="random"),
            app_commands.Choice(name=_("join order"), value="fixed"),
        ]
    )
    @app_commands.guild_only()
    async def start(self, interaction: Interaction, order: str = "random") -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        rec = await self.tables.start(rec.id, interaction.user.id, fixed_order=order == "fixed")
        await self.tables.refresh_lobby(rec)
        await interaction.followup.send(t(user_lang(interaction), "lobby.started"), ephemeral=True)

    @app_commands.command(
        name=_("abort"), description=_("End the game in this channel (host or Manage Server)")
    )
    @app_commands.guild_only()
    async def abort(self, interaction: Interaction) -> None:
        rec = await self.tables.game_in(interaction.channel_id)
        # Discord's own resolution of the member's permissions (not the role cache, which may lag).
        perms = interaction.permissions
        if rec.host_id != interaction.user.id and not (perms and perms.manage_guild):
            raise UserError("abort_not_allowed")
        lang = user_lang(interaction)
        await interaction.response.send_message(
            t(lang, "abort.confirm", game=self.tables.engine(rec).name.get(lang)),
            view=components.abort_view(rec.id, rec.version, lang),
            ephemeral=True,
        )
