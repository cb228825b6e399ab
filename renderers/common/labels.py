"""Bilingual texts drawn into pictures. Renderers cannot use the bot's catalogs (no bot imports here),
so each renderer keeps a small table of its own, checked and formatted the same way by this class."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGS = ("en", "ja")


class Labels:
    """``labels("played", "ja", seat="alice")``. Every key must exist in English and Japanese with the
    same placeholders (checked when the renderer is imported). English ``(s)`` becomes a plural unless
    the ``n`` parameter is 1: ``"{n} card(s)"`` reads "1 card", "3 cards"."""

    def __init__(self, table: Mapping[str, Mapping[str, str]]) -> None:
        bad = sorted(k for k, v in table.items() if set(v) != set(LANGS))
        if bad:
            raise ValueError(f"labels need exactly {LANGS}: {bad}")
        self.table = table

    @classmethod
    def from_languages(cls, *, en: Mapping[str, str], ja: Mapping[str, str]) -> Labels:
        if set(en) != set(ja):
            raise ValueError(f"labels in one language only: {sorted(set(en) ^ set(ja))}")
        return cls({k: {"en": en[k], "ja": ja[k]} for k in en})

    def __call__(self, key: str, lang: str, **params: Any) -> str:
        text = self.table[key]["ja" if lang == "ja" else "en"].format(**params)
        if lang != "ja" and "(s)" in text:
            text = text.replace("(s)", "" if params.get("n") == 1 else "s")
        return text

    def strings(self) -> list[str]:
        """Every text in both languages (for glyph-coverage tests)."""
        return [text for entry in self.table.values() for text in entry.values()]
