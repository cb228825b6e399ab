"""What you built (issue 27 item 5): a button on the final message of the AWS games that answers each
player privately with their own architecture (``bot.presenters.built``).

Why a button and not a section of the final message: everything in it is public by the end (deployments,
acquisitions and applied effects are public events, and only public events are read), but four players'
services, each with its line on what it does in real AWS, do not fit one message, and each player wants
their own. The answer is ephemeral, so nobody's table fills with the others' lists.

The answer's picture (``renderers.architecture``) draws the same architecture as a diagram: services in
category boxes, combos and missions marked, the combos never made dashed. It is drawn in the pictures' queue,
off the event loop like every table picture; the words stay the text, one line per service, for screen
readers and for search.

A game's UI takes part by mixing in ``TeachesArchitecture`` and naming its ``Lessons``: the engine's
``lessons.architecture`` and the card data's words and colours.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import discord

from bot.errors import UserError, user_lang
from bot.games import manifest, ui_for
from bot.interactions import Interaction, UiButton, UiItem
from bot.presenters.built import BuiltWords, built
from bot.presenters.payload import Payload
from bot.store import Status
from bot.table import custom_ids, pictures
from bot.table.controls import Control, control_template, game_of
from bot.table.custom_ids import BadControl, ControlId
from bot.table.host import tables_of
from engines.core import Event, GameState, Text
from engines.deckbuilding.lessons import Architecture
from i18n import both
from renderers.architecture import Sheet, render_architecture

if TYPE_CHECKING:
    from bot.store import ActionRecord, GameRecord

log = logging.getLogger(__name__)

BUILT = custom_ids.register(custom_ids.Kind("built", ("pk",)))
#: The answer's picture.
FILENAME = "architecture.png"


StateT = TypeVar("StateT", bound=GameState)


@dataclass(frozen=True)
class Lessons(Generic[StateT]):
    """What a game gives the review: ``words`` is its catalog table (``<words>.built.*``);
    ``architecture(state, public events, seat)`` is the engine's; ``does`` the lines of its
    ``services.toml``; ``names``, ``why`` and ``colours`` (each category's, ``#RRGGBB``) read the card
    data the finished state was played with."""

    words: str
    architecture: Callable[[StateT, Sequence[Event], str], Architecture]
    does: Callable[[], Mapping[str, Text]]
    names: Callable[[StateT], Mapping[str, Text]]
    why: Callable[[StateT], Mapping[str, Text]]
    colours: Callable[[StateT], Mapping[str, str]]


class TeachesArchitecture:
    """Mixed into a game's ``GameUI``: the final message gets the "What you built" button."""

    #: The game's own (its state type is the game's: the registry picks the game at run time).
    lessons: ClassVar[Lessons[Any]]

    def final_items(self, rec: GameRecord, lang: str) -> list[UiItem]:
        return [BuiltButton(rec.id, both(lang, f"{self.lessons.words}.built.button", limit=80))]


def player_seat(rec: GameRecord, user_id: int) -> str | None:
    """The seat ``user_id`` played (a seat they handed to the AI is still theirs)."""
    for seat in rec.seats:
        if user_id in (seat.user_id, seat.left_by):
            return seat.seat
    return None


def review(
    lessons: Lessons[Any],
    rec: GameRecord,
    actions: Sequence[ActionRecord],
    seat: str,
    lang: str,
    player: str = "",
) -> tuple[Payload, Sheet]:
    """The game replayed from its log, and ``seat``'s architecture worded, with what its picture draws
    (``player``: the name the picture's title gives). Pure CPU: run off the loop."""
    engine = manifest(rec.game_id).engine
    state = engine.new_game([s.seat for s in rec.seats], rec.options, rec.seed)
    public: list[Event] = []
    for row in actions:
        step = engine.apply(state, row.seat, row.action)
        state = step.state
        public += [e for e in step.events if e.public]
    arch = lessons.architecture(state, public, seat)
    names = lessons.names(state)
    words = BuiltWords(
        words=lessons.words,
        game=engine.name,
        names=names,
        does=lessons.does(),
        why=lessons.why(state),
    )
    sheet = Sheet(
        arch=arch,
        player=player or seat,
        game=engine.name,
        words=lessons.words,
        names=dict(names),
        colours=dict(lessons.colours(state)),
    )
    return built(arch, words, lang), sheet


def _refusal(rec: GameRecord, code: str) -> UserError:
    refusal = UserError(code)
    refusal.game = rec.game_id  # worded by the game's catalog: <game>.errors.<code>
    return refusal


class BuiltButton(Control[UiButton], template=control_template("built")):
    """On an AWS game's final message: each player who presses it is answered privately."""

    kind = "built"

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "What you built",
                emoji="🏗️",
                style=discord.ButtonStyle.primary,
                custom_id=custom_ids.build("built", pk),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> BuiltButton:
        return cls(control.pk)

    async def run(self, interaction: Interaction) -> None:
        rec = await game_of(interaction, self.pk)
        ui = ui_for(rec.game_id)
        if not isinstance(ui, TeachesArchitecture):
            raise BadControl("a game without an architecture to review")
        if rec.status is not Status.FINISHED:
            raise _refusal(rec, "built_not_over")
        seat = player_seat(rec, interaction.user.id)
        if seat is None:
            raise _refusal(rec, "built_players_only")
        lang = user_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        actions = await tables_of(interaction).store.actions(rec.id)
        player = interaction.user.display_name
        payload, sheet = await asyncio.to_thread(review, ui.lessons, rec, actions, seat, lang, player)
        payload.attach(await pictures.render_other(render_architecture, sheet, lang), FILENAME)
        log.info("game %s: %s asked what they built", rec.id, seat)
        await interaction.followup.send(ephemeral=True, **payload.send_kwargs())
