"""The controls of a player's hand (an ephemeral message): the select of moves, the quick buttons (Pass
…), the pages of a long list and the groups of a two-step choice. Each carries the game and the state
version it was built for, so a click on an older hand is answered with "the table changed" and a fresh
hand, never applied to the wrong state; the move it picks is found by ``bot.table.pick``.

The public controls (lobby, table message, abort, AI retry) are ``bot.table.components``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Self

import discord

from bot.errors import UserError, user_lang
from bot.games.base import SomeUI
from bot.interactions import Interaction, UiButton, UiSelect
from bot.store import GameRecord, StaleVersion, Status
from bot.table import custom_ids
from bot.table.components import BUTTON_LABEL
from bot.table.controls import Control, control_template, game_of
from bot.table.custom_ids import ControlId
from bot.table.host import tables_of
from bot.table.pick import pick
from engines.core import View
from i18n import t
from i18n.words import LABEL_LIMIT, clip

if TYPE_CHECKING:
    from bot.games import LabelContext
    from engines.core import Action

log = logging.getLogger(__name__)

#: Moves a select offers at once (Discord's limit of a select's options).
PAGE = 25


def _chosen(interaction: Interaction) -> int:
    data = interaction.data if isinstance(interaction.data, dict) else None
    return custom_ids.chosen(data)


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
    tables.coach.follow_response(interaction, pk)


class _HandSelect(Control[UiSelect]):
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
    def from_control(cls, control: ControlId) -> Self:
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
    Control[UiButton],
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
    Control[UiButton],
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
    tables.coach.follow_response(interaction, pk)


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
    ui: SomeUI,
    lang: str,
    page: int = 0,
    group: int = 0,
    ctx: LabelContext[View] | None = None,
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
