"""The part of the translation system that needs Discord: the slash-command translator
(``bot.i18n.translator``). The catalogs themselves are the top-level package ``i18n``."""
