"""Japanese and English for every user-facing string."""

from bot.i18n.catalog import LANGS, catalog, has, normalize, pick, t

__all__ = ["LANGS", "catalog", "has", "normalize", "pick", "t"]
