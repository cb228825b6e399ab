"""Pure game rules. Nothing here imports discord, Pillow, SQLite or asyncio.

The registry is the entry point::

    import engines
    engine = engines.get("glorious-crown")
    state = engine.new_game(["p1", "p2", "p3"], seed=42)
"""

from engines.core.registry import all, get, ids, register
from engines.core.replay import replay

__all__ = ["all", "get", "ids", "register", "replay"]
