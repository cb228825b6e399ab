"""``/aws …``: AWS Builder Cards for typists (deploy, acquire, retire, end) and the host's custom card file.

Every move command autocompletes the caller's legal moves of that kind (values ``<version>:<index>`` pick
exactly the move offered) and also accepts typed text; the move goes through the table service like a
click. ``/aws cardfile`` checks an attached card file with the engine's own loader and stores its text in
the lobby's options (option ``card_file``), so the game started from that lobby plays with those cards.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.errors import UserError, user_lang
from bot.games.aws_builder_cards.ui import UI as AwsUI
from bot.i18n import t
from bot.store import GameRecord, Status
from bot.table.slash import act_and_show_hand, game_for, legal_choices, resolve_pick
from engines.aws_builder_cards.models import Deploy, EndTurn
from engines.core import Action

if TYPE_CHECKING:
    from bot.client import Deckhand

GAME = "aws-builder-cards"
CARD_FILE_LIMIT = 256 * 1024  # bytes: the built-in file is about 30 KB
_SPLIT = re.compile(r"\s*[,、，]\s*")
_ALL = {"all", "*", "全部", "すべて", "全て"}


def game_error(code: str, **params: Any) -> UserError:
    """A refusal worded by this game's catalog (``errors.aws-builder-cards.<code>``)."""
    err = UserError(code, **params)
    err.game = GAME
    return err


def fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().replace(" ", "")


def _of_type(kind: str) -> Callable[[Action], bool]:
    return lambda a: a.type == kind


