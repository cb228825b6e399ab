"""The one base of the bot's buttons and selects (``bot.table.controls.Control``) and their one registry.

The base reads the custom id with the one parser, refuses a private control forged onto a public message,
finds the game only in the clicker's own server, and every refusal reaches the clicker through the one
error funnel as a plain ephemeral sentence, with nothing done. Every control class of the bot subclasses it
and is registered exactly once, by being defined."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot
from bot.games import manifests
from bot.records.views import HistoryButton
from bot.store import GameRecord, SeatInfo, Status
from bot.store.errors import GameNotFound
from bot.table import controls
from bot.table.components import AiRetryButton, HandButton
from bot.table.controls import Control, Refused, UnknownControl, control_template, game_of
from bot.table.custom_ids import ControlId
from bot.table.hand_controls import QuickButton
from bot.table.pick import pick
from bot.table.rematch import RematchButton
from i18n import t

ALICE, BOB, CAROL = 11, 12, 13


def record(guild_id: int = 1, version: int = 7) -> GameRecord:
    return GameRecord(
        id=5,
        guild_id=guild_id,
        channel_id=2,
        game_id="test-climb",
        status=Status.RUNNING,
        host_id=ALICE,
        seed=1,
        seats=[
            SeatInfo(seat="p1", user_id=ALICE, name="Alice"),
            SeatInfo(seat="p2", user_id=BOB, name="Bob"),
        ],
        version=version,
    )


@dataclass
class Clicker:
    """An interaction as a control sees it: the clicker's server, the message the control is on, the store,
    and what the bot said back (ephemeral, as the funnel must say it)."""

    rec: GameRecord | None
    user_id: int = ALICE
    ephemeral_message: bool = False
    said: list[str] = field(default_factory=list)
    reads: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        async def get_game(pk: int) -> GameRecord:
            self.reads.append(pk)
            if self.rec is None or self.rec.id != pk:
                raise GameNotFound(pk)
            return self.rec

        self.client = SimpleNamespace(tables=SimpleNamespace(store=SimpleNamespace(get_game=get_game)))
        self.guild_id = 1
        self.locale = "en-US"
        self.guild_locale = None
        self.user = SimpleNamespace(id=self.user_id, display_name="Alice")
        self.message = SimpleNamespace(id=99, flags=SimpleNamespace(ephemeral=self.ephemeral_message))
        self.data: dict[str, Any] = {}
        outer = self

        class Response:
            done = False

            def is_done(self) -> bool:
                return self.done

            async def send_message(self, text: str, **kwargs: Any) -> None:
                assert kwargs.get("ephemeral")
                outer.said.append(text)
                self.done = True

        class Followup:
            async def send(self, text: str, **kwargs: Any) -> None:
                assert kwargs.get("ephemeral")
                outer.said.append(text)

        self.response = Response()
        self.followup = Followup()


async def click(cls: Any, custom_id: str, clicker: Clicker) -> Any:
    """``cls`` built from ``custom_id`` as discord.py builds a dynamic item, then clicked."""
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None, f"{custom_id} does not reach {cls.__name__}"
    item = discord.ui.Button[Any](custom_id=custom_id, label="x")
    control = await cls.from_custom_id(clicker, item, match)
    if await control.interaction_check(clicker):
        await control.callback(clicker)
    return control


def said(code: str) -> list[str]:
    return [t("en", f"errors.{code}")]


# -- the base -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cls", "custom_id"),
    [
        (HandButton, "dh:hand:x"),
        (HandButton, "dh:hand:5:6"),
        (AiRetryButton, "dh:airetry:0"),
        (RematchButton, "dh:rematch:-5"),
        (HistoryButton, "dh:hist:5"),
        (QuickButton, "dh:quick:5:7:100001"),
    ],
)
async def test_a_custom_id_that_does_not_read_is_refused_through_the_funnel(cls: Any, custom_id: str) -> None:
    clicker = Clicker(record(), ephemeral_message=True)
    control = await click(cls, custom_id, clicker)
    assert isinstance(control, Refused)
    assert clicker.said == said("bad_control")
    assert clicker.reads == []  # refused before anything was looked up


async def test_a_private_control_on_a_public_message_is_forged_and_refused() -> None:
    public = Clicker(record(), ephemeral_message=False)
    assert isinstance(await click(QuickButton, "dh:quick:5:7:0", public), Refused)
    assert public.said == said("bad_control") and public.reads == []
    mine = await QuickButton.from_custom_id(
        Clicker(record(), ephemeral_message=True), discord.ui.Button[Any](custom_id="dh:quick:5:7:0"), None
    )
    assert isinstance(mine, QuickButton) and (mine.pk, mine.version, mine.index) == (5, 7, 0)


@pytest.mark.parametrize("rec", [record(guild_id=2), None], ids=["another server's game", "no such game"])
async def test_a_game_of_another_server_is_refused_like_a_vanished_one(rec: GameRecord | None) -> None:
    # The retry would reach the table service (which this clicker has none of): the refusal comes first.
    clicker = Clicker(rec)
    await click(AiRetryButton, "dh:airetry:5", clicker)
    assert clicker.said == said("game_gone")
    with pytest.raises(Exception, match="game_gone"):
        await game_of(clicker, 5)  # type: ignore[arg-type]


class MoveProbe(Control[discord.ui.Button[Any]], template=control_template("quick"), registered=False):
    """A move control reduced to what the base and the pick check: the game, the seat, the version."""

    kind = "quick"

    def __init__(self, pk: int, version: int, index: int) -> None:
        self.pk, self.version, self.index = pk, version, index
        self.picked: list[Any] = []
        super().__init__(discord.ui.Button(custom_id=f"dh:quick:{pk}:{version}:{index}"))

    @classmethod
    def from_control(cls, control: ControlId) -> MoveProbe:
        return cls(control.pk, control["ver"], control["idx"])

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        rec = await game_of(interaction, self.pk)
        self.picked.append(pick(rec, interaction.user.id, self.version, self.index, lambda seat: [seat]))


@pytest.mark.parametrize(
    ("custom_id", "user", "code", "picked"),
    [
        ("dh:quick:5:7:0", BOB, None, ["p2"]),
        ("dh:quick:5:7:0", CAROL, "not_in_game", []),
        ("dh:quick:5:6:0", ALICE, "stale", []),
        ("dh:quick:5:7:1", ALICE, "action_gone", []),
    ],
)
async def test_seat_and_version_are_checked_and_refused_through_the_funnel(
    custom_id: str, user: int, code: str | None, picked: list[str]
) -> None:
    clicker = Clicker(record(), user_id=user)
    control = await click(MoveProbe, custom_id, clicker)
    assert control.picked == picked
    assert clicker.said == (said(code) if code else [])


async def test_an_id_of_no_known_kind_is_answered_and_known_kinds_are_left_to_their_controls() -> None:
    unknown = Clicker(record())
    await click(UnknownControl, "dh:nope:5", unknown)
    assert unknown.said == said("bad_control")
    known = Clicker(record())
    control = await click(UnknownControl, "dh:hand:5", known)
    assert control.claimed and known.said == []


# -- the registry ---------------------------------------------------------------------------------------
def _bot_modules() -> None:
    manifests()
    for info in pkgutil.walk_packages(bot.__path__, "bot."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)


def _dynamic_items_of_the_bot() -> set[type[Any]]:
    found: set[type[Any]] = set()
    stack: list[type[Any]] = list(discord.ui.DynamicItem.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls.__module__.split(".")[0] == "bot":
            found.add(cls)
    return found


def test_every_control_class_of_the_bot_subclasses_the_base_and_is_registered_once() -> None:
    _bot_modules()
    items = _dynamic_items_of_the_bot()
    assert {cls for cls in items if not issubclass(cls, Control)} == set()
    # A base of other controls claims no ids of its own (the never-matching template); the stand-in for an
    # unreadable id is never registered; every other control is.
    concrete = {
        cls for cls in items if cls.__discord_ui_compiled_template__.pattern != "(?!)" and cls is not Refused
    }
    registered = controls.registered()
    assert len(registered) == len(set(registered))
    assert set(registered) == concrete
    templates = [cls.__discord_ui_compiled_template__.pattern for cls in registered]
    assert len(templates) == len(set(templates))
    names = {cls.__name__ for cls in registered}
    for expected in ("LobbyButton", "ActSelect", "TakeBackButton", "RematchButton", "HistoryButton"):
        assert expected in names
    for expected in ("TalkButton", "VoteButton", "UnknownControl"):
        assert expected in names


def test_a_second_control_claiming_the_same_ids_is_a_bug() -> None:
    before = controls.registered()
    with pytest.raises(ValueError, match="claim the same ids"):

        class Twin(Control[discord.ui.Button[Any]], template=control_template("hand")):
            kind = "hand"

    assert controls.registered() == before
