"""The engine contract (DESIGN.md), checked for every registered engine: each new game gets it for free.

One random legal playout per example; at every step it checks JSON round trip, that ``apply`` leaves its
input alone, that illegal actions raise ``IllegalAction`` and change nothing, and that no view or event
handed to an audience contains a card hidden from it. Replay and determinism are checked on the whole game.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import (
    Action,
    BadAction,
    BadOptions,
    BadPlayerCount,
    Engine,
    Event,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Rng,
    replay,
)
from engines.core.play import play_out

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def seats(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


def strings_in(obj: Any) -> set[str]:
    """Every string value anywhere inside a JSON-like structure (keys included)."""
    found: set[str] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def assert_no_leak(engine: Engine[Any, Any, Any, Any], before: Any, state: Any, events: list[Event]) -> None:
    """Views after the step show nothing hidden now. An event may show a card its audience saw before
    the step (the giver of a 7-pass) or sees after it (a card just played), never one hidden on both sides."""
    audiences: list[str | None] = [None, *state.players]
    for seat in audiences:
        hidden = engine.hidden_cards(state, seat)
        shown = strings_in(engine.view(state, seat).model_dump(mode="json"))
        assert not hidden & shown, f"view for {seat or 'public'} shows hidden {sorted(hidden & shown)}"
        hidden_throughout = hidden & engine.hidden_cards(before, seat)
        for ev in events:
            if ev.visible_for(seat):
                leaked = hidden_throughout & strings_in(ev.model_dump(mode="json"))
                assert not leaked, (
                    f"event {ev.kind} visible to {seat or 'public'} shows hidden {sorted(leaked)}"
                )


def random_game(
    engine: Engine[Any, Any, Any, Any], n: int, seed: int
) -> tuple[Any, Any, list[tuple[str, Action, list[Event]]]]:
    start = engine.new_game(seats(n), None, seed)
    final, history = play_out(engine, start, _Random(engine), Rng.from_seed(seed))
    return start, final, history


class _Random:
    def __init__(self, engine: Engine[Any, Any, Any, Any]) -> None:
        self.engine = engine

    def choose(self, state: Any, seat: str, rng: Rng) -> Action:
        actions = self.engine.legal_actions(state, seat)
        assert actions, f"{seat} must move but has no legal action"
        return rng.choice(actions)


@st.composite
def game_args(draw: st.DrawFn, engine: Engine[Any, Any, Any, Any]) -> tuple[int, int]:
    return draw(st.integers(engine.min_players, engine.max_players)), draw(SEEDS)


#: Games of hundreds of steps, each checked in full (JSON round trip, every illegal action refused): a third
#: of the profile's whole games (5 in CI), never fewer checks per game.
LONG_GAMES = {"aws-builder-cards", "aws-deckbuilding"}


def test_random_playout_keeps_the_contract(engine: Engine[Any, Any, Any, Any]) -> None:
    check = given(data=st.data())(lambda data: random_playout(engine, data))
    if engine.id in LONG_GAMES:
        profile = settings()
        check = settings(profile, max_examples=max(5, profile.max_examples // 3))(check)
    check()


def random_playout(engine: Engine[Any, Any, Any, Any], data: st.DataObject) -> None:
    n, seed = data.draw(game_args(engine))
    state = engine.new_game(seats(n), None, seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    seen_actions: dict[str, Action] = {}
    log: list[tuple[str, dict[str, Any]]] = []
    assert_no_leak(engine, state, state, [])
    for _ in range(20_000):
        movers = engine.to_move(state)
        if not movers:
            break
        assert engine.outcome(state) is None
        before = engine.dump_state(state)
        # JSON round trip is exact.
        assert engine.dump_state(engine.load_state(before)) == before
        assert engine.load_state(before) == state

        seat = rng.choice(movers)
        legal = engine.legal_actions(state, seat)
        assert legal, f"{seat} is to move but has no legal action"
        legal_keys = {a.key() for a in legal}
        assert len(legal_keys) == len(legal), "legal_actions lists an action twice"
        for a in legal:
            assert engine.parse_action(a.model_dump(mode="json")) == a
            seen_actions.setdefault(a.key(), a)

        # Illegal actions: anything seen earlier that is not legal now must be refused without change.
        illegal = [a for k, a in seen_actions.items() if k not in legal_keys]
        for a in illegal[:5] if len(illegal) <= 5 else [rng.choice(illegal) for _ in range(5)]:
            with pytest.raises(IllegalAction):
                engine.apply(state, seat, a)
            assert engine.dump_state(state) == before
        # A seat that is not to move is refused.
        idle = [p for p in state.players if p not in movers]
        if idle:
            with pytest.raises(NotYourTurn):
                engine.apply(state, idle[0], legal[0])

        action = rng.choice(legal)
        step = engine.apply(state, seat, action)
        assert engine.dump_state(state) == before, "apply mutated its input"
        assert step.state is not state
        log.append((seat, action.model_dump(mode="json")))
        assert_no_leak(engine, state, step.state, step.events)
        state = step.state
    else:
        pytest.fail(f"{engine.id}: game did not end in 20000 steps")

    outcome = engine.outcome(state)
    assert outcome is not None
    ranked = [p for group in outcome.ranking for p in group]
    assert sorted(ranked) == sorted(state.players), "ranking must name every seat once"
    assert set(outcome.winners) <= set(outcome.ranking[0])
    assert set(outcome.scores) == set(state.players)
    assert engine.legal_actions(state, state.players[0]) == []
    with pytest.raises(GameOver):
        engine.apply(state, state.players[0], log[-1][1])

    # Replay from the seed and the JSON action log gives the same state bit for bit.
    replayed = replay(engine, state.players, None, seed, json.loads(json.dumps(log)))
    assert engine.dump_state(replayed) == engine.dump_state(state)


def test_same_seed_same_deal(engine: Engine[Any, Any, Any, Any]) -> None:
    a = engine.new_game(seats(engine.min_players), None, 7)
    b = engine.new_game(seats(engine.min_players), None, 7)
    assert engine.dump_state(a) == engine.dump_state(b)
    deals = {engine.dump_state(engine.new_game(seats(engine.min_players), None, s)) for s in range(8)}
    assert len(deals) > 1, "different seeds should give different deals"


def test_player_counts_are_checked(engine: Engine[Any, Any, Any, Any]) -> None:
    with pytest.raises(BadPlayerCount):
        engine.new_game(seats(engine.min_players - 1), None, 1)
    with pytest.raises(BadPlayerCount):
        engine.new_game(seats(engine.max_players + 1), None, 1)


def test_options_defaults_and_errors(engine: Engine[Any, Any, Any, Any]) -> None:
    defaults = engine.make_options(None)
    assert engine.make_options(defaults.model_dump()) == defaults
    with pytest.raises(BadOptions) as err:
        engine.make_options({"no_such_option": 1})
    assert err.value.params["problems"][0]["field"] == "no_such_option"
    for name, field in engine.options_model.model_fields.items():
        bad = "not-a-value" if field.annotation is not str else None
        if bad is None:
            continue
        with pytest.raises(BadOptions) as err:
            engine.make_options({name: bad})
        problem = err.value.params["problems"][0]
        assert problem["field"] == name and problem["allowed"], "a bad option must list the allowed values"


def test_garbage_actions_are_refused(engine: Engine[Any, Any, Any, Any]) -> None:
    with pytest.raises(BadAction):
        engine.parse_action({"type": "no-such-action"})
    state = engine.new_game(seats(engine.min_players), None, 3)
    with pytest.raises(BadAction):
        engine.apply(state, engine.to_move(state)[0], {"type": "no-such-action"})


def test_ai_plays_legal_moves_to_the_end(engine: Engine[Any, Any, Any, Any]) -> None:
    for seed in range(3):
        state = engine.new_game(seats(engine.max_players), None, seed)
        final, history = play_out(engine, state, engine.ai(), Rng.from_seed(seed))
        assert engine.outcome(final) is not None and history


def test_rules_and_cards_are_bilingual(engine: Engine[Any, Any, Any, Any]) -> None:
    sections = engine.rules()
    assert sections, "every game explains its rules"
    assert len({s.id for s in sections}) == len(sections)
    for s in sections:
        assert s.title.en.strip() and s.title.ja.strip() and s.body.en.strip() and s.body.ja.strip()
    cards = engine.cards()
    assert len({c.id for c in cards}) == len(cards)
    for c in cards:
        assert c.name.en.strip() and c.name.ja.strip()
    assert engine.name.en and engine.name.ja


def test_turn_of_names_a_seat_of_the_game_while_it_runs(engine: Engine[Any, Any, Any, Any]) -> None:
    """``turn_of`` (whose turn it is, for turn clocks) is ``None`` or one of the game's seats, and ``None``
    once the game is over."""
    state = engine.new_game(seats(engine.max_players), None, 5)
    final, history = play_out(engine, state, engine.ai(), Rng.from_seed(5))
    for seat, action, _events in history:
        owner = engine.turn_of(state)
        assert owner is None or owner in seats(engine.max_players)
        state = engine.apply(state, seat, action).state
    assert engine.outcome(final) is not None and engine.turn_of(final) is None
