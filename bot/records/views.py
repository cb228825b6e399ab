"""The replies of ``/game history`` and ``/game replay`` and their Previous/Next buttons.

The buttons survive restarts like every control of the bot (``DynamicItem``s with ``timeout=None``): a custom
id (``dh:hist:<game>:<page>``, ``dh:replay:<game>:<step>``, written and read by ``bot.table.custom_ids``)
carries the game and the page or step, nothing else; a click rebuilds the page for whoever clicked (the
reply is ephemeral, so that is the member who asked), checking again that the game belongs to their server.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import ClassVar, Self

import discord

from bot.errors import UserError, user_lang
from bot.games import ui_for
from bot.interactions import Interaction, UiButton
from bot.presenters.payload import Kwargs
from bot.records.history import COLOUR, decider_label, event_lines, history_page
from bot.records.replay import load
from bot.store import GameNotFound, GameRecord, SqliteStore
from bot.table import custom_ids
from bot.table.controls import Control, control_template
from bot.table.custom_ids import ControlId
from bot.table.host import tables_of
from bot.table.pictures import render
from i18n import t

log = logging.getLogger(__name__)

REPLAY_FILE = "replay.png"


async def game_for(store: SqliteStore, guild_id: int | None, number: int) -> GameRecord:
    """Game ``number`` of this server; another server's game is "not found" like a missing one."""
    try:
        rec = await store.get_game(number)
    except GameNotFound:
        raise UserError("no_such_game", number=number) from None
    if rec.guild_id != guild_id:
        raise UserError("no_such_game", number=number)
    if rec.state_json is None:
        raise UserError("game_not_started")
    return rec


@dataclass
class Reply:
    embed: discord.Embed
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None

    def send_kwargs(self) -> Kwargs:
        kw: Kwargs = {"embed": self.embed, "files": self.files}
        if self.view is not None:
            kw["view"] = self.view
        return kw

    def edit_kwargs(self) -> Kwargs:
        return {"embed": self.embed, "attachments": self.files, "view": self.view}


# -- history ------------------------------------------------------------------------------------------
async def history_reply(
    store: SqliteStore, rec: GameRecord, user_id: int, lang: str, page: int | None
) -> Reply:
    replayed = await load(store, rec)
    shown = history_page(replayed, user_id, lang, page)
    view = discord.ui.View(timeout=None)
    if shown.page > 0:
        view.add_item(HistoryButton(rec.id, shown.page - 1, t(lang, "buttons.previous")))
    if shown.page < shown.pages - 1:
        view.add_item(HistoryButton(rec.id, shown.page + 1, t(lang, "buttons.next")))
    return Reply(embed=shown.embed, view=view if view.children else None)


# -- replay -------------------------------------------------------------------------------------------
def audit_line(lang: str, matches: bool, moves: int, broken_at: int | None) -> str:
    if broken_at is not None:
        return t(lang, "replay.audit_broken", n=broken_at)
    if not matches:
        return t(lang, "replay.audit_mismatch", moves=moves)
    return t(lang, "replay.audit_ok", moves=moves)


async def replay_reply(store: SqliteStore, rec: GameRecord, step: int, user_id: int, lang: str) -> Reply:
    """The public table after action ``step`` (0: the deal), the events of that action the caller may
    see, and the audit of the whole log against the stored state."""
    replayed = await load(store, rec, keep={step})
    steps = len(replayed.moves)
    if not 0 <= step <= steps:
        raise UserError("replay_step", max=steps)
    rec = replayed.rec
    engine = replayed.engine
    state = replayed.state_after(step)
    # The table picture, as the table message showed it at that point (after the last move too: the
    # final message's standings picture is a different one, and is in the channel already).
    picture = await render(
        rec.game_id, "table", engine.view(state, None), lang, REPLAY_FILE, rec.names(), rec.ai_seats()
    )
    if step == 0:
        lines = [t(lang, "replay.deal")]
    else:
        move = replayed.moves[step - 1]
        lines = [t(lang, "history.move", n=step, player=decider_label(rec, move, lang))]
        lines += event_lines(rec, move, user_id, lang) or [t(lang, "history.nothing_seen")]
    lines += ["", audit_line(lang, replayed.matches, replayed.logged, replayed.broken_at)]
    game = ui_for(rec.game_id).game_name(lang)
    embed = discord.Embed(
        title=t(lang, "replay.title", game=game, number=rec.id, step=step, steps=steps)[:256],
        description="\n".join(lines)[:4000],
        colour=COLOUR,
    )
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    view = discord.ui.View(timeout=None)
    if step > 0:
        view.add_item(ReplayButton(rec.id, step - 1, t(lang, "buttons.previous")))
    if step < steps:
        view.add_item(ReplayButton(rec.id, step + 1, t(lang, "buttons.next")))
    return Reply(embed=embed, files=[picture] if picture else [], view=view if view.children else None)


# -- the buttons --------------------------------------------------------------------------------------
HIST = custom_ids.register(custom_ids.Kind("hist", ("pk", "page")))
REPLAY = custom_ids.register(custom_ids.Kind("replay", ("pk", "step")))


class _RecordControl(Control[UiButton]):
    """A Previous/Next button: a ``Control`` (its custom id read by the one parser, every click through the
    one error funnel) whose game is looked up by ``game_for``, the records' own check of the server."""

    field: ClassVar[str]

    def __init__(self, pk: int, position: int, label: str = "") -> None:
        self.pk, self.position = pk, position
        super().__init__(
            discord.ui.Button(
                label=label or str(position),
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.build(self.kind, pk, position),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> Self:
        return cls(control.pk, control[cls.field])

    async def run(self, interaction: Interaction) -> None:
        store = tables_of(interaction).store
        rec = await game_for(store, interaction.guild_id, self.pk)
        await interaction.response.defer()
        reply = await self.reply(store, rec, interaction.user.id, user_lang(interaction))
        await interaction.edit_original_response(**reply.edit_kwargs())

    async def reply(self, store: SqliteStore, rec: GameRecord, user_id: int, lang: str) -> Reply:
        raise NotImplementedError


class HistoryButton(_RecordControl, template=control_template(HIST.name)):
    """Turns the history to another page, for whoever clicks (the history is their ephemeral reply)."""

    kind = HIST.name
    field = "page"

    async def reply(self, store: SqliteStore, rec: GameRecord, user_id: int, lang: str) -> Reply:
        return await history_reply(store, rec, user_id, lang, self.position)


class ReplayButton(_RecordControl, template=control_template(REPLAY.name)):
    """Steps the replay one action back or forward, in place."""

    kind = REPLAY.name
    field = "step"

    async def reply(self, store: SqliteStore, rec: GameRecord, user_id: int, lang: str) -> Reply:
        return await replay_reply(store, rec, self.position, user_id, lang)
