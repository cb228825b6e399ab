"""The coach (issue 27 item 4) on every engine: a suggestion is a legal move with at most three choices,
best first; the same seed gives the same suggestion; and it never peeks: a twin of the position whose hidden
cards were dealt again (the same view from the seat) gets the very same suggestion, reasons included."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.core import Rng
from engines.core.analysis import AnalysisSettings, suggest
from engines.glorious_crown.models import Play
from tests.engines.glorious_crown.conftest import make_state

TINY = AnalysisSettings(samples=2, confirm_samples=1, max_candidates=2, seed=4)
GAMES = ["glorious-crown", "yggdrasil", "project-chaos", "aws-builder-cards", "aws-deckbuilding"]


def positions(game: str, count: int = 3) -> list[tuple[Any, str]]:
    """Positions of a seeded AI game where the seat to move has a real choice, spread over the game."""
    engine = engines.get(game)
    players = ["p1", "p2"] if game == "yggdrasil" else ["p1", "p2", "p3"]
    state = engine.new_game(players, None, 11)
    agent, rng = engine.ai("normal"), Rng(3)
    found: list[tuple[Any, str]] = []
    step = 0
    while engine.to_move(state) and len(found) < count:
        seat = engine.to_move(state)[0]
        if step % 7 == 3 and len(engine.legal_actions(state, seat)) > 1:
            found.append((state, seat))
        state = engine.apply(state, seat, agent.choose(state, seat, rng)).state
        step += 1
    assert found
    return found


@pytest.mark.parametrize("game", GAMES)
def test_a_suggestion_is_legal_and_ranked(game: str) -> None:
    engine = engines.get(game)
    for state, seat in positions(game):
        found = suggest(engine, state, seat, TINY, seed=1)
        legal = [a.model_dump(mode="json") for a in engine.legal_actions(state, seat)]
        assert found.move in legal and found.legal_count == len(legal)
        assert 1 <= len(found.choices) <= 3
        assert all(c.action in legal for c in found.choices)
        values = [c.value for c in found.choices]
        assert values == sorted(values, reverse=True) and all(0.0 <= v <= 1.0 for v in values)
        assert found.move == found.choices[0].action and found.explanation == found.choices[0].explanation


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_suggestion(game: str) -> None:
    engine = engines.get(game)
    state, seat = positions(game, 1)[0]
    first = suggest(engine, state, seat, TINY, seed=9)
    assert first.model_dump_json() == suggest(engine, state, seat, TINY, seed=9).model_dump_json()


@pytest.mark.parametrize("game", GAMES)
def test_the_coach_never_peeks(game: str) -> None:
    engine = engines.get(game)
    for state, seat in positions(game):
        twin = engine.redeal(state, seat, Rng(77))
        assert engine.view(twin, seat) == engine.view(state, seat)
        mine = suggest(engine, state, seat, TINY, seed=2)
        assert mine.model_dump_json() == suggest(engine, twin, seat, TINY, seed=2).model_dump_json()


def test_a_forced_move_is_suggested_without_weighing() -> None:
    engine = engines.get("glorious-crown")
    # p1 leads holding one card: the leader may not pass (GC-5), so playing it is the only move.
    state = make_state({"p1": ["S9"], "p2": ["C3", "D4"], "p3": ["H3", "C4"]})
    found = suggest(engine, state, "p1", TINY, seed=1)
    assert found.legal_count == 1 and found.choices == []
    assert found.move == Play(cards=["S9"]).model_dump(mode="json")
    assert found.explanation is not None and found.explanation.code == "go_out"
