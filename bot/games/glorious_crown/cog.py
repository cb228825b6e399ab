"""``/crown play cards:`` and ``/crown pass``: Glorious Crown for typists.

``cards`` autocompletes the caller's legal moves (plays, or the 7-trade / 10-discard choices when the game
waits for them); typed text such as ``S7 H7`` or ``7♠ 7♥`` is read by the engine's notation
(``engine.notation``: a group of cards is the play, gift, answer or discard asked for now; "pass" passes or
keeps the cards), which refuses it as unreadable (naming the piece, with the closest card names), illegal
now (with the rules' reason) or ambiguous.
Every move goes through the table service (``GameCommands.act``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import locale_str

from bot.errors import user_lang
from bot.games import LabelContext
from bot.games.cog import GameCommands
from bot.games.glorious_crown.ui import NS, refusal_params, suggestions_text
from bot.interactions import Interaction
from bot.lookup import fold
from bot.table.slash import caller_position
from engines.core import Action, GameError, UnreadableMove
from engines.glorious_crown.models import Answer, Decline, Discard, GCView, Give, Pass, Play
from engines.glorious_crown.notation import UnreadableCards, parse_cards

if TYPE_CHECKING:
    from bot.client import Deckhand


def _name(text: str) -> locale_str:
    return locale_str(text, key=f"{NS}.commands.name.{text}")


def _text(english: str, key: str) -> locale_str:
    return locale_str(english, key=f"{NS}.commands.text.{key}")


def _cards_of(action: Action) -> list[str]:
    match action:
        case Play(cards=cards) | Give(cards=cards) | Answer(cards=cards):
            return list(cards)
        case Discard(card=card):
            return [card]
    return []


def _PLAY(action: Action) -> bool:
    """What ``/crown play`` makes (what its autocomplete offers): every move but Pass (``/crown pass``)."""
    return not isinstance(action, Pass)


@app_commands.guild_only()
class CrownCog(
    GameCommands,
    group_name=_name("crown"),
    group_description=_text("Glorious Crown: play and pass by typing", "group"),
):
    game_id = "glorious-crown"

    def reword(self, interaction: Interaction, refusal: GameError) -> None:
        """The rules' refusals with their cards and counts worded for the player; an unreadable text with
        the piece that is no card and the closest card names ("did you mean Joker?")."""
        lang = self.lang(interaction)
        if isinstance(refusal, UnreadableMove):
            refusal.params.setdefault("piece", refusal.text)
            suggestions = refusal.params.get("suggestions") or ()
            refusal.params["suggestions"] = suggestions_text(suggestions, lang) if suggestions else ""
        elif refusal.game == self.game_id:
            refusal.params = refusal_params(refusal.params, lang)

    async def _act(self, interaction: Interaction, action: Action) -> None:
        try:
            await self.act(interaction, action)
        except GameError as err:
            self.reword(interaction, err)
            raise

    # -- /crown play ------------------------------------------------------------------------------
    async def _moves(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal moves (Pass has its own command), narrowed by what they typed: card names
        in any spelling ("S7", "7♠", "スペード7") keep the moves that use those cards; other text matches
        the label."""
        pos = await caller_position(interaction, self.game_id)
        if pos is None:
            return []
        rec = pos.record
        view = pos.engine.view(pos.state, pos.seat)
        assert isinstance(view, GCView)
        lang = user_lang(interaction)
        ui = self.tables.ui(rec)
        ctx = LabelContext(view, rec.names())
        wanted: list[str] | None
        try:
            wanted = parse_cards(current, [c.id for c in view.hand or []]) if current.strip() else []
        except UnreadableCards:
            wanted = None
        needle = fold(current)
        out = []
        for i, action in enumerate(pos.legal()):
            if not _PLAY(action):
                continue
            label = ui.action_label(action, lang, ctx=ctx)
            used = _cards_of(action)
            if wanted is not None:
                if not all(used.count(c) >= wanted.count(c) for c in set(wanted)):
                    continue
            elif needle not in fold(label) and needle not in fold("".join(used)):
                continue  # half-typed: "S" or "s7 h" still finds S7 H7
            out.append(app_commands.Choice(name=label[:100], value=f"{rec.version}:{i}"))
        return out[:25]

    @app_commands.command(
        name=_name("play"),
        description=_text("Play cards (pick from the list, or type them like S7 H7)", "play"),
    )
    @app_commands.describe(cards=_text("The cards to play, e.g. 7♠ 7♥ or S3 + joker", "cards"))
    @app_commands.rename(cards=_name("cards"))
    @app_commands.guild_only()
    async def play(self, interaction: Interaction, cards: str) -> None:
        self.position(interaction)  # a lobby, an onlooker: refused before reading anything
        action = await self.picked(interaction, cards, _PLAY)
        await self._act(interaction, action if action is not None else self.typed_move(interaction, cards))

    play.autocomplete("cards")(_moves)

    # -- /crown pass ------------------------------------------------------------------------------
    @app_commands.command(name=_name("pass"), description=_text("Pass this trick", "pass"))
    @app_commands.guild_only()
    async def pass_(self, interaction: Interaction) -> None:
        pos = self.position(interaction)
        legal = pos.legal()
        # While the game waits for the caller's optional 7 / 10 choice, passing means keeping the cards.
        declining = any(isinstance(a, Decline) for a in legal) and not any(isinstance(a, Pass) for a in legal)
        await self._act(interaction, Decline() if declining else Pass())


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(CrownCog(bot))
