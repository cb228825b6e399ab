"""What every hosted game gets for free, parametrised over the manifests: a game that plugs in (Climb, from
``tests/extra_games``) is checked like the built-in ones without any edit here.

- every action type, event kind and refusal code the engine can produce has a sentence in both languages;
- the game's command keys are namespaced (``commands.name.<game-id>.…``) so two games may share a command;
- the game's folders are its own: nothing outside them names it.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path
from typing import Any

import pytest

from bot.games import GameManifest, manifests
from engines.core import Action, Engine, Event, IllegalAction, Rng
from engines.core.play import play_out
from i18n import catalog, has
from i18n.catalog import files_flat

GAMES = manifests()
REPO = Path(__file__).resolve().parents[3]


def game_ids() -> list[str]:
    return [m.id for m in GAMES]


def engine_modules(engine: Engine[Any, Any, Any, Any]) -> list[Any]:
    package = importlib.import_module(type(engine).__module__.rsplit(".", 1)[0])
    mods = [package]
    if hasattr(package, "__path__"):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            mods.append(importlib.import_module(info.name))
    return mods


def action_types(engine: Engine[Any, Any, Any, Any]) -> set[str]:
    schema = engine.action_adapter.json_schema()
    mapping = schema.get("discriminator", {}).get("mapping", {})
    if mapping:
        return set(mapping)
    return {
        d["properties"]["type"]["const"]
        for d in schema.get("$defs", {}).values()
        if "type" in d.get("properties", {})
    }


def declared_event_kinds(engine: Engine[Any, Any, Any, Any]) -> set[str]:
    kinds = set()
    for mod in engine_modules(engine):
        for obj in vars(mod).values():
            if inspect.isclass(obj) and issubclass(obj, Event) and obj is not Event:
                default = obj.model_fields["kind"].default
                if isinstance(default, str):
                    kinds.add(default)
    return kinds


def literal_error_codes(engine: Engine[Any, Any, Any, Any]) -> set[str]:
    """Codes written as literals in ``IllegalAction("code", …)`` anywhere in the game's engine package."""
    codes = set()
    for mod in engine_modules(engine):
        source = inspect.getsource(mod)
        for node in ast.walk(ast.parse(source)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "IllegalAction"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                codes.add(node.args[0].value)
    return codes


def observed(engine: Engine[Any, Any, Any, Any], games: int = 4) -> tuple[set[str], set[str]]:
    """Event kinds seen and refusal codes met in a few random games (illegal replays of earlier moves)."""
    kinds: set[str] = set()
    codes: set[str] = set()

    class Probe:
        def __init__(self) -> None:
            self.seen: dict[str, Action] = {}

        def choose(self, state: Any, seat: str, rng: Rng) -> Action:
            legal = engine.legal_actions(state, seat)
            keys = {a.key() for a in legal}
            for old in list(self.seen.values())[-6:]:
                if old.key() not in keys:
                    try:
                        engine.apply(state, seat, old)
                    except IllegalAction as err:
                        codes.add(err.code)
            for a in legal:
                self.seen.setdefault(a.key(), a)
            return rng.choice(legal)

    for seed in range(games):
        n = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
        state = engine.new_game([f"p{i + 1}" for i in range(n)], None, seed)
        _final, history = play_out(engine, state, Probe(), Rng.from_seed(seed))
        for _seat, _action, events in history:
            kinds.update(e.kind for e in events)
    return kinds, codes


def sentence(keys: list[str]) -> bool:
    return any(has("en", k) and has("ja", k) for k in keys)


@pytest.fixture(params=GAMES, ids=lambda m: m.id, scope="module")
def game(request: pytest.FixtureRequest) -> GameManifest:
    found: GameManifest = request.param
    return found


def test_the_plug_in_game_is_hosted() -> None:
    """Climb lives in tests/extra_games only, yet it is a hosted game like the built-in ones."""
    assert "test-climb" in game_ids()
    for builtin in ("glorious-crown", "yggdrasil", "aws-builder-cards"):
        assert builtin in game_ids()


def test_every_action_type_has_a_label(game: GameManifest) -> None:
    missing = sorted(
        t
        for t in action_types(game.engine)
        if not sentence([f"{game.id}.actions.{t}", f"actions.generic.{t}"])
    )
    assert not missing, f"{game.id}: no label in both languages for actions {missing}"


def test_every_event_kind_has_a_sentence(game: GameManifest) -> None:
    seen, _codes = observed(game.engine)
    kinds = declared_event_kinds(game.engine) | seen
    missing = sorted(
        k for k in kinds - {"game_started"} if not sentence([f"{game.id}.events.{k}", f"events.generic.{k}"])
    )
    assert not missing, f"{game.id}: no sentence in both languages for events {missing}"


def test_every_refusal_code_has_a_sentence(game: GameManifest) -> None:
    _kinds, seen = observed(game.engine)
    codes = literal_error_codes(game.engine) | seen
    missing = sorted(c for c in codes if not sentence([f"{game.id}.errors.{c}", f"errors.{c}"]))
    assert not missing, f"{game.id}: no sentence in both languages for refusals {missing}"


def test_command_keys_are_namespaced_per_game(game: GameManifest) -> None:
    for lang in ("en", "ja"):
        flat = files_flat(lang).get(f"{game.id}.toml", {})
        for key in flat:
            if key.startswith(("commands.name.", "commands.text.")):
                assert key.split(".")[2] == game.id, f"{lang}/{game.id}.toml: {key} is not namespaced"


def test_a_games_name_is_only_in_its_own_folders(game: GameManifest) -> None:
    """Nothing outside the game's own folders (and tests) mentions its package: adding a game edits no
    shared list."""
    package = type(game.engine).__module__.split(".")[1]
    own = {f"engines/{package}/", f"renderers/{package}/", f"bot/games/{package}/"}
    offenders = []
    for layer in ("engines", "renderers", "bot"):
        for path in (REPO / layer).rglob("*.py"):
            rel = path.relative_to(REPO).as_posix()
            if any(rel.startswith(o) for o in own):
                continue
            text = path.read_text(encoding="utf-8")
            if (
                f"engines.{package}" in text
                or f"renderers.{package}" in text
                or f"bot.games.{package}" in text
            ):
                offenders.append(rel)
    assert not offenders, f"{game.id} is named outside its folders: {offenders}"


def test_catalogs_load_for_both_languages() -> None:
    assert catalog("en") and catalog("ja")


def test_the_readme_games_table_is_the_manifests() -> None:
    from bot.games.__main__ import END, START, table

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split(START, 1)[1].split(END, 1)[0].strip()
    assert block == table(), "run `make readme`"


def test_a_game_is_found_by_its_names_in_both_languages() -> None:
    """``/game new game:Glorious Crown`` (or グローリアスクラウン) used to fail: only the id was accepted."""
    from bot.games import find_game

    for game in manifests(listed_only=True):
        for text in (game.id, game.engine.name.en, game.engine.name.ja, game.engine.name.en.upper()):
            assert find_game(text).id == game.id, text
