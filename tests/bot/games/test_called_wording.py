"""A called game (rules/game-night.md) is told as called: the end line of a game whose time ran out says so
(GN-2, GN-4) instead of the normal end's reason, and a Crown player still holding cards at the call is
placed "by how few" rather than "out 2nd" (GN-4). Played through the engines, worded by the bot's UIs."""

from __future__ import annotations

import pytest

from bot.games import manifest, ui_for
from bot.games.glorious_crown.ui import count_text
from engines.core import Event, Rng
from engines.core.play import play_out
from i18n import t

NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Carol", "p4": "Dan"}


def called_game_end(game_id: str, seed: int) -> Event:
    engine = manifest(game_id).engine
    state = engine.new_game(list(NAMES)[: engine.max_players][:4], None, seed)
    step = engine.call(state)
    _, history = play_out(engine, step.state, engine.ai(), Rng.from_seed(seed))
    return next(e for _, _, events in history for e in events if e.kind == "game_over")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", ["aws-builder-cards", "aws-deckbuilding", "glorious-crown"])
def test_the_end_of_a_called_game_says_time_was_called(game_id: str, lang: str) -> None:
    event = called_game_end(game_id, seed=3)
    assert event.called is True
    text = ui_for(game_id).describe_event(event, lang, NAMES)
    assert text is not None
    first = text.splitlines()[0]
    if game_id == "glorious-crown":
        assert first == t(lang, "glorious-crown.game_over_called")
    else:
        expected = t(lang, f"{game_id}.events.game_over_called", turns="", winners="").split("{")[0]
        assert first.startswith(expected[:12])
    # The normal end's reason is not claimed.
    assert t(lang, f"{game_id}.events.game_over", turns="", player="", winners="")[:14] not in first


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_crown_player_holding_cards_at_the_call_is_placed_by_how_few(lang: str) -> None:
    event = called_game_end("glorious-crown", seed=3)
    held = [row for row in event.standings if row.held is not None]
    assert held, "a game called at once ends with several players still holding cards"
    text = ui_for("glorious-crown").describe_event(event, lang, NAMES) or ""
    for row in held:
        line = next(line for line in text.splitlines() if NAMES[row.seat] in line)
        assert t(lang, "glorious-crown.finish.held", cards=count_text(row.held, lang)) in line
