"""``/chaos``: the command group is namespaced with Japanese names (typed card names are the notation's:
tests/engines/project_chaos/test_notation.py)."""

from __future__ import annotations

from bot.games.project_chaos.cog import ChaosCog
from i18n import catalog


def test_commands_are_namespaced_and_translated() -> None:
    ja = catalog("ja")
    names = {c.name for c in ChaosCog.__cog_app_commands__}
    assert names == {"play", "discard", "place", "decide"}
    for name in (*names, "chaos", "card", "workplace", "choice"):
        assert f"project-chaos.commands.name.{name}" in ja
