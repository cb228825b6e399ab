"""Glorious Crown (グローリアスクラウン): Daifugo with points. Rules: ``rules/glorious-crown.md`` (GC-n ids).

Actions (``type`` discriminates):
- ``{"type": "play", "cards": ["S7", "H7"]}``: 1-4 card ids of one rank. A Joker takes the rank of the other
  cards; a group of only Jokers is the Joker play. Holding both Jokers, a play with one uses JK1.
- ``{"type": "pass"}``: not when leading.
- ``{"type": "give", "cards": [...]}`` / ``{"type": "decline"}``: the 7 trade (pending ``seven_give``).
- ``{"type": "answer", "cards": [...]}``: the next player's blind return (pending ``seven_answer``).
- ``{"type": "discard", "card": "H4"}`` / ``{"type": "decline"}``: the 10 discard (pending ``ten_discard``).

Events are typed records, one class per kind (``events.GCEvent``). What players type ("7♠ 7♥", "スペード3",
"joker") is read and written by ``notation`` (``parse_cards`` / ``format_cards``, ``parse_move`` /
``format_move``).
"""

from engines.glorious_crown.engine import ENGINE, GloriousCrownEngine

__all__ = ["ENGINE", "GloriousCrownEngine"]
