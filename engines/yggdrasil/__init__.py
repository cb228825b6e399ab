"""The Yggdrasil (世界樹創造カードゲーム): grow your world tree card by card; branches must join (YG-1..YG-15)."""

from engines.core.registry import register
from engines.yggdrasil.engine import ENGINE, YggdrasilEngine

register(ENGINE)

__all__ = ["ENGINE", "YggdrasilEngine"]
