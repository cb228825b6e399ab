"""Events are typed records (one class per kind), never free-form params, and round-trip through the union."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import engines.aws_builder_cards as package
from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.events import EVENT_ADAPTER, EVENT_TYPES
from engines.core import Rng
from engines.core.play import play_out

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
OPTIONS = st.fixed_dictionaries({"missions": st.booleans(), "advanced_retire": st.booleans()})


@given(n=st.integers(2, 4), seed=SEEDS, options=OPTIONS)
def test_every_event_of_a_game_is_a_typed_record_that_round_trips(
    n: int, seed: int, options: dict[str, bool]
) -> None:
    state = ENGINE.new_game([f"p{i + 1}" for i in range(n)], options, seed)
    _, history = play_out(ENGINE, state, ENGINE.ai(), Rng.from_seed(seed))
    seen: set[str] = set()
    for _seat, _action, events in history:
        for event in events:
            assert type(event) in EVENT_TYPES, event
            assert EVENT_ADAPTER.validate_json(event.model_dump_json()) == event
            seen.add(event.kind)
    assert {"deployed", "architecture", "acquired", "turn_ended", "game_over"} <= seen


def test_each_kind_has_one_class() -> None:
    kinds = [cls.model_fields["kind"].default for cls in EVENT_TYPES]
    assert len(kinds) == len(set(kinds)) == 20


def test_the_engine_builds_no_untyped_event() -> None:
    folder = Path(inspect.getfile(package)).parent
    for path in sorted(folder.glob("*.py")):
        if path.name == "coach.py":  # the coach's Explanation is a code and params by contract, not an event
            continue
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\bEvent\(|params=|\.params\b", source), path.name
