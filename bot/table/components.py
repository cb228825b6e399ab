"""Buttons and selects that survive restarts: ``timeout=None`` views of ``DynamicItem``s whose custom ids
carry the game (and, for moves, the state version they were built for). A click on a control built for
an older state is refused with "the table changed" and a fresh hand, never applied to the wrong state.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord

from bot.errors import UserError, report, user_lang
from bot.i18n import t
from bot.store import GameRecord, StaleVersion
from bot.table.host import tables_of

if TYPE_CHECKING:
    from bot.games import GameUI, LabelContext
    from engines.core import Action

log = logging.getLogger(__name__)

PAGE = 25


class _Base:
    """Every component callback goes through the one error funnel."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.run(interaction)
        except Exception as exc:  # the funnel words refusals and logs faults with a reference
            await report(interaction, exc)

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError


# -- lobby --------------------------------------------------------------------------------------------
class LobbyButton(
    _Base,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dh:lobby:(?P<op>join|leave|start):(?P<pk>\d+)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, op: str, pk: int, label: str = "") -> None:
        self.op, self.pk = op, pk
        super().__init__(
            discord.ui.Button(label=label or op, style=self.STYLES[op], custom_id=f"dh:lobby:{op}:{pk}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["op"], int(match["pk"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
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
        view.add_item(LobbyButton(op, pk, t(lang, f"buttons.{op}")))
    return view


# -- the table message ---------------------------------------------------------------------------------
class HandButton(_Base, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dh:hand:(?P<pk>\d+)"):
    """ "My hand" on the table message: a fresh ephemeral hand for whoever presses it."""

    def __init__(self, pk: int, label: str = "My hand") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🂠", style=discord.ButtonStyle.primary, custom_id=f"dh:hand:{pk}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["pk"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        tables = tables_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        rec = await tables.store.get_game(self.pk)
        payload = await tables.hand(rec, interaction.user.id, user_lang(interaction))
        await interaction.followup.send(ephemeral=True, **payload.send_kwargs())


def table_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(pk, t(lang, "buttons.hand")))
    return view


# -- the hand (ephemeral) -----------------------------------------------------------------------------
async def _play(interaction: discord.Interaction[Any], pk: int, version: int, index: int) -> None:
    """Apply the ``index``-th legal action of the state at ``version`` and refresh the hand in place."""
    tables = tables_of(interaction)
    lang = user_lang(interaction)
    await interaction.response.defer()
    rec = await tables.store.get_game(pk)
    note = ""
    try:
        if rec.version != version:
            raise StaleVersion(pk, version)
        seat = rec.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("not_in_game")
        legal = tables.engine(rec).legal_actions(tables.state(rec), seat.seat)
        if not 0 <= index < len(legal):
            raise UserError("action_gone")
        played = await tables.act(pk, interaction.user.id, legal[index], expected_version=version)
        rec = played.record
        note = tables.publisher.describe(tables.ui(rec), played.events, played.seat, lang, rec.names())
    except StaleVersion:
        rec = await tables.store.get_game(pk)
        note = t(lang, "errors.stale")
    payload = await tables.hand(rec, interaction.user.id, lang, note=note)
    await interaction.edit_original_response(**payload.edit_kwargs())


class _HandSelect(_Base):
    """A select under the hand whose custom id carries the game, the state version and the page."""

    prefix: ClassVar[str]

    def __init__(
        self,
        pk: int,
        version: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        self.pk, self.version, self.page = pk, version, page
        super().__init__(  # type: ignore[call-arg]  # DynamicItem.__init__, next in the subclasses' MRO
            discord.ui.Select(
                custom_id=f"dh:{self.prefix}:{pk}:{version}:{page}",
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder or None,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Any:
        return cls(int(match["pk"]), int(match["ver"]), int(match["page"]))

    @staticmethod
    def chosen(interaction: discord.Interaction[Any]) -> int:
        data = cast(dict[str, Any], interaction.data or {})
        values: list[str] = data.get("values") or ["0"]
        return int(values[0])


class ActSelect(
    _HandSelect,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"dh:act:(?P<pk>\d+):(?P<ver>\d+):(?P<page>\d+)",
):
    """The moves: the value is the move's index in the legal actions of that version."""

    prefix = "act"

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        await _play(interaction, self.pk, self.version, self.chosen(interaction))


class QuickButton(
    _Base,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dh:quick:(?P<pk>\d+):(?P<ver>\d+):(?P<idx>\d+)",
):
    def __init__(self, pk: int, version: int, index: int, label: str = "") -> None:
        self.pk, self.version, self.index = pk, version, index
        super().__init__(
            discord.ui.Button(
                label=label or "…",
                style=discord.ButtonStyle.secondary,
                custom_id=f"dh:quick:{pk}:{version}:{index}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> QuickButton:
        return cls(int(match["pk"]), int(match["ver"]), int(match["idx"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        await _play(interaction, self.pk, self.version, self.index)


class PageButton(
    _Base,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dh:page:(?P<pk>\d+):(?P<ver>\d+):(?P<grp>\d+):(?P<page>\d+)",
):
    """Turns the hand's select to another page, or back from a group (``group=0``: no group chosen)."""

    def __init__(self, pk: int, version: int, group: int, page: int, label: str = "") -> None:
        self.pk, self.version, self.group, self.page = pk, version, group, page
        super().__init__(
            discord.ui.Button(
                label=label or str(page + 1),
                style=discord.ButtonStyle.secondary,
                custom_id=f"dh:page:{pk}:{version}:{group}:{page}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["pk"]), int(match["ver"]), int(match["grp"]), int(match["page"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        await _show_hand(interaction, self.pk, self.version, self.group, self.page)


class GroupSelect(
    _HandSelect,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"dh:grp:(?P<pk>\d+):(?P<ver>\d+):(?P<page>\d+)",
):
    """First step of a two-step choice (e.g. a card, then the cell it goes to); values are group numbers."""

    prefix = "grp"

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        await _show_hand(interaction, self.pk, self.version, self.chosen(interaction), 0)


async def _show_hand(
    interaction: discord.Interaction[Any], pk: int, version: int, group: int, page: int
) -> None:
    tables = tables_of(interaction)
    lang = user_lang(interaction)
    rec = await tables.store.get_game(pk)
    stale = rec.version != version
    note = t(lang, "errors.stale") if stale else ""
    payload = await tables.hand(
        rec, interaction.user.id, lang, page=0 if stale else page, group=0 if stale else group, note=note
    )
    await interaction.response.edit_message(**payload.edit_kwargs())


def _pager(view: discord.ui.View, rec: GameRecord, group: int, page: int, pages: int, lang: str) -> None:
    if page > 0:
        view.add_item(PageButton(rec.id, rec.version, group, page - 1, t(lang, "buttons.previous")))
    if page < pages - 1:
        view.add_item(PageButton(rec.id, rec.version, group, page + 1, t(lang, "buttons.next")))


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
    (paged by 25) or, for games that group moves, a select of groups and then the moves of the group."""
    if not legal:
        return None
    view = discord.ui.View(timeout=None)
    quick_keys = {a.key() for a in ui.quick_actions(legal)}
    indexed = [(i, a) for i, a in enumerate(legal) if a.key() not in quick_keys]
    labels = [ui.group_label(a, lang, ctx=ctx) for _, a in indexed]
    groups = list(dict.fromkeys(lbl for lbl in labels if lbl is not None))
    auto_opened = len(groups) == 1
    if auto_opened:
        group = 1  # one group: skip the extra click and show its moves at once, with full labels
    if groups and group == 0:
        pages = max(1, -(-len(groups) // PAGE))
        page = min(max(page, 0), pages - 1)
        options = [
            discord.SelectOption(label=name[:100], value=str(n + 1))
            for n, name in list(enumerate(groups))[page * PAGE : (page + 1) * PAGE]
        ]
        view.add_item(GroupSelect(rec.id, rec.version, page, options, t(lang, "hand.choose_group")[:150]))
        _pager(view, rec, 0, page, pages, lang)
    else:
        if groups and 0 < group <= len(groups):
            chosen = groups[group - 1]
            indexed = [(i, a) for (i, a), lbl in zip(indexed, labels, strict=True) if lbl == chosen]
        pages = max(1, -(-len(indexed) // PAGE))
        page = min(max(page, 0), pages - 1)
        chunk = indexed[page * PAGE : (page + 1) * PAGE]
        if chunk:
            options = [
                discord.SelectOption(
                    label=ui.action_label(a, lang, in_group=bool(groups) and not auto_opened, ctx=ctx)[:100],
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
        if len(groups) > 1:
            view.add_item(PageButton(rec.id, rec.version, 0, 0, t(lang, "buttons.back")))
    for i, a in enumerate(legal):
        if a.key() in quick_keys:
            view.add_item(QuickButton(rec.id, rec.version, i, ui.action_label(a, lang, ctx=ctx)[:80]))
    return view


# -- abort --------------------------------------------------------------------------------------------
class AbortButton(
    _Base,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dh:abort:(?P<op>yes|no):(?P<pk>\d+):(?P<ver>\d+)",
):
    def __init__(self, op: str, pk: int, version: int, label: str = "") -> None:
        self.op, self.pk, self.version = op, pk, version
        style = discord.ButtonStyle.danger if op == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or op, style=style, custom_id=f"dh:abort:{op}:{pk}:{version}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AbortButton:
        return cls(match["op"], int(match["pk"]), int(match["ver"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        tables = tables_of(interaction)
        lang = user_lang(interaction)
        if self.op == "no":
            await interaction.response.edit_message(content=t(lang, "abort.kept"), view=None)
            return
        perms = getattr(interaction.user, "guild_permissions", None)
        rec = await tables.abort(
            self.pk, self.version, interaction.user.id, bool(perms and perms.manage_guild)
        )
        await interaction.response.edit_message(content=t(lang, "abort.done_private"), view=None)
        public = await tables.public_lang(rec.guild_id)
        name = tables.engine(rec).name.get(public)
        await interaction.followup.send(t(public, "abort.done", game=name, user=interaction.user.mention))
        await tables.refresh_lobby(rec)


def abort_view(pk: int, version: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AbortButton("yes", pk, version, t(lang, "buttons.abort_yes")))
    view.add_item(AbortButton("no", pk, version, t(lang, "buttons.abort_no")))
    return view


# -- an AI that could not move ------------------------------------------------------------------------
class AiRetryButton(
    _Base, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dh:airetry:(?P<pk>\d+)"
):
    """Under the notice that an AI seat could not move: the host lets it try again."""

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "retry", style=discord.ButtonStyle.primary, custom_id=f"dh:airetry:{pk}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AiRetryButton:
        return cls(int(match["pk"]))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        perms = getattr(interaction.user, "guild_permissions", None)
        await tables_of(interaction).retry_ai(
            self.pk, interaction.user.id, bool(perms and perms.manage_guild)
        )
        await interaction.response.edit_message(view=None)


def ai_retry_view(pk: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AiRetryButton(pk, t(lang, "buttons.ai_retry")))
    return view


DYNAMIC_ITEMS = (
    LobbyButton,
    HandButton,
    ActSelect,
    QuickButton,
    PageButton,
    GroupSelect,
    AbortButton,
    AiRetryButton,
)
