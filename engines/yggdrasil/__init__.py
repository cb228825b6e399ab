"""The Yggdrasil (世界樹創造カードゲーム): grow a world tree card by card, branches joined (YG-1..15)."""

from engines.core.registry import register
from engines.yggdrasil.engine import ENGINE, YggdrasilEngine

register(ENGINE)

__all__ = ["ENGINE", "YggdrasilEngine"]
