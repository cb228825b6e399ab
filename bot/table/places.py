"""Where a new game is played: its own public thread under the channel's summary card, or, inside a thread
or where the server turned threads off, right where ``/game new`` was run.

Opening a thread makes three things (the card, the thread, the lobby); if any step fails, the ones already
made are removed, so a refused ``/game new`` leaves nothing half-made behind.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

import discord

from bot.errors import UserError
from bot.interactions import Interaction
from bot.presenters.summary import thread_name
from bot.table import summary

if TYPE_CHECKING:
    from bot.store import GameRecord
    from bot.table.service import TableService

log = logging.getLogger(__name__)

#: Threads archive after a week without messages (Discord's longest); a message revives them.
ARCHIVE_MINUTES: Final[Literal[10080]] = 10080
THREADS_OFF = "threads_off"

#: What the bot needs to run a game in a thread, by discord.py's attribute and Discord's own name.
THREAD_PERMISSIONS = (
    ("create_public_threads", "Create Public Threads"),
    ("send_messages_in_threads", "Send Messages in Threads"),
    ("read_message_history", "Read Message History"),
)


@dataclass(frozen=True)
class NewGame:
    guild_id: int
    host_id: int
    host_name: str
    game_id: str
    game_name: str
    options: str | None


async def threads_on(tables: TableService, guild_id: int, channel_id: int) -> bool:
    settings = await tables.store.guild_settings(guild_id)
    return channel_id not in settings.get(THREADS_OFF, [])


def wants_thread(channel: object) -> bool:
    """Text and announcement channels get a thread per game; in a thread (or a voice channel's chat) the
    game stays where it was started."""
    return isinstance(channel, discord.TextChannel)


async def open_in_thread(interaction: Interaction, tables: TableService, new: NewGame) -> GameRecord:
    """The summary card as the reply in the channel, the game's thread on it, the lobby inside."""
    missing = [name for attr, name in THREAD_PERMISSIONS if not getattr(interaction.app_permissions, attr)]
    if missing:
        raise UserError("thread_permissions", permissions=", ".join(missing))
    assert isinstance(interaction.channel, discord.TextChannel)
    parent = interaction.channel
    lang = await tables.public_lang(new.guild_id)
    await interaction.response.defer(thinking=True)
    card: discord.Message | None = None
    thread: discord.Thread | None = None
    rec: GameRecord | None = None
    try:
        card = await interaction.original_response()
        # The game first, so its thread is named with its number: a thread started from a message takes
        # the message's id (Discord's rule), so the game is created for the thread it will have.
        rec = await tables.create(
            guild_id=new.guild_id,
            channel_id=card.id,
            host_id=new.host_id,
            host_name=new.host_name,
            game_id=new.game_id,
            options_text=new.options,
            parent_channel_id=parent.id,
        )
        thread = await card.create_thread(
            name=thread_name(new.game_name, rec.id, new.host_name),
            auto_archive_duration=ARCHIVE_MINUTES,
        )
        check_thread_id(thread, rec)
        lobby = await thread.send(**tables.lobby_payload(rec, lang).send_kwargs())
        await tables.store.set_message_ids(rec.id, lobby_message_id=lobby.id, summary_message_id=card.id)
        rec = await tables.store.get_game(rec.id)
        payload = summary.card(rec, None, lang)
        await interaction.edit_original_response(embed=payload.embed, view=payload.view, content=None)
        return rec
    except BaseException:
        await _undo(interaction, tables, thread, rec)
        raise


def check_thread_id(thread: discord.Thread, rec: GameRecord) -> None:
    """The game was created for the thread its card starts; a thread with another id would leave it
    where nobody plays (then the opening is undone rather than left half-made)."""
    if thread.id != rec.channel_id:
        raise RuntimeError(f"thread {thread.id} of game {rec.id} does not have its card's id")


async def _undo(
    interaction: Interaction,
    tables: TableService,
    thread: discord.Thread | None,
    rec: GameRecord | None,
) -> None:
    if rec is not None:
        await tables.discard_lobby(rec.id)
    if thread is not None:
        try:
            await thread.delete()
        except discord.HTTPException:  # without Manage Threads: archived and locked is the next best
            try:
                await thread.edit(archived=True, locked=True)
            except discord.HTTPException:
                log.warning("could not remove the thread of a game that failed to open", exc_info=True)
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.info("the card of a game that failed to open could not be deleted", exc_info=True)
