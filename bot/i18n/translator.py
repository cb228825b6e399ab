"""Slash-command names, descriptions and choices localised from the catalogs' ``commands`` table.

Commands are declared with English ``locale_str`` texts; this translator looks up
``commands.<text>`` in the Japanese catalog. Names must stay lowercase and without spaces (Discord's rule),
which the catalog test checks.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n.catalog import catalog


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
        key = string.extras.get("key") or f"commands.{kind}.{string.message}"
        return catalog("ja").get(key)


_NAMES = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}
