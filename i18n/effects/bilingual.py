"""Catalog sentences in both languages at once, for the bilingual ``/card`` entries."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import CardField, Text
from i18n.catalog import t


def both_text(key: str, /, **params: Any) -> Text:
    return Text(en=t("en", key, **params), ja=t("ja", key, **params))


def field(name_key: str, value: Text) -> CardField:
    return CardField(name=both_text(name_key), value=value)


def per_lang(word: Callable[[str], str]) -> Text:
    """One wording function called for each language."""
    return Text(en=word("en"), ja=word("ja"))
