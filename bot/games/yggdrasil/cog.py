"""``/tree …``: The Yggdrasil by slash command, beside the hand's selects and buttons.

``/tree place card: cell:`` suggests only cards that fit somewhere, then only the cells that card fits;
``/tree invade target:`` the invasions the engine offers now; ``/tree discard card:`` only when nothing fits.
What a player types by hand (a card's number or name, a cell such as "c4") is put in the command's phrase of
the engine's notation ("{card} {cell}", "invade {target}", "discard {card}") and read by ``engine.notation``,
which refuses it as unreadable, illegal now (with the rules' reason: no such card in hand, no such cell) or
ambiguous; every command hands an engine action to the table service (``GameCommands.act``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import locale_str as _

from bot.errors import UserError, user_lang
from bot.games.cog import GameCommands, legal_autocomplete, of_type
from bot.games.yggdrasil.ui import GAME, UI
from bot.interactions import Interaction
from bot.lookup import fold
from bot.table.slash import Position, caller_position
from engines.yggdrasil.models import Discard, Invade, Place, YggView
from engines.yggdrasil.notation import PHRASES, card_name, parse_hand_card

if TYPE_CHECKING:
    from bot.client import Deckhand


# What each command makes: its autocomplete offers these moves, and a pick of any other move is refused.
_PLACE = of_type(Place)
_INVADE = of_type(Invade)
_DISCARD = of_type(Discard)
_INVASIONS = legal_autocomplete(_INVADE)
_DISCARDS = legal_autocomplete(_DISCARD)


def seat_view(pos: Position) -> YggView:
    """The caller's own view: their hand, the field and what the game waits for."""
    view = pos.engine.view(pos.state, pos.seat)
    assert isinstance(view, YggView)
    return view


def _matches(needle: str, *texts: str) -> bool:
    folded = fold(needle)
    return not folded or any(folded in fold(text) for text in texts)


class TreeCog(
    GameCommands, group_name="tree", group_description="Play The Yggdrasil: place cards and invade"
):
    game_id = GAME

    async def interaction_check(self, interaction: Interaction) -> bool:
        """The base's channel check, with its refusal ("no game here", "another game") answered like any
        other. discord.py hands only ``AppCommandError`` from a check to the tree's error funnel; anything
        else escapes and the player gets no answer at all, so the refusal travels wrapped as the command's
        own error (``bot.errors.message_for`` words the cause)."""
        try:
            return await super().interaction_check(interaction)
        except UserError as err:
            command = interaction.command
            assert isinstance(command, app_commands.Command)
            raise app_commands.CommandInvokeError(command, err) from err

    def _ui(self, pos: Position) -> UI:
        ui = self.tables.ui(pos.record)
        assert isinstance(ui, UI)
        return ui

    # -- /tree place ----------------------------------------------------------------------------------
    async def _place_cards(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Cards in hand that fit somewhere now, as numbered on the hand picture, with their cells."""
        pos = await caller_position(interaction, self.game_id)
        if pos is None:
            return []
        view = seat_view(pos)
        lang = user_lang(interaction)
        other = "ja" if lang == "en" else "en"
        ui = self._ui(pos)
        cells: dict[str, list[str]] = {}
        for action in pos.legal():
            if isinstance(action, Place):
                cells.setdefault(action.card, []).append(action.cell)
        out = []
        for slot, held in enumerate(view.hand or [], start=1):
            where = cells.get(held.id)
            if not where:
                continue
            label = ui.card_cells_label(held.face.kind, slot, where, lang)
            if _matches(current, label, card_name(held.face.kind, other)):
                out.append(app_commands.Choice(name=label[:100], value=held.id))
        return out[:25]

    async def _place_cells(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The cells the chosen card fits, labelled like the picture ("C4")."""
        pos = await caller_position(interaction, self.game_id)
        if pos is None:
            return []
        chosen = interaction.namespace.card
        held = parse_hand_card(str(chosen), seat_view(pos).hand or []) if chosen else None
        cells = [a.cell for a in pos.legal() if isinstance(a, Place) and (held is None or a.card == held.id)]
        return [app_commands.Choice(name=c, value=c) for c in dict.fromkeys(cells) if _matches(current, c)][
            :25
        ]

    @app_commands.command(name=_("place"), description=_("Place a card from your hand on a cell"))
    @app_commands.describe(
        card=_("A card in your hand that fits somewhere"), cell=_("Cell as labelled on the picture, e.g. C4")
    )
    @app_commands.guild_only()
    async def place(self, interaction: Interaction, card: str, cell: str) -> None:
        # The card option's suggestions are card ids, which the notation reads as that card (YG-5).
        await self.act(
            interaction, self.typed_phrase(interaction, PHRASES["place"], _PLACE, card=card, cell=cell)
        )

    place.autocomplete("card")(_place_cards)
    place.autocomplete("cell")(_place_cells)

    # -- /tree invade ---------------------------------------------------------------------------------
    # discord.py passes the cog to an autocomplete only when the callback is defined in a class body, which
    # the function ``legal_autocomplete`` returns is not: a method here hands it the cog.
    async def _invade_targets(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The invasions the engine offers now, worded from the caller's view."""
        return await _INVASIONS(self, interaction, current)

    @app_commands.command(name=_("invade"), description=_("Invade an opponent card your new card points at"))
    @app_commands.describe(target=_("The opponent card to invade"))
    @app_commands.guild_only()
    async def invade(self, interaction: Interaction, target: str) -> None:
        self.position(interaction)  # a lobby, an onlooker: refused before reading anything
        action = await self.picked(interaction, target, _INVADE)
        if action is None:  # typed by hand: a cell name such as "D5"
            action = self.typed_phrase(interaction, PHRASES["invade"], _INVADE, target=target)
        await self.act(interaction, action)

    invade.autocomplete("target")(_invade_targets)

    # -- /tree discard --------------------------------------------------------------------------------
    async def _discard_cards(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Offered only when the engine offers discard-and-draw (no card in hand fits anywhere)."""
        return await _DISCARDS(self, interaction, current)

    @app_commands.command(
        name=_("discard"), description=_("Discard a card and draw one (only when no card fits)")
    )
    @app_commands.describe(card=_("The card to discard"))
    @app_commands.guild_only()
    async def discard(self, interaction: Interaction, card: str) -> None:
        self.position(interaction)
        action = await self.picked(interaction, card, _DISCARD)
        if action is None:  # typed by hand: a name or the number on the hand picture
            action = self.typed_phrase(interaction, PHRASES["discard"], _DISCARD, card=card)
        await self.act(interaction, action)

    discard.autocomplete("card")(_discard_cards)


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(TreeCog(bot))
