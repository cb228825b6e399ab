"""``/rules`` and ``/card``: the games' own rule sections and card entries, in the reader's language."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import engines
from bot.errors import UserError, user_lang
from bot.games import find_game, manifest
from bot.interactions import Interaction
from bot.lookup import CardHit, playable_engines, search_cards, search_sections, split_text
from engines.core import GameError
from i18n import t
from renderers.contract import CardRenderer

if TYPE_CHECKING:
    from bot.client import Deckhand

EMBED_TEXT = 4096
EMBED_TOTAL = 6000
COLOUR = discord.Colour(0x3B5BA5)


def section_embeds(title: str, body: str, footer: str) -> list[discord.Embed]:
    """A section as embeds within Discord's limits (4096 a description, 6000 a message, 10 embeds)."""
    chunks = split_text(body, EMBED_TEXT)
    embeds = []
    for i, chunk in enumerate(chunks[:10]):
        embed = discord.Embed(title=title if i == 0 else None, description=chunk, colour=COLOUR)
        embeds.append(embed)
    embeds[-1].set_footer(text=footer)
    return embeds


def batches(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """Group embeds so each message stays under the 6000-character total."""
    out: list[list[discord.Embed]] = [[]]
    size = 0
    for embed in embeds:
        n = len(embed)
        if out[-1] and size + n > EMBED_TOTAL:
            out.append([])
            size = 0
        out[-1].append(embed)
        size += n
    return out


class RulesCog(commands.Cog):
    def __init__(self, bot: Deckhand) -> None:
        self.bot = bot

    async def _games(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        needle = current.lower()
        return [
            app_commands.Choice(name=e.name.get(lang)[:100], value=e.id)
            for e in playable_engines()
            if needle in e.id or needle in e.name.en.lower() or needle in e.name.ja
        ][:25]

    async def _topics(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        game = getattr(interaction.namespace, "game", None)
        try:
            engine = find_game(str(game)).engine
        except GameError:  # no game chosen yet: nothing to suggest
            return []
        return [
            app_commands.Choice(name=s.title.get(lang)[:100], value=s.id)
            for s in search_sections(engine, current, lang)
        ][:25]

    @app_commands.command(name=_("rules"), description=_("Read a game's rules"))
    @app_commands.describe(game=_("Which game"), topic=_("Which part of the rules"))
    async def rules(self, interaction: Interaction, game: str, topic: str | None = None) -> None:
        lang = user_lang(interaction)
        engine = find_game(game).engine
        sections = engine.rules()
        if topic is None:
            lines = [
                f"• **{s.title.get(lang)}**" + (f"  ({', '.join(s.rule_ids)})" if s.rule_ids else "")
                for s in sections
            ]
            embed = discord.Embed(
                title=t(lang, "rules.contents", game=engine.name.get(lang)),
                description="\n".join(lines)[:EMBED_TEXT],
                colour=COLOUR,
            )
            embed.set_footer(text=t(lang, "rules.pick_topic"))
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        section = next((s for s in sections if s.id == topic), None)
        if section is None:
            found = search_sections(engine, topic, lang)
            if not found:
                topics = ", ".join(s.title.get(lang) for s in sections)
                raise UserError("no_such_topic", topic=topic, topics=topics)
            section = found[0]
        footer = " · ".join([engine.name.get(lang), *section.rule_ids])
        groups = batches(section_embeds(section.title.get(lang), section.body.get(lang), footer))
        await interaction.response.send_message(embeds=groups[0], ephemeral=True)
        for group in groups[1:]:
            await interaction.followup.send(embeds=group, ephemeral=True)

    rules.autocomplete("game")(_games)
    rules.autocomplete("topic")(_topics)

    async def _cards(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        if not current.strip():
            return []
        try:
            game_id = _chosen_game(getattr(interaction.namespace, "game", None))
        except GameError:  # a game name still being typed: every game's cards
            game_id = None
        return [
            app_commands.Choice(
                name=f"{h.card.name.get(lang)} — {h.engine.name.get(lang)}"[:100],
                value=f"{h.engine.id}:{h.card.id}",
            )
            for h in search_cards(current, game_id, prefer=await self._channel_game(interaction))
        ]

    async def _channel_game(self, interaction: Interaction) -> str | None:
        if interaction.channel_id is None:
            return None
        rec = await self.bot.tables.store.live_game_in(interaction.channel_id)
        return rec.game_id if rec else None

    @app_commands.command(name=_("card"), description=_("Look up a card by its Japanese or English name"))
    @app_commands.describe(name=_("Card name"), game=_("Only this game's cards (several games share names)"))
    async def card(self, interaction: Interaction, name: str, game: str | None = None) -> None:
        lang = user_lang(interaction)
        only = _chosen_game(game)
        game_id, _sep, card_id = name.partition(":")
        hit = None
        if card_id:
            try:
                engine = engines.get(game_id)
                hit = next(((engine, c) for c in engine.cards() if c.id == card_id), None)
            except Exception:  # not an id from autocomplete: search by text instead
                hit = None
        if hit is None:
            prefer = await self._channel_game(interaction)
            found = search_cards(name, only, prefer=prefer)
            if not found:
                raise UserError("no_such_card", name=name)
            best = [h for h in found if h.score == found[0].score]
            # The game running here settles a tie ("S3" at a Glorious Crown table is the spade 3).
            best = [h for h in best if h.engine.id == prefer] or best
            if len(best) > 1:
                await interaction.response.send_message(several_cards(name, best, lang), ephemeral=True)
                return
            hit = (best[0].engine, best[0].card)
        engine, info = hit
        embed = discord.Embed(
            title=info.name.get(lang), description=info.text.get(lang)[:EMBED_TEXT], colour=COLOUR
        )
        other = "ja" if lang == "en" else "en"
        embed.add_field(name=t(lang, "card.other_name"), value=info.name.get(other), inline=True)
        embed.add_field(name=t(lang, "card.game"), value=engine.name.get(lang), inline=True)
        for fact in info.fields[:20]:
            embed.add_field(
                name=fact.name.get(lang)[:256], value=fact.value.get(lang)[:1024] or "-", inline=True
            )
        renderer = manifest(engine.id).renderer
        if isinstance(renderer, CardRenderer):
            # The card as printed: for a Yggdrasil tile its branches say more than any text.
            await interaction.response.defer(ephemeral=True, thinking=True)
            data = await asyncio.to_thread(renderer.render_card, info.id, lang)
            embed.set_image(url="attachment://card.png")
            picture = discord.File(io.BytesIO(data), filename="card.png")
            await interaction.followup.send(embed=embed, file=picture, ephemeral=True)
            return
        await interaction.response.send_message(embed=embed, ephemeral=True)

    card.autocomplete("name")(_cards)
    card.autocomplete("game")(_games)


def _chosen_game(game: object) -> str | None:
    """The game ``/card game:`` names (its id from the autocomplete, or a name typed in either language)."""
    if game is None or not str(game).strip():
        return None
    return find_game(str(game)).id


#: How many equally good matches ``/card`` lists (the autocomplete offers up to 25 as the name is typed).
SEVERAL = 15


def several_cards(name: str, hits: list[CardHit], lang: str) -> str:
    """ "Several cards match": each one with its game, and how to pick one."""
    lines = [
        t(lang, "card.several_line", card=h.card.name.get(lang), game=h.engine.name.get(lang))
        for h in hits[:SEVERAL]
    ]
    if len(hits) > SEVERAL:
        lines.append(t(lang, "card.several_more", n=len(hits) - SEVERAL))
    return t(lang, "card.several", name=name[:100], cards="\n".join(lines))


async def setup(bot: Deckhand) -> None:
    await bot.add_cog(RulesCog(bot))
