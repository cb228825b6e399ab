"""Message catalogs: ``locales/<lang>/*.toml`` files, flattened to dotted keys and merged per language.

Each game may add its own file (e.g. ``glorious_crown.toml``) so games never edit a shared catalog.
"""

from __future__ import annotations

import logging
import string
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

log = logging.getLogger(__name__)

LANGS = ("en", "ja")
DEFAULT = "en"


def _flatten(prefix: str, table: Mapping[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, Mapping):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every key of one language. Two files defining one key is an error, not a silent override."""
    merged: dict[str, str] = {}
    folder = resources.files("bot.i18n").joinpath("locales", lang)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        flat: dict[str, str] = {}
        _flatten("", tomllib.loads(entry.read_text(encoding="utf-8")), flat)
        clash = merged.keys() & flat.keys()
        if clash:
            raise ValueError(f"{lang}/{entry.name} redefines {sorted(clash)}")
        merged.update(flat)
    return merged


def files(lang: str) -> dict[str, set[str]]:
    """Keys per catalog file, for the parity test."""
    out: dict[str, set[str]] = {}
    folder = resources.files("bot.i18n").joinpath("locales", lang)
    for entry in folder.iterdir():
        if entry.name.endswith(".toml"):
            flat: dict[str, str] = {}
            _flatten("", tomllib.loads(entry.read_text(encoding="utf-8")), flat)
            out[entry.name] = set(flat)
    return out


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalog(normalize(lang))


def t(lang: str, key: str, /, **params: Any) -> str:
    """The sentence for ``key`` in ``lang`` (English if that language lacks it; the key itself if both do,
    logged, so a missing string is visible instead of crashing a player's click)."""
    lang = normalize(lang)
    text = catalog(lang).get(key)
    if text is None:
        text = catalog(DEFAULT).get(key)
        if text is None:
            log.warning("missing catalog key %s", key)
            return key
    return string.Formatter().vformat(text, (), _Lenient(params))


def normalize(locale: str | None) -> str:
    """Discord locales ("ja", "en-US", "en-GB") to our languages; ``""`` when we do not speak it."""
    if not locale:
        return ""
    base = str(locale).split("-")[0].lower()
    return base if base in LANGS else ""


def pick(*locales: str | None) -> str:
    """The first locale we speak (user's, then guild's …), else English."""
    for loc in locales:
        lang = normalize(loc)
        if lang:
            return lang
    return DEFAULT
