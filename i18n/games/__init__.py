"""Each game's catalog: ``i18n/games/<game-id>/en.toml`` and ``ja.toml``, every key under the game's own
namespace. The folders are found by this fixed layout, on this package's path, so a renderer running alone
(a picture worker, a test) reads a game's words without the bot's game registry; a game hosted from another
folder (``bot.games.add_games_folder``) adds its ``i18n/games`` folder here through
:func:`i18n.catalog.add_games_folder`."""
