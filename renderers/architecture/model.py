"""What the architecture picture is given: the engine's ``Architecture`` of one seat (codes and card keys,
``engines.deckbuilding.lessons``) and the card data's words and colours, all plain data that pickles, so the
picture can be drawn in a picture process (``bot.table.pictures.render_other``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engines.core import Text
from engines.deckbuilding.lessons import Architecture


@dataclass(frozen=True)
class Sheet:
    """One player's architecture. ``words``: the game's catalog table (``<words>.picture.arch_alone``);
    ``names``: every card key and mission id by name; ``colours``: each category's colour as printed
    (``#RRGGBB``, the card data's)."""

    arch: Architecture
    player: str
    game: Text
    words: str
    names: Mapping[str, Text]
    colours: Mapping[str, str]

    def name(self, key: str, lang: str) -> str:
        found = self.names.get(key)
        return found.get(lang) if found is not None else key
