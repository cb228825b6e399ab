"""Buttons and selects that survive restarts: ``timeout=None`` views of ``DynamicItem``s whose custom ids
carry the game (and, for moves, the state version they were built for). A click on a control built for
an older state is refused with "the table changed" and a fresh hand, never applied to the wrong state.

Every control here subclasses ``bot.table.controls.Control`` (the one base: custom id read by the one
parser, forged or foreign ids refused with a plain sentence, every refusal through the one error funnel)
and registers itself by being defined. The move a hand's control picks is found by ``bot.table.pick``.

Public controls (the lobby's, the table message's, the AI retry) carry both languages ("My hand ·
手札を見る"): players of either language read what to press, and each one's replies come in their own
locale.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.errors import UserError, user_lang
from bot.interactions import Interaction
from bot.store import GameRecord, StaleVersion, Status
from bot.table import custom_ids
from bot.table.controls import Control, control_template, game_of
from bot.table.custom_ids import BadControl, ControlId
from bot.table.host import tables_of
from bot.table.pick import pick
from i18n import both, t
from i18n.words import LABEL_LIMIT, clip

if TYPE_CHECKING:
    from bot.games import GameUI, LabelContext
    from engines.core import Action

log = logging.getLogger(__name__)

PAGE = 25
#: Discord's limit for a button's label.
BUTTON_LABEL = 80


def _chosen(interaction: Interaction) -> int:
    data = interaction.data if isinstance(interaction.data, dict) else None
    return custom_ids.chosen(data)


# -- lobby --------------------------------------------------------------------------------------------
class LobbyButton(
    Control[discord.ui.Button[Any]],
    template=control_template("lobby"),
):
    kind = "lobby"
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, op: str, pk: int, label: str = "") -> None:
        self.op, self.pk = op, pk
        super().__init__(
            discord.ui.Button(
                label=label or op, style=self.STYLES[op], custom_id=custom_ids.build("lobby", pk, op=op)
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> LobbyButton:
        return cls(control.op, control.pk)

    async def run(self, interaction: Interaction) -> None:
        rec = await game_of(interaction, self.pk)
        message = interaction.message
        if rec.lobby_message_id is not None and (message is None or message.id != rec.lobby_message_id):
            # Answering would turn whatever message it was forged on into this lobby.
            raise BadControl("a lobby button that is not on its lobby")
        tables = tables_of(interaction)
        user = interaction.user
        if self.op == "join":
            rec = await tables.join(self.pk, user.id, user.display_name)
        elif self.op == "leave":
            rec = await tables.leave(self.pk, user.id)
        else:
            await interaction.response.defer()
            rec = await tables.start(self.pk, user.id)
            lang = await tables.public_lang(rec.guild_id)
            await interaction.edit_original_response(**_lobby_edit(tables.lobby_payload(rec, lang)))
            return
        lang = await tables.public_lang(rec.guild_id)
        await interaction.response.edit_message(**_lobby_edit(tables.lobby_payload(rec, lang)))


def _lobby_edit(payload: Any) -> dict[str, Any]:
    return {"embed": payload.embed, "view": payload.view}


def lobby_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start"):
        view.add_item(LobbyButton(op, pk, both(lang, f"buttons.{op}", limit=BUTTON_LABEL)))
    return view


# -- the table message ---------------------------------------------------------------------------------
class HandButton(Control[discord.ui.Button[Any]], template=control_template("hand")):
    """ "My hand" on the table message: a fresh ephemeral hand for whoever presses it."""

    kind = "hand"

    def __init__(self, pk: int, label: str = "My hand") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🂠",
                style=discord.ButtonStyle.primary,
                custom_id=custom_ids.build("hand", pk),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> HandButton:
        return cls(control.pk)

    async def run(self, interaction: Interaction) -> None:
        tables = tables_of(interaction)
        # Acknowledge first: under load the store read can take longer than Discord's 3 seconds.
        await interaction.response.defer(ephemeral=True, thinking=True)
        rec = await game_of(interaction, self.pk)
        payload = await tables.hand(rec, interaction.user.id, user_lang(interaction))
        await interaction.followup.send(ephemeral=True, **payload.send_kwargs())


def table_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(pk, both(lang, "buttons.hand", limit=BUTTON_LABEL)))
    return view


# -- the hand (ephemeral) -----------------------------------------------------------------------------
async def _play(interaction: Interaction, pk: int, version: int, index: int) -> None:
    """Apply the ``index``-th legal action of the state at ``version`` and refresh the hand in place."""
    tables = tables_of(interaction)
    lang = user_lang(interaction)
    await interaction.response.defer()  # first: the 3-second deadline must not wait for the store
    rec = await game_of(interaction, pk)
    if not rec.status.live:
        raise tables.ended(rec)  # over before the click: say so, not that the table changed
    note = ""
    try:
        engine = tables.engine(rec)
        action = pick(
            rec,
            interaction.user.id,
            version,
            index,
            lambda seat: engine.legal_actions(tables.state(rec), seat),
        )
        try:
            played = await tables.act(pk, interaction.user.id, action, expected_version=version)
        except UserError as refusal:
            if refusal.code != "game_not_running" or rec.status is not Status.RUNNING:
                raise
            # Running when read above: another move ended the game while this click waited for the lock.
            raise tables.ended(await tables.store.get_game(pk)) from None
        rec = played.record
        note = tables.played_note(played, lang)
    except StaleVersion:
        rec = await tables.store.get_game(pk)
        note = t(lang, "errors.stale")
    payload = await tables.hand(rec, interaction.user.id, lang, note=note)
    await interaction.edit_original_response(**payload.edit_kwargs())


class _HandSelect(Control[discord.ui.Select[Any]]):
    """A select under the hand whose custom id carries the game, the state version and the page."""

    private = True

    def __init__(
        self,
        pk: int,
        version: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        self.pk, self.version, self.page = pk, version, page
        super().__init__(
            discord.ui.Select(
                custom_id=custom_ids.build(self.kind, pk, version, page),
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder or None,
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> Any:
        return cls(control.pk, control["ver"], control["page"])


class ActSelect(
    _HandSelect,
    template=control_template("act"),
):
    """The moves: the value is the move's index in the legal actions of that version."""

    kind = "act"

    async def run(self, interaction: Interaction) -> None:
        await _play(interaction, self.pk, self.version, _chosen(interaction))


