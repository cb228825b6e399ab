"""Events read back from the outbox are the game's own classes, so every game's wording matches on them
(a generic record left "{cards}" unfilled in every table message line)."""

from __future__ import annotations

import pytest

from bot.games import GameManifest, manifests, ui_for
from bot.table.events import StoredEvent, load_event
from engines.core import Rng


@pytest.mark.parametrize("game", manifests(), ids=lambda m: m.id)
def test_every_event_of_a_random_game_comes_back_as_itself(game: GameManifest) -> None:
    engine = game.engine
    seats = [f"p{i + 1}" for i in range(engine.min_players)]
    state = engine.new_game(seats, None, 11)
    rng = Rng.from_seed(11)
    seen = 0
    for _ in range(400):
        if engine.outcome(state) is not None:
            break
        seat = engine.to_move(state)[0]
        step = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        for event in step.events:
            back = load_event(engine, event.model_dump(mode="json"))
            assert type(back) is type(event) and back == event
            for lang in ("en", "ja"):
                text = ui_for(game.id).describe_event(back, lang, {s: s for s in seats}) or ""
                assert "{" not in text, f"{game.id} {event.kind}: unfilled wording {text!r}"
            seen += 1
        state = step.state
    assert seen > 0


def test_a_kind_the_game_does_not_define_is_kept_generic() -> None:
    engine = manifests()[0].engine
    back = load_event(engine, {"kind": "game_started", "seat": None, "visible_to": None})
    assert isinstance(back, StoredEvent) and back.kind == "game_started"