class AwsCog(
    commands.GroupCog, group_name="aws", group_description="Play AWS Builder Cards: deploy, acquire, retire"
):
    def __init__(self, bot: Deckhand) -> None:
        self.bot = bot
        super().__init__()

    # -- helpers ------------------------------------------------------------------------------------
    def _legal(self, interaction: discord.Interaction[Any], rec: GameRecord) -> list[Action]:
        tables = self.bot.tables
        seat = rec.seat_of(interaction.user.id)
        if seat is None or not seat.seat:
            raise UserError("not_in_game")
        legal: list[Action] = tables.engine(rec).legal_actions(tables.state(rec), seat.seat)
        return legal

    async def _pick(
        self, interaction: discord.Interaction[Any], rec: GameRecord, text: str, kind: str
    ) -> Action:
        """The move an autocomplete value stands for, or the one move of ``kind`` whose label matches the
        typed text."""
        action = await resolve_pick(interaction, rec, text)
        if action is not None and action.type == kind:
            return action
        if action is None:
            ui = self.bot.tables.ui(rec)
            lang = user_lang(interaction)
            needle = fold(text)
            moves = [a for a in self._legal(interaction, rec) if a.type == kind]
            labels = [fold(ui.action_label(a, lang)) for a in moves]
            exact = [a for a, label in zip(moves, labels, strict=True) if label == needle]
            found = exact or [a for a, label in zip(moves, labels, strict=True) if needle and needle in label]
            if len(found) == 1:
                return found[0]
        raise game_error("no_such_move", text=text)

    def _deploy_from_text(self, interaction: discord.Interaction[Any], rec: GameRecord, text: str) -> Action:
        """``all`` or card names separated by commas. The engine takes one card or every deployable card,
        in any order; anything else is refused by the engine itself with its reason."""
        deploys = [a for a in self._legal(interaction, rec) if isinstance(a, Deploy)]
        singles = [a for a in deploys if len(a.cards) == 1 and not a.decline_sunset]
        if fold(text) in _ALL:
            whole = [a for a in deploys if len(a.cards) > 1] or singles
            if whole:
                return whole[0]
            raise game_error("no_such_move", text=text)
        ui = self.bot.tables.ui(rec)
        assert isinstance(ui, AwsUI)
        hand = [a.cards[0] for a in singles]
        chosen: list[str] = []
        for name in filter(None, _SPLIT.split(text.strip())):
            wanted = fold(name)
            match = None
            for card in hand:
                if card in chosen:
                    continue
                names = {fold(ui.card_name(card, lang)) for lang in ("en", "ja")}
                names |= {fold(ui.short_name(card, lang)) for lang in ("en", "ja")}
                names.add(fold(card.split("#")[0]))
                if wanted in names:
                    match = card
                    break
            if match is None:
                raise game_error("no_such_card", name=name)
            chosen.append(match)
        if not chosen:
            raise game_error("no_such_card", name=text)
        return Deploy(cards=tuple(chosen))

    async def _move_choices(
        self, interaction: discord.Interaction[Any], current: str, kind: str
    ) -> list[app_commands.Choice[str]]:
        return await legal_choices(interaction, GAME, current, _of_type(kind))

    # -- moves --------------------------------------------------------------------------------------
    @app_commands.command(
        name=_("deploy"), description=_("Deploy one card, or every deployable card at once")
    )
    @app_commands.describe(cards=_("A card, all, or card names separated by commas"))
    @app_commands.guild_only()
    async def deploy(self, interaction: discord.Interaction[Any], cards: str) -> None:
        rec = await game_for(interaction, GAME)
        action = await resolve_pick(interaction, rec, cards)
        if action is None or action.type != "deploy":
            action = self._deploy_from_text(interaction, rec, cards)
        await act_and_show_hand(interaction, rec, action)

    @deploy.autocomplete("cards")
    async def _deploy_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._move_choices(interaction, current, "deploy")

    @app_commands.command(
        name=_("acquire"), description=_("Acquire a card from the console, the W-A pile or the free deck")
    )
    @app_commands.describe(card=_("What to acquire"))
    @app_commands.guild_only()
    async def acquire(self, interaction: discord.Interaction[Any], card: str) -> None:
        rec = await game_for(interaction, GAME)
        await act_and_show_hand(interaction, rec, await self._pick(interaction, rec, card, "acquire"))

    @acquire.autocomplete("card")
    async def _acquire_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._move_choices(interaction, current, "acquire")

    @app_commands.command(
        name=_("retire"), description=_("Retire an on-premises card from your hand (it shows your hand)")
    )
    @app_commands.describe(card=_("The on-premises card to retire"))
    @app_commands.guild_only()
    async def retire(self, interaction: discord.Interaction[Any], card: str) -> None:
        rec = await game_for(interaction, GAME)
        await act_and_show_hand(interaction, rec, await self._pick(interaction, rec, card, "retire"))

    @retire.autocomplete("card")
    async def _retire_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._move_choices(interaction, current, "retire")

    @app_commands.command(name=_("end"), description=_("End your turn"))
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        rec = await game_for(interaction, GAME)
        await act_and_show_hand(interaction, rec, EndTurn())  # the engine says why, if it cannot end now

    # -- the host's card file -----------------------------------------------------------------------
    @app_commands.command(
        name=_("cardfile"), description=_("Load a custom card file into this channel's lobby (host only)")
    )
    @app_commands.describe(
        file=_("A TOML or JSON file with the schema of cards.toml (none: back to the built-in cards)")
    )
    @app_commands.guild_only()
    async def cardfile(
        self, interaction: discord.Interaction[Any], file: discord.Attachment | None = None
    ) -> None:
        from engines.aws_builder_cards.cards import CardDataError, load_cards

        tables = self.bot.tables
        rec = await game_for(interaction, GAME)
        if rec.status is not Status.LOBBY:
            raise UserError("not_in_lobby")
        if rec.host_id != interaction.user.id:
            raise UserError("host_only")
        public = await tables.public_lang(rec.guild_id)
        channel = self.bot.get_partial_messageable(rec.channel_id)
        if file is None:
            options = {k: v for k, v in rec.options.items() if k != "card_file"}
            rec = await tables.store.update(rec.id, rec.version, options=options)
            await interaction.response.send_message(
                t(user_lang(interaction), "aws_builder_cards.cardfile.cleared"), ephemeral=True
            )
            await channel.send(
                t(public, "aws_builder_cards.cardfile.announce_cleared", host=interaction.user.mention),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        if file.size > CARD_FILE_LIMIT:
            raise game_error("cardfile_too_big", size=-(-file.size // 1024), limit=CARD_FILE_LIMIT // 1024)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        try:
            text = (await file.read()).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise game_error("cardfile_not_text") from None
        try:
            db = load_cards(text)
        except (CardDataError, ValueError) as exc:
            raise game_error("cardfile_invalid", problems=self._problems(str(exc), lang)) from None
        options = {**rec.options, "card_file": text}
        tables.engine(rec).make_options(options)  # the engine's own check of the whole option set
        # Versioned: if the lobby changed since it was read, StaleVersion refuses and nothing is stored.
        rec = await tables.store.update(rec.id, rec.version, options=options)
        await tables.publisher.refresh_lobby(rec)
        facts = {"file": file.filename, "cards": len(db.cards), "missions": len(db.missions)}
        await interaction.followup.send(t(lang, "aws_builder_cards.cardfile.loaded", **facts), ephemeral=True)
        # Everyone at the table should know the cards differ from the printed ones.
        await channel.send(
            t(public, "aws_builder_cards.cardfile.announce", host=interaction.user.mention, **facts),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @staticmethod
    def _problems(message: str, lang: str, limit: int = 12) -> str:
        problems = [p.strip() for p in message.split("; ") if p.strip()]
        lines = [t(lang, "aws_builder_cards.cardfile.problem", text=p[:200]) for p in problems[:limit]]
        if len(problems) > limit:
            lines.append(t(lang, "aws_builder_cards.cardfile.more", n=len(problems) - limit))
        return "\n".join(lines)[:1700]


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(AwsCog(bot))