class QuickButton(
    Control[discord.ui.Button[Any]],
    template=control_template("quick"),
):
    kind = "quick"
    private = True

    def __init__(self, pk: int, version: int, index: int, label: str = "") -> None:
        self.pk, self.version, self.index = pk, version, index
        super().__init__(
            discord.ui.Button(
                label=label or "…",
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.build("quick", pk, version, index),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> QuickButton:
        return cls(control.pk, control["ver"], control["idx"])

    async def run(self, interaction: Interaction) -> None:
        await _play(interaction, self.pk, self.version, self.index)


class PageButton(
    Control[discord.ui.Button[Any]],
    template=control_template("page"),
):
    """Turns the hand's select to another page, or back from a group (``group=0``: no group chosen)."""

    kind = "page"
    private = True

    def __init__(self, pk: int, version: int, group: int, page: int, label: str = "") -> None:
        self.pk, self.version, self.group, self.page = pk, version, group, page
        super().__init__(
            discord.ui.Button(
                label=label or str(page + 1),
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.build("page", pk, version, group, page),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> PageButton:
        return cls(control.pk, control["ver"], control["grp"], control["page"])

    async def run(self, interaction: Interaction) -> None:
        await _show_hand(interaction, self.pk, self.version, self.group, self.page)


class GroupSelect(
    _HandSelect,
    template=control_template("grp"),
):
    """First step of a two-step choice (e.g. a card, then the cell it goes to); values are group numbers."""

    kind = "grp"

    async def run(self, interaction: Interaction) -> None:
        await _show_hand(interaction, self.pk, self.version, _chosen(interaction), 0)


async def _show_hand(interaction: Interaction, pk: int, version: int, group: int, page: int) -> None:
    tables = tables_of(interaction)
    lang = user_lang(interaction)
    rec = await game_of(interaction, pk)
    if not rec.status.live:
        raise tables.ended(rec)  # a step towards a move in a game that is over
    # Acknowledged first: a stale hand's new picture may queue behind other tables' pictures under load.
    await interaction.response.defer()
    stale = rec.version != version
    note = t(lang, "errors.stale") if stale else ""
    payload = await tables.hand(
        rec,
        interaction.user.id,
        lang,
        page=0 if stale else page,
        group=0 if stale else group,
        note=note,
        # The same state as the hand clicked in: its picture is right, only the moves offered change.
        keep_picture=not stale,
    )
    await interaction.edit_original_response(**payload.edit_kwargs())


def _pager(view: discord.ui.View, rec: GameRecord, group: int, page: int, pages: int, lang: str) -> None:
    if page > 0:
        view.add_item(PageButton(rec.id, rec.version, group, page - 1, t(lang, "buttons.previous")))
    if page < pages - 1:
        view.add_item(PageButton(rec.id, rec.version, group, page + 1, t(lang, "buttons.next")))


def _distinct(indexed: list[tuple[int, Action]], label: Callable[[Action], str]) -> list[tuple[int, Action]]:
    """The moves a player can tell apart: of moves worded the same (three copies of one card, each its own
    move to the engine), the first stands for all."""
    seen: set[str] = set()
    out = []
    for i, a in indexed:
        text = label(a)
        if text not in seen:
            seen.add(text)
            out.append((i, a))
    return out


def hand_view(
    rec: GameRecord,
    legal: list[Action],
    ui: GameUI,
    lang: str,
    page: int = 0,
    group: int = 0,
    ctx: LabelContext | None = None,
) -> discord.ui.View | None:
    """The controls under a player's hand: quick buttons (Pass …), then either one select of every move
    (paged by 25) or, for games that group moves, a select of groups (the cards) beside a select of the
    moves that belong to no group, and then the moves of the chosen group. Moves worded alike are offered
    once. A game may group only lists too long for one page (``GameUI.long_group_label``)."""
    if not legal:
        return None
    view = discord.ui.View(timeout=None)
    offered = {a.key() for a in ui.hand_moves(legal)}
    quick_keys = {a.key() for a in ui.quick_actions(legal)} & offered

    def full(a: Action) -> str:
        return ui.action_label(a, lang, ctx=ctx)

    indexed = [(i, a) for i, a in enumerate(legal) if a.key() in offered and a.key() not in quick_keys]
    indexed = _distinct(indexed, full)
    labels = [ui.group_label(a, lang, ctx=ctx) for _, a in indexed]
    if all(lbl is None for lbl in labels) and len(indexed) > PAGE:
        labels = [ui.long_group_label(a, lang, ctx=ctx) for _, a in indexed]
    groups = list(dict.fromkeys(lbl for lbl in labels if lbl is not None))
    singles = [(i, a) for (i, a), lbl in zip(indexed, labels, strict=True) if lbl is None]
    if len(groups) == 1:
        groups = []  # one group: skip the extra click and show every move at once, with full labels
    if groups and group == 0:
        pages = max(1, -(-len(groups) // PAGE), -(-len(singles) // PAGE))
        page = min(max(page, 0), pages - 1)
        options = [
            discord.SelectOption(label=clip(name, LABEL_LIMIT), value=str(n + 1))
            for n, name in list(enumerate(groups))[page * PAGE : (page + 1) * PAGE]
        ]
        if options:
            view.add_item(GroupSelect(rec.id, rec.version, page, options, t(lang, "hand.choose_group")[:150]))
        chunk = singles[page * PAGE : (page + 1) * PAGE]
        if chunk:
            others = [discord.SelectOption(label=clip(full(a), LABEL_LIMIT), value=str(i)) for i, a in chunk]
            view.add_item(ActSelect(rec.id, rec.version, page, others, t(lang, "hand.choose_other")[:150]))
        _pager(view, rec, 0, page, pages, lang)
    else:
        in_group = bool(groups) and 0 < group <= len(groups)
        if in_group:
            chosen = groups[group - 1]
            indexed = [(i, a) for (i, a), lbl in zip(indexed, labels, strict=True) if lbl == chosen]
        pages = max(1, -(-len(indexed) // PAGE))
        page = min(max(page, 0), pages - 1)
        chunk = indexed[page * PAGE : (page + 1) * PAGE]
        if chunk:
            options = [
                discord.SelectOption(
                    label=clip(ui.action_label(a, lang, in_group=in_group, ctx=ctx), LABEL_LIMIT),
                    value=str(i),
                )
                for i, a in chunk
            ]
            placeholder = (
                t(lang, "hand.choose", page=page + 1, pages=pages)
                if pages > 1
                else t(lang, "hand.choose_one")
            )
            view.add_item(ActSelect(rec.id, rec.version, page, options, placeholder[:150]))
        _pager(view, rec, group, page, pages, lang)
        if groups:
            view.add_item(PageButton(rec.id, rec.version, 0, 0, t(lang, "buttons.back")))
    for i, a in enumerate(legal):
        if a.key() in quick_keys:
            label = clip(ui.action_label(a, lang, ctx=ctx), BUTTON_LABEL)
            view.add_item(QuickButton(rec.id, rec.version, i, label))
    return view


# -- abort --------------------------------------------------------------------------------------------
class AbortButton(
    Control[discord.ui.Button[Any]],
    template=control_template("abort"),
):
    kind = "abort"
    private = True  # the confirmation is shown only to the one who asked

    def __init__(self, op: str, pk: int, version: int, label: str = "") -> None:
        self.op, self.pk, self.version = op, pk, version
        style = discord.ButtonStyle.danger if op == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or op, style=style, custom_id=custom_ids.build("abort", pk, version, op=op)
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> AbortButton:
        return cls(control.op, control.pk, control["ver"])

    async def run(self, interaction: Interaction) -> None:
        tables = tables_of(interaction)
        lang = user_lang(interaction)
        if self.op == "no":
            await interaction.response.edit_message(content=t(lang, "abort.kept"), view=None)
            return
        rec = await game_of(interaction, self.pk)
        # Discord's own resolution of the member's permissions (not the role cache, which may lag).
        perms = interaction.permissions
        try:
            if rec.version != self.version or not rec.status.live:
                raise StaleVersion(self.pk, self.version)
            rec = await tables.abort(
                self.pk,
                self.version,
                interaction.user.id,
                bool(perms and perms.manage_guild),
                by=interaction.user.display_name,
            )
        except StaleVersion:
            raise UserError("stale_click") from None  # no hand to show: the sentence alone
        except UserError as refusal:
            if refusal.code != "no_game_here":
                raise
            # It was live when read above: someone else ended it while this click waited for the lock.
            raise UserError("stale_click") from None
        # The game's place is told once, by the outbox's end message naming who aborted it.
        await interaction.response.edit_message(content=t(lang, "abort.done_private"), view=None)
        await tables.refresh_lobby(rec)


def abort_view(pk: int, version: int, lang: str) -> discord.ui.View:
    """Ephemeral (only the one who asked sees it): in their language alone."""
    view = discord.ui.View(timeout=None)
    view.add_item(AbortButton("yes", pk, version, t(lang, "buttons.abort_yes")))
    view.add_item(AbortButton("no", pk, version, t(lang, "buttons.abort_no")))
    return view


# -- an AI that could not move ------------------------------------------------------------------------
class AiRetryButton(Control[discord.ui.Button[Any]], template=control_template("airetry")):
    """Under the notice that an AI seat could not move: the host lets it try again."""

    kind = "airetry"

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "retry",
                style=discord.ButtonStyle.primary,
                custom_id=custom_ids.build("airetry", pk),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> AiRetryButton:
        return cls(control.pk)

    async def run(self, interaction: Interaction) -> None:
        await game_of(interaction, self.pk)
        perms = interaction.permissions  # Discord's resolution, as for abort
        await tables_of(interaction).retry_ai(
            self.pk, interaction.user.id, bool(perms and perms.manage_guild)
        )
        await interaction.response.edit_message(view=None)


def ai_retry_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AiRetryButton(pk, both(lang, "buttons.ai_retry", limit=BUTTON_LABEL)))
    return view
