from __future__ import annotations

from typing import Any

from bot.client import Deckhand, cog_modules
from bot.i18n.translator import CatalogTranslator
from bot.settings import Settings


def untranslated(payload: Any, path: str = "") -> list[str]:
    """Every name/description in a command payload that lacks a Japanese localisation."""
    missing = []
    if isinstance(payload, dict):
        for field in ("name", "description"):
            if field in payload and "ja" not in (payload.get(f"{field}_localizations") or {}):
                missing.append(f"{path}/{payload[field]} ({field})")
        for key, value in payload.items():
            missing += untranslated(value, f"{path}/{payload.get('name', key)}")
    elif isinstance(payload, list):
        for item in payload:
            missing += untranslated(item, path)
    return missing


async def test_every_command_text_has_a_japanese_translation(tmp_path: Any) -> None:
    """The real command tree as it would sync: every command, option and choice has Japanese."""
    bot = Deckhand(Settings(DECKHAND_DATABASE=str(tmp_path / "d.db"), _env_file=None))  # type: ignore[call-arg]
    for cog in cog_modules():
        await bot.load_extension(cog)
    translator = CatalogTranslator()
    payloads = [await cmd.get_translated_payload(bot.tree, translator) for cmd in bot.tree.get_commands()]
    assert {p["name"] for p in payloads} >= {"game", "rules", "card"}
    assert untranslated(payloads) == []
    game = next(p for p in payloads if p["name"] == "game")
    assert game["name_localizations"]["ja"] == "ゲーム"
    await bot.close()
