"""``/tree …``: The Yggdrasil by slash command, beside the hand's selects and buttons.

``/tree place card: cell:`` suggests only cards that fit somewhere, then only the cells that card fits;
``/tree invade target:`` the invasions the engine offers now; ``/tree discard card:`` only when nothing fits.
Every command resolves to an engine action and goes through the table service
(``bot.table.slash.act_and_show_hand``); the rules decide, this module only translates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.errors import UserError, user_lang
from bot.games import ui_for
from bot.games.yggdrasil.ui import GAME, UI
from bot.store import GameRecord
from bot.table.slash import act_and_show_hand, game_for, legal_choices, resolve_pick
from engines.core import Action
from engines.yggdrasil.models import Discard, Invade, Place, YggView

if TYPE_CHECKING:
    from bot.client import Deckhand


def _ui() -> UI:
    ui = ui_for(GAME)
    assert isinstance(ui, UI)
    return ui


def _refuse(code: str, **params: Any) -> UserError:
    """A refusal worded by ``errors.yggdrasil.<code>``."""
    error = UserError(code, **params)
    error.game = GAME
    return error


class Seat:
    """The caller's seat in the channel's game: its own view (hand) and its legal actions right now."""

    def __init__(self, rec: GameRecord, seat: str, view: YggView, legal: list[Action]) -> None:
        self.rec, self.seat, self.view, self.legal = rec, seat, view, legal

    def card_id(self, text: str) -> str | None:
        """A card in hand from an autocomplete value (its id), its number on the hand picture, or its name
        in either language (exact first, then a unique partial match)."""
        hand = self.view.hand or []
        typed = text.strip()
        if any(c.id == typed for c in hand):
            return typed
        if typed.isdigit() and 1 <= int(typed) <= len(hand):
            return hand[int(typed) - 1].id
        folded = typed.casefold()
        if not folded:
            return None
        exact = [c.id for c in hand if folded in (c.face.name.en.casefold(), c.face.name.ja.casefold())]
        if exact:
            return exact[0]
        partial = [c.id for c in hand if folded in f"{c.face.name.en} {c.face.name.ja}".casefold()]
        return partial[0] if len({self._kind(c) for c in partial}) == 1 else None

    def _kind(self, card_id: str) -> str:
        return next(c.face.kind for c in self.view.hand or [] if c.id == card_id)


async def _seat(interaction: discord.Interaction[Any]) -> Seat:
    """The caller's seat; refusals (no game here, another game, not playing) raise ``UserError``."""
    client: Deckhand = interaction.client
    tables = client.tables
    rec = await game_for(interaction, GAME)
    mine = rec.seat_of(interaction.user.id)
    if mine is None or not mine.seat:
        raise UserError("not_in_game")
    engine = tables.engine(rec)
    state = tables.state(rec)
    view = engine.view(state, mine.seat)
    assert isinstance(view, YggView)
    return Seat(rec, mine.seat, view, engine.legal_actions(state, mine.seat))


async def _seat_or_none(interaction: discord.Interaction[Any]) -> Seat | None:
    try:
        return await _seat(interaction)
    except UserError:
        return None


def _matches(needle: str, *texts: str) -> bool:
    folded = needle.casefold().strip()
    return not folded or any(folded in text.casefold() for text in texts)


