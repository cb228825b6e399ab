"""Calling a game (rules/game-night.md GN-1), checked for every registered engine: random legal play, the
table calls at a random moment, random legal play goes on; the game ends within the bound its called rule
sets (GN-2 … GN-5) with reason ``called`` (or an earlier normal end), no card appears or vanishes, no hidden
card shows, and the log with the call replays bit for bit. Each game's own rule is tested in
``tests/engines/<game>/test_called.py``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engines
from engines.core import (
    TABLE,
    AlreadyCalled,
    BadAction,
    CallGame,
    Engine,
    Event,
    GameCalled,
    GameError,
    GameOver,
    NotCallable,
    NotYourTurn,
    Rng,
    TableOnly,
    replay,
)
from engines.core.play import play_out
from tests.engines.test_contract import LONG_GAMES, SEEDS, assert_no_leak, seats

CALL = {"type": "call"}


# -- every card of a game, wherever it lies (the multiset is conserved by every step) ------------------
def _ab_cards(s: Any) -> list[str]:
    piles = [s.free.deck, s.paid.deck, *s.free.slots, *s.paid.slots, s.wa]
    for p in s.players:
        pl = s.piles[p]
        piles += [pl.deck, pl.hand, pl.play, pl.discard, s.score[p], s.retired[p]]
    return [c for pile in piles for c in pile if c]


def _ad_cards(s: Any) -> list[str]:
    piles = [s.market.deck, *s.market.slots, s.wa]
    for p in s.players:
        pl = s.piles[p]
        piles += [pl.deck, pl.hand, pl.play, pl.discard, s.score[p], s.retired[p], s.drafted[p]]
    return [c for pile in piles for c in pile if c]


def _gc_cards(s: Any) -> list[str]:
    return [*(c for h in s.hands.values() for c in h), *s.field, *s.discard, *s.blind]


def _pc_cards(s: Any) -> list[str]:
    placed = [c for c in s.workplaces.values() if c is not None]
    held = [c for h in s.hands.values() for c in h]
    playing = [s.playing] if s.playing is not None else []
    pushed = [s.pending.card] if s.pending is not None and s.pending.kind == "push_out" else []
    return [*s.deck, *held, *placed, *s.lane, *s.discard, *s.revealed, *s.set_aside, *playing, *pushed]


def _ygg_cards(s: Any) -> list[str]:
    board = [c for c in s.board if c is not None]
    rest = [c for p in s.players for c in (*s.hands[p], *s.decks[p], *s.discards[p])]
    return [*board, *rest]


CARDS: dict[str, Callable[[Any], list[str]]] = {
    "aws-builder-cards": _ab_cards,
    "aws-deckbuilding": _ad_cards,
    "glorious-crown": _gc_cards,
    "project-chaos": _pc_cards,
    "yggdrasil": _ygg_cards,
}


# -- how far play may go after a call ------------------------------------------------------------------
def within_bound(engine: Engine[Any, Any, Any, Any], called: Any, final: Any, events: list[Event]) -> bool:
    """GN-2 … GN-5: after the call, play finishes the current round (at most ``n - 1`` more turns start) or,
    in Glorious Crown, goes on until the field is next cleared (no clear after the call but the last)."""
    n = len(called.players)
    if engine.id == "glorious-crown":
        clears = [i for i, e in enumerate(events) if e.kind == "cleared"]
        return len(clears) <= 1 and (not clears or all(e.kind != "cleared" for e in events[clears[0] + 1 :]))
    if engine.id == "aws-deckbuilding" and called.phase == "draft":
        return int(final.turns) <= n  # the draft finishes, then the first round (ours, see called.py)
    if engine.id in ("aws-builder-cards", "aws-deckbuilding"):
        return int(final.turns) - int(called.turns) <= n - int(called.current)
    return sum(1 for e in events if e.kind == "turn_started") <= n - 1


def test_every_game_that_ships_has_a_called_rule() -> None:
    for game_id in CARDS:
        assert engines.get(game_id).can_be_called, game_id


def test_called_playout(engine: Engine[Any, Any, Any, Any]) -> None:
    check = given(data=st.data())(lambda data: called_playout(engine, data))
    profile = settings()
    if engine.id in LONG_GAMES:
        check = settings(profile, max_examples=max(5, profile.max_examples // 3))(check)
    check()


def called_playout(engine: Engine[Any, Any, Any, Any], data: st.DataObject) -> None:
    n = data.draw(st.integers(engine.min_players, engine.max_players))
    seed = data.draw(SEEDS)
    call_at = data.draw(st.integers(0, 150), label="call after this many actions")
    state = engine.new_game(seats(n), None, seed)
    rng = Rng.from_seed(seed ^ 0xCA11)
    log: list[tuple[str, dict[str, Any]]] = []
    for _ in range(call_at):
        movers = engine.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action).state
        log.append((seat, action.model_dump(mode="json")))
    before = engine.dump_state(state)

    if engine.outcome(state) is not None:  # GN-1: an ended game cannot be called
        with pytest.raises(GameOver):
            engine.apply(state, TABLE, CALL)
        assert engine.dump_state(state) == before
        return
    if not engine.can_be_called:  # a game without a called rule refuses, unchanged
        with pytest.raises(NotCallable):
            engine.apply(state, TABLE, CALL)
        assert engine.dump_state(state) == before
        return

    # A game not listed in CARDS (one added later, Climb) keeps its conservation in its own property tests.
    cards_of = CARDS.get(engine.id, lambda _state: [])
    cards = Counter(cards_of(state))
    with pytest.raises(TableOnly):  # GN-1: made by the table, not a seat
        engine.apply(state, engine.to_move(state)[0], CALL)
    step = engine.apply(state, TABLE, CALL)
    assert engine.dump_state(state) == before, "the call mutated its input"
    assert any(isinstance(e, GameCalled) for e in step.events)
    assert_no_leak(engine, state, step.state, step.events)
    called = step.state
    log.append((TABLE, CallGame().model_dump(mode="json")))
    with pytest.raises(AlreadyCalled):  # GN-1: calling twice is refused
        engine.apply(called, TABLE, CALL)

    state = called
    after: list[Event] = list(step.events)
    for _ in range(5_000):
        movers = engine.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        action = rng.choice(engine.legal_actions(state, seat))
        nxt = engine.apply(state, seat, action)
        assert_no_leak(engine, state, nxt.state, nxt.events)
        log.append((seat, action.model_dump(mode="json")))
        after += nxt.events
        state = nxt.state
    outcome = engine.outcome(state)
    assert outcome is not None, "a called game must end"
    assert within_bound(engine, called, state, after), f"{engine.id}: played past the called round"
    assert Counter(cards_of(state)) == cards, "a card appeared or vanished"
    assert sorted(p for g in outcome.ranking for p in g) == sorted(state.players)
    with pytest.raises(GameOver):  # GN-1: an ended game cannot be called
        engine.apply(state, TABLE, CALL)

    replayed = replay(engine, state.players, None, seed, json.loads(json.dumps(log)))
    assert engine.dump_state(replayed) == engine.dump_state(state)


def test_the_call_parses_and_round_trips_as_json(engine: Engine[Any, Any, Any, Any]) -> None:
    """GN-1: the bot stores (seat, action JSON); the call comes back through ``parse_action``."""
    call = CallGame()
    assert engine.parse_action(call.model_dump(mode="json")) == call
    assert engine.parse_action(call.model_dump_json()) == call
    with pytest.raises(BadAction):
        engine.parse_action({"type": "call", "extra": 1})


def test_the_table_makes_no_other_move(engine: Engine[Any, Any, Any, Any]) -> None:
    state = engine.new_game(seats(engine.min_players), None, 4)
    seat = engine.to_move(state)[0]
    with pytest.raises(NotYourTurn):
        engine.apply(state, TABLE, engine.legal_actions(state, seat)[0])


def test_an_ai_game_called_at_once_ends_called(engine: Engine[Any, Any, Any, Any]) -> None:
    """Called before anyone moved, a game whose rule finishes a round or a trick ends called (no normal end
    can come that soon with real play), and an old saved state without ``called`` loads as not called."""
    start = engine.new_game(seats(engine.max_players), None, 9)
    if not engine.can_be_called:
        # A game without a called rule (the test-only game) refuses the call and changes nothing.
        with pytest.raises(GameError) as refused:
            engine.call(start)
        assert refused.value.code == "not_callable"
        return
    raw = json.loads(engine.dump_state(start))
    del raw["called"]
    assert engine.load_state(json.dumps(raw)).called is False
    final, _ = play_out(engine, engine.call(start).state, engine.ai(), Rng.from_seed(9))
    outcome = engine.outcome(final)
    assert outcome is not None and final.called
    if engine.id == "project-chaos":  # GN-5: the goal is checked; a loss while finishing stands
        assert outcome.reason == "loss:deadline" or outcome.reason.startswith("loss:")
    else:
        assert outcome.reason == "called"
