"""The typed seam between a game and the bot: each game's UI is a ``GameUI[ItsView]``, and the view its
engine hands the bot is that very class, for every seat and for the public. So the one untyped boundary,
the registry (``bot.games.ui_for``, ``SomeUI``), pairs a UI only with views it is typed for."""

from __future__ import annotations

from typing import get_args, get_origin

import pytest

from bot.games import GameManifest, GameUI, manifests, ui_for
from engines.core import View

GAMES = manifests()


def view_type(ui: type[GameUI[View]]) -> type[View]:
    """The view class a UI is parametrised with (``View`` for the plain ``GameUI`` a game may use as is)."""
    for klass in ui.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if get_origin(base) is GameUI:
                (arg,) = get_args(base)
                if isinstance(arg, type) and issubclass(arg, View):
                    return arg
    return View


@pytest.mark.parametrize("manifest", GAMES, ids=[m.id for m in GAMES])
def test_a_games_ui_is_typed_by_the_view_its_engine_hands_out(manifest: GameManifest) -> None:
    engine = manifest.engine
    wanted = view_type(manifest.ui)
    players = [f"p{i + 1}" for i in range(engine.min_players)]
    state = engine.new_game(players, None, 7)
    for seat in [None, *players]:
        assert isinstance(engine.view(state, seat), wanted), (manifest.id, seat)
    assert isinstance(ui_for(manifest.id), manifest.ui)


def test_the_five_games_each_name_their_own_view() -> None:
    typed = {m.id: view_type(m.ui).__name__ for m in GAMES if m.listed}
    assert typed == {
        "aws-builder-cards": "ABView",
        "aws-deckbuilding": "ADView",
        "glorious-crown": "GCView",
        "project-chaos": "PCView",
        "yggdrasil": "YggView",
    }
