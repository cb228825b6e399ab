"""Events are typed records (one class per kind), never free-form params, and round-trip through the union."""

from __future__ import annotations

import inspect
import re

from hypothesis import given
from hypothesis import strategies as st

import engines.glorious_crown as package
from engines.core import Rng
from engines.core.play import play_out
from engines.glorious_crown import ENGINE
from engines.glorious_crown.events import EVENT_ADAPTER, EVENT_TYPES

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


@given(n=st.integers(3, 5), seed=SEEDS)
def test_every_event_of_a_game_is_a_typed_record_that_round_trips(n: int, seed: int) -> None:
    state = ENGINE.new_game([f"p{i + 1}" for i in range(n)], None, seed)
    _, history = play_out(ENGINE, state, ENGINE.ai("random"), Rng.from_seed(seed))
    seen: set[str] = set()
    for _seat, _action, events in history:
        for event in events:
            assert type(event) in EVENT_TYPES, event
            assert EVENT_ADAPTER.validate_json(event.model_dump_json()) == event
            seen.add(event.kind)
    assert {"played", "cleared", "game_over"} <= seen


def test_each_kind_has_one_class() -> None:
    kinds = [cls.model_fields["kind"].default for cls in EVENT_TYPES]
    assert len(kinds) == len(set(kinds)) == 16


def test_the_engine_builds_no_untyped_event() -> None:
    folder = inspect.getfile(package).rpartition("/")[0]
    for name in ("engine.py", "flow.py", "plays.py", "views.py", "scoring.py", "ai.py"):
        with open(f"{folder}/{name}", encoding="utf-8") as f:
            source = f.read()
        assert not re.search(r"\bEvent\(|params=", source), name
