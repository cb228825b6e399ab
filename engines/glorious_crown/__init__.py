"""Glorious Crown (グローリアスクラウン): Daifugo with points. Rules: ``rules/glorious-crown.md``."""

from engines.core.registry import register
from engines.glorious_crown.engine import ENGINE, GloriousCrownEngine

register(ENGINE)

__all__ = ["ENGINE", "GloriousCrownEngine"]
