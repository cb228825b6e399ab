"""``/cloud …``: the AWS Deckbuilding Game by slash command, beside the hand's select and buttons.

- ``/cloud draft card:`` takes a face-up card with a TCO cost for free (AD-8, the draft);
- ``/cloud effects [choice:]`` applies every offered effect (the default) or applies / declines one (AD-9);
- ``/cloud buy card:`` buys a face-up service card or the top W-A card (AD-10);
- ``/cloud retire card:`` removes an on-premises card from the game at the end of the turn (AD-12);
- ``/cloud end`` ends the turn (while the turn waits for a retirement: keeps every on-premises card);
- ``/cloud reshuffle`` proposes a marketplace reshuffle and ``/cloud vote answer:`` answers one (AD-14).

Each card option autocompletes the caller's legal moves of that kind (values ``<version>:<index>`` pick
exactly the move offered, labelled with the cost in its currency and what the card gives); a typed name is
read too (either language, with or without "Amazon"/"AWS", an alias such as "ASG" or "W-A"). Every command
hands an engine action to the table service (``GameCommands.act``): the rules decide and refuse with
their reason, worded with card names.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import locale_str

from bot.games.aws_deckbuilding.ui import GAME, refusal_params
from bot.games.cog import GameCommands, legal_autocomplete, of_type
from bot.interactions import Interaction
from bot.lookup import card_keys, fold, typed_card
from bot.table.slash import Position
from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import key_of
from engines.aws_deckbuilding.models import (
    ADState,
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
from engines.aws_deckbuilding.play import acting_seat
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
    return locale_str(text, key=f"commands.name.{GAME}.{text}")


def _text(english: str, key: str) -> locale_str:
    return locale_str(english, key=f"commands.text.{GAME}.{key}")


ANSWERS = [
    app_commands.Choice(name=_text("Yes: reshuffle the marketplace", "yes"), value="yes"),
    app_commands.Choice(name=_text("No: keep the marketplace", "no"), value="no"),
]


#: what ``/cloud effects choice:`` may say for "take them all"
ALL = frozenset(fold(w) for w in ("all", "全部", "すべて", "全て"))


@cache
def aliases() -> dict[str, frozenset[str]]:
    """Card kind -> every way to write it, folded: id, names in both languages, short names, aliases."""
    out = {}
    for info in ENGINE.cards():
        names = set(card_keys(info))
        if info.id.startswith("wa-"):
            names |= {"W-A", "WA", "Well-Architected"}
        out[info.id] = frozenset(fold(n) for n in names)
    return out


def card_named(typed: str, cards: list[str]) -> str | None:
    """The card among ``cards`` (instance ids) whose name the caller typed, told apart by kind."""
    table = aliases()
    return typed_card(typed, cards, lambda c: table.get(key_of(c), frozenset()), kind=key_of)


@app_commands.guild_only()
class CloudCog(
    GameCommands,
    group_name=_name("cloud"),
    group_description=_text("AWS Deckbuilding Game: draft, buy, retire, end your turn", "group"),
):
    game_id = GAME

    async def _act(self, interaction: Interaction, action: Action) -> None:
        try:
            await self.act(interaction, action)
        except GameError as err:
            if err.game == self.game_id:  # the rules' refusal: its cards, currency and proposer by name
                names = self.record(interaction).names()
                err.params = refusal_params(err.params, self.lang(interaction), names)
            raise

    def _typed(self, pos: Position, typed: str, kind: type[Draft | Buy | Retire], refusal: str) -> Action:
        """The move of ``kind`` whose card the caller typed, among the legal ones; refused (with what
        they typed) when none or several match."""
        moves = [a for a in pos.legal() if isinstance(a, kind)]
        assert isinstance(pos.state, ADState)
        if not moves and acting_seat(pos.state) != pos.seat:
            # Nothing of this kind because it is someone else's turn: say that, not "no such card".
            raise self.refuse("not_your_turn")
        found = card_named(typed, [a.card for a in moves])
        if found is None:
            raise self.refuse(refusal, name=typed.strip()[:50])
        return next(a for a in moves if a.card == found)

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
        pos = self.position(interaction)  # a lobby, an onlooker: refused before reading anything
        action = await self.picked(interaction, card, _DRAFT)
        if action is None:
            action = self._typed(pos, card, Draft, "no_such_pick")
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
        if action is None:
            if choice and fold(choice) not in ALL:
                raise self.refuse("no_such_effect", text=choice.strip()[:50])
            action = ApplyEffects()
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
        pos = self.position(interaction)
        action = await self.picked(interaction, card, _BUY)
        if action is None:
            action = self._typed(pos, card, Buy, "no_such_buy")
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
        pos = self.position(interaction)
        action = await self.picked(interaction, card, _RETIRE)
        if action is None:
            action = self._typed(pos, card, Retire, "no_such_retire")
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
