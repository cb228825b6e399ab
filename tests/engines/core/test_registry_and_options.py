from __future__ import annotations

from typing import Any, Literal

import pytest
from pydantic import Field

import engines
from engines.core import BadOptions, Options, UnknownGame, describe_options, validate_options


class DemoOptions(Options):
    seats: int = Field(4, ge=3, le=5, description="players")
    mode: Literal["fast", "slow"] = "fast"
    replay_after_pass: bool = False


def test_unknown_game_lists_the_known_ones(climb: Any) -> None:
    with pytest.raises(UnknownGame) as err:
        engines.get("no-such-game")
    assert "test-climb" in err.value.params["allowed"]
    assert engines.get("test-climb") is climb
    assert "test-climb" in engines.ids()


def test_bad_option_value_names_allowed_values() -> None:
    with pytest.raises(BadOptions) as err:
        validate_options(DemoOptions, {"seats": 9, "mode": "warp"})
    problems = {p["field"]: p for p in err.value.params["problems"]}
    assert problems["seats"]["allowed"] == "3..5"
    assert problems["mode"]["allowed"] == "fast|slow"


def test_unknown_option_is_refused() -> None:
    with pytest.raises(BadOptions) as err:
        validate_options(DemoOptions, {"sets": 4})
    assert err.value.params["problems"] == [
        {"field": "sets", "error": "unknown", "allowed": "seats, mode, replay_after_pass"}
    ]


def test_describe_lists_defaults() -> None:
    rows = {r["name"]: r for r in describe_options(DemoOptions)}
    assert rows["replay_after_pass"] == {
        "name": "replay_after_pass",
        "default": "false",
        "allowed": "true|false",
        "description": "",
    }
    assert rows["seats"]["default"] == "4"


def test_strings_from_a_command_line_are_coerced() -> None:
    opts = validate_options(DemoOptions, {"seats": "3", "replay_after_pass": "true"})
    assert opts.seats == 3 and opts.replay_after_pass is True


def test_group_ranking_shares_placings_between_equal_neighbours() -> None:
    from engines.core import group_ranking

    assert group_ranking([("p2", 9), ("p1", 7), ("p3", 7), ("p4", 1)]) == [["p2"], ["p1", "p3"], ["p4"]]
    assert group_ranking([]) == []
