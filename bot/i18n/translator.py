"""Slash-command names, descriptions and choices localised from the catalogs' ``commands`` table.

Commands are declared with English ``locale_str`` texts; this translator looks up ``commands.<kind>.<text>``
in the Japanese catalog, and for a game's own commands ``<game-id>.commands.<kind>.<text>``: the game is
found from the module the command is defined in (its manifest's ``cog``), so two games may both have a
``discard`` command with different words. Names must stay lowercase and without spaces (Discord's rule),
which the catalog test checks.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games import manifests
from i18n import catalog


def game_of(data: Any) -> str | None:
    """The game whose cog defines this command, group or parameter (``None``: the bot's own commands)."""
    owner = data.command if isinstance(data, app_commands.Parameter) else data
    # A GroupCog's group is built inside discord.py, so its own ``module`` names discord.py: ask its commands.
    candidates = [owner, *getattr(owner, "commands", ())]
    modules = {str(getattr(c, "module", "") or "") for c in candidates}
    return next((m.id for m in manifests() if m.cog and m.cog in modules), None)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.japanese:
            return None
        kind = "name" if context.location in _NAMES else "text"
        key = string.extras.get("key")
        if key is None:
            game = game_of(context.data)
            key = f"{game}.commands.{kind}.{string.message}" if game else f"commands.{kind}.{string.message}"
        return catalog("ja").get(key)


_NAMES = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}
