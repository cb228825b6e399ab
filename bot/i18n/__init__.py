"""Japanese and English for every user-facing string."""

from bot.i18n.catalog import LANGS, both, catalog, has, normalize, pick, t

__all__ = ["LANGS", "both", "catalog", "has", "normalize", "pick", "t"]
