"""The base of every game's own command group (``/crown``, ``/tree``, ``/aws`` …).

It does once what each game cog used to copy: checks that the channel's game is this game (before any
command runs, in ``interaction_check``), resolves the caller's seat, words refusals from the game's catalog,
and builds autocompletes of "the caller's legal moves of this kind". A game cog then only maps its commands
to engine actions and hands them to ``act``; the rules decide.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, ClassVar

from discord import app_commands
from discord.ext import commands

from bot.errors import Answered, UserError, user_lang
from bot.interactions import Interaction
from bot.jsontypes import JsonObject
from bot.store import GameRecord, StaleVersion, Status
from bot.table.host import tables_of
from bot.table.slash import Position, act_and_show_hand, game_for, legal_choices, resolve_pick
from engines.core import Action, AmbiguousMove, GameError, IllegalMove, NotationError, Phrase, Text
from i18n import t

if TYPE_CHECKING:
    from bot.client import Deckhand
    from bot.table.service import TableService


_RECORD = "deckhand:record"


class GameCommands(commands.GroupCog):
    """Subclasses set ``game_id`` and declare their commands; every command here runs only in a channel
    whose game is ``game_id`` (anything else is refused once, in the caller's language)."""

    game_id: ClassVar[str]

    def __init__(self, bot: Deckhand) -> None:
        self.bot = bot
        super().__init__()

    @property
    def tables(self) -> TableService:
        return self.bot.tables

    def refuse(self, code: str, **params: object) -> UserError:
        """A refusal worded by this game's catalog (``<game-id>.errors.<code>``, else ``errors.<code>``)."""
        error = UserError(code, **params)
        error.game = self.game_id
        return error

    async def interaction_check(self, interaction: Interaction) -> bool:
        try:
            interaction.extras[_RECORD] = await game_for(interaction, self.game_id)
        except UserError as refusal:
            # discord.py hands only AppCommandError to the tree's error funnel; anything else raised here
            # would leave the player without a reply.
            raise app_commands.CheckFailure(refusal.code) from refusal
        return True

    def record(self, interaction: Interaction) -> GameRecord:
        """The channel's game, as ``interaction_check`` found it."""
        rec: GameRecord = interaction.extras[_RECORD]
        return rec

    def position(self, interaction: Interaction) -> Position:
        """The caller's seat in the running game; refuses in a lobby and for onlookers."""
        rec = self.record(interaction)
        if rec.status is Status.LOBBY:
            raise UserError("game_not_started")
        if rec.status is not Status.RUNNING:
            raise UserError("game_not_running")
        mine = rec.seat_of(interaction.user.id)
        if mine is None or not mine.seat:
            raise UserError("not_in_game")
        return Position(rec, mine.seat, self.tables.engine(rec), self.tables.state(rec))

    async def picked(
        self, interaction: Interaction, value: str, keep: Callable[[Action], bool]
    ) -> Action | None:
        """The move an autocomplete value stands for (offered for the version the command was read at), or
        ``None`` when the caller typed free text. ``keep``: the moves this command makes (what its
        autocomplete offers); a value standing for any other move is refused and changes nothing. A value
        offered for another version answers "the table changed" with the caller's fresh hand and stops the
        command."""
        try:
            return await resolve_pick(interaction, self.record(interaction), value, keep)
        except StaleVersion:
            await self.stale(interaction)
            raise Answered() from None

    def typed_move(
        self, interaction: Interaction, text: str, keep: Callable[[Action], bool] | None = None
    ) -> Action:
        """The caller's legal move that ``text`` writes in the game's notation (``engine.notation``, either
        language), read against the record ``interaction_check`` found. A refusal goes to the error funnel
        as the notation raised it (unreadable, illegal now with the rules' reason, or ambiguous), with what
        the funnel cannot know added here: each reading of an ambiguous text written in the notation, and
        the game's own wording of its parameters (``reword``). ``keep``: the moves this command makes; a text
        that reads as another kind of move is refused like a pick of one."""
        pos = self.position(interaction)
        try:
            action: Action = pos.engine.notation.parse(pos.state, pos.seat, text)
        except NotationError as refusal:
            if isinstance(refusal, AmbiguousMove):
                write = pos.engine.notation.format
                refusal.params["moves"] = [
                    Text(en=write(pos.state, pos.seat, m, "en"), ja=write(pos.state, pos.seat, m, "ja"))
                    for m in refusal.moves
                ]
            if isinstance(refusal, IllegalMove) and refusal.cause is not None:
                refusal.cause.game = refusal.cause.game or self.game_id
                self.reword(interaction, refusal.cause)
            self.reword(interaction, refusal)
            raise
        if keep is not None and not keep(action):
            raise UserError("pick_of_another_command")
        return action

    def typed_phrase(
        self, interaction: Interaction, phrase: Phrase, keep: Callable[[Action], bool] | None, **typed: str
    ) -> Action:
        """``typed_move`` of what the caller typed into a command's options, put in that command's phrase of
        the notation ("buy {card}") in the caller's language, so a refusal quotes it back as they read."""
        return self.typed_move(interaction, phrase.write(self.lang(interaction), **typed), keep)

    def reword(self, interaction: Interaction, refusal: GameError) -> None:
        """Word a refusal's parameters for the caller (card ids as names …); a game overrides this."""

    async def act(self, interaction: Interaction, action: Action | JsonObject) -> None:
        """Play the caller's move through the table service and answer with their refreshed hand.

        Every command builds its move from the record ``interaction_check`` read (a picked choice, or typed
        text read against that state), outside the table lock; so that version travels with the move and
        the service checks it inside the lock. The same command sent twice at once is applied once: the
        second finds the table moved on and is told so, with the fresh hand."""
        rec = self.record(interaction)
        try:
            await act_and_show_hand(interaction, rec, action, expected_version=rec.version)
        except StaleVersion:
            await self.stale(interaction)
        except UserError as refusal:
            if refusal.code != "game_not_running" or rec.status is not Status.RUNNING:
                raise
            # Running when the command was read: another move ended the game while this one waited.
            raise self.tables.ended(await self.tables.store.get_game(rec.id)) from None

    async def stale(self, interaction: Interaction) -> None:
        """ "The table changed, nothing was done", with the caller's hand as it is now."""
        tables = tables_of(interaction)
        lang = user_lang(interaction)
        rec = await tables.store.get_game(self.record(interaction).id)
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        if rec.state_json is None or rec.seat_of(interaction.user.id) is None:
            await interaction.followup.send(t(lang, "errors.stale_command"), ephemeral=True)
            return
        payload = await tables.hand(rec, interaction.user.id, lang, note=t(lang, "errors.stale"))
        sent = await interaction.followup.send(ephemeral=True, wait=True, **payload.send_kwargs())
        tables.coach.follow_message(sent, rec.id, interaction.user.id)

    def lang(self, interaction: Interaction) -> str:
        return user_lang(interaction)


#: A slash command option's autocomplete, as a method of the game's cog.
Autocomplete = Callable[
    [GameCommands, Interaction, str], Coroutine[object, object, list[app_commands.Choice[str]]]
]


def legal_autocomplete(keep: Callable[[Action], bool]) -> Autocomplete:
    """An autocomplete of the caller's legal moves that ``keep`` accepts, labelled by the game's UI; each
    value pins the state version it was offered for."""

    async def complete(
        cog: GameCommands, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_choices(interaction, cog.game_id, current, keep)

    # discord.py counts a callback's parameters and expects ``self`` only on functions defined in a class
    # (it reads the qualified name): name this one as a method so it can be handed to ``.autocomplete``.
    complete.__qualname__ = f"{GameCommands.__name__}.{complete.__name__}"
    return complete


def of_type(*types: type[Action]) -> Callable[[Action], bool]:
    return lambda action: isinstance(action, types)
