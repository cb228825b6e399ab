"""Message catalogs, flattened to dotted keys and merged per language: the shared files
``i18n/locales/<lang>/*.toml`` and each game's ``i18n/games/<game-id>/<lang>.toml``, so a game never edits a
shared catalog.

The games' folders are found by that fixed layout on ``i18n.games.__path__`` (a game hosted from another
folder adds its own ``i18n/games`` with :func:`add_games_folder`), so the catalogs import nothing of the bot
or the games and a renderer running alone finds its words: words depend on nothing and everything may
depend on words.
"""

from __future__ import annotations

import logging
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import i18n.games
from i18n.words import clip

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


def add_games_folder(folder: Path) -> None:
    """Read game catalogs from ``folder`` too (laid out like ``i18n/games``: ``<game-id>/<lang>.toml``)."""
    if folder.is_dir() and str(folder) not in i18n.games.__path__:
        i18n.games.__path__.append(str(folder))
    catalog.cache_clear()


def game_folders() -> dict[str, Path]:
    """Game id -> the folder of its catalog files, for every game whose words the catalogs hold."""
    found: dict[str, Path] = {}
    for root in i18n.games.__path__:
        for folder in sorted(Path(root).iterdir()):
            if folder.is_dir() and (folder / f"{DEFAULT}.toml").is_file():
                found.setdefault(folder.name, folder)
    return found


def sources(lang: str) -> dict[str, str]:
    """Catalog file name -> its text, for one language: ``core.toml`` … and ``<game-id>.toml`` per game."""
    out: dict[str, str] = {}
    folder = resources.files("i18n").joinpath("locales", lang)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            out[entry.name] = entry.read_text(encoding="utf-8")
    for game_id, game_folder in game_folders().items():
        path = game_folder / f"{lang}.toml"
        if path.is_file():
            out[f"{game_id}.toml"] = path.read_text(encoding="utf-8")
    return out


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every key of one language. Two files defining one key is an error, not a silent override."""
    merged: dict[str, str] = {}
    for name, flat in files_flat(lang).items():
        clash = merged.keys() & flat.keys()
        if clash:
            raise ValueError(f"{lang}/{name} redefines {sorted(clash)}")
        merged.update(flat)
    return merged


def files_flat(lang: str) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for name, text in sources(lang).items():
        flat: dict[str, str] = {}
        _flatten("", tomllib.loads(text), flat)
        out[name] = flat
    return out


def files(lang: str) -> dict[str, set[str]]:
    """Keys per catalog file, for the parity test."""
    return {name: set(flat) for name, flat in files_flat(lang).items()}


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def has(lang: str, key: str, /) -> bool:
    """Whether the catalog of ``lang`` holds ``key`` (a sentence or a table of plural forms)."""
    found = catalog(normalize(lang) or DEFAULT)
    return key in found or f"{key}.other" in found


def t(lang: str, key: str, /, **params: Any) -> str:
    """The sentence for ``key`` in ``lang`` (English if that language lacks it; the key itself if both do,
    logged, so a missing string is visible instead of crashing a player's click)."""
    lang = normalize(lang)
    key = _plural_form(lang, key, params)
    text = catalog(lang).get(key)
    if text is None:
        text = catalog(DEFAULT).get(key)
        if text is None:
            log.warning("missing catalog key %s", key)
            return key
    return text.format_map(_Lenient(params))


@dataclass(frozen=True)
class Scope:
    """The words under one namespace, for a module that prints only those: ``words = Scope(
    "glorious-crown.picture")`` then ``words(lang, "played", seat=name)`` is ``t(lang,
    "glorious-crown.picture.played", seat=name)``: the same lookup, plural and fallback, lang first."""

    namespace: str

    def __call__(self, lang: str, key: str, /, **params: Any) -> str:
        return t(lang, f"{self.namespace}.{key}", **params)

    def has(self, key: str) -> bool:
        return has(DEFAULT, f"{self.namespace}.{key}")

    def strings(self) -> list[str]:
        """Every text of the namespace in every language (for glyph-coverage tests)."""
        return strings(self.namespace)


def strings(prefix: str) -> list[str]:
    """Every text under ``prefix`` in every language (a picture's glyph-coverage test draws them all)."""
    start = prefix + "."
    return [text for lang in LANGS for key, text in catalog(lang).items() if key.startswith(start)]


def both(first: str, key: str, /, limit: int = 80, **params: Any) -> str:
    """A public control's label in both languages, the server's first: "My hand · 手札". A Japanese and
    an English player at one table can both read what to press; ``limit`` is Discord's (buttons: 80)."""
    other = next(lang for lang in LANGS if lang != first) if first in LANGS else LANGS[0]
    a, b = t(first, key, **params), t(other, key, **params)
    text = a if a == b else f"{a} · {b}"
    return text if len(text) <= limit else clip(a, limit)


def _plural_form(lang: str, key: str, params: Mapping[str, Any]) -> str:
    """A key written as a table of plural forms (``{one = "…", other = "…"}``) picks its form by the ``n``
    parameter, so "1 game" and "3 games" come from the catalog rather than from string glue."""
    other = f"{key}.other"
    if other not in catalog(lang) and other not in catalog(DEFAULT):
        return key
    one = f"{key}.one"
    return one if params.get("n") == 1 and (one in catalog(lang) or one in catalog(DEFAULT)) else other


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
