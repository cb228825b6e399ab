"""Public answer buttons: the Yes / No (or Claim / Not me) a game puts under its table message while it waits
for several seats at once (``GameUI.table_items``: Project Chaos's talk cards, AWS Deckbuilding's reshuffle
vote).

Everyone sees them; only a seated player the engine still waits for may answer, and anyone else is told why,
privately, with nothing done. A button is a persistent ``DynamicItem`` whose custom id carries the game's pk
and the state version it was built for (``dh:<kind>:<op>:<pk>:<version>``), so it survives a restart, and a
click on a button built for an older state is refused, never applied to the wrong state. The answer goes
through ``TableService.act`` with the version check, like every move.

A game subclasses ``AnswerButton`` together with ``discord.ui.DynamicItem`` (which needs the template) and
fills in the class attributes and ``check``; this module holds the rest, so the games' buttons cannot drift
apart in how they guard a click.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.errors import UserError, report, user_lang
from bot.store import GameRecord, StaleVersion, Status
from bot.table import custom_ids
from bot.table.custom_ids import BadControl
from bot.table.ended import game_ended
from bot.table.host import tables_of
from engines.core import Action

if TYPE_CHECKING:
    from bot.table.service import Played, TableService


def refusal(game: str, code: str, **params: Any) -> UserError:
    """A refusal worded by a game's catalog (``errors.<game>.<code>``)."""
    error = UserError(code, **params)
    error.game = game
    return error


def template(kind: custom_ids.Kind) -> str:
    """The ``DynamicItem`` template of a kind: anything claiming it reaches the item, well formed or not, and
    ``from_custom_id`` refuses the rest."""
    return rf"(?s){custom_ids.PREFIX}:{kind.name}(?::.*)?"


class AnswerButton:
    """The shared part of a public answer button; a game's button is
    ``class VoteButton(AnswerButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=...)``."""

    #: the game's id, the kind of its custom ids, each button's engine action and look
    GAME: ClassVar[str]
    KIND: ClassVar[custom_ids.Kind]
    ACTIONS: ClassVar[Mapping[str, Action]]
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]]
    #: the refusal codes (``errors.<game>.<code>``) for a member without a seat and for an older button
    NOT_SEATED: ClassVar[str]
    MOVED_ON: ClassVar[str]

    def __init__(
        self, op: str, pk: int, version: int, label: str = "", *, refused: UserError | None = None
    ) -> None:
        self.op, self.pk, self.version = op, pk, version
        self.refused = refused
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or op,
            style=self.STYLES.get(op, discord.ButtonStyle.secondary),
            custom_id=(
                custom_ids.build(self.KIND.name, pk, version, op=op)
                if refused is None
                else f"{custom_ids.PREFIX}:{self.KIND.name}"
            ),
        )
        super().__init__(button)  # type: ignore[call-arg]  # DynamicItem, next in the subclass's order

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Any:
        try:
            control = custom_ids.parse(str(getattr(item, "custom_id", "")), cls.KIND.name)
        except BadControl as bad:  # a forged or garbled id: answered, nothing done
            return cls(next(iter(cls.ACTIONS)), 1, 0, refused=bad)
        return cls(control.op, control.pk, control["ver"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.run(interaction)
        except Exception as exc:  # the one error funnel: refusals worded, faults logged with a reference
            await report(interaction, exc)

    def refuse(self, code: str, **params: Any) -> UserError:
        return refusal(self.GAME, code, **params)

    def check(self, rec: GameRecord, state: Any, seat: str, lang: str) -> None:
        """Raise the game's refusal when ``seat`` may not give this answer now (the engine no longer waits
        for it, or for this kind of answer). Runs before the version check, so a second click says "you
        already answered" rather than "the table moved on"."""
        raise NotImplementedError

    def done(self, played: Played, state: Any, lang: str) -> str:
        """The private confirmation once the answer is played (``state``: the one it answered)."""
        raise NotImplementedError

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        if self.refused is not None:
            raise self.refused
        tables: TableService = tables_of(interaction)
        lang = user_lang(interaction)
        rec = await tables.store.get_game(self.pk)
        if rec.game_id == self.GAME and not rec.status.live:
            raise game_ended(rec)  # the game is over: say so, not only that it is not running
        if rec.game_id != self.GAME or rec.status is not Status.RUNNING:
            raise UserError("game_not_running")
        mine = rec.seat_of(interaction.user.id)
        if mine is None or not mine.seat:
            raise self.refuse(self.NOT_SEATED)
        state = tables.state(rec)
        self.check(rec, state, mine.seat, lang)
        if rec.version != self.version:
            raise self.refuse(self.MOVED_ON)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            played = await tables.act(
                self.pk, interaction.user.id, self.ACTIONS[self.op], expected_version=self.version
            )
        except StaleVersion:
            raise self.refuse(self.MOVED_ON) from None
        await interaction.followup.send(self.done(played, state, lang), ephemeral=True)
