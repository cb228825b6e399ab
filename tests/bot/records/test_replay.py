"""Replaying a stored game: every state and event, the audit against the stored state, a log the rules
refuse, and a move recorded while the log is read."""

from __future__ import annotations

import logging

import pytest

import engines
from bot.records.replay import load, replay_log
from bot.store import SeatInfo, Store
from tests.bot.records.conftest import stored_game

CLIMB = engines.get("test-climb")
SEATS = [SeatInfo(seat="p1", user_id=11, name="alice"), SeatInfo(seat="p2", user_id=22, name="bob")]


async def test_the_replay_is_the_stored_game_step_by_step(store: Store) -> None:
    rec, states = await stored_game(store, "test-climb", SEATS)
    actions = await store.actions(rec.id)
    replayed = replay_log(rec, actions, keep=range(len(actions) + 1))
    assert [m.seq for m in replayed.moves] == list(range(1, len(states)))
    for n, state in enumerate(states):
        assert CLIMB.dump_state(replayed.state_after(n)) == CLIMB.dump_state(state)
    assert replayed.matches and replayed.broken_at is None
    # The events are the engine's own for each move.
    for move, before in zip(replayed.moves, states, strict=False):
        assert move.events == CLIMB.apply(before, move.seat, move.action).events
    public = replayed.public_events()
    assert public and all(e.public for e in public)


async def test_only_the_asked_states_are_kept(store: Store) -> None:
    rec, states = await stored_game(store, "test-climb", SEATS)
    replayed = replay_log(rec, await store.actions(rec.id), keep={2})
    assert set(replayed.states) == {0, 2, len(states) - 1}


async def test_a_stored_state_that_is_not_the_replay_is_reported(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    rec, states = await stored_game(store, "test-climb", SEATS)
    tampered = await store.update(rec.id, rec.version, state_json=CLIMB.dump_state(states[1]))
    with caplog.at_level(logging.WARNING, logger="bot.records.replay"):
        replayed = await load(store, tampered)
    assert not replayed.matches and replayed.broken_at is None
    assert f"game {rec.id} (test-climb): the stored state is not the replay" in caplog.text


async def test_a_log_the_rules_refuse_stops_the_replay(store: Store) -> None:
    rec, _ = await stored_game(store, "test-climb", SEATS, moves=3)
    actions = await store.actions(rec.id)
    forged = [*actions[:2], actions[2].model_copy(update={"action": {"type": "play", "card": "c99"}})]
    replayed = replay_log(rec, forged)
    assert replayed.broken_at == 3 and replayed.broken_code == "card_not_in_hand"
    assert len(replayed.moves) == 2 and not replayed.matches


async def test_a_move_recorded_meanwhile_does_not_look_like_a_mismatch(store: Store) -> None:
    rec, _ = await stored_game(store, "test-climb", SEATS, moves=2)
    old = await store.get_game(rec.id)
    # The record was read before the next move; the log read afterwards has one more action.
    state = CLIMB.load_state(old.state_json or "")
    seat = CLIMB.to_move(state)[0]
    action = CLIMB.legal_actions(state, seat)[0]
    after = CLIMB.apply(state, seat, action).state
    await store.record_action(
        rec.id,
        old.version,
        seat=seat,
        user_id=11,
        action=action.model_dump(),
        state_json=CLIMB.dump_state(after),
    )
    replayed = await load(store, old)
    assert replayed.matches and len(replayed.moves) == 3
