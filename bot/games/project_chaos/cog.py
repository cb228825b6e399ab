"""``/chaos …``: Project Chaos by slash command, beside the hand's selects and buttons.

- ``/chaos play card:`` plays a card from hand (PC-7 A), or a revealed card during a die-3 resolution (PC-9);
- ``/chaos discard card:`` discards one (PC-7 B, or the die-2 swap);
- ``/chaos place card: [workplace:]`` places one in a workplace of its category (PC-7 C);
- ``/chaos decide choice:`` answers whatever the game waits for: the push-out (pay or keep the tokens), the
  workplace an effect acts on, a vote, a claim.

Each option autocompletes the caller's legal moves of that kind (values ``<version>:<index>`` pick exactly
the move offered, labelled with what it does); typed text is read too (a card's name in either language, as
the hand picture prints it). Every command hands an engine action to the table service
(``GameCommands.act``): the rules decide and refuse with their reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import locale_str

from bot.games import LabelContext
from bot.games.cog import GameCommands, legal_autocomplete, of_type
from bot.games.project_chaos.ui import UI, refusal_params
from bot.games.project_chaos.words import GAME, card_title, workplace_name
from bot.interactions import Interaction
from bot.lookup import fold, typed_card
from engines.core import Action, GameError
from engines.project_chaos.cards import CARDS, CATS, Category
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
from engines.project_chaos.views import PCView

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
    return locale_str(text, key=f"commands.name.{GAME}.{text}")


def _text(english: str, key: str) -> locale_str:
    return locale_str(english, key=f"commands.text.{GAME}.{key}")


WORKPLACES = [
    app_commands.Choice(name=_text("Technology", "tech"), value="tech"),
    app_commands.Choice(name=_text("User", "user"), value="user"),
    app_commands.Choice(name=_text("Management", "mgmt"), value="mgmt"),
]


def card_named(typed: str, cards: list[str]) -> str | None:
    """The card among ``cards`` whose name (either language), id or alias the caller typed."""
    return typed_card(typed, cards, lambda c: (c, CARDS[c].name.en, CARDS[c].name.ja, *CARDS[c].aliases))


@app_commands.guild_only()
class ChaosCog(
    GameCommands,
    group_name=_name("chaos"),
    group_description=_text("Project Chaos: play, discard, place and decide", "group"),
):
    game_id = GAME

    def _view(self, interaction: Interaction) -> PCView:
        pos = self.position(interaction)
        view = pos.engine.view(pos.state, pos.seat)
        assert isinstance(view, PCView)
        return view

    def _card(self, interaction: Interaction, typed: str) -> str:
        """The card the caller typed, among the cards they may act with now: their hand, or the revealed
        cards they are resolving (die 3)."""
        view = self._view(interaction)
        pending = view.pending
        if pending is not None and pending.kind == "forced" and pending.seat == view.seat:
            candidates = list(view.revealed)
        else:
            candidates = [h.id for h in view.hand or []]
        found = card_named(typed, candidates)
        if found is None:
            raise self.refuse("unknown_card", name=typed.strip()[:50])
        return found

    async def _act(self, interaction: Interaction, action: Action) -> None:
        try:
            await self.act(interaction, action)
        except GameError as err:
            if err.game == self.game_id:  # the rules' refusal: its cards and workplaces by name
                err.params = refusal_params(err.params, self.lang(interaction))
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
        if action is None:
            action = Play(card=self._card(interaction, card))
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
            action = Discard(card=self._card(interaction, card))
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
        if action is None:
            found = self._card(interaction, card)
            where: Category
            if workplace is not None:
                where = workplace.value  # type: ignore[assignment]
            elif len(CATS[found]) == 1:
                where = CATS[found][0]
            else:
                lang = self.lang(interaction)
                cats = " / ".join(workplace_name(c, lang) for c in CATS[found])
                raise self.refuse("choose_workplace", card=card_title(found, lang), workplaces=cats)
            action = Place(card=found, workplace=where)
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
        pos = self.position(interaction)
        action = await self.picked(interaction, choice, _DECISION)
        if action is None:  # typed: the answer whose label holds the text
            lang = self.lang(interaction)
            ui = self._ui()
            ctx = LabelContext(pos.engine.view(pos.state, pos.seat), pos.record.names())
            wanted = fold(choice)
            decisions = [a for a in pos.legal() if not isinstance(a, Play | Discard | Place)]
            matches = [a for a in decisions if wanted and wanted in fold(ui.action_label(a, lang, ctx=ctx))]
            if len(matches) != 1:
                raise self.refuse("unknown_choice", text=choice.strip()[:50])
            action = matches[0]
        await self._act(interaction, action)

    decide.autocomplete("choice")(_decide_choices)

    def _ui(self) -> UI:
        from bot.games import ui_for

        ui = ui_for(GAME)
        assert isinstance(ui, UI)
        return ui


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(ChaosCog(bot))
