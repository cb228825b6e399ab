"""Every action type, event kind and refusal code of The Yggdrasil has a sentence in both catalogs, including
the placement codes the engine raises through a variable (YG-5, YG-15) and the refusals of its notation
(what ``/tree`` reads typed text with)."""

from __future__ import annotations

import ast
import inspect
from typing import get_args

import pytest

from engines.yggdrasil import engine, notation
from engines.yggdrasil.events import EVENT_KINDS
from engines.yggdrasil.models import ACTION_ADAPTER, PlacementProblem
from i18n import has


def raised_codes(module: object, call: str) -> set[str]:
    """String literals passed first to ``call(...)`` (``IllegalAction``) in a module."""
    codes = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):  # type: ignore[arg-type]
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = ""
            if isinstance(func, ast.Name | ast.Attribute):
                name = func.id if isinstance(func, ast.Name) else func.attr
            if name == call and isinstance(node.args[0].value, str):
                codes.add(node.args[0].value)
    return codes


ACTION_TYPES = sorted(ACTION_ADAPTER.json_schema()["discriminator"]["mapping"])
CODES = sorted(
    raised_codes(engine, "IllegalAction")
    | set(get_args(PlacementProblem))
    | raised_codes(notation, "IllegalAction")
)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_action_event_and_refusal_has_a_sentence(lang: str) -> None:
    assert len(ACTION_TYPES) == 6 and len(CODES) >= 12
    missing = [f"yggdrasil.actions.{a}" for a in ACTION_TYPES if not has(lang, f"yggdrasil.actions.{a}")]
    missing += [f"yggdrasil.events.{k}" for k in EVENT_KINDS if not has(lang, f"yggdrasil.events.{k}")]
    missing += [f"yggdrasil.errors.{c}" for c in CODES if not has(lang, f"yggdrasil.errors.{c}")]
    assert not missing
