"""Every user-facing word in English and Japanese, for the bot and the pictures alike: one catalog loader
with no Discord and no bot import (the engines return codes and data; the words for them live here)."""

from i18n.catalog import DEFAULT, LANGS, Scope, both, catalog, has, normalize, pick, strings, t
from i18n.words import LABEL_LIMIT, clip, tidy

__all__ = [
    "DEFAULT",
    "LABEL_LIMIT",
    "LANGS",
    "Scope",
    "both",
    "catalog",
    "clip",
    "has",
    "normalize",
    "pick",
    "strings",
    "t",
    "tidy",
]
