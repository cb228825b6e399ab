"""The contract's ``redeal`` (issue 27), checked for every engine from random legal positions: what the seat
sees is unchanged, no card appears or vanishes, the re-dealt game plays on legally to its end, the result is
the same for the same generator, and it depends only on the seat's view (never on where the hidden cards
really are), which is what lets the analysis promise it never peeks."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import Engine, Rng
from engines.core.play import play_out
from tests.engines.test_contract import SEEDS, _Random, seats, strings_in


def position(engine: Engine[Any, Any, Any, Any], n: int, seed: int, stop: float) -> Any:
    """A random legal position ``stop`` of the way into a random game (never the finished one)."""
    start = engine.new_game(seats(n), None, seed)
    _final, history = play_out(engine, start, _Random(engine), Rng.from_seed(seed))
    state = start
    for seat, action, _events in history[: int(len(history) * stop)]:
        state = engine.apply(state, seat, action).state
    return state


def check_redeal(engine: Engine[Any, Any, Any, Any], data: st.DataObject) -> None:
    n = data.draw(st.integers(engine.min_players, engine.max_players))
    state = position(engine, n, data.draw(SEEDS), data.draw(st.floats(0.0, 0.95)))
    seat = data.draw(st.sampled_from(state.players))
    r1, r2 = data.draw(SEEDS), data.draw(SEEDS)
    redealt = engine.redeal(state, seat, Rng.from_seed(r1))
    dump = engine.dump_state(state)

    assert engine.dump_state(state) == dump, "redeal changed its input"
    for audience in (seat, None):
        assert engine.view(redealt, audience) == engine.view(state, audience), f"view of {audience} changed"
    assert engine.to_move(redealt) == engine.to_move(state)
    assert engine.hidden_cards(redealt, seat) == engine.hidden_cards(state, seat), "hidden cards differ"
    assert strings_in(redealt.model_dump(mode="json")) == strings_in(state.model_dump(mode="json")), (
        "a card appeared or vanished"
    )
    mover = engine.to_move(state)[0]
    assert {a.key() for a in engine.legal_actions(redealt, seat)} == {
        a.key() for a in engine.legal_actions(state, seat)
    }, "the seat's own choices changed"
    assert engine.legal_actions(redealt, mover), "the player to move has no legal action after a redeal"

    again = engine.redeal(state, seat, Rng.from_seed(r1))
    assert engine.dump_state(again) == engine.dump_state(redealt), "same generator, different deal"
    # Only the view counts: a game that looks the same to the seat re-deals to the very same state.
    assert engine.dump_state(engine.redeal(redealt, seat, Rng.from_seed(r2))) == engine.dump_state(
        engine.redeal(state, seat, Rng.from_seed(r2))
    ), "the redeal depends on where the hidden cards really are"

    final, _ = play_out(engine, redealt, _Random(engine), Rng.from_seed(r2))
    assert engine.outcome(final) is not None


def test_redeal_keeps_the_view_and_plays_on(engine: Engine[Any, Any, Any, Any]) -> None:
    profile = settings()
    check = given(data=st.data())(lambda data: check_redeal(engine, data))
    settings(profile, max_examples=max(5, profile.max_examples // 3))(check)()


def test_redeal_really_moves_hidden_cards(engine: Engine[Any, Any, Any, Any]) -> None:
    """Not a copy in disguise: at the start every game hides cards from a seat, and different generators
    deal them differently."""
    state = engine.new_game(seats(engine.min_players), None, 11)
    seat = state.players[0]
    deals = {engine.dump_state(engine.redeal(state, seat, Rng.from_seed(s))) for s in range(6)}
    assert len(deals) > 1


def test_a_finished_game_is_left_alone(engine: Engine[Any, Any, Any, Any]) -> None:
    start = engine.new_game(seats(engine.min_players), None, 4)
    final, _ = play_out(engine, start, _Random(engine), Rng.from_seed(4))
    again = engine.redeal(final, final.players[0], Rng.from_seed(1))
    assert engine.dump_state(again) == engine.dump_state(final)
