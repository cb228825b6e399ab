"""Public answer buttons: the Yes / No (or Claim / Not me) a game puts under its table message while it waits
for several seats at once (``GameUI.table_items``: Project Chaos's talk cards, AWS Deckbuilding's reshuffle
vote).

Everyone sees them; only a seated player the engine still waits for may answer, and anyone else is told why,
privately, with nothing done. A button is a persistent ``DynamicItem`` whose custom id carries the game's pk
and the state version it was built for (``dh:<kind>:<op>:<pk>:<version>``), so it survives a restart, and a
click on a button built for an older state is refused, never applied to the wrong state. The answer goes
through ``TableService.act`` with the version check, like every move.

A game subclasses ``AnswerButton`` (a ``bot.table.controls.Control``: it registers itself, its custom id is
read by the one parser and its game found in the clicker's server only) with ``template=template(KIND)`` and
fills in the class attributes and ``check``; this module holds the rest, so the games' buttons cannot drift
apart in how they guard a click. Seat and version are checked by ``bot.table.pick``, like every move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Self

import discord

from bot.errors import UserError, user_lang
from bot.interactions import Interaction, UiButton
from bot.store import GameRecord, StaleVersion, Status
from bot.table import custom_ids
from bot.table.controls import Control, control_template, game_of
from bot.table.custom_ids import ControlId
from bot.table.ended import game_ended
from bot.table.host import tables_of
from bot.table.pick import check_version, seat_of
from engines.core import Action, GameState

if TYPE_CHECKING:
    from bot.table.service import Played, TableService


def refusal(game: str, code: str, **params: object) -> UserError:
    """A refusal worded by a game's catalog (``<game>.errors.<code>``)."""
    error = UserError(code, **params)
    error.game = game
    return error


def template(kind: custom_ids.Kind) -> str:
    """The ``DynamicItem`` template of a kind: anything claiming it reaches the item, well formed or not, and
    the parser refuses the rest."""
    return control_template(kind.name)


class AnswerButton(Control[UiButton]):
    """The shared part of a public answer button; a game's button is
    ``class VoteButton(AnswerButton, template=answer_buttons.template(KIND))``."""

    #: the game's id, the kind of its custom ids, each button's engine action and look
    GAME: ClassVar[str]
    KIND: ClassVar[custom_ids.Kind]
    ACTIONS: ClassVar[Mapping[str, Action]]
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]]
    #: the refusal codes (``<game>.errors.<code>``) for a member without a seat and for an older button
    NOT_SEATED: ClassVar[str]
    MOVED_ON: ClassVar[str]

    def __init_subclass__(cls, *, template: str | None = None, registered: bool = True) -> None:
        if "KIND" in cls.__dict__:
            cls.kind = cls.KIND.name  # what the base reads the custom id as
        super().__init_subclass__(template=template, registered=registered)

    def __init__(self, op: str, pk: int, version: int, label: str = "") -> None:
        self.op, self.pk, self.version = op, pk, version
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=self.STYLES.get(op, discord.ButtonStyle.secondary),
                custom_id=custom_ids.build(self.KIND.name, pk, version, op=op),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> Self:
        return cls(control.op, control.pk, control["ver"])

    def refuse(self, code: str, **params: object) -> UserError:
        return refusal(self.GAME, code, **params)

    def check(self, rec: GameRecord, state: GameState, seat: str, lang: str) -> None:
        """Raise the game's refusal when ``seat`` may not give this answer now (the engine no longer waits
        for it, or for this kind of answer). Runs before the version check, so a second click says "you
        already answered" rather than "the table moved on"."""
        raise NotImplementedError

    def done(self, played: Played, state: GameState, lang: str) -> str:
        """The private confirmation once the answer is played (``state``: the one it answered)."""
        raise NotImplementedError

    async def run(self, interaction: Interaction) -> None:
        tables: TableService = tables_of(interaction)
        lang = user_lang(interaction)
        rec = await game_of(interaction, self.pk)
        if rec.game_id == self.GAME and not rec.status.live:
            raise game_ended(rec)  # the game is over: say so, not only that it is not running
        if rec.game_id != self.GAME or rec.status is not Status.RUNNING:
            raise UserError("game_not_running")
        try:
            seat = seat_of(rec, interaction.user.id)
        except UserError:
            raise self.refuse(self.NOT_SEATED) from None
        state = tables.state(rec)
        self.check(rec, state, seat, lang)
        try:
            check_version(rec, self.version)
        except StaleVersion:
            raise self.refuse(self.MOVED_ON) from None
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            played = await tables.act(
                self.pk, interaction.user.id, self.ACTIONS[self.op], expected_version=self.version
            )
        except StaleVersion:
            raise self.refuse(self.MOVED_ON) from None
        await interaction.followup.send(self.done(played, state, lang), ephemeral=True)
