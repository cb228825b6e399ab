"""The one base of every button and select of the bot, and the one registry of them.

A control survives restarts: it is a ``DynamicItem`` whose custom id carries what it acts on (the game, and
for moves the state version it was built for), written and read by ``bot.table.custom_ids``. A custom id
comes back from the Discord client, so it is input like any other; ``Control`` reads it once for every
control:

- an id its kind's parser refuses (garbled, forged, of an older layout) becomes ``Refused``: the clicker is
  told ``errors.bad_control`` and nothing is done;
- a ``private`` control (someone's hand, an ephemeral confirmation) found on a message that is not ephemeral
  is forged, and refused the same way: answering it would edit the public message;
- ``game_of`` finds the game it names only in the clicker's own server (a forged key of another server's
  game reads as a vanished one); ``bot.table.pick`` checks seat and version;
- every refusal and fault of ``run`` ends in the one error funnel, ``bot.errors.report``.

A subclass names its ``kind`` (a ``custom_ids.Kind``), passes ``template=control_template(kind)`` and writes
``from_control`` and ``run``. Defining it registers it (``registered``); the client hands the registry to
discord.py in one place. A class defined without a template is a base of others (``AnswerButton``) and is
not registered. ``UnknownControl`` answers ``dh:`` ids no registered control takes, so even a control of an
older bot version gets an answer instead of "This interaction failed".
"""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar, Protocol, Self, TypeVar, cast

import discord

from bot.errors import UserError, report
from bot.interactions import Interaction, UiItem
from bot.store import GameRecord, SqliteStore
from bot.store.errors import GameNotFound
from bot.table import custom_ids
from bot.table.custom_ids import BadControl, ControlId

log = logging.getLogger(__name__)

ItemT = TypeVar("ItemT", bound=UiItem, covariant=True)

#: Every registered control class, by its template: one class per template (a reloaded module replaces its
#: own classes, a second class claiming another's ids is a bug).
_REGISTRY: dict[str, type[Control[UiItem]]] = {}


def control_template(kind: str) -> str:
    # Anything claiming this kind reaches its item, well formed or not: the item's parse refuses the rest.
    return rf"(?s){custom_ids.PREFIX}:{kind}(?::.*)?"


def registered() -> tuple[type[Control[UiItem]], ...]:
    """The controls the client registers with discord.py: every ``Control`` subclass defined so far."""
    return tuple(_REGISTRY.values())


class Control(discord.ui.DynamicItem[ItemT], template=r"(?!)"):
    """The base of every button and select of the bot (see the module's docstring)."""

    #: the name of the control's ``custom_ids.Kind``
    kind: ClassVar[str]
    #: A control of someone's hand or an ephemeral confirmation: the bot only ever puts it on an ephemeral
    #: message. On a public one it is forged, and answering it would edit the public message.
    private: ClassVar[bool] = False

    def __init_subclass__(cls, *, template: str | None = None, registered: bool = True) -> None:
        # Without a template: a base of other controls, claiming no ids (the never-matching pattern above).
        super().__init_subclass__(
            template=template if template is not None else cls.__discord_ui_compiled_template__
        )
        if template is None or not registered:
            return
        other = _REGISTRY.get(template)
        if other is not None and other.__qualname__ != cls.__qualname__:
            raise ValueError(f"{cls.__qualname__} and {other.__qualname__} claim the same ids {template!r}")
        _REGISTRY[template] = cls

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: UiItem, match: re.Match[str]
    ) -> Any:  # ``Self``, or a ``Refused`` standing in for it: discord.py only calls its callback
        try:
            control = custom_ids.parse(str(getattr(item, "custom_id", "")), cls.kind)
            if cls.private:
                message = interaction.message
                if not (message is not None and message.flags.ephemeral):
                    raise BadControl("a private control on a message that is not ephemeral")
        except BadControl as refusal:
            return Refused(item, refusal)
        return cls.from_control(control)

    @classmethod
    def from_control(cls, control: ControlId) -> Self:
        raise NotImplementedError

    async def callback(self, interaction: Interaction) -> None:
        try:
            await self.run(interaction)
        except Exception as exc:  # the funnel words refusals and logs faults with a reference
            await report(interaction, exc)

    async def run(self, interaction: Interaction) -> None:
        raise NotImplementedError


class Refused(
    Control[UiItem],
    template=r"(?s).*",
    registered=False,  # it only stands in for a control that did not read
):
    """A control whose custom id (or value) did not read: the clicker is told, nothing is done."""

    def __init__(self, item: UiItem, refusal: BadControl) -> None:
        super().__init__(item)
        self.refusal = refusal

    async def run(self, interaction: Interaction) -> None:
        log.info("refused control %r: %s", getattr(self.item, "custom_id", None), self.refusal.why)
        raise self.refusal


class UnknownControl(Control[UiItem], template=rf"(?s){custom_ids.PREFIX}:.*"):
    """A ``dh:`` id no other registered control takes (a control of an older version, or forged): refused
    with a sentence instead of being left unanswered. An id another control's template takes is left to it,
    readable or not (that control refuses what it cannot read)."""

    def __init__(self, item: UiItem, claimed: bool = False) -> None:
        super().__init__(item)
        self.claimed = claimed

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: UiItem, match: re.Match[str]
    ) -> UnknownControl:
        return cls(item, claimed=claimed(str(getattr(item, "custom_id", ""))))

    async def interaction_check(self, interaction: Interaction) -> bool:
        return not self.claimed  # another control answers it

    async def run(self, interaction: Interaction) -> None:
        log.info("refused control of no known kind: %r", getattr(self.item, "custom_id", None))
        raise BadControl("unknown kind")


def claimed(custom_id: str) -> bool:
    """Whether a registered control other than ``UnknownControl`` takes this id."""
    return any(
        cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        for cls in _REGISTRY.values()
        if cls is not UnknownControl
    )


class _Tables(Protocol):
    @property
    def store(self) -> SqliteStore: ...


class _Host(Protocol):
    """The client as a control needs it (without importing the table service: it imports the controls)."""

    @property
    def tables(self) -> _Tables: ...


async def game_of(interaction: Interaction, pk: int) -> GameRecord:
    """The game a control names, if it is one of this server's: a forged key of another server's game (or
    of none) is refused like a vanished game."""
    host = cast(_Host, interaction.client)
    try:
        rec = await host.tables.store.get_game(pk)
    except GameNotFound:
        raise UserError("game_gone") from None
    if rec.guild_id != interaction.guild_id:
        raise UserError("game_gone")
    return rec
