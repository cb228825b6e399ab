"""``/aws …``: AWS Builder Cards for typists (deploy, acquire, retire, end) and the host's custom card file.

Every move command autocompletes the caller's legal moves of that kind (values ``<version>:<index>`` pick
exactly the move offered, deploys labelled with what they give) and also accepts typed text: the command's
phrase of the engine's notation (``engine.notation``; "deploy {cards}", "acquire {what}", "retire {card}")
with what was typed in it, read like any typed move (card names in either language, lists separated by
commas, "、" or spaces, ``all``; refusals as unreadable, illegal now or ambiguous). The move goes through
the table service like a click. ``/aws cardfile``
checks an attached card file with the engine's own loader and stores its text in the lobby's options
(option ``card_file``), so the game started from that lobby plays with those cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.games import LabelContext
from bot.games.cog import GameCommands, legal_autocomplete, of_type
from bot.interactions import Interaction
from bot.store import GameRecord
from bot.table.slash import caller_position
from engines.aws_builder_cards.cards import CardDataError, load_cards
from engines.aws_builder_cards.models import Acquire, Deploy, EndTurn, Retire
from engines.aws_builder_cards.notation import PHRASES
from engines.core import NotationError
from i18n import t

if TYPE_CHECKING:
    from bot.client import Deckhand

GAME = "aws-builder-cards"
CARD_FILE_LIMIT = 256 * 1024  # bytes: the built-in file is about 30 KB
_CARDFILE = "aws-builder-cards.cardfile"

# What each command makes: its autocomplete offers these moves, and a pick of any other move is refused.
_DEPLOY = of_type(Deploy)
_ACQUIRE = of_type(Acquire)
_RETIRE = of_type(Retire)
_DEPLOYS = legal_autocomplete(_DEPLOY)
_ACQUIRES = legal_autocomplete(_ACQUIRE)
_RETIRES = legal_autocomplete(_RETIRE)


class AwsCog(
    GameCommands, group_name="aws", group_description="Play AWS Builder Cards: deploy, acquire, retire"
):
    game_id = GAME

    # -- moves --------------------------------------------------------------------------------------
    # discord.py hands the cog to an autocomplete only when the callback is defined in a class body, which the
    # function ``legal_autocomplete`` returns is not: these methods hand it the cog.
    async def _deploy_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The legal deploys, the whole hand first, each labelled with what it gives now; a typed list of
        names ("Lambda, S3") that reads as a legal deploy comes first, in whatever order it was typed."""
        choices = await _DEPLOYS(self, interaction, current)
        typed = await self._typed_deploy(interaction, current)
        if typed is None:
            return choices
        return [typed, *(c for c in choices if c.value != typed.value)][:25]

    async def _typed_deploy(self, interaction: Interaction, current: str) -> app_commands.Choice[str] | None:
        pos = await caller_position(interaction, self.game_id)
        if pos is None or not current.strip():
            return None
        typed = PHRASES["deploy"].write(self.lang(interaction), cards=current)
        try:
            action = pos.engine.notation.parse(pos.state, pos.seat, typed)
        except NotationError:
            return None  # still being typed, or not a legal deploy: the plain suggestions stay
        legal = pos.legal()
        if not _DEPLOY(action):
            return None
        ctx = LabelContext(pos.engine.view(pos.state, pos.seat), pos.record.names())
        label = self.tables.ui(pos.record).action_label(action, self.lang(interaction), ctx=ctx)
        return app_commands.Choice(name=label[:100], value=f"{pos.record.version}:{legal.index(action)}")

    async def _acquire_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _ACQUIRES(self, interaction, current)

    async def _retire_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await _RETIRES(self, interaction, current)

    @app_commands.command(name=_("deploy"), description=_("Deploy cards: one, several or all at once"))
    @app_commands.describe(cards=_("Card names separated by commas, or all"))
    @app_commands.guild_only()
    async def deploy(self, interaction: Interaction, cards: str) -> None:
        action = await self.picked(interaction, cards, _DEPLOY)
        if action is None:
            action = self.typed_phrase(interaction, PHRASES["deploy"], _DEPLOY, cards=cards)
        await self.act(interaction, action)

    deploy.autocomplete("cards")(_deploy_choices)

    @app_commands.command(
        name=_("acquire"), description=_("Acquire a card from the console, the W-A pile or the free deck")
    )
    @app_commands.describe(card=_("What to acquire"))
    @app_commands.guild_only()
    async def acquire(self, interaction: Interaction, card: str) -> None:
        action = await self.picked(interaction, card, _ACQUIRE)
        if action is None:
            action = self.typed_phrase(interaction, PHRASES["acquire"], _ACQUIRE, what=card)
        await self.act(interaction, action)

    acquire.autocomplete("card")(_acquire_choices)

    @app_commands.command(
        name=_("retire"), description=_("Retire an on-premises card from your hand (it shows your hand)")
    )
    @app_commands.describe(card=_("The on-premises card to retire"))
    @app_commands.guild_only()
    async def retire(self, interaction: Interaction, card: str) -> None:
        action = await self.picked(interaction, card, _RETIRE)
        if action is None:  # a card that is not on-premises is refused with the rules' reason
            action = self.typed_phrase(interaction, PHRASES["retire"], _RETIRE, card=card)
        await self.act(interaction, action)

    retire.autocomplete("card")(_retire_choices)

    @app_commands.command(name=_("end"), description=_("End your turn"))
    @app_commands.guild_only()
    async def end(self, interaction: Interaction) -> None:
        await self.act(interaction, EndTurn())  # the engine says why, if it cannot end now

    # -- the host's card file -----------------------------------------------------------------------
    @app_commands.command(
        name=_("cardfile"), description=_("Load a custom card file into this channel's lobby (host only)")
    )
    @app_commands.describe(
        file=_("A TOML or JSON file with the schema of cards.toml (none: back to the built-in cards)")
    )
    @app_commands.guild_only()
    async def cardfile(self, interaction: Interaction, file: discord.Attachment | None = None) -> None:
        tables = self.tables
        rec = self.record(interaction)
        lang = self.lang(interaction)
        if file is None:
            rec = await tables.set_option(rec.id, interaction.user.id, "card_file", None)
            await interaction.response.send_message(
                t(lang, "aws-builder-cards.cardfile.cleared"), ephemeral=True
            )
            await self._announce(
                rec, "aws-builder-cards.cardfile.announce_cleared", host=interaction.user.mention
            )
            return
        if file.size > CARD_FILE_LIMIT:
            raise self.refuse("cardfile_too_big", size=-(-file.size // 1024), limit=CARD_FILE_LIMIT // 1024)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            text = (await file.read()).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise self.refuse("cardfile_not_text") from None
        try:
            db = load_cards(text)
        except (CardDataError, ValueError) as exc:
            raise self.refuse("cardfile_invalid", problems=self._problems(str(exc), lang)) from None
        # Host only, in the lobby, checked by the engine with the whole option set, versioned (the service).
        rec = await tables.set_option(rec.id, interaction.user.id, "card_file", text)
        facts = {"file": file.filename, "cards": len(db.cards), "missions": len(db.missions)}
        await interaction.followup.send(t(lang, "aws-builder-cards.cardfile.loaded", **facts), ephemeral=True)
        # Everyone at the table should know the cards differ from the printed ones.
        await self._announce(
            rec, "aws-builder-cards.cardfile.announce", host=interaction.user.mention, **facts
        )

    async def _announce(self, rec: GameRecord, key: str, **params: object) -> None:
        public = await self.tables.public_lang(rec.guild_id)
        channel = self.bot.get_partial_messageable(rec.channel_id)
        await channel.send(t(public, key, **params), allowed_mentions=discord.AllowedMentions.none())

    @staticmethod
    def _problems(message: str, lang: str, limit: int = 12) -> str:
        problems = [p.strip() for p in message.split("; ") if p.strip()]
        lines = [t(lang, f"{_CARDFILE}.problem", text=p[:200]) for p in problems[:limit]]
        if len(problems) > limit:
            lines.append(t(lang, f"{_CARDFILE}.more", n=len(problems) - limit))
        return "\n".join(lines)[:1700]


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(AwsCog(bot))
