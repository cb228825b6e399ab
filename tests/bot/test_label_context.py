"""Labels may use the chooser's own view and the players' names (bot.games.LabelContext)."""

from __future__ import annotations

from typing import Any

import engines
from bot.games import LabelContext, ui_for
from engines.core import Rng

NAMES = {"p1": "alice", "p2": "bob", "p3": "carol", "p4": "dave"}


def first_state(pred: Any) -> tuple[Any, Any]:
    """The first state of seeded AI games where ``pred(state)`` holds."""
    engine = engines.get("glorious-crown")
    for seed in range(200):
        state = engine.new_game(list(NAMES), None, seed)
        rng, ai = Rng.from_seed(seed), engine.ai()
        while engine.to_move(state):
            if pred(state):
                return engine, state
            seat = engine.to_move(state)[0]
            state = engine.apply(state, seat, ai.choose(state, seat, rng)).state
    raise AssertionError("no such position in 200 games")


def test_a_seven_trade_names_who_receives_the_cards() -> None:
    engine, state = first_state(lambda s: s.pending is not None and s.pending.kind == "seven_give")
    seat = state.pending.seat
    view = engine.view(state, seat)
    give = next(a for a in engine.legal_actions(state, seat) if a.type == "give")
    ui = ui_for("glorious-crown")
    receiver = NAMES[view.pending.other]
    assert f"to {receiver}" in ui.action_label(give, "en", ctx=LabelContext(view, NAMES))
    assert f"{receiver} に渡す" in ui.action_label(give, "ja", ctx=LabelContext(view, NAMES))
    assert "next player" in ui.action_label(give, "en")  # without a context it still reads well


def test_the_spade_three_is_called_a_counter_only_on_a_lone_joker() -> None:
    def s3_playable(s: Any) -> bool:
        engine = engines.get("glorious-crown")
        movers = engine.to_move(s)
        return bool(movers) and any(
            a.type == "play" and list(a.cards) == ["S3"] for a in engine.legal_actions(s, movers[0])
        )

    engine, state = first_state(lambda s: s3_playable(s) and (s.top is None or s.top.rank != 0))
    seat = engine.to_move(state)[0]
    s3 = next(a for a in engine.legal_actions(state, seat) if a.type == "play" and list(a.cards) == ["S3"])
    label = ui_for("glorious-crown").action_label(s3, "en", ctx=LabelContext(engine.view(state, seat), NAMES))
    assert "counter" not in label
