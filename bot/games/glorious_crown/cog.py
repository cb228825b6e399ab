"""``/crown play cards:`` and ``/crown pass``: Glorious Crown for typists.

``cards`` autocompletes the caller's legal moves (plays, or the 7-trade / 10-discard choices when the game
waits for them); typed text such as ``S7 H7`` or ``7♠ 7♥`` is read into card ids and handed to the engine,
which refuses what the rules do not allow. Every move goes through the table service.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.errors import UserError, user_lang
from bot.games import LabelContext
from bot.games.glorious_crown.ui import NS, SYMBOL, UnreadableCards, card_short, parse_cards
from bot.lookup import fold
from bot.table.slash import act_and_show_hand, caller_position, game_for, resolve_pick
from engines.core import Action, GameError
from engines.glorious_crown.cards import CARDS

if TYPE_CHECKING:
    from bot.client import Deckhand
    from bot.store import GameRecord

GAME = "glorious-crown"
PASS_WORDS = {"pass", "パス", "ぱす"}


def _name(text: str) -> locale_str:
    return locale_str(text, key=f"commands.name.{NS}.{text}")


def _text(english: str, key: str) -> locale_str:
    return locale_str(english, key=f"commands.text.{NS}.{key}")


def _refusal(code: str, **params: Any) -> UserError:
    err = UserError(code, **params)
    err.game = GAME  # worded from errors.glorious-crown.<code>
    return err


def _readable(err: GameError, lang: str) -> None:
    """Card ids and suit codes in a refusal's params as players write them ("S7" -> "7♠")."""
    p = err.params
    if isinstance(p.get("card"), str) and p["card"] in CARDS:
        p["card"] = card_short(p["card"], lang)
    if isinstance(p.get("lock"), list | tuple):
        p["lock"] = "".join(SYMBOL.get(s, s) for s in p["lock"])
    for key in ("rank", "top"):
        if p.get(key) == 0:
            p[key] = card_short("JK1", lang)


@app_commands.guild_only()
class CrownCog(
    commands.GroupCog,
    group_name=_name("crown"),
    group_description=_text("Glorious Crown: play and pass by typing", "group"),
):
    def __init__(self, bot: Deckhand) -> None:
        self.bot = bot
        super().__init__()

    @property
    def tables(self) -> Any:
        return self.bot.tables

    def _seat(self, interaction: discord.Interaction[Any], rec: GameRecord) -> str:
        seat = rec.seat_of(interaction.user.id)
        if seat is None or not seat.seat:
            raise UserError("not_in_game")
        return seat.seat

    def _typed_action(self, rec: GameRecord, seat: str, text: str) -> dict[str, Any]:
        """The move a typed text stands for: a play, or the answer to the caller's pending 7 / 10 choice."""
        if text.strip().casefold() in PASS_WORDS:
            return {"type": "pass"}
        engine = self.tables.engine(rec)
        state = self.tables.state(rec)
        view = engine.view(state, seat)
        hand = [c.id for c in view.hand or []]
        try:
            cards = parse_cards(text, hand)
        except UnreadableCards as exc:
            raise _refusal("unreadable_cards", text=exc.text[:50]) from None
        pending = view.pending
        if pending is not None and pending.seat == seat:
            if pending.kind == "seven_give":
                return {"type": "give", "cards": cards}
            if pending.kind == "seven_answer":
                return {"type": "answer", "cards": cards}
            if len(cards) == 1:
                return {"type": "discard", "card": cards[0]}
        return {"type": "play", "cards": cards}

    async def _act(self, interaction: discord.Interaction[Any], rec: GameRecord, action: Any) -> None:
        try:
            await act_and_show_hand(interaction, rec, action)
        except GameError as err:
            _readable(err, user_lang(interaction))
            raise

    # -- /crown play ------------------------------------------------------------------------------
    async def _moves(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The caller's legal moves (Pass has its own command), narrowed by what they typed: card names
        in any spelling ("S7", "7♠", "スペード7") keep the moves that use those cards; other text matches
        the label."""
        pos = await caller_position(interaction, GAME)
        if pos is None:
            return []
        rec, state = pos.record, pos.state
        lang = user_lang(interaction)
        ui = self.tables.ui(rec)
        ctx = LabelContext(pos.engine.view(state, pos.seat), self.tables.display_names(rec))
        legal: list[Action] = pos.legal()
        wanted: list[str] | None
        try:
            wanted = parse_cards(current, state.hands.get(pos.seat, [])) if current.strip() else []
        except UnreadableCards:
            wanted = None
        needle = fold(current)
        out = []
        for i, action in enumerate(legal):
            if action.type == "pass":
                continue
            label = ui.action_label(action, lang, ctx=ctx)
            used = list(getattr(action, "cards", None) or [getattr(action, "card", "")])
            if wanted is not None:
                if wanted and not all(used.count(c) >= wanted.count(c) for c in set(wanted)):
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
    async def play(self, interaction: discord.Interaction[Any], cards: str) -> None:
        rec = await game_for(interaction, GAME)
        seat = self._seat(interaction, rec)
        action: Any = await resolve_pick(interaction, rec, cards)
        if action is None:
            action = self._typed_action(rec, seat, cards)
        await self._act(interaction, rec, action)

    play.autocomplete("cards")(_moves)

    # -- /crown pass ------------------------------------------------------------------------------
    @app_commands.command(name=_name("pass"), description=_text("Pass this trick", "pass"))
    @app_commands.guild_only()
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        rec = await game_for(interaction, GAME)
        seat = self._seat(interaction, rec)
        legal = self.tables.engine(rec).legal_actions(self.tables.state(rec), seat)
        # While the game waits for the caller's optional 7 / 10 choice, passing means keeping the cards.
        kinds = {a.type for a in legal}
        action = {"type": "decline"} if "decline" in kinds and "pass" not in kinds else {"type": "pass"}
        await self._act(interaction, rec, action)


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(CrownCog(bot))
