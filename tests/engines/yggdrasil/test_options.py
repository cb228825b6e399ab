"""YG-15 (branch colours) and the table options (YG-1, YG-12, YG-13)."""

from __future__ import annotations

import pytest

from engines.core import BadOptions
from engines.yggdrasil import ENGINE
from engines.yggdrasil.board import board_of
from engines.yggdrasil.cards import SwapCards
from engines.yggdrasil.effects import legal_swaps, legal_swaps_exact

from .conftest import build, legal_cells

COLOURS = {"branch_colours": True}


def problem(state, kind: str, cell: str) -> str | None:  # type: ignore[no-untyped-def]
    return ENGINE.placement_problem(state, 0, kind, board_of(state).index[cell])


def test_yg_15_colours_are_off_by_default() -> None:
    assert ENGINE.make_options(None).branch_colours is False
    state = build({"C2": ("p1", "vine-ladder")})  # blue
    assert problem(state, "spear-salamander", "C3") is None  # red joins blue when colours are off


def test_yg_15_a_branch_joins_only_a_branch_of_the_same_colour() -> None:
    state = build(
        {"C2": ("p1", "vine-ladder")}, options=COLOURS, hands={"p1": ["spear-salamander", "ratatoskr"]}
    )
    assert problem(state, "spear-salamander", "C3") == "colour_mismatch"  # red on blue
    assert problem(state, "ratatoskr", "C3") is None  # blue on blue
    assert "C3" not in legal_cells(state, "p1", "p1:h0")
    assert "C3" in legal_cells(state, "p1", "p1:h1")


def test_yg_15_roots_join_every_colour() -> None:
    state = build(options=COLOURS)
    for kind in ("star-fruit", "spear-salamander", "ratatoskr", "stone-guardian"):
        assert problem(state, kind, "C2") is None


def test_yg_15_swaps_keep_colours_matching() -> None:
    # Two N-S cards of different colours in a column: swapping them would join red to blue above.
    field = {"C2": ("p1", "vine-ladder"), "C3": ("p1", "ratatoskr"), "C4": ("p1", "spear-salamander")}
    state = build(field, options=COLOURS)
    any_ = SwapCards(whose="any")
    assert legal_swaps(state, 0, any_) == legal_swaps_exact(state, 0, any_)
    names = board_of(state).names
    pairs = {(names[a], names[b]) for a, b in legal_swaps(state, 0, any_)}
    assert ("C2", "C4") not in pairs


def test_options_choose_decks_and_reject_unknown_values() -> None:
    state = ENGINE.new_game(["a", "b"], {"deck_p1": "wind", "deck_p2": "grove"}, 2)
    assert state.decks_used == {"a": "wind", "b": "grove"}
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b"], {"deck_p1": "dragons"}, 2)
    with pytest.raises(BadOptions):
        ENGINE.new_game(["a", "b"], {"hand_size": 0}, 2)


def test_the_revised_4_by_5_field_plays_to_the_end() -> None:
    from engines.core import RandomAgent, Rng
    from engines.core.play import play_out

    state = ENGINE.new_game(["p1", "p2"], {"columns": 4, "rows": 5}, 4)
    assert ENGINE.view(state, None).roots == {"p1": "C1", "p2": "C5"}
    final, _ = play_out(ENGINE, state, RandomAgent(ENGINE), Rng.from_seed(4))
    assert ENGINE.outcome(final) is not None
