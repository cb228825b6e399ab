"""``final_extras``: the Yggdrasil time-lapse from the stored log (one frame per placement), nothing for
other games, and nothing rather than a failed final message when the log cannot be drawn."""

from __future__ import annotations

import io
import logging

import pytest
from PIL import Image

from bot.games import ui_for
from bot.records.timelapse import TIMELAPSE_FILE, final_extras
from bot.store import SeatInfo, Store
from tests.bot.records.conftest import stored_game

SEATS = [
    SeatInfo(seat="p1", user_id=11, name="alice"),
    SeatInfo(seat="p2", user_id=None, name="AI-1", ai_level="normal"),
]


async def test_the_yggdrasil_final_message_gets_its_time_lapse(store: Store) -> None:
    rec, _ = await stored_game(store, "yggdrasil", SEATS, seed=5)
    placements = sum(1 for a in await store.actions(rec.id) if a.action["type"] == "place")
    (extra,) = await final_extras(rec, "en", store)
    assert extra.filename == TIMELAPSE_FILE == "timelapse.gif"
    data = extra.fp.read()
    assert len(data) < 2 * 1024 * 1024
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.n_frames == placements > 10


async def test_other_games_get_nothing(store: Store) -> None:
    rec, _ = await stored_game(store, "test-climb", SEATS)
    assert await final_extras(rec, "en", store) == []


async def test_a_failure_leaves_the_extra_out(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    rec, _ = await stored_game(store, "yggdrasil", SEATS, seed=5, moves=4)

    def broken(*args: object) -> bytes:
        raise ValueError("cannot shrink the time-lapse under the size limit")

    monkeypatch.setattr(type(ui_for("yggdrasil")), "timelapse", broken)
    with caplog.at_level(logging.ERROR, logger="bot.records.timelapse"):
        assert await final_extras(rec, "en", store) == []
    assert f"the time-lapse of game {rec.id} could not be built" in caplog.text
