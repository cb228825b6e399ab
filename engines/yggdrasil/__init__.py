"""The Yggdrasil (世界樹創造カードゲーム): grow a world tree card by card, branches joined (YG-1..15)."""

from engines.yggdrasil.engine import ENGINE, YggdrasilEngine

__all__ = ["ENGINE", "YggdrasilEngine"]