class TreeCog(
    commands.GroupCog, group_name="tree", group_description="Play The Yggdrasil: place cards and invade"
):
    def __init__(self, bot: Deckhand) -> None:
        self.bot = bot
        super().__init__()

    # -- /tree place ----------------------------------------------------------------------------------
    async def _place_cards(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Cards in hand that fit somewhere now, as numbered on the hand picture, with their cells."""
        me = await _seat_or_none(interaction)
        if me is None:
            return []
        lang = user_lang(interaction)
        ui = _ui()
        cells: dict[str, list[str]] = {}
        for action in me.legal:
            if isinstance(action, Place):
                cells.setdefault(action.card, []).append(action.cell)
        out = []
        for slot, held in enumerate(me.view.hand or [], start=1):
            where = cells.get(held.id)
            if not where:
                continue
            label = f"{ui.card_label(held.face.kind, lang, slot)} → {' '.join(where)}"
            other = ui.kind_name(held.face.kind, "ja" if lang == "en" else "en")
            if _matches(current, label, other):
                out.append(app_commands.Choice(name=label[:100], value=held.id))
        return out[:25]

    async def _place_cells(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The cells the chosen card fits, labelled like the picture ("C4")."""
        me = await _seat_or_none(interaction)
        if me is None:
            return []
        chosen = getattr(interaction.namespace, "card", None)
        card_id = me.card_id(str(chosen)) if chosen else None
        cells = [a.cell for a in me.legal if isinstance(a, Place) and (card_id is None or a.card == card_id)]
        unique = list(dict.fromkeys(cells))
        return [app_commands.Choice(name=c, value=c) for c in unique if _matches(current, c)][:25]

    @app_commands.command(name=_("place"), description=_("Place a card from your hand on a cell"))
    @app_commands.describe(
        card=_("A card in your hand that fits somewhere"), cell=_("Cell as labelled on the picture, e.g. C4")
    )
    @app_commands.guild_only()
    async def place(self, interaction: discord.Interaction[Any], card: str, cell: str) -> None:
        me = await _seat(interaction)
        card_id = me.card_id(card)
        if card_id is None:
            raise _refuse("unknown_card", name=card)
        cell = cell.strip().upper()
        # The legal action when there is one; otherwise the engine refuses with the exact reason.
        action = next(
            (a for a in me.legal if isinstance(a, Place) and a.card == card_id and a.cell == cell),
            Place(card=card_id, cell=cell),
        )
        await act_and_show_hand(interaction, me.rec, action)

    place.autocomplete("card")(_place_cards)
    place.autocomplete("cell")(_place_cells)

    # -- /tree invade ---------------------------------------------------------------------------------
    async def _invade_targets(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_choices(interaction, GAME, current, lambda a: isinstance(a, Invade))

    @app_commands.command(name=_("invade"), description=_("Invade an opponent card your new card points at"))
    @app_commands.describe(target=_("The opponent card to invade"))
    @app_commands.guild_only()
    async def invade(self, interaction: discord.Interaction[Any], target: str) -> None:
        rec = await game_for(interaction, GAME)
        action = await resolve_pick(interaction, rec, target)
        if action is None:  # typed by hand: a cell name such as "D5"
            action = Invade(target=target.strip().upper())
        if not isinstance(action, Invade):
            raise UserError("action_gone")
        await act_and_show_hand(interaction, rec, action)

    invade.autocomplete("target")(_invade_targets)

    # -- /tree discard --------------------------------------------------------------------------------
    async def _discard_cards(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Offered only when the engine offers discard-and-draw (no card in hand fits anywhere)."""
        return await legal_choices(interaction, GAME, current, lambda a: isinstance(a, Discard))

    @app_commands.command(
        name=_("discard"), description=_("Discard a card and draw one (only when no card fits)")
    )
    @app_commands.describe(card=_("The card to discard"))
    @app_commands.guild_only()
    async def discard(self, interaction: discord.Interaction[Any], card: str) -> None:
        rec = await game_for(interaction, GAME)
        action = await resolve_pick(interaction, rec, card)
        if action is None:  # typed by hand: a name or the number on the hand picture
            me = await _seat(interaction)
            card_id = me.card_id(card)
            if card_id is None:
                raise _refuse("unknown_card", name=card)
            action = Discard(card=card_id)
        if not isinstance(action, Discard):
            raise UserError("action_gone")
        await act_and_show_hand(interaction, rec, action)

    discard.autocomplete("card")(_discard_cards)


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(TreeCog(bot))
