"""The games the bot hosts, each described by its manifest (``bot/games/<game>/__init__.py: MANIFEST``).

``manifests()`` discovers them once: every package under ``bot.games`` (on ``bot.games.__path__``) that
defines ``MANIFEST``. ``add_games_folder(root)`` hosts games kept outside this repository (a folder laid out
like it: ``root/engines/<game>``, ``root/renderers/<game>``, ``root/bot/games/<game>``,
``root/i18n/games/<game-id>``); the test-only game
Climb plugs in that way (``tests/extra_games``), and so could a server owner's own game
(``DECKHAND_GAME_PATHS``).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path

import engines
import renderers
from bot.games.base import GameUI, LabelContext, SomeUI
from bot.games.manifest import GameManifest, SomeEngine
from engines.core import UnknownGame, fold
from i18n.catalog import add_games_folder as add_catalogs_folder

_MANIFESTS: dict[str, GameManifest] = {}
_seen: set[str] = set()
#: the folders ``add_games_folder`` added, in order (a picture worker process adds them too)
_FOLDERS: list[Path] = []


def _discover() -> None:
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg or info.name in _seen:
            continue
        _seen.add(info.name)
        module = importlib.import_module(f"{__name__}.{info.name}")
        found = getattr(module, "MANIFEST", None)
        if isinstance(found, GameManifest):
            _MANIFESTS[found.id] = found


def manifests(*, listed_only: bool = False) -> list[GameManifest]:
    """Every hosted game, sorted by id (``listed_only``: without test-only games)."""
    _discover()
    found = [_MANIFESTS[k] for k in sorted(_MANIFESTS)]
    return [m for m in found if m.listed] if listed_only else found


def manifest(game_id: str) -> GameManifest:
    if game_id not in _MANIFESTS:
        _discover()
    try:
        return _MANIFESTS[game_id]
    except KeyError:
        raise UnknownGame(
            game=game_id, allowed=", ".join(m.id for m in manifests(listed_only=True))
        ) from None


def find_game(text: str) -> GameManifest:
    """A hosted game from what a player typed: its id, or its name in English or Japanese (case, width,
    kana and spaces folded: "Glorious Crown", "グローリアスクラウン", "glorious-crown"). Test-only games
    answer to their id only."""
    wanted = fold(text)
    for m in manifests():
        names = {m.id} if not m.listed else {m.id, m.engine.name.en, m.engine.name.ja}
        if wanted in {fold(n) for n in names}:
            return m
    return manifest(text.strip())


@cache
def ui_for(game_id: str) -> SomeUI:
    m = manifest(game_id)
    return m.ui(m.engine)


def add_games_folder(root: Path) -> None:
    """Host the games in ``root`` (laid out like this repository) beside the built-in ones."""
    if root not in _FOLDERS:
        _FOLDERS.append(root)
    for paths, folder in (
        (engines.__path__, root / "engines"),
        (renderers.__path__, root / "renderers"),
        (__path__, root / "bot" / "games"),
    ):
        if folder.is_dir() and str(folder) not in paths:
            paths.append(str(folder))
    add_catalogs_folder(root / "i18n" / "games")


def games_folders() -> list[Path]:
    """The folders of games hosted beside the built-in ones (``add_games_folder``)."""
    return list(_FOLDERS)


__all__ = [
    "GameManifest",
    "GameUI",
    "LabelContext",
    "SomeEngine",
    "SomeUI",
    "add_games_folder",
    "find_game",
    "games_folders",
    "manifest",
    "manifests",
    "ui_for",
]
