"""``/chaos``: typed card names are read in either language (a whole name, an alias, or a part that names
one card), and the command group is namespaced with Japanese names."""

from __future__ import annotations

from bot.games.project_chaos.cog import ChaosCog, card_named
from i18n import catalog

HAND = ["pc-product-praised", "pc-ci-all-green", "pc-scope-creep"]


def test_a_typed_card_is_read_in_either_language() -> None:
    assert card_named("CI Is All Green", HAND) == "pc-ci-all-green"
    assert card_named("ｃｉ　ｉｓ　ａｌｌ　ｇｒｅｅｎ", HAND) == "pc-ci-all-green"  # width and spaces folded
    assert card_named("スコープがじわじわ膨らむ", HAND) == "pc-scope-creep"
    assert card_named("rave", HAND) == "pc-product-praised"  # an alias
    assert card_named("scope", HAND) == "pc-scope-creep"  # part of one name
    assert card_named("re", HAND) is None  # part of several names: not a guess
    assert card_named("Genius Intern", HAND) is None  # not in hand
    assert card_named("   ", HAND) is None


def test_commands_are_namespaced_and_translated() -> None:
    ja = catalog("ja")
    names = {c.name for c in ChaosCog.__cog_app_commands__}
    assert names == {"play", "discard", "place", "decide"}
    for name in (*names, "chaos", "card", "workplace", "choice"):
        assert f"commands.name.project-chaos.{name}" in ja
