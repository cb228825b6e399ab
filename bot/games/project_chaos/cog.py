"""``/chaos …``: Project Chaos by slash command, beside the hand's selects and buttons.

- ``/chaos play card:`` plays a card from hand (PC-7 A), or a revealed card during a die-3 resolution (PC-9);
- ``/chaos discard card:`` discards one (PC-7 B, or the die-2 swap);
- ``/chaos place card: [workplace:]`` places one in a workplace of its category (PC-7 C);
- ``/chaos decide choice:`` answers whatever the game waits for: the push-out (pay or keep the tokens), the
  workplace an effect acts on, a vote, a claim.

Each option autocompletes the caller's legal moves of that kind (values ``<version>:<index>`` pick exactly
the move offered, labelled with what it does); typed text is read too, put in the command's phrase of the
engine's notation ("play {card}", "place {card} in {workplace}") and read by ``engine.notation`` (a card's
name in either language, an alias, a part of one name; ``/chaos decide`` reads the answer as written: "pay",
"Technology", "vote yes" …). Every command hands an engine action to the table service
(``GameCommands.act``): the rules decide and refuse with their reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import locale_str

from bot.games.cog import GameCommands, legal_autocomplete, of_type
from bot.games.project_chaos.ui import refusal_params
from bot.games.project_chaos.words import GAME
from bot.interactions import Interaction
from engines.core import Action, GameError
from engines.project_chaos.models import (
    CastVote,
    Discard,
    MakeClaim,
    NoClaim,
    NoPay,
    Pay,
    Pick,
    Place,
    Play,
)
from engines.project_chaos.notation import PHRASES

if TYPE_CHECKING:
    from bot.client import Deckhand

# What each command makes: its autocomplete offers these moves, and a pick of any other move is refused.
_PLAY = of_type(Play)
_DISCARD = of_type(Discard)
_PLACE = of_type(Place)
_DECISION = of_type(Pay, NoPay, Pick, CastVote, MakeClaim, NoClaim)
_PLAYS = legal_autocomplete(_PLAY)
_DISCARDS = legal_autocomplete(_DISCARD)
_PLACES = legal_autocomplete(_PLACE)
_DECISIONS = legal_autocomplete(_DECISION)


def _name(text: str) -> locale_str:
    return locale_str(text, key=f"{GAME}.commands.name.{text}")


def _text(english: str, key: str) -> locale_str:
    return locale_str(english, key=f"{GAME}.commands.text.{key}")


WORKPLACES = [
    app_commands.Choice(name=_text("Technology", "tech"), value="tech"),
    app_commands.Choice(name=_text("User", "user"), value="user"),
    app_commands.Choice(name=_text("Management", "mgmt"), value="mgmt"),
]


@app_commands.guild_only()
class ChaosCog(
    GameCommands,
    group_name=_name("chaos"),
    group_description=_text("Project Chaos: play, discard, place and decide", "group"),
):
    game_id = GAME

    def reword(self, interaction: Interaction, refusal: GameError) -> None:
        """The rules' refusal with its cards and workplaces by name."""
        if refusal.game == self.game_id:
            refusal.params = refusal_params(refusal.params, self.lang(interaction))

    async def _act(self, interaction: Interaction, action: Action) -> None:
        try:
            await self.act(interaction, action)
        except GameError as err:
            self.reword(interaction, err)
            raise

    # discord.py hands the cog to an autocomplete only when the callback is defined in a class body, which
    # the function ``legal_autocomplete`` returns is not: these methods hand it the cog.
    async def _play_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _PLAYS(self, interaction, current)

    async def _discard_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _DISCARDS(self, interaction, current)

    async def _place_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _PLACES(self, interaction, current)

    async def _decide_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _DECISIONS(self, interaction, current)

    # -- /chaos play --------------------------------------------------------------------------------
    @app_commands.command(
        name=_name("play"), description=_text("Play a card's effect, then discard it", "play")
    )
    @app_commands.describe(card=_text("A card with a play effect (in hand, or revealed by the die)", "card"))
    @app_commands.rename(card=_name("card"))
    async def play(self, interaction: Interaction, card: str) -> None:
        self.position(interaction)  # a lobby, an onlooker: refused before reading anything
        action = await self.picked(interaction, card, _PLAY)
        if action is None:  # a card in hand, or one revealed by the die (PC-9)
            action = self.typed_phrase(interaction, PHRASES["play"], _PLAY, card=card)
        await self._act(interaction, action)

    play.autocomplete("card")(_play_choices)

    # -- /chaos discard -----------------------------------------------------------------------------
    @app_commands.command(
        name=_name("discard"), description=_text("Discard a card from your hand", "discard")
    )
    @app_commands.describe(card=_text("The card to discard", "discard_card"))
    @app_commands.rename(card=_name("card"))
    async def discard(self, interaction: Interaction, card: str) -> None:
        self.position(interaction)
        action = await self.picked(interaction, card, _DISCARD)
        if action is None:
            action = self.typed_phrase(interaction, PHRASES["discard"], _DISCARD, card=card)
        await self._act(interaction, action)

    discard.autocomplete("card")(_discard_choices)

    # -- /chaos place -------------------------------------------------------------------------------
    @app_commands.command(
        name=_name("place"), description=_text("Place a card in a workplace of its category", "place")
    )
    @app_commands.describe(
        card=_text("The card and the workplace (pick one of the suggestions)", "place_card"),
        workplace=_text("The workplace, when you typed a card of two categories", "workplace"),
    )
    @app_commands.rename(card=_name("card"), workplace=_name("workplace"))
    @app_commands.choices(workplace=WORKPLACES)
    async def place(
        self,
        interaction: Interaction,
        card: str,
        workplace: app_commands.Choice[str] | None = None,
    ) -> None:
        self.position(interaction)
        action = await self.picked(interaction, card, _PLACE)
        if action is None:  # without a workplace: the card's one open workplace, else ambiguous (PC-7 C)
            if workplace is None:
                action = self.typed_phrase(interaction, PHRASES["place_anywhere"], _PLACE, card=card)
            else:
                where = workplace.value
                action = self.typed_phrase(interaction, PHRASES["place"], _PLACE, card=card, workplace=where)
        await self._act(interaction, action)

    place.autocomplete("card")(_place_choices)

    # -- /chaos decide ------------------------------------------------------------------------------
    @app_commands.command(
        name=_name("decide"),
        description=_text("Answer what the game waits for: push-out, target, vote or claim", "decide"),
    )
    @app_commands.describe(choice=_text("Your answer (pick one of the suggestions)", "choice"))
    @app_commands.rename(choice=_name("choice"))
    async def decide(self, interaction: Interaction, choice: str) -> None:
        self.position(interaction)
        action = await self.picked(interaction, choice, _DECISION)
        if action is None:  # typed: the answer as the notation writes it ("pay", "Technology", "vote yes")
            action = self.typed_move(interaction, choice, _DECISION)
        await self._act(interaction, action)

    decide.autocomplete("choice")(_decide_choices)


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(ChaosCog(bot))
