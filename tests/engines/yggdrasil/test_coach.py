"""The coach's reasons for Yggdrasil moves (``Engine.explain``) on hand-built positions."""

from __future__ import annotations

from engines.core import Explanation
from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Discard, Invade, Place

from .conftest import build
from .test_analysis import root_in_reach


def test_a_placement_that_can_fell_the_root_says_so() -> None:
    state = build(
        {"A3": ("p2", "fruit-garland"), "C3": ("p2", "fruit-garland")},
        hands={"p1": ["spear-salamander", "fruit-garland"], "p2": ["fruit-garland"]},
        decks={"p1": ["fruit-garland"], "p2": ["fruit-garland"]},
        cols=3,
        rows=3,
    )
    found = ENGINE.explain(state, "p1", Place(card="p1:h0", cell="B2"))
    assert found == Explanation(code="root", params={"card": "spear-salamander", "cell": "B2"})  # YG-8, YG-9


def test_the_invasion_of_the_root_brings_the_tree_down() -> None:
    found = ENGINE.explain(root_in_reach(), "p1", Invade(target="B3"))
    assert found == Explanation(code="invade_root", params={"target_card": "root-elder"})


def test_a_placement_names_the_cells_it_opens() -> None:
    state = build(hands={"p1": ["spear-salamander", "fruit-garland"]}, decks={"p1": ["fruit-garland"]})
    found = ENGINE.explain(state, "p1", Place(card="p1:h0", cell="C2"))
    # the root's branch into C2 is used up; the spear's own branch points on into C3
    assert found == Explanation(
        code="opens", params={"card": "spear-salamander", "cell": "C2", "cells": ["C3"]}
    )
    assert ENGINE.explain(state, "p1", Discard(card="p1:h1")) == Explanation(
        code="discard", params={"card": "fruit-garland"}
    )
