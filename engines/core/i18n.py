"""Bilingual text as data. Engines carry names and rule text in both languages; the bot picks one."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

LANGS = ("en", "ja")


class Text(BaseModel):
    """A string in English and Japanese. Both are required: a missing language is a data error."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    en: str
    ja: str

    def get(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en
