"""``/cloud …``: the AWS Deckbuilding Game by slash command, beside the hand's select and buttons.

- ``/cloud draft card:`` takes a face-up card with a TCO cost for free (AD-8, the draft);
- ``/cloud effects [choice:]`` applies every offered effect (the default) or applies / declines one (AD-9);
- ``/cloud buy card:`` buys a face-up service card or the top W-A card (AD-10);
- ``/cloud retire card:`` removes an on-premises card from the game at the end of the turn (AD-12);
- ``/cloud end`` ends the turn (while the turn waits for a retirement: keeps every on-premises card);
- ``/cloud reshuffle`` proposes a marketplace reshuffle and ``/cloud vote answer:`` answers one (AD-14).

Each card option autocompletes the caller's legal moves of that kind (values ``<version>:<index>`` pick
exactly the move offered, labelled with the cost in its currency and what the card gives); a typed name is
read too, put in the command's phrase of the engine's notation ("buy {card}") and read by
``engine.notation`` (either language, with or without "Amazon"/"AWS", an alias such as "ASG" or "W-A", a
part of one name). Every command hands an engine action to the table service (``GameCommands.act``): the
rules decide and refuse with their reason, worded with card names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import locale_str

from bot.games.aws_deckbuilding.ui import GAME, refusal_params
from bot.games.cog import GameCommands, legal_autocomplete, of_type
from bot.interactions import Interaction
from engines.aws_deckbuilding.models import (
    ApplyEffect,
    ApplyEffects,
    Buy,
    DeclineEffect,
    Draft,
    EndTurn,
    KeepOnprem,
    ProposeReshuffle,
    Retire,
    Vote,
)
from engines.aws_deckbuilding.notation import PHRASES
from engines.core import Action, GameError

if TYPE_CHECKING:
    from bot.client import Deckhand

# What each command makes: its autocomplete offers these moves, and a pick of any other move is refused.
_DRAFT = of_type(Draft)
_EFFECT = of_type(ApplyEffects, ApplyEffect, DeclineEffect)
_BUY = of_type(Buy)
_RETIRE = of_type(Retire, KeepOnprem)
_DRAFTS = legal_autocomplete(_DRAFT)
_EFFECTS = legal_autocomplete(_EFFECT)
_BUYS = legal_autocomplete(_BUY)
_RETIRES = legal_autocomplete(_RETIRE)


def _name(text: str) -> locale_str:
    return locale_str(text, key=f"{GAME}.commands.name.{text}")


def _text(english: str, key: str) -> locale_str:
    return locale_str(english, key=f"{GAME}.commands.text.{key}")


ANSWERS = [
    app_commands.Choice(name=_text("Yes: reshuffle the marketplace", "yes"), value="yes"),
    app_commands.Choice(name=_text("No: keep the marketplace", "no"), value="no"),
]


@app_commands.guild_only()
class CloudCog(
    GameCommands,
    group_name=_name("cloud"),
    group_description=_text("AWS Deckbuilding Game: draft, buy, retire, end your turn", "group"),
):
    game_id = GAME

    def reword(self, interaction: Interaction, refusal: GameError) -> None:
        """The rules' refusal with its cards, currency and proposer by name."""
        if refusal.game == self.game_id:
            names = self.record(interaction).names()
            refusal.params = refusal_params(refusal.params, self.lang(interaction), names)

    async def _act(self, interaction: Interaction, action: Action) -> None:
        try:
            await self.act(interaction, action)
        except GameError as err:
            self.reword(interaction, err)
            raise

    # discord.py hands the cog to an autocomplete only when the callback is defined in a class body, which
    # the function ``legal_autocomplete`` returns is not: these methods hand it the cog.
    async def _draft_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _DRAFTS(self, interaction, current)

    async def _effect_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _EFFECTS(self, interaction, current)

    async def _buy_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _BUYS(self, interaction, current)

    async def _retire_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _RETIRES(self, interaction, current)

    # -- /cloud draft ---------------------------------------------------------------------------------------
    @app_commands.command(
        name=_name("draft"), description=_text("Welcome to the cloud: take a TCO-cost card for free", "draft")
    )
    @app_commands.describe(card=_text("A face-up card with a TCO (black) cost", "draft_card"))
    @app_commands.rename(card=_name("card"))
    async def draft(self, interaction: Interaction, card: str) -> None:
        self.position(interaction)  # a lobby, an onlooker: refused before reading anything
        action = await self.picked(interaction, card, _DRAFT)
        if action is None:
            action = self.typed_phrase(interaction, PHRASES["draft"], _DRAFT, card=card)
        await self._act(interaction, action)

    draft.autocomplete("card")(_draft_choices)

    # -- /cloud effects -------------------------------------------------------------------------------------
    @app_commands.command(
        name=_name("effects"),
        description=_text("Take all offered effects, or apply or decline one", "effects"),
    )
    @app_commands.describe(choice=_text("One effect to apply or decline (empty: take them all)", "choice"))
    @app_commands.rename(choice=_name("choice"))
    async def effects(self, interaction: Interaction, choice: str | None = None) -> None:
        self.position(interaction)
        action = await self.picked(interaction, choice, _EFFECT) if choice else None
        if action is None:  # typed: "all", or an effect as the notation writes it ("apply S3 primary")
            action = self.typed_move(interaction, choice, _EFFECT) if choice else ApplyEffects()
        await self._act(interaction, action)

    effects.autocomplete("choice")(_effect_choices)

    # -- /cloud buy -----------------------------------------------------------------------------------------
    @app_commands.command(
        name=_name("buy"),
        description=_text("Buy a face-up service card or the top W-A card", "buy"),
    )
    @app_commands.describe(card=_text("What to buy: TCO pays black costs, AWSome orange ones", "buy_card"))
    @app_commands.rename(card=_name("card"))
    async def buy(self, interaction: Interaction, card: str) -> None:
        self.position(interaction)
        action = await self.picked(interaction, card, _BUY)
        if action is None:
            action = self.typed_phrase(interaction, PHRASES["buy"], _BUY, card=card)
        await self._act(interaction, action)

    buy.autocomplete("card")(_buy_choices)

    # -- /cloud retire --------------------------------------------------------------------------------------
    @app_commands.command(
        name=_name("retire"),
        description=_text("End of your turn: remove an on-premises card from the game", "retire"),
    )
    @app_commands.describe(card=_text("The on-premises card in your hand to remove", "retire_card"))
    @app_commands.rename(card=_name("card"))
    async def retire(self, interaction: Interaction, card: str) -> None:
        self.position(interaction)
        action = await self.picked(interaction, card, _RETIRE)
        if action is None:
            action = self.typed_phrase(interaction, PHRASES["retire"], _RETIRE, card=card)
        await self._act(interaction, action)

    retire.autocomplete("card")(_retire_choices)

    # -- /cloud end -----------------------------------------------------------------------------------------
    @app_commands.command(name=_name("end"), description=_text("End your turn (buy nothing more)", "end"))
    async def end(self, interaction: Interaction) -> None:
        pos = self.position(interaction)
        # While the turn waits for the AD-12 retirement, ending it means keeping every on-premises card.
        keeping = any(isinstance(a, KeepOnprem) for a in pos.legal())
        await self._act(interaction, KeepOnprem() if keeping else EndTurn())

    # -- /cloud reshuffle and /cloud vote ------------------------------------------------------------
    @app_commands.command(
        name=_name("reshuffle"),
        description=_text("Propose reshuffling the marketplace (every player votes)", "reshuffle"),
    )
    async def reshuffle(self, interaction: Interaction) -> None:
        self.position(interaction)
        await self._act(interaction, ProposeReshuffle())

    @app_commands.command(
        name=_name("vote"), description=_text("Answer a proposed marketplace reshuffle", "vote")
    )
    @app_commands.describe(answer=_text("Reshuffle the marketplace, or keep it", "answer"))
    @app_commands.rename(answer=_name("answer"))
    @app_commands.choices(answer=ANSWERS)
    async def vote(self, interaction: Interaction, answer: app_commands.Choice[str]) -> None:
        self.position(interaction)
        await self._act(interaction, Vote(agree=answer.value == "yes"))


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(CloudCog(bot))
