"""Rematch: a button on a finished game's final message that opens a new lobby for the same game, with the
same options, clock and AI seats, in the same place.

Whoever played the game may press it and hosts the new lobby; the other players are mentioned once in it
and confirm with Join (nobody is seated without saying so); the AI seats are there already. A game that ran
in its own thread gets a new thread with a summary card in the channel it was opened from, as ``/game new``
does; a game played inside a thread or where threads are off gets its rematch right there. One live rematch
per game: pressing again points to it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.errors import UserError, user_lang
from bot.interactions import Interaction, UiButton
from bot.presenters.summary import thread_name
from bot.store import GameRecord, SeatInfo, Status
from bot.table import custom_ids, summary
from bot.table.controls import Control, control_template, game_of
from bot.table.custom_ids import ControlId
from bot.table.host import tables_of
from bot.table.places import ARCHIVE_MINUTES, THREAD_PERMISSIONS, check_thread_id, threads_on
from i18n import both, t

if TYPE_CHECKING:
    from bot.table.service import TableService

log = logging.getLogger(__name__)

REMATCH = custom_ids.register(custom_ids.Kind("rematch", ("pk",)))


def players(rec: GameRecord) -> list[int]:
    """The people who played the game, in seat order (a seat left to the AI counts for its player)."""
    out: list[int] = []
    for seat in rec.seats:
        who = seat.user_id if seat.user_id is not None else seat.left_by
        if who is not None and who not in out:
            out.append(who)
    return out


def rematch_seats(rec: GameRecord, host_id: int, host_name: str) -> list[SeatInfo]:
    """The new lobby's seats: the one who asked, and the game's own AI seats (not seats a player left)."""
    ais = [
        SeatInfo(seat="", user_id=None, name=s.name, ai_level=s.ai_level or "normal")
        for s in rec.seats
        if s.is_ai and s.left_by is None
    ]
    return [SeatInfo(seat="", user_id=host_id, name=host_name), *ais]


class RematchButton(Control[UiButton], template=control_template("rematch")):
    """On the final message: a new lobby for the same players (the service checks who may press it)."""

    kind = "rematch"

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "Rematch",
                emoji="🔁",
                style=discord.ButtonStyle.success,
                custom_id=custom_ids.build("rematch", pk),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> RematchButton:
        return cls(control.pk)

    async def run(self, interaction: Interaction) -> None:
        rec = await game_of(interaction, self.pk)
        tables = tables_of(interaction)
        if rec.status is not Status.FINISHED:
            raise UserError("rematch_not_over")
        if interaction.user.id not in players(rec):
            raise UserError("rematch_players_only")
        lang = user_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with tables.lock(rec.id):  # two players pressing at once open one rematch
            for other in await tables.store.rematches_of(rec.id):
                if other.status.live:
                    raise UserError("rematch_open", place=f"<#{other.channel_id}>")
            new = await open_rematch(interaction, tables, rec)
        await interaction.followup.send(
            t(lang, "rematch.opened", place=f"<#{new.channel_id}>"), ephemeral=True
        )


def rematch_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(pk, both(lang, "buttons.rematch", limit=80)))
    return view


async def open_rematch(interaction: Interaction, tables: TableService, rec: GameRecord) -> GameRecord:
    """The rematch's lobby, in the game's place (a new thread under a new summary card when the game had
    its own thread); with the other players invited."""
    user = interaction.user
    lang = await tables.public_lang(rec.guild_id)
    others = [u for u in players(rec) if u != user.id]
    invite = (
        t(lang, "rematch.invite", number=rec.id, players=" ".join(f"<@{u}>" for u in others))
        if others
        else t(lang, "rematch.invite_alone", number=rec.id)
    )
    mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in others])
    parent = interaction.client.get_channel(rec.parent_channel_id) if rec.parent_channel_id else None
    if isinstance(parent, discord.TextChannel) and await threads_on(tables, rec.guild_id, parent.id):
        return await _in_new_thread(tables, rec, parent, user, lang, invite, mentions)
    place = parent.id if isinstance(parent, discord.TextChannel) else rec.channel_id
    new = await _create(tables, rec, place, user, None)
    try:
        payload = tables.lobby_payload(new, lang)
        payload.content, payload.allowed_mentions = invite, mentions
        lobby = await tables.client.get_partial_messageable(place).send(**payload.send_kwargs())
    except BaseException:
        await tables.discard_lobby(new.id)
        raise
    await tables.store.set_message_ids(new.id, lobby_message_id=lobby.id)
    return await tables.store.get_game(new.id)


async def _create(
    tables: TableService,
    rec: GameRecord,
    channel_id: int,
    user: discord.User | discord.Member,
    parent_id: int | None,
) -> GameRecord:
    seats = rematch_seats(rec, user.id, user.display_name)
    return await tables.create_rematch(
        rec, channel_id=channel_id, host_id=user.id, seats=seats, parent_channel_id=parent_id
    )


async def _in_new_thread(
    tables: TableService,
    rec: GameRecord,
    parent: discord.TextChannel,
    user: discord.User | discord.Member,
    lang: str,
    invite: str,
    mentions: discord.AllowedMentions,
) -> GameRecord:
    """As ``/game new`` in a channel: the summary card, the thread on it, the lobby inside. A step that
    fails removes what the earlier ones made."""
    allowed = parent.permissions_for(parent.guild.me)
    missing = [name for attr, name in THREAD_PERMISSIONS if not getattr(allowed, attr)]
    if not allowed.send_messages:
        missing.insert(0, "Send Messages")
    if missing:
        raise UserError("thread_permissions", permissions=", ".join(missing))
    card: discord.Message | None = None
    thread: discord.Thread | None = None
    new: GameRecord | None = None
    try:
        card = await parent.send(
            t(lang, "rematch.opening", number=rec.id), allowed_mentions=discord.AllowedMentions.none()
        )
        game_name = tables.engine(rec).name.get(lang)
        # Created for the thread the card will start (it takes the card's id), so the thread has its number.
        new = await _create(tables, rec, card.id, user, parent.id)
        thread = await card.create_thread(
            name=thread_name(game_name, new.id, user.display_name),
            auto_archive_duration=ARCHIVE_MINUTES,
        )
        check_thread_id(thread, new)
        payload = tables.lobby_payload(new, lang)
        payload.content, payload.allowed_mentions = invite, mentions
        lobby = await thread.send(**payload.send_kwargs())
        await tables.store.set_message_ids(new.id, lobby_message_id=lobby.id, summary_message_id=card.id)
        new = await tables.store.get_game(new.id)
        shown = summary.card(new, None, lang)
        await card.edit(content=None, embed=shown.embed, view=shown.view)
        return new
    except BaseException:
        if new is not None:
            await tables.discard_lobby(new.id)
        for made in (thread, card):
            if made is None:
                continue
            try:
                await made.delete()
            except discord.HTTPException:
                log.warning("could not remove part of a rematch that failed to open", exc_info=True)
        raise
